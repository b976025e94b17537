import { transaction } from "~/server/transaction.server";
import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import { passkeys, recoveryCodes, siteSettings, totpSecrets, users } from "../../db/schema";
import { getDb } from "~/server/db.server";

/** Which second factors an account has (a TOTP counts once confirmed). */
export async function secondFactorsOf(
  userId: string,
): Promise<{ totp: boolean; passkeys: number; recoveryLeft: number }> {
  const db = await getDb();
  // Each subquery is filtered by the id itself, not correlated with the outer row.
  const [row] = await db
    .select({
      totp: sql<boolean>`exists (select 1 from totp_secrets t where t.user_id = ${userId} and t.confirmed_at is not null)`,
      passkeys: sql<number>`(select count(*)::int from passkeys p where p.user_id = ${userId})`,
      recoveryLeft: sql<number>`(select count(*)::int from recovery_codes r where r.user_id = ${userId} and r.used_at is null)`,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row
    ? { totp: Boolean(row.totp), passkeys: Number(row.passkeys), recoveryLeft: Number(row.recoveryLeft) }
    : { totp: false, passkeys: 0, recoveryLeft: 0 };
}

export async function getTotpSecret(userId: string) {
  const db = await getDb();
  const [row] = await db.select().from(totpSecrets).where(eq(totpSecrets.userId, userId)).limit(1);
  return row ?? null;
}

/** A new, unconfirmed secret; refused (false) while a confirmed one exists. */
export async function saveUnconfirmedTotp(userId: string, encryptedSecret: string): Promise<boolean> {
  const db = await getDb();
  const rows = await db
    .insert(totpSecrets)
    .values({ userId, secret: encryptedSecret })
    .onConflictDoUpdate({
      target: totpSecrets.userId,
      set: { secret: encryptedSecret, lastUsedStep: null, createdAt: new Date() },
      setWhere: isNull(totpSecrets.confirmedAt),
    })
    .returning({ userId: totpSecrets.userId });
  return rows.length === 1;
}

/**
 * Records that a code of `step` was used, only when it is later than the last one: the database
 * settles two sign-ins racing with the same code (one wins).
 */
export async function claimTotpStep(userId: string, step: number): Promise<boolean> {
  const db = await getDb();
  const rows = await db
    .update(totpSecrets)
    .set({ lastUsedStep: step })
    .where(
      and(eq(totpSecrets.userId, userId), or(isNull(totpSecrets.lastUsedStep), lt(totpSecrets.lastUsedStep, step))),
    )
    .returning({ userId: totpSecrets.userId });
  return rows.length === 1;
}

/** Confirms the pending secret at `step` and replaces the recovery codes, in one transaction. */
export async function confirmTotp(userId: string, step: number, recoveryHashes: string[], now: Date): Promise<boolean> {
  const db = await getDb();
  return transaction(db, async (tx) => {
    const rows = await tx
      .update(totpSecrets)
      .set({ confirmedAt: now, lastUsedStep: step })
      .where(and(eq(totpSecrets.userId, userId), isNull(totpSecrets.confirmedAt)))
      .returning({ userId: totpSecrets.userId });
    if (rows.length !== 1) return false;
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx.insert(recoveryCodes).values(recoveryHashes.map((codeHash) => ({ userId, codeHash })));
    return true;
  });
}

/** Removes the TOTP secret, and the recovery codes unless passkeys remain that they back up. */
export async function deleteTotp(userId: string): Promise<void> {
  const db = await getDb();
  await transaction(db, async (tx) => {
    await tx.delete(totpSecrets).where(eq(totpSecrets.userId, userId));
    const [left] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(passkeys)
      .where(eq(passkeys.userId, userId));
    if (!left?.n) await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  });
}

/** Marks an unused recovery code used; false when there is none (or a racing request took it). */
export async function spendRecoveryCode(userId: string, codeHash: string, now: Date): Promise<boolean> {
  const db = await getDb();
  const rows = await db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, codeHash), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return rows.length === 1;
}

export async function replaceRecoveryCodes(userId: string, recoveryHashes: string[]): Promise<void> {
  const db = await getDb();
  await transaction(db, async (tx) => {
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx.insert(recoveryCodes).values(recoveryHashes.map((codeHash) => ({ userId, codeHash })));
  });
}

export async function hasRecoveryCodes(userId: string): Promise<boolean> {
  const db = await getDb();
  const [row] = await db
    .select({ id: recoveryCodes.id })
    .from(recoveryCodes)
    .where(eq(recoveryCodes.userId, userId))
    .limit(1);
  return Boolean(row);
}

export async function listPasskeys(userId: string) {
  const db = await getDb();
  return db
    .select({ id: passkeys.id, name: passkeys.name, createdAt: passkeys.createdAt, lastUsedAt: passkeys.lastUsedAt })
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(passkeys.createdAt);
}

export async function passkeyCredentialsOf(userId: string) {
  const db = await getDb();
  return db
    .select({ credentialId: passkeys.credentialId, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, userId));
}

export async function findPasskey(credentialId: string) {
  const db = await getDb();
  const [row] = await db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId)).limit(1);
  return row ?? null;
}

/** Stores a new credential; false when that credential is already registered. */
export async function insertPasskey(row: typeof passkeys.$inferInsert): Promise<boolean> {
  const db = await getDb();
  const rows = await db.insert(passkeys).values(row).onConflictDoNothing().returning({ id: passkeys.id });
  return rows.length === 1;
}

/**
 * Moves the signature counter on after an assertion; refused when another request already moved
 * it past this one (a cloned authenticator, or a replay). Authenticators that keep no counter
 * send 0 every time and are accepted.
 */
export async function recordPasskeyUse(id: string, counter: number, now: Date): Promise<boolean> {
  const db = await getDb();
  const rows = await db
    .update(passkeys)
    .set({ counter, lastUsedAt: now })
    .where(and(eq(passkeys.id, id), or(eq(passkeys.counter, 0), lt(passkeys.counter, counter))))
    .returning({ id: passkeys.id });
  return rows.length === 1;
}

/** Deletes one of the owner's passkeys; false when it is not theirs (or gone). */
export async function deletePasskey(userId: string, id: string): Promise<boolean> {
  const db = await getDb();
  const rows = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning({ id: passkeys.id });
  return rows.length === 1;
}

const REQUIRE_SECOND_FACTOR = "requireSecondFactor";

/** The admin's switch: every account must have a second factor to sign in. */
export async function isSecondFactorRequired(): Promise<boolean> {
  const db = await getDb();
  const [row] = await db
    .select({ value: siteSettings.value })
    .from(siteSettings)
    .where(eq(siteSettings.key, REQUIRE_SECOND_FACTOR))
    .limit(1);
  return row?.value === true;
}

export async function setSecondFactorRequiredSetting(required: boolean, adminId: string): Promise<void> {
  const db = await getDb();
  await db
    .insert(siteSettings)
    .values({ key: REQUIRE_SECOND_FACTOR, value: required, updatedBy: adminId })
    .onConflictDoUpdate({
      target: siteSettings.key,
      set: { value: required, updatedBy: adminId, updatedAt: new Date() },
    });
}
