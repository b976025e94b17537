import type postgres from "postgres";
import { sql as q } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  addBookingEventConsumer,
  deliverBookingEvents,
  recordBookingEvent,
} from "../../app/models/booking-events.server";
import { getDb } from "../../app/server/db.server";
import { transaction } from "../../app/server/transaction.server";
import { ownAppDatabase } from "../support/app-database";

/**
 * A consumer with applyWhere has a batch's records marked delivered and their effects written in
 * one statement (decision 138): each record's effects only where its own mark took, and when
 * that statement fails, each record on its own, so one bad record fails alone. The consumer here
 * writes into a table of the test's own.
 */
const database = ownAppDatabase("scheduler_events_together");
let sql: postgres.Sql;
/** What `effects` does before answering, by record: another server's work meanwhile, say. */
const before = new Map<string, () => Promise<void>>();

beforeAll(async () => {
  sql = database.sql;
  await sql`create table probe_effects (event_id uuid not null, value text not null check (value <> 'bad'))`;
  addBookingEventConsumer<{ eventId: string; value: string }>({
    name: "probe",
    effects: async (record) => {
      await before.get(record.eventId)?.();
      return { eventId: record.eventId, value: (record.payload as { value: string }).value };
    },
    apply: async (tx, e) =>
      void (await tx.execute(q`insert into probe_effects values (${e.eventId}::uuid, ${e.value})`)),
    applyWhere: (e, when) => q`insert into probe_effects select ${e.eventId}::uuid, ${e.value}::text where ${when}`,
  });
});

let hours = 24;
/** A booking and its "created" record, whose probe effect writes `value`. */
async function recorded(value: string): Promise<string> {
  const [host] =
    await sql`insert into users (email, name) values (${`t-${crypto.randomUUID()}@example.test`}, 'Host') returning id`;
  const [e] =
    await sql`insert into events (host_id, event_name, event_type, event_with, description, starts_at, ends_at, guest_email, guest_name)
    values (${host.id}, 'Intro', 'Google Meet', 'One-to-One', '', now() + ${`${++hours} hours`}::interval,
      now() + ${`${hours} hours 30 minutes`}::interval, 'guest@example.test', 'Guest') returning id`;
  const db = await getDb();
  await transaction(db, (tx) =>
    recordBookingEvent(tx, { kind: "created", eventId: e.id, actor: "guest", payload: { value } }),
  );
  return e.id as string;
}

const written = async (ids: string[]) =>
  (
    await sql`select event_id::text as id, value from probe_effects where event_id = any(${ids}::uuid[]) order by value`
  ).map((r) => `${r.value}`);
const undelivered = async (ids: string[]) =>
  (
    await sql`select d.last_error from booking_event_deliveries d join booking_events b on b.id = d.booking_event_id
      where b.event_id = any(${ids}::uuid[]) and d.delivered_at is null`
  ).map((r) => r.last_error as string | null);

describe("a batch written together", () => {
  it("writes every record's effects and marks each delivered, once", async () => {
    const ids = [];
    for (const v of ["a1", "a2", "a3", "a4"]) ids.push(await recorded(v));
    expect(await deliverBookingEvents(new Date())).toBe(4);
    expect(await written(ids)).toEqual(["a1", "a2", "a3", "a4"]);
    expect(await undelivered(ids)).toEqual([]);
    expect(await deliverBookingEvents(new Date())).toBe(0);
    expect(await written(ids)).toHaveLength(4);
  });

  it("skips the effects of a record another server delivered meanwhile, and writes the others'", async () => {
    const ids = [await recorded("b1"), await recorded("b2"), await recorded("b3")];
    before.set(ids[1], async () => {
      await sql`update booking_event_deliveries set delivered_at = now()
        where booking_event_id in (select id from booking_events where event_id = ${ids[1]})`;
    });
    expect(await deliverBookingEvents(new Date())).toBe(2);
    expect(await written(ids)).toEqual(["b1", "b3"]);
  });

  it("when one record's effects fail, the others are written one by one and only that one waits with its error", async () => {
    const ids = [await recorded("c1"), await recorded("bad"), await recorded("c3")];
    expect(await deliverBookingEvents(new Date())).toBe(2);
    expect(await written(ids)).toEqual(["c1", "c3"]);
    const errors = await undelivered(ids);
    expect(errors).toHaveLength(1);
    // The failed statement, as drizzle reports it: the record's own insert.
    expect(errors[0]).toMatch(/^Failed query: with mark as[\s\S]*probe_effects/);
  });
});
