import { transaction } from "~/server/transaction.server";
import crypto from "node:crypto";
import { and, eq, gt, isNull } from "drizzle-orm";
import { apiTokens, passwordResetTokens, sessions, users } from "../../db/schema";
import { getDb } from "~/server/db.server";
import { hashPassword } from "~/server/password.server";
import type { Transaction } from "./event.server";
import { languageOf, type Language } from "~/messages/languages";

/**
 * "Forgot password?" (decision 041). A link's token is 32 random bytes; only its SHA-256 is
 * stored. It works once, for an hour. A reset, in one transaction, stores the new password, marks
 * the token used and ends every session, API token and other reset link of the account.
 */

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

function hashToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}

export interface ResetAccount {
  id: string;
  email: string;
  name: string;
  hasPassword: boolean;
  hasGoogle: boolean;
  /** The language of the account's mails (docs/decisions/110 and 118); English when none is chosen. */
  language: Language;
}

/**
 * A new link for the account of `email`, made in a transaction that runs `within` (the mail is
 * queued there, so the link and its mail exist together); nothing for an unknown address.
 */
export async function issueResetToken(
  email: string,
  now: Date,
  within: (tx: Transaction, token: string, account: ResetAccount) => Promise<void>,
): Promise<boolean> {
  const db = await getDb();
  return transaction(db, async (tx) => {
    const [user] = await tx
      .select({
        id: users.id,
        email: users.email,
        name: users.name,
        passwordHash: users.passwordHash,
        googleId: users.googleId,
        mailLanguage: users.mailLanguage,
      })
      .from(users)
      .where(eq(users.email, email.trim().toLowerCase()))
      .limit(1);
    if (!user) return false;
    const token = crypto.randomBytes(32).toString("base64url");
    await tx.insert(passwordResetTokens).values({
      userId: user.id,
      tokenHash: hashToken(token),
      expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS),
    });
    await within(tx, token, {
      id: user.id,
      email: user.email,
      name: user.name,
      hasPassword: user.passwordHash !== null,
      hasGoogle: user.googleId !== null,
      language: languageOf(user.mailLanguage) ?? "en",
    });
    return true;
  });
}

function live(token: string, now: Date) {
  return and(
    eq(passwordResetTokens.tokenHash, hashToken(token)),
    isNull(passwordResetTokens.usedAt),
    gt(passwordResetTokens.expiresAt, now),
  );
}

/** The account a still-valid link belongs to (its e-mail for the form), or null: used, expired or unknown alike. */
export async function findResetAccount(token: string, now: Date): Promise<{ email: string } | null> {
  if (!token || token.length > 200) return null;
  const db = await getDb();
  const [row] = await db
    .select({ email: users.email })
    .from(passwordResetTokens)
    .innerJoin(users, eq(users.id, passwordResetTokens.userId))
    .where(live(token, now))
    .limit(1);
  return row ?? null;
}

/** Sets the password with a valid link; false for a used, expired or unknown one (two racing uses: one wins, by the row lock). */
export async function resetPassword(
  token: string,
  password: string,
  now: Date,
  /** Work in the same transaction once the password is set (the audit entry). */
  within?: (
    tx: Parameters<Parameters<Awaited<ReturnType<typeof getDb>>["transaction"]>[0]>[0],
    userId: string,
  ) => Promise<void>,
): Promise<boolean> {
  if (!token || token.length > 200) return false;
  const passwordHash = await hashPassword(password);
  const db = await getDb();
  return transaction(db, async (tx) => {
    const [row] = await tx
      .select({ id: passwordResetTokens.id, userId: passwordResetTokens.userId })
      .from(passwordResetTokens)
      .where(live(token, now))
      .for("update");
    if (!row) return false;
    await tx.update(users).set({ passwordHash, passwordChangedAt: now }).where(eq(users.id, row.userId));
    await tx.delete(sessions).where(eq(sessions.userId, row.userId));
    await tx.delete(apiTokens).where(eq(apiTokens.userId, row.userId));
    await tx.update(passwordResetTokens).set({ usedAt: now }).where(eq(passwordResetTokens.id, row.id));
    // Every other link of the account ends too (a mailbox read by someone else keeps nothing).
    await tx
      .delete(passwordResetTokens)
      .where(and(eq(passwordResetTokens.userId, row.userId), isNull(passwordResetTokens.usedAt)));
    await within?.(tx, row.userId);
    return true;
  });
}
