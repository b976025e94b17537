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
  /** Wrong guesses from one address at one account (decision 063): past it, that address waits. */
  signInPerAccountAndIp: { limit: 10, windowSeconds: 15 * 60 },
  /** Attempts at one account from anywhere: past this many, each attempt waits longer (never refused). */
  signInPerAccount: { limit: 10, windowSeconds: 15 * 60 },
  signInPerIp: { limit: 50, windowSeconds: 15 * 60 },
  signUpPerIp: { limit: 10, windowSeconds: 60 * 60 },
  passwordChangePerUser: { limit: 10, windowSeconds: 15 * 60 },
  contactPerIp: { limit: 5, windowSeconds: 60 * 60 },
  reviewPerUser: { limit: 10, windowSeconds: 60 * 60 },
  /** The HTML booking form: every post counts (each good one mails the guest). */
  bookingFormPerIp: { limit: 10, windowSeconds: 10 * 60 },
  /** Routing form responses (decision 074), from the page or POST /api/routing-forms/{id}/responses: each is stored. */
  routingFormPerIp: { limit: 20, windowSeconds: 10 * 60 },
  /** "Forgot password?" (decision 041): per client address, and per e-mail whether it has an account or not. */
  passwordResetPerIp: { limit: 10, windowSeconds: 60 * 60 },
  passwordResetPerEmail: { limit: 3, windowSeconds: 60 * 60 },
} satisfies Record<string, RateLimitRule>;

export interface RateLimitResult {
  allowed: boolean;
  remaining: number;
  retryAfterSeconds: number;
  /** Hits in the window so far (the database counters). */
  count?: number;
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
    count: row.count,
  };
}

/** The longest wait an attempt at a busy account gets (decision 063). */
export const SIGN_IN_DELAY_MAX_MS = 8_000;

/**
 * How long a sign-in attempt waits before the password is checked, from the attempts at the
 * account in the window (from any address): none up to `free`, then 250 ms doubling per attempt,
 * at most SIGN_IN_DELAY_MAX_MS. A guesser spread over many addresses is slowed; the owner still
 * gets in, a few seconds later at worst. Pure.
 */
export function signInDelayMs(attempts: number, free: number): number {
  if (attempts <= free) return 0;
  return Math.min(SIGN_IN_DELAY_MAX_MS, 250 * 2 ** Math.min(attempts - free - 1, 10));
}

/**
 * Sign-in's throttle (the form and POST /api/token share it; decision 063): refused (429) past the
 * address's budget or the (account, address) pair's, so one stranger's guesses close only their
 * own door; the account's own count only slows every attempt at it (signInDelayMs), never locks.
 */
export async function signInThrottle(ip: string, email: string, now = new Date()): Promise<RateLimitResult> {
  const limited = await checkRateLimits([
    [`signin:ip:${ip}`, RATE_LIMITS.signInPerIp],
    [`signin:pair:${email}:${ip}`, RATE_LIMITS.signInPerAccountAndIp],
  ]);
  if (!limited.allowed) return limited;
  const account = await hit(`signin:account:${email}`, RATE_LIMITS.signInPerAccount, now);
  const free = Math.max(1, Math.floor(RATE_LIMITS.signInPerAccount.limit * env().RATE_LIMIT_FACTOR));
  const wait = signInDelayMs(account.count ?? 0, free);
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  return limited;
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

/**
 * The second step of sign-in (a TOTP or recovery code, decision 066) is throttled like the
 * password (decision 063): per address, per (account, address) pair, and a growing wait per
 * account that never locks the owner out.
 */
export async function secondFactorThrottle(ip: string, userId: string, now = new Date()): Promise<RateLimitResult> {
  const limited = await checkRateLimits([
    [`2fa:ip:${ip}`, RATE_LIMITS.signInPerIp],
    [`2fa:pair:${userId}:${ip}`, RATE_LIMITS.signInPerAccountAndIp],
  ]);
  if (!limited.allowed) return limited;
  const account = await hit(`2fa:account:${userId}`, RATE_LIMITS.signInPerAccount, now);
  const free = Math.max(1, Math.floor(RATE_LIMITS.signInPerAccount.limit * env().RATE_LIMIT_FACTOR));
  const wait = signInDelayMs(account.count ?? 0, free);
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  return limited;
}
