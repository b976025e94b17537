import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HOUSEKEEPING_INTERVAL_MS, retentionSweeps, runHousekeeping } from "../../app/models/housekeeping.server";
import { openDatabase, queryRows, type DatabaseHandle } from "../../db/client";
import { createTestDatabase, type TestDatabase } from "../support/postgres";

/**
 * The retention sweeps (decisions 070 and 071) with a fixed clock, on a database of their own:
 * AUDIT_RETENTION_DAYS deletes older audit entries (the one deletion the append-only trigger
 * lets through), BOOKING_RETENTION_DAYS anonymises the guests of bookings that ended longer ago.
 */

const NOW = new Date("2031-06-01T12:00:00Z");
const DAY = 86_400_000;
const ago = (days: number) => new Date(NOW.getTime() - days * DAY);

describe("retention", () => {
  let target: TestDatabase;
  let handle: DatabaseHandle;
  let hostId: string;

  beforeAll(async () => {
    target = await createTestDatabase("scheduler_retention");
    handle = await openDatabase({ url: target.url, dataDir: ":memory:", poolSize: 2 });
    await handle.prepare(async () => {});
    const [host] = await queryRows<{ id: string }>(
      handle.db,
      sql`insert into users (email, name) values ('keeper@example.test', 'Keeper') returning id`,
    );
    hostId = host.id;
  });

  afterAll(async () => {
    await handle?.close();
    await target?.drop();
  });

  async function booking(guest: string, endedDaysAgo: number): Promise<string> {
    const ends = ago(endedDaysAgo);
    const [row] = await queryRows<{ id: string }>(
      handle.db,
      sql`insert into events (host_id, event_name, event_type, event_with, description, starts_at, ends_at, guest_name, guest_email, notes, answers)
          values (${hostId}, 'Call', 'Phone Call', 'One-to-One', 'd', ${new Date(ends.getTime() - 30 * 60_000).toISOString()}::timestamptz,
            ${ends.toISOString()}::timestamptz, ${`Name of ${guest}`}, ${guest}, 'a note', '{"q":"an answer"}'::jsonb)
          returning id`,
    );
    await handle.db.execute(
      sql`insert into booking_events (kind, event_id, actor, payload) values ('created', ${row.id}, 'guest', ${JSON.stringify({ guest, name: `Name of ${guest}` })}::jsonb)`,
    );
    await handle.db.execute(
      sql`insert into mail_outbox ("to", subject, text, event_id) values (${guest}, ${`Booked: Name of ${guest}`}, ${`Hello ${guest}`}, ${row.id})`,
    );
    return row.id;
  }

  it("deletes audit entries past AUDIT_RETENTION_DAYS and anonymises bookings past BOOKING_RETENTION_DAYS", async () => {
    for (const [action, days] of [
      ["auth.sign_in", 400],
      ["auth.sign_in", 366],
      ["auth.sign_in", 364],
      ["auth.sign_in", 1],
    ] as const) {
      await handle.db.execute(
        sql`insert into audit_log (at, action, target_type) values (${ago(days).toISOString()}::timestamptz, ${action}, 'user')`,
      );
    }
    const old = await booking("old-guest@example.test", 31);
    const recent = await booking("recent-guest@example.test", 29);

    const deleted = await runHousekeeping(handle.db, NOW, { sweeps: retentionSweeps(365, 30) });
    expect(deleted).toEqual({ "old audit entries": 2, "guests of old bookings anonymised": 1 });

    const left = await queryRows<{ at: Date }>(handle.db, sql`select at from audit_log order by at`);
    expect(left.map((r) => new Date(r.at).getTime())).toEqual([ago(364).getTime(), ago(1).getTime()]);

    const rows = await queryRows<{
      id: string;
      guest_email: string;
      guest_name: string;
      notes: string | null;
      answers: unknown;
      ends_at: Date;
    }>(handle.db, sql`select id, guest_email, guest_name, notes, answers, ends_at from events order by ends_at`);
    const oldRow = rows.find((r) => r.id === old)!;
    const recentRow = rows.find((r) => r.id === recent)!;
    expect(oldRow).toMatchObject({
      guest_email: "erased-guest@erased.invalid",
      guest_name: "Erased guest",
      notes: null,
      answers: {},
    });
    expect(new Date(oldRow.ends_at).getTime()).toBe(ago(31).getTime());
    expect(recentRow).toMatchObject({ guest_email: "recent-guest@example.test", notes: "a note" });
    const [trace] = await queryRows<{ n: number }>(
      handle.db,
      sql`select (select count(*) from booking_events b where b::text ilike '%old-guest%')
           + (select count(*) from mail_outbox m where m::text ilike '%old-guest%') as n`,
    );
    expect(Number(trace.n)).toBe(0);

    // The next turn finds nothing more; off (0 days), no booking is touched.
    const again = await runHousekeeping(handle.db, new Date(NOW.getTime() + HOUSEKEEPING_INTERVAL_MS), {
      sweeps: retentionSweeps(365, 30),
    });
    expect(again).toEqual({ "old audit entries": 0, "guests of old bookings anonymised": 0 });
    expect(retentionSweeps(365, 0).map((s) => s.name)).toEqual(["old audit entries"]);

    // Outside the sweep the log still refuses a delete.
    await expect(handle.db.execute(sql`delete from audit_log`)).rejects.toThrow();
  });
});
