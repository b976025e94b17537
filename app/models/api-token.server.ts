import crypto from "node:crypto";
import { and, desc, eq, gt, isNull, lt, or } from "drizzle-orm";
import { apiTokens, sessions, users, type ApiTokenSource } from "../../db/schema";
import { API_TOKEN_DAYS } from "~/schemas/api-token-form";
import { AUTH_USER_COLUMNS, type AuthUser } from "~/utils/auth.server";
import { getDb } from "~/server/db.server";
import { sha256 } from "~/server/session.server";
import { isUuid } from "./event.server";

/** last_used_at is written at most this often per token (a write per request would be waste). */
const LAST_USED_RESOLUTION_MS = 60_000;

/**
 * What the pages show for a token instead of the secret: the start of its SHA-256 (already
 * stored; says nothing about the token, yet `sha256sum` of a token finds its row).
 */
export function apiTokenHint(tokenHash: string): string {
  return tokenHash.slice(0, 6);
}

/** A live token (not expired, its session if any still on). */
function live(now: Date) {
  return and(gt(apiTokens.expiresAt, now), or(isNull(apiTokens.sessionId), gt(sessions.expiresAt, now)));
}

/**
 * Mints a token for the user: 32 random bytes, base64url; only its SHA-256 is stored. A token
 * tied to a browser session (sessionId) dies with it (foreign key, on delete cascade).
 */
export async function mintApiToken(
  userId: string,
  options: { source: ApiTokenSource; sessionId?: string | null; label?: string | null },
  now = new Date(),
): Promise<{ id: string; token: string; hint: string; expiresAt: Date }> {
  const token = crypto.randomBytes(32).toString("base64url");
  const tokenHash = sha256(token);
  const expiresAt = new Date(now.getTime() + API_TOKEN_DAYS * 86_400_000);
  const db = await getDb();
  const [row] = await db
    .insert(apiTokens)
    .values({
      userId,
      sessionId: options.sessionId ?? null,
      source: options.source,
      label: options.label || null,
      tokenHash,
      expiresAt,
      createdAt: now,
    })
    .returning({ id: apiTokens.id });
  return { id: row.id, token, hint: apiTokenHint(tokenHash), expiresAt };
}

export interface ApiTokenSummary {
  id: string;
  label: string | null;
  source: ApiTokenSource;
  hint: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  expiresAt: Date;
}

async function selectTokens(userId: string, now: Date, tokenId?: string): Promise<ApiTokenSummary[]> {
  const db = await getDb();
  const rows = await db
    .select({
      id: apiTokens.id,
      label: apiTokens.label,
      source: apiTokens.source,
      tokenHash: apiTokens.tokenHash,
      createdAt: apiTokens.createdAt,
      lastUsedAt: apiTokens.lastUsedAt,
      expiresAt: apiTokens.expiresAt,
    })
    .from(apiTokens)
    .leftJoin(sessions, eq(sessions.id, apiTokens.sessionId))
    .where(and(eq(apiTokens.userId, userId), tokenId ? eq(apiTokens.id, tokenId) : undefined, live(now)))
    .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
  return rows.map(({ tokenHash, ...row }) => ({ ...row, hint: apiTokenHint(tokenHash) }));
}

/** The user's live tokens, newest first; of the hash only its hint. */
export function listApiTokens(userId: string, now = new Date()): Promise<ApiTokenSummary[]> {
  return selectTokens(userId, now);
}

/** One of the user's own live tokens, or null (another user's, a non-uuid, gone). */
export async function getApiToken(userId: string, tokenId: string, now = new Date()): Promise<ApiTokenSummary | null> {
  if (!isUuid(tokenId)) return null;
  const [token] = await selectTokens(userId, now, tokenId);
  return token ?? null;
}

/** Deletes one of the user's own tokens; false when there is none by that id for them. */
export async function revokeApiToken(userId: string, tokenId: string): Promise<boolean> {
  if (!isUuid(tokenId)) return false;
  const db = await getDb();
  const deleted = await db
    .delete(apiTokens)
    .where(and(eq(apiTokens.id, tokenId), eq(apiTokens.userId, userId)))
    .returning({ id: apiTokens.id });
  return deleted.length > 0;
}

/** Deletes every token of the user (session-tied ones too); how many went. */
export async function revokeAllApiTokens(userId: string): Promise<number> {
  const db = await getDb();
  const deleted = await db.delete(apiTokens).where(eq(apiTokens.userId, userId)).returning({ id: apiTokens.id });
  return deleted.length;
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
    // A session-tied token lives only as long as its session does.
    // A deactivated account's tokens are deleted (decision 068); the check here is belt and braces.
    .where(and(eq(apiTokens.tokenHash, hash), live(now), isNull(users.deactivatedAt)))
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
