import type postgres from "postgres";
import { beforeAll, describe, expect, it } from "vitest";
import { planWorkflowChecks } from "../../app/models/workflow.server";
import { getDb } from "../../app/server/db.server";
import type { Database } from "../../db/client";
import { ownAppDatabase } from "../support/app-database";

/**
 * The workflow poll's first pass (planWorkflowChecks, decision 138): the events of a batch with
 * nothing to send now get their next check time in one UPDATE, only where the row is as it was
 * read; the others are left to the per-event transaction. Hosts get the default workflows from
 * the users trigger: the e-mail 24 hours before the start and the bell 15 minutes before.
 */
const database = ownAppDatabase("scheduler_workflow_plan");
let sql: postgres.Sql;
let db: Database;
const HOUR = 3_600_000;

beforeAll(async () => {
  sql = database.sql;
  db = await getDb();
});

async function host(): Promise<string> {
  const [row] = await sql`insert into users (email, name, username)
    values (${`plan-${crypto.randomUUID()}@example.test`}, 'Host', ${`plan-${crypto.randomUUID().slice(0, 8)}`}) returning id`;
  return row.id;
}

/** A confirmed booking starting `inMs` from now, booked two days ago; marked for the next poll by the insert trigger. */
async function booking(hostId: string, inMs: number): Promise<{ id: string; startsAt: Date }> {
  const startsAt = new Date(Math.floor((Date.now() + inMs) / 60_000) * 60_000);
  const [row] =
    await sql`insert into events (host_id, event_name, event_type, event_with, description, starts_at, ends_at, start_set_at, guest_email, guest_name)
    values (${hostId}, 'Intro', 'Google Meet', 'One-to-One', '', ${startsAt}, ${new Date(startsAt.getTime() + HOUR / 2)},
      now() - interval '2 days', 'guest@example.test', 'Guest') returning id`;
  // The insert stamps start_set_at with now: set back, so no message is skipped as late.
  await sql`update events set start_set_at = now() - interval '2 days' where id = ${row.id}`;
  return { id: row.id, startsAt };
}

const checkAt = async (id: string): Promise<Date | null> =>
  (await sql`select workflow_check_at as at from events where id = ${id}`)[0].at;
const EPOCH = new Date(0);

describe("planWorkflowChecks", () => {
  it("gives a new booking its next check (its e-mail's time) and leaves one with a message due now to the per-event pass", async () => {
    const h = await host();
    const later = await booking(h, 72 * HOUR);
    const soon = await booking(h, 10 * 60_000);
    expect(await checkAt(later.id)).toEqual(EPOCH);
    const toSend = await planWorkflowChecks(db, [later.id, soon.id], new Date());
    expect(toSend).toEqual([soon.id]);
    expect(await checkAt(later.id)).toEqual(new Date(later.startsAt.getTime() - 24 * HOUR));
    expect(await checkAt(soon.id)).toEqual(EPOCH);
  });

  it("a booking without workflows gets no check at all", async () => {
    const h = await host();
    await sql`update workflows set active = false where user_id = ${h}`;
    const b = await booking(h, 72 * HOUR);
    expect(await planWorkflowChecks(db, [b.id], new Date())).toEqual([]);
    expect(await checkAt(b.id)).toBeNull();
  });

  it("a change made between its read and its write keeps the booking due: the mark is not lost", async () => {
    const h = await host();
    const b = await booking(h, 72 * HOUR);
    const toSend = await planWorkflowChecks(db, [b.id], new Date(), async () => {
      // A workflow edited meanwhile marks the host's bookings again (the workflows trigger).
      await sql`select workflow_check_host(${h})`;
    });
    expect(toSend).toEqual([]);
    expect(await checkAt(b.id)).toEqual(EPOCH);
    // The next poll plans it.
    await planWorkflowChecks(db, [b.id], new Date());
    expect(await checkAt(b.id)).toEqual(new Date(b.startsAt.getTime() - 24 * HOUR));
  });

  it("skips a booking another transaction holds, without waiting for it", async () => {
    const h = await host();
    const b = await booking(h, 72 * HOUR);
    await sql.begin(async (tx) => {
      await tx`select 1 from events where id = ${b.id} for no key update`;
      expect(await planWorkflowChecks(db, [b.id], new Date())).toEqual([]);
    });
    expect(await checkAt(b.id)).toEqual(EPOCH);
  });
});
