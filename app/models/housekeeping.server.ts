import { and, eq, inArray, lt, lte, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { apiTokens, idempotencyKeys, jobLeases, mailOutbox, rateLimits, sessions } from "../../db/schema";

/**
 * Housekeeping (docs/decisions/026): deletes rows nobody can use any more, in bounded batches,
 * at most once per interval across every app server. Each sweep is one entry of
 * HOUSEKEEPING_SWEEPS: a name and a function that deletes at most `limit` rows that are dead
 * at `now` and says how many it deleted. A new table with an expiry gets one more entry.
 */

export const HOUSEKEEPING_JOB = "housekeeping";
/** How often one server (whichever claims the turn) sweeps. */
export const HOUSEKEEPING_INTERVAL_MS = 60 * 60_000;
/** Sent mail is kept this long (to answer "did it go out?"), then deleted. */
export const SENT_MAIL_RETENTION_DAYS = 30;
/** Rate-limit windows are deleted this long after they reset (a reset window counts from 1 anyway). */
const RATE_LIMIT_GRACE_MS = 60 * 60_000;

export interface Sweep {
  name: string;
  sweep(db: Database, now: Date, limit: number): Promise<number>;
}

export const HOUSEKEEPING_SWEEPS: Sweep[] = [
  {
    name: "expired sessions",
    async sweep(db, now, limit) {
      const dead = db.select({ id: sessions.id }).from(sessions).where(lt(sessions.expiresAt, now)).limit(limit);
      return (await db.delete(sessions).where(inArray(sessions.id, dead)).returning({ id: sessions.id })).length;
    },
  },
  {
    // Revoked tokens are deleted when revoked; expired ones stay until here.
    name: "expired API tokens",
    async sweep(db, now, limit) {
      const dead = db.select({ id: apiTokens.id }).from(apiTokens).where(lt(apiTokens.expiresAt, now)).limit(limit);
      return (await db.delete(apiTokens).where(inArray(apiTokens.id, dead)).returning({ id: apiTokens.id })).length;
    },
  },
  {
    // A replay is answered only while the key lives (docs/decisions/024).
    name: "expired idempotency keys",
    async sweep(db, now, limit) {
      const dead = db.select({ keyHash: idempotencyKeys.keyHash }).from(idempotencyKeys).where(lt(idempotencyKeys.expiresAt, now)).limit(limit);
      return (await db.delete(idempotencyKeys).where(inArray(idempotencyKeys.keyHash, dead)).returning({ keyHash: idempotencyKeys.keyHash })).length;
    },
  },
  {
    name: "old rate-limit windows",
    async sweep(db, now, limit) {
      const before = new Date(now.getTime() - RATE_LIMIT_GRACE_MS);
      const dead = db.select({ key: rateLimits.key }).from(rateLimits).where(lt(rateLimits.resetAt, before)).limit(limit);
      return (await db.delete(rateLimits).where(inArray(rateLimits.key, dead)).returning({ key: rateLimits.key })).length;
    },
  },
  {
    // Only mail that went out: stored mail (no SMTP) and failed mail stay for the admins.
    name: "old sent mail",
    async sweep(db, now, limit) {
      const before = new Date(now.getTime() - SENT_MAIL_RETENTION_DAYS * 86_400_000);
      const dead = db
        .select({ id: mailOutbox.id })
        .from(mailOutbox)
        .where(and(eq(mailOutbox.status, "sent"), lt(mailOutbox.sentAt, before)))
        .limit(limit);
      return (await db.delete(mailOutbox).where(inArray(mailOutbox.id, dead)).returning({ id: mailOutbox.id })).length;
    },
  },
];

/**
 * Claims this interval's turn: one statement that moves the lease forward only when it is due,
 * so of several servers polling at once exactly one gets `true`.
 */
export async function claimTurn(db: Database, name: string, now: Date, intervalMs: number): Promise<boolean> {
  const next = new Date(now.getTime() + intervalMs);
  const claimed = await db
    .insert(jobLeases)
    .values({ name, nextRunAt: next, lastRunAt: now })
    .onConflictDoUpdate({
      target: jobLeases.name,
      set: { nextRunAt: next, lastRunAt: now },
      setWhere: lte(jobLeases.nextRunAt, sql`${now.toISOString()}::timestamptz`),
    })
    .returning({ name: jobLeases.name });
  return claimed.length > 0;
}

export interface HousekeepingOptions {
  batchSize?: number;
  /** Batches per sweep per turn; what is left waits for the next turn. */
  maxBatches?: number;
  intervalMs?: number;
  sweeps?: Sweep[];
}

/** Runs every sweep if this server wins the turn; null when another server has it. */
export async function runHousekeeping(db: Database, now: Date, options: HousekeepingOptions = {}): Promise<Record<string, number> | null> {
  const { batchSize = 500, maxBatches = 20, intervalMs = HOUSEKEEPING_INTERVAL_MS, sweeps = HOUSEKEEPING_SWEEPS } = options;
  if (!(await claimTurn(db, HOUSEKEEPING_JOB, now, intervalMs))) return null;
  const deleted: Record<string, number> = {};
  for (const s of sweeps) {
    deleted[s.name] = 0;
    // One short statement per batch: no long transaction, no long lock on a busy table.
    for (let batch = 0; batch < maxBatches; batch++) {
      const n = await s.sweep(db, now, batchSize);
      deleted[s.name] += n;
      if (n < batchSize) break;
    }
  }
  return deleted;
}
