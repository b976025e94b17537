import crypto from "node:crypto";
import { and, eq, gt, isNull, lt, or } from "drizzle-orm";
import { apiTokens, sessions, users } from "../../db/schema";
import { AUTH_USER_COLUMNS, type AuthUser } from "../utils/auth.server";
import { getDb } from "../utils/db.server";
import { sha256 } from "../utils/session.server";

/** How long a bearer token lives. */
export const API_TOKEN_DAYS = 30;
/** last_used_at is written at most this often per token (a write per request would be waste). */
const LAST_USED_RESOLUTION_MS = 60_000;

/**
 * Mints a token for the user: 32 random bytes, base64url; only its SHA-256 is stored. A token
 * tied to a browser session (sessionId) dies with it (foreign key, on delete cascade).
 */
export async function mintApiToken(
  userId: string,
  sessionId: string | null,
  now = new Date(),
): Promise<{ token: string; expiresAt: Date }> {
  const token = crypto.randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + API_TOKEN_DAYS * 86_400_000);
  const db = await getDb();
  await db.insert(apiTokens).values({ userId, sessionId, tokenHash: sha256(token), expiresAt });
  return { token, expiresAt };
}

/** The user a live token belongs to, or null (unknown, expired, or its session ended). */
export async function userOfApiToken(token: string, now = new Date()): Promise<AuthUser | null> {
  const db = await getDb();
  const hash = sha256(token);
  const [row] = await db
    .select({ ...AUTH_USER_COLUMNS, tokenId: apiTokens.id, lastUsedAt: apiTokens.lastUsedAt })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .leftJoin(sessions, eq(sessions.id, apiTokens.sessionId))
    .where(
      and(
        eq(apiTokens.tokenHash, hash),
        gt(apiTokens.expiresAt, now),
        // A session-tied token lives only as long as its session does.
        or(isNull(apiTokens.sessionId), gt(sessions.expiresAt, now)),
      ),
    )
    .limit(1);
  if (!row) return null;
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() >= LAST_USED_RESOLUTION_MS) {
    const cutoff = new Date(now.getTime() - LAST_USED_RESOLUTION_MS);
    await db
      .update(apiTokens)
      .set({ lastUsedAt: now })
      .where(and(eq(apiTokens.id, row.tokenId), or(isNull(apiTokens.lastUsedAt), lt(apiTokens.lastUsedAt, cutoff))));
  }
  const { tokenId: _id, lastUsedAt: _used, ...user } = row;
  return user;
}
