import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { workflowPollQuery } from "../../app/models/workflow.server";
import { openDatabase, type DatabaseHandle } from "../../db/client";
import { nodesOf, type PlanNode } from "../support/explain";
import { createTestDatabase, type TestDatabase } from "../support/postgres";

/**
 * The workflow job's poll at scale (docs/decisions/103): on a database holding 2,000 hosts (each
 * with the default workflows every account gets), 200,000 past events and a few thousand future
 * ones, the query the job runs each poll reads only what is due through its partial index, and
 * never scans the events table. The population is loaded on the schema as it was before the
 * workflow poll's migration (migration 0038), then the app's migrator applies the rest, as a
 * deploy does on a live table. The query is the job's own, built by the model.
 */

const HOSTS = 2_000;
const PAST_PER_HOST = 100;
const FUTURE_PER_HOST = 2;
const DUE_NOW = 200;

/** The migrations folder as it was up to and including `lastTag`: the journal cut there. */
function migrationsUpTo(lastTag: string): string {
  const source = path.resolve("migrations");
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "migrations-"));
  fs.cpSync(source, folder, { recursive: true });
  const journalPath = path.join(folder, "meta", "_journal.json");
  const journal = JSON.parse(fs.readFileSync(journalPath, "utf8")) as { entries: Array<{ tag: string }> };
  const last = journal.entries.findIndex((e) => e.tag === lastTag);
  expect(last).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, last + 1);
  fs.writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

describe("the workflow poll on a large population", () => {
  let database: TestDatabase;
  let sql: postgres.Sql;
  let app: DatabaseHandle;
  let before: string;

  beforeAll(async () => {
    database = await createTestDatabase("scheduler_wfscale");
    before = migrationsUpTo("0038_sms");
    const old = await openDatabase({ url: database.url, dataDir: ":memory:", migrationsFolder: before, poolSize: 1 });
    await old.prepare(async () => {});
    await old.close();

    sql = postgres(database.url, { max: 1, onnotice: () => {} });
    // Hosts: the users trigger gives each the default workflows (24-hour e-mail and 15-minute bell on).
    await sql`insert into users (email, name, username)
      select 'scale-' || g || '@example.test', 'Host ' || g, 'scale-host-' || g from generate_series(0, ${HOSTS - 1}) g`;
    await sql`create temporary table hosts as
      select id, (row_number() over (order by email) - 1)::int as n from users where email like 'scale-%@example.test'`;
    // The past: one 30-minute event every two days per host, one in ten cancelled.
    await sql`insert into events (host_id, event_name, event_type, event_with, description, starts_at, ends_at, status, guest_email, guest_name)
      select h.id, 'Past ' || g, 'Google Meet', 'One-to-One', '',
             date_trunc('minute', now()) - (g / ${HOSTS} + 1) * interval '2 days' + h.n * interval '1 minute',
             date_trunc('minute', now()) - (g / ${HOSTS} + 1) * interval '2 days' + h.n * interval '1 minute' + interval '30 minutes',
             (case when g % 10 = 0 then 'cancelled' else 'confirmed' end)::event_status, 'guest-' || g || '@example.test', 'Guest'
      from generate_series(0, ${HOSTS * PAST_PER_HOST - 1}) g join hosts h on h.n = g % ${HOSTS}`;
    // The future: two bookings per host over the next ten days, and a few about to start.
    await sql`insert into events (host_id, event_name, event_type, event_with, description, starts_at, ends_at, guest_email, guest_name)
      select h.id, 'Future ' || g, 'Google Meet', 'One-to-One', '',
             date_trunc('minute', now()) + interval '1 hour' + h.n * interval '7 minutes' + (g / ${HOSTS}) * interval '3 days',
             date_trunc('minute', now()) + interval '1 hour 30 minutes' + h.n * interval '7 minutes' + (g / ${HOSTS}) * interval '3 days',
             'guest-f' || g || '@example.test', 'Guest'
      from generate_series(0, ${HOSTS * FUTURE_PER_HOST - 1}) g join hosts h on h.n = g % ${HOSTS}`;
    await sql`insert into events (host_id, event_name, event_type, event_with, description, starts_at, ends_at, guest_email, guest_name)
      select h.id, 'Soon ' || h.n, 'Google Meet', 'One-to-One', '',
             now() + interval '5 minutes' + h.n * interval '1 second', now() + interval '35 minutes' + h.n * interval '1 second',
             'guest-s' || h.n || '@example.test', 'Guest'
      from hosts h where h.n < ${DUE_NOW}`;
    // Booked two days ago, so the reminders are not skipped as late.
    await sql`update events set start_set_at = now() - interval '2 days' where starts_at > now()`;

    // The deploy: the app's migrator applies what came after 0038 to the populated database.
    app = await openDatabase({ url: database.url, dataDir: ":memory:", poolSize: 1 });
    await app.prepare(async () => {});
    await sql`analyze`;
  });

  afterAll(async () => {
    await app?.close();
    await sql?.end();
    await database?.drop();
    if (before) fs.rmSync(before, { recursive: true, force: true });
  });

  it("reads only the due events, through the partial index, without a Seq Scan on events", async () => {
    const [{ n: events }] = await sql<{ n: number }[]>`select count(*)::int as n from events`;
    expect(events).toBe(HOSTS * (PAST_PER_HOST + FUTURE_PER_HOST) + DUE_NOW);
    // With the default workflows, an event is due within a day of its start at the most.
    const [{ n: dueWithinADay }] = await sql<{ n: number }[]>`
      select count(*)::int as n from events where status = 'confirmed' and starts_at > now() and starts_at <= now() + interval '1 day'`;

    const query = workflowPollQuery(app.db, new Date()).toSQL();
    const [row] = await sql.unsafe(`explain (analyze, format json) ${query.sql}`, query.params as never[]);
    const plan = (row as unknown as { "QUERY PLAN": Array<{ Plan: PlanNode }> })["QUERY PLAN"][0]!.Plan;
    const onEvents = nodesOf(plan).filter((n) => n["Relation Name"] === "events");

    expect(onEvents.length).toBeGreaterThan(0);
    expect(onEvents.filter((n) => n["Node Type"] === "Seq Scan")).toEqual([]);
    // The index each scan of events goes through (a bitmap scan names it on its child).
    const indexes = onEvents.map(
      (n) => n["Index Name"] ?? (n.Plans ?? []).find((c) => c["Node Type"] === "Bitmap Index Scan")?.["Index Name"],
    );
    expect(new Set(indexes)).toEqual(new Set(["events_workflow_check_idx"]));
    // Rows the scans of events looked at, kept or filtered out: no more than what may be due.
    const read = onEvents.reduce(
      (sum, n) =>
        sum +
        ((n["Actual Rows"] ?? 0) + (n["Rows Removed by Filter"] ?? 0) + (n["Rows Removed by Index Recheck"] ?? 0)) *
          (n["Actual Loops"] ?? 1),
      0,
    );
    expect(read).toBeLessThanOrEqual(dueWithinADay);
  });
});
