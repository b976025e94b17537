import { transaction } from "~/server/transaction.server";
import { and, desc, eq, ne, or, sql } from "drizzle-orm";
import { apiTokens, professionals, sessions, users } from "../../db/schema";
import { getDb } from "~/server/db.server";
import { invalidatePublicPages, publicPageTag } from "~/server/page-cache.server";
import { hashPassword } from "~/server/password.server";
import { languageOf, type Language } from "~/messages/languages";
import { isUuid } from "./event.server";
import type { Role } from "~/utils/permissions";
import { effectiveRole } from "~/utils/role.server";

/** Creates a password account; null when the e-mail is already taken (decided by the unique index). */
export async function createPasswordUser(input: { email: string; name: string; password: string; timeZone?: string }) {
  const db = await getDb();
  const [created] = await db
    .insert(users)
    .values({
      email: input.email,
      name: input.name,
      passwordHash: await hashPassword(input.password),
      timeZone: input.timeZone,
    })
    .onConflictDoNothing({ target: users.email })
    .returning({
      id: users.id,
      email: users.email,
      name: users.name,
      role: users.role,
      username: users.username,
      timeZone: users.timeZone,
    });
  return created ?? null;
}

/** What the profile page shows: the account, and the latest package bought, if any. */
export async function getProfile(userId: string) {
  const db = await getDb();
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      role: effectiveRole,
      professionalUntil: users.professionalUntil,
      username: users.username,
      timeZone: users.timeZone,
      phone: users.phone,
      brandColor: users.brandColor,
      mailLanguage: users.mailLanguage,
      hasPassword: sql<boolean>`${users.passwordHash} is not null`,
      hasGoogle: sql<boolean>`${users.googleId} is not null`,
      passwordChangedAt: users.passwordChangedAt,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return null;
  const [latest] = await db
    .select({ pack: professionals.pack, issuedAt: professionals.issuedAt })
    .from(professionals)
    .where(eq(professionals.userId, userId))
    .orderBy(desc(professionals.issuedAt))
    .limit(1);
  return { ...row, professional: latest ?? null };
}

export async function updateProfileDetails(
  userId: string,
  details: { name: string; timeZone: string; mailLanguage?: Language },
) {
  const db = await getDb();
  const mailLanguage = details.mailLanguage === undefined ? {} : { mailLanguage: details.mailLanguage };
  const changed = await db
    .update(users)
    .set({ name: details.name, timeZone: details.timeZone, ...mailLanguage })
    .where(
      and(
        eq(users.id, userId),
        or(
          sql`${users.name} is distinct from ${details.name}`,
          sql`${users.timeZone} is distinct from ${details.timeZone}`,
          ...(details.mailLanguage === undefined
            ? []
            : [sql`${users.mailLanguage} is distinct from ${details.mailLanguage}`]),
        ),
      ),
    )
    .returning({ id: users.id });
  if (changed.length > 0) invalidatePublicPages([publicPageTag.host(userId)]);
}

/** The language a host reads their own booking mails in (docs/decisions/110): by id, else by e-mail. */
export async function mailLanguageOf(host: { id?: string; email: string }): Promise<Language> {
  const db = await getDb();
  const [row] = await db
    .select({ mailLanguage: users.mailLanguage })
    .from(users)
    .where(host.id && isUuid(host.id) ? eq(users.id, host.id) : eq(users.email, host.email.toLowerCase()))
    .limit(1);
  return languageOf(row?.mailLanguage) ?? "en";
}

/** The host's mobile number in E.164, or none (docs/decisions/090). */
export async function updatePhone(userId: string, phone: string | null) {
  const db = await getDb();
  await db.update(users).set({ phone }).where(eq(users.id, userId));
}

/** The host's booking-page colour (checked `#rrggbb`, or null for the site's); their cached pages go. */
export async function updateBrandColor(userId: string, brandColor: string | null) {
  const db = await getDb();
  await db.update(users).set({ brandColor }).where(eq(users.id, userId));
  invalidatePublicPages([publicPageTag.host(userId)]);
}

export async function updateTimeZone(userId: string, timeZone: string) {
  const db = await getDb();
  await db.update(users).set({ timeZone }).where(eq(users.id, userId));
  invalidatePublicPages([publicPageTag.host(userId)]);
}

/** Walks an error and its causes (Drizzle wraps driver errors) for a unique violation. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let e = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    const pg = e as { code?: unknown; constraint_name?: unknown; constraint?: unknown };
    // postgres.js names it constraint_name, PGlite constraint.
    if (pg.code === "23505") return pg.constraint_name === constraint || pg.constraint === constraint;
  }
  return false;
}

/**
 * Sets the booking-link handle. The unique index decides who wins a race for a name, so
 * two people can never end up with the same link; the loser gets "taken".
 */
export async function setUsername(userId: string, username: string): Promise<"saved" | "taken"> {
  const db = await getDb();
  try {
    await db.update(users).set({ username }).where(eq(users.id, userId));
    invalidatePublicPages([publicPageTag.host(userId)]);
    return "saved";
  } catch (error) {
    if (isUniqueViolation(error, "users_username_key")) return "taken";
    throw error;
  }
}

export async function getPasswordHash(userId: string): Promise<string | null> {
  const db = await getDb();
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.passwordHash ?? null;
}

/**
 * Stores the new password and, in the same transaction, ends every other session of the
 * account and every API token (tokens die at a password change), keeping only the session
 * that made the change. Returns how many other sessions were ended.
 */
export async function changePassword(
  userId: string,
  newPassword: string,
  keepSessionId: string | null,
): Promise<number> {
  const passwordHash = await hashPassword(newPassword);
  const db = await getDb();
  return transaction(db, async (tx) => {
    await tx.update(users).set({ passwordHash, passwordChangedAt: new Date() }).where(eq(users.id, userId));
    await tx.delete(apiTokens).where(eq(apiTokens.userId, userId));
    const others = keepSessionId
      ? and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId))
      : eq(sessions.userId, userId);
    const ended = await tx.delete(sessions).where(others).returning({ id: sessions.id });
    return ended.length;
  });
}

/** "Sign out everywhere": every session and API token of the account, this one included. */
export async function endAllSessions(userId: string): Promise<void> {
  const db = await getDb();
  await transaction(db, async (tx) => {
    await tx.delete(apiTokens).where(eq(apiTokens.userId, userId));
    await tx.delete(sessions).where(eq(sessions.userId, userId));
  });
}

/** An account's id and role as it holds now (a lapsed professional reads as 'user'), by e-mail. */
export async function findUserByEmail(email: string): Promise<{ id: string; email: string; role: Role } | null> {
  const db = await getDb();
  const [row] = await db
    .select({ id: users.id, email: users.email, role: effectiveRole })
    .from(users)
    .where(eq(users.email, email.trim().toLowerCase()))
    .limit(1);
  return row ?? null;
}
