import type { HeadersFunction } from "@remix-run/node";
import { sql } from "drizzle-orm";
import { rateLimits } from "../../db/schema";
import { getDb } from "./db.server";
import { env } from "./env.server";
import { MemoryRateLimiter } from "./memory-rate-limit.server";

export interface RateLimitRule {
  /** Requests allowed per window, before RATE_LIMIT_FACTOR. */
  limit: number;
  windowSeconds: number;
}

export const RATE_LIMITS = {
  signInPerAccount: { limit: 10, windowSeconds: 15 * 60 },
  signInPerIp: { limit: 50, windowSeconds: 15 * 60 },
  signUpPerIp: { limit: 10, windowSeconds: 60 * 60 },
  passwordChangePerUser: { limit: 10, windowSeconds: 15 * 60 },
  contactPerIp: { limit: 5, windowSeconds: 60 * 60 },
  reviewPerUser: { limit: 10, windowSeconds: 60 * 60 },
  /** The HTML booking form: every post counts (each good one mails the guest). */
  bookingFormPerIp: { limit: 10, windowSeconds: 10 * 60 },
  /** "Forgot password?" (decision 041): per client address, and per e-mail whether it has an account or not. */
  passwordResetPerIp: { limit: 10, windowSeconds: 60 * 60 },
  passwordResetPerEmail: { limit: 3, windowSeconds: 60 * 60 },
} satisfies Record<string, RateLimitRule>;

export interface RateLimitResult {
  allowed: boolean;
  remaining: number;
  retryAfterSeconds: number;
}

/**
 * One atomic upsert per hit: the counter lives in the database, so every app server on the
 * same PostgreSQL shares it, and concurrent hits can never both take the last place.
 */
export async function hit(key: string, rule: RateLimitRule, now = new Date()): Promise<RateLimitResult> {
  const limit = Math.max(1, Math.floor(rule.limit * env().RATE_LIMIT_FACTOR));
  const resetAt = new Date(now.getTime() + rule.windowSeconds * 1000);
  const db = await getDb();
  const [row] = await db
    .insert(rateLimits)
    .values({ key, count: 1, resetAt })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.resetAt} <= ${now.toISOString()}::timestamptz then 1 else ${rateLimits.count} + 1 end`,
        resetAt: sql`case when ${rateLimits.resetAt} <= ${now.toISOString()}::timestamptz then ${resetAt.toISOString()}::timestamptz else ${rateLimits.resetAt} end`,
      },
    })
    .returning({ count: rateLimits.count, resetAt: rateLimits.resetAt });
  return {
    allowed: row.count <= limit,
    remaining: Math.max(0, limit - row.count),
    retryAfterSeconds: Math.max(1, Math.ceil((row.resetAt.getTime() - now.getTime()) / 1000)),
  };
}

const perProcess = new MemoryRateLimiter();

/**
 * A hit on a budget kept in this process only (the JSON API's calls per minute, decision 042): no
 * database write per call. Each server process counts its own calls; limits that must hold across
 * servers (sign-in, password reset) use `hit`.
 */
export function hitInProcess(key: string, rule: RateLimitRule, now = new Date()): RateLimitResult {
  const limit = Math.max(1, Math.floor(rule.limit * env().RATE_LIMIT_FACTOR));
  return perProcess.hit(key, limit, rule.windowSeconds, now.getTime());
}

/** Checks every rule; the first one exhausted wins. */
export async function checkRateLimits(hits: Array<[key: string, rule: RateLimitRule]>): Promise<RateLimitResult> {
  let result: RateLimitResult = { allowed: true, remaining: Infinity, retryAfterSeconds: 0 };
  for (const [key, rule] of hits) {
    const r = await hit(key, rule);
    if (!r.allowed) return r;
    if (r.remaining < result.remaining) result = r;
  }
  return result;
}

export function clientIp(request: Request): string {
  // server.mjs resolves the address (honouring TRUST_PROXY) and passes it on this header,
  // after deleting whatever a client sent under the same name.
  return request.headers.get("x-client-ip") ?? "unknown";
}

/**
 * A route's `headers` export for forms that can be rate limited: the action's Retry-After
 * reaches the document response too (Remix does not copy action headers by itself).
 */
export const retryAfterHeaders: HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
};
