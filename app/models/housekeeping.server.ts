import { transaction } from "~/server/transaction.server";
import { and, eq, inArray, isNull, lt, lte, notExists, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Database } from "../../db/client";
import { anonymiseBookingsEndedBefore } from "./data-rights.server";
import {
  apiTokens,
  auditLog,
  bookingEventDeliveries,
  bookingEvents,
  idempotencyKeys,
  jobLeases,
  mailOutbox,
  passwordResetTokens,
  rateLimits,
  sessions,
  webhookDeliveries,
} from "../../db/schema";

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
/** Delivered booking events are kept this long (to see what was sent for a booking), then deleted. */
export const BOOKING_EVENT_RETENTION_DAYS = 30;
/** Finished webhook deliveries (delivered or given up) stay in the log this long (docs/decisions/037). */
export const WEBHOOK_DELIVERY_RETENTION_DAYS = 30;
const DAY_MS = 86_400_000;

export interface Sweep {
  name: string;
  sweep(db: Database, now: Date, limit: number): Promise<number>;
}

/** Deletes at most `limit` rows of `table` matching `dead`, picked by their key; says how many. */
async function deleteBatch(
  db: Database,
  table: PgTable,
  key: PgColumn,
  dead: SQL | undefined,
  limit: number,
): Promise<number> {
  const batch = db.select({ key }).from(table).where(dead).limit(limit);
  return (await db.delete(table).where(inArray(key, batch)).returning({ key })).length;
}

const ago = (now: Date, ms: number) => new Date(now.getTime() - ms);

export const HOUSEKEEPING_SWEEPS: Sweep[] = [
  {
    name: "expired sessions",
    sweep: (db, now, limit) => deleteBatch(db, sessions, sessions.id, lt(sessions.expiresAt, now), limit),
  },
  // "Forgot password?" links past their hour, used or not (decision 041).
  {
    name: "expired password reset links",
    sweep: (db, now, limit) =>
      deleteBatch(db, passwordResetTokens, passwordResetTokens.id, lt(passwordResetTokens.expiresAt, now), limit),
  },
  // Revoked tokens are deleted when revoked; expired ones stay until here.
  {
    name: "expired API tokens",
    sweep: (db, now, limit) => deleteBatch(db, apiTokens, apiTokens.id, lt(apiTokens.expiresAt, now), limit),
  },
  // A replay is answered only while the key lives (docs/decisions/024).
  {
    name: "expired idempotency keys",
    sweep: (db, now, limit) =>
      deleteBatch(db, idempotencyKeys, idempotencyKeys.keyHash, lt(idempotencyKeys.expiresAt, now), limit),
  },
  {
    name: "old rate-limit windows",
    sweep: (db, now, limit) =>
      deleteBatch(db, rateLimits, rateLimits.key, lt(rateLimits.resetAt, ago(now, RATE_LIMIT_GRACE_MS)), limit),
  },
  // Only mail that went out: stored mail (no SMTP) and failed mail stay for the admins.
  {
    name: "old sent mail",
    sweep: (db, now, limit) =>
      deleteBatch(
        db,
        mailOutbox,
        mailOutbox.id,
        and(eq(mailOutbox.status, "sent"), lt(mailOutbox.sentAt, ago(now, SENT_MAIL_RETENTION_DAYS * DAY_MS))),
        limit,
      ),
  },
  // Booking events every consumer has delivered (their delivery rows go with them); one that a
  // consumer gave up on stays, with its last error (docs/decisions/030).
  {
    name: "old delivered booking events",
    sweep: (db, now, limit) =>
      deleteBatch(
        db,
        bookingEvents,
        bookingEvents.id,
        and(
          lt(bookingEvents.createdAt, ago(now, BOOKING_EVENT_RETENTION_DAYS * DAY_MS)),
          notExists(
            db
              .select({ one: sql`1` })
              .from(bookingEventDeliveries)
              .where(
                and(
                  eq(bookingEventDeliveries.bookingEventId, bookingEvents.id),
                  isNull(bookingEventDeliveries.deliveredAt),
                ),
              ),
          ),
        ),
        limit,
      ),
  },
  // Finished webhook deliveries (their attempts go with them); pending ones stay.
  {
    name: "old webhook deliveries",
    sweep: (db, now, limit) =>
      deleteBatch(
        db,
        webhookDeliveries,
        webhookDeliveries.id,
        and(
          inArray(webhookDeliveries.status, ["delivered", "failed"]),
          lt(webhookDeliveries.createdAt, ago(now, WEBHOOK_DELIVERY_RETENTION_DAYS * DAY_MS)),
        ),
        limit,
      ),
  },
];

/**
 * The retention sweeps (decisions 070 and 071), from the server's settings: audit entries older
 * than `auditDays` are deleted (the only deletion the audit log's trigger lets through, in a
 * transaction that says so), and with `bookingDays` > 0 the guests of bookings that ended longer
 * ago are anonymised (counted among what the sweep "deleted").
 */
export function retentionSweeps(auditDays: number, bookingDays: number): Sweep[] {
  const sweeps: Sweep[] = [
    {
      name: "old audit entries",
      sweep: (db, now, limit) =>
        transaction(db, async (tx) => {
          await tx.execute(sql`select set_config('app.audit_retention', 'on', true)`);
          return deleteBatch(
            tx as unknown as Database,
            auditLog,
            auditLog.id,
            lt(auditLog.at, ago(now, auditDays * DAY_MS)),
            limit,
          );
        }),
    },
  ];
  if (bookingDays > 0) {
    sweeps.push({
      name: "guests of old bookings anonymised",
      sweep: (db, now, limit) => anonymiseBookingsEndedBefore(ago(now, bookingDays * DAY_MS), limit, db),
    });
  }
  return sweeps;
}

/** A lease row whose turn has come. */
const leaseDue = (now: Date) => lte(jobLeases.nextRunAt, sql`${now.toISOString()}::timestamptz`);

/** Whether `claimTurn(name, now)` would get the turn (no row yet, or its turn has come), as a condition (decision 135). */
export const turnDue = (name: string, now: Date) =>
  sql`not exists (select 1 from ${jobLeases} where ${jobLeases.name} = ${name} and not (${leaseDue(now)}))`;

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
      setWhere: leaseDue(now),
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
export async function runHousekeeping(
  db: Database,
  now: Date,
  options: HousekeepingOptions = {},
): Promise<Record<string, number> | null> {
  const {
    batchSize = 500,
    maxBatches = 20,
    intervalMs = HOUSEKEEPING_INTERVAL_MS,
    sweeps = HOUSEKEEPING_SWEEPS,
  } = options;
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
