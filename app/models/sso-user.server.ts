import { and, eq, isNull } from "drizzle-orm";
import { users } from "../../db/schema";
import { getDb } from "~/server/db.server";
import { AUTH_USER_COLUMNS, type AuthUser } from "~/utils/auth.server";

/**
 * Accounts that sign in with single sign-on (decision 069): found by the provider's subject
 * (`users.oidc_subject`, "issuer subject"), else by e-mail (linked then), else created just in time.
 */

const COLUMNS = { ...AUTH_USER_COLUMNS, deactivatedAt: users.deactivatedAt };
export type SsoAccount = AuthUser & { deactivatedAt: Date | null };

export async function accountBySsoSubject(subject: string): Promise<SsoAccount | null> {
  const db = await getDb();
  const [row] = await db.select(COLUMNS).from(users).where(eq(users.oidcSubject, subject)).limit(1);
  return row ?? null;
}

/** Links the account with this e-mail (not yet linked to another subject) to the subject; null if none. */
export async function linkSsoSubject(email: string, subject: string): Promise<SsoAccount | null> {
  const db = await getDb();
  const [row] = await db
    .update(users)
    .set({ oidcSubject: subject })
    .where(and(eq(users.email, email), isNull(users.oidcSubject)))
    .returning(COLUMNS);
  return row ?? null;
}

/** A new account for a first sign-in (no password); null when the e-mail was taken meanwhile. */
export async function createSsoAccount(input: {
  email: string;
  name: string;
  subject: string;
  timeZone: string;
}): Promise<SsoAccount | null> {
  const db = await getDb();
  const [row] = await db
    .insert(users)
    .values({ email: input.email, name: input.name, oidcSubject: input.subject, timeZone: input.timeZone })
    .onConflictDoNothing()
    .returning(COLUMNS);
  return row ?? null;
}
