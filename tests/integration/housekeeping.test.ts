import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HOUSEKEEPING_INTERVAL_MS, runHousekeeping } from "../../app/models/housekeeping.server";
import { openDatabase, queryRows, type DatabaseHandle } from "../../db/client";
import {
  apiTokens,
  bookingEventDeliveries,
  bookingEvents,
  idempotencyKeys,
  mailOutbox,
  rateLimits,
  sessions,
  users,
} from "../../db/schema";
import { createTestDatabase, type TestDatabase } from "../support/postgres";

/**
 * Housekeeping (docs/decisions/026) on a PostgreSQL server with two "app servers" (handles):
 * dead rows go, live ones stay, in bounded batches, and only one server sweeps per interval.
 */

const NOW = new Date("2031-06-01T12:00:00Z");
const ago = (ms: number) => new Date(NOW.getTime() - ms);
const later = (ms: number) => new Date(NOW.getTime() + ms);
const MINUTE = 60_000;
const DAY = 86_400_000;

describe("housekeeping", () => {
  let target: TestDatabase;
  let a: DatabaseHandle;
  let b: DatabaseHandle;

  beforeAll(async () => {
    target = await createTestDatabase("scheduler_housekeeping");
    a = await openDatabase({ url: target.url, dataDir: ":memory:", poolSize: 2 });
    b = await openDatabase({ url: target.url, dataDir: ":memory:", poolSize: 2 });
    await a.prepare(async () => {});
    const db = a.db;
    const [user] = await db
      .insert(users)
      .values({ email: "sweep@example.test", name: "Sweep" })
      .returning({ id: users.id });
    await db
      .insert(sessions)
      .values([
        ...[1, 2, 3, 4, 5].map((i) => ({ id: `expired-${i}`, userId: user.id, expiresAt: ago(i * MINUTE) })),
        { id: "live", userId: user.id, expiresAt: later(DAY) },
      ]);
    await db.insert(apiTokens).values([
      { userId: user.id, tokenHash: "expired-token", expiresAt: ago(DAY) },
      { userId: user.id, tokenHash: "live-token", expiresAt: later(DAY) },
    ]);
    const key = (keyHash: string, expiresAt: Date) => ({
      keyHash,
      requestHash: "r",
      status: 201,
      answer: "a",
      expiresAt,
    });
    await db.insert(idempotencyKeys).values([key("expired-key", ago(MINUTE)), key("live-key", later(MINUTE))]);
    // Booking events: old and delivered (goes), old but given up (stays, with its error), recent and delivered (stays).
    const record = (reason: string, at: Date) => ({
      kind: "created" as const,
      eventId: crypto.randomUUID(),
      actor: "guest",
      reason,
      payload: {},
      createdAt: at,
    });
    const made = await db
      .insert(bookingEvents)
      .values([
        record("old delivered", ago(31 * DAY)),
        record("old given up", ago(31 * DAY)),
        record("recent delivered", ago(29 * DAY)),
      ])
      .returning({ id: bookingEvents.id, reason: bookingEvents.reason });
    await db.insert(bookingEventDeliveries).values(
      made.map((m) => ({
        bookingEventId: m.id,
        consumer: "mail",
        attempts: 8,
        deliveredAt: m.reason === "old given up" ? null : ago(29 * DAY),
      })),
    );
    await db.insert(rateLimits).values([
      { key: "old-window", count: 3, resetAt: ago(2 * 60 * MINUTE) },
      { key: "just-reset", count: 3, resetAt: ago(MINUTE) },
      { key: "current", count: 3, resetAt: later(MINUTE) },
    ]);
    const mail = (subject: string, status: "sent" | "stored" | "failed", at: Date) => ({
      to: "guest@example.test",
      subject,
      text: "t",
      status,
      sentAt: status === "sent" ? at : null,
      createdAt: at,
    });
    await db
      .insert(mailOutbox)
      .values([
        mail("sent long ago", "sent", ago(31 * DAY)),
        mail("sent recently", "sent", ago(29 * DAY)),
        mail("stored long ago", "stored", ago(90 * DAY)),
        mail("failed long ago", "failed", ago(90 * DAY)),
      ]);
  });

  afterAll(async () => {
    await a?.close();
    await b?.close();
    await target?.drop();
  });

  async function left() {
    const [row] = await queryRows<Record<string, string>>(
      a.db,
      sql`select
        (select string_agg(id, ',' order by id) from sessions) as sessions,
        (select string_agg(token_hash, ',' order by token_hash) from api_tokens) as tokens,
        (select string_agg(key, ',' order by key) from rate_limits) as windows,
        (select string_agg(key_hash, ',' order by key_hash) from idempotency_keys) as keys,
        (select string_agg(reason, ',' order by reason) from booking_events) as "bookingEvents",
        (select count(*)::text from booking_event_deliveries) as deliveries,
        (select string_agg(subject, ',' order by subject) from mail_outbox) as mail`,
    );
    return row;
  }

  it("two servers at the same moment: one sweeps, in bounded batches, and only dead rows go", async () => {
    const options = { batchSize: 2, maxBatches: 2 };
    const [ra, rb] = await Promise.all([runHousekeeping(a.db, NOW, options), runHousekeeping(b.db, NOW, options)]);
    const reports = [ra, rb].filter((r) => r !== null);
    expect(reports).toHaveLength(1);
    expect(reports[0]).toEqual({
      "expired sessions": 4,
      "expired password reset links": 0,
      "expired API tokens": 1,
      "expired idempotency keys": 1,
      "old rate-limit windows": 1,
      "old sent mail": 1,
      "old delivered booking events": 1,
      "old webhook deliveries": 0,
    });
    expect(await left()).toEqual({
      sessions: "expired-5,live",
      tokens: "live-token",
      windows: "current,just-reset",
      keys: "live-key",
      bookingEvents: "old given up,recent delivered",
      deliveries: "2",
      mail: "failed long ago,sent recently,stored long ago",
    });
  });

  it("nobody sweeps again within the interval; the next turn finishes the rest", async () => {
    expect(await runHousekeeping(b.db, later(HOUSEKEEPING_INTERVAL_MS - MINUTE))).toBeNull();
    expect(await runHousekeeping(a.db, later(HOUSEKEEPING_INTERVAL_MS - MINUTE))).toBeNull();
    const next = await runHousekeeping(b.db, later(HOUSEKEEPING_INTERVAL_MS));
    expect(next?.["expired sessions"]).toBe(1);
    expect((await left()).sessions).toBe("live");
  });
});
