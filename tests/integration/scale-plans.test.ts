/**
 * The admin lists and the booking page's calendar check on a populated database
 * (docs/decisions/102): their queries, as the model builds them, read only what they show.
 * A throw-away database migrated by the app's migrator gets 2,000 hosts, 100,000 past events
 * (most of them on a few hosts), a few thousand upcoming ones, some under way, and 2,000
 * calendar connections; then EXPLAIN ANALYZE of each query must show no sequential scan of
 * events or calendar_connections, no sort on disk, and no more event rows read than the page,
 * its offset and the capped count need. Rows read, not time: the plans say the same on any machine.
 */
import { eq, type SQLWrapper } from "drizzle-orm";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  EXACT_TOTAL_CAP,
  SCHEDULED_EVENTS_FILTERS,
  adminEventsCountQuery,
  adminEventsPageQuery,
  estimatedMatches,
  type EventFilters,
} from "../../app/models/admin-event.server";
import { bookableQuery } from "../../app/models/event-type.server";
import { openDatabase, type DatabaseHandle } from "../../db/client";
import { eventTypes } from "../../db/schema";
import { nodesOf, type PlanNode } from "../support/explain";
import { createTestDatabase, type TestDatabase } from "../support/postgres";

const HOSTS = 2_000;
const PAST = 100_000;
const UPCOMING = 4_000;
const CONNECTIONS = 2_000;
const PAGE = 20;

let target: TestDatabase;
let handle: DatabaseHandle;
let db: postgres.Sql;
let now: Date;
const ids: Record<string, string> = {};

/** EXPLAIN ANALYZE of a query built by the model, run with its own parameters. */
async function planOf(query: SQLWrapper & { toSQL(): { sql: string; params: unknown[] } }): Promise<PlanNode[]> {
  const { sql: text, params } = query.toSQL();
  const [row] = await db.unsafe(
    `explain (analyze, timing off, buffers off, format json) ${text}`,
    params as postgres.ParameterOrJSON<never>[],
  );
  const plan = (row["QUERY PLAN"] as Array<{ Plan: PlanNode }>)[0].Plan;
  return nodesOf(plan);
}

/** Event (or connection) rows the plan read: those it returned and those its filters dropped. */
function rowsRead(nodes: PlanNode[], relation: string): number {
  return nodes
    .filter((n) => n["Relation Name"] === relation)
    .reduce(
      (sum, n) =>
        sum +
        (n["Actual Rows"] ?? 0) * (n["Actual Loops"] ?? 1) +
        (n["Rows Removed by Filter"] ?? 0) +
        (n["Rows Removed by Index Recheck"] ?? 0),
      0,
    );
}

function expectIndexedOnly(nodes: PlanNode[], relations: string[]) {
  const scans = nodes.filter((n) => relations.includes(n["Relation Name"] ?? ""));
  expect(scans.length).toBeGreaterThan(0);
  for (const scan of scans) expect(scan["Node Type"], JSON.stringify(scan)).toMatch(/Index|Bitmap Heap Scan/);
  expect(nodes.filter((n) => n["Sort Space Type"] === "Disk")).toEqual([]);
}

beforeAll(async () => {
  target = await createTestDatabase("scheduler_scale_plans");
  handle = await openDatabase({ url: target.url, dataDir: ":memory:", poolSize: 2 });
  await handle.prepare(async () => {});
  db = postgres(target.url, { max: 1, onnotice: () => {} });
  const [{ at }] = await db<{ at: Date }[]>`select date_trunc('minute', now()) as at`;
  now = at;
  const t = now.toISOString();
  await db.unsafe(`
    insert into users (email, name, username)
    select 'host' || g || '@scale.test', 'Host ' || g, 'host' || g from generate_series(1, ${HOSTS}) g;
    create temp table host_numbers as
      select id, row_number() over (order by email) - 1 as n from users where email like '%@scale.test';
    -- Past events skewed onto a few hosts (random()^3), one an hour back from now per host, 1 in 10 cancelled.
    insert into events (host_id, event_name, event_type, event_with, description, starts_at, ends_at, status)
    select h.id, 'Past ' || s.g, 'Phone Call', 'One-to-One', '',
           '${t}'::timestamptz - (s.slot + 1) * interval '1 hour',
           '${t}'::timestamptz - (s.slot + 1) * interval '1 hour' + interval '30 minutes',
           (case when s.g % 10 = 0 then 'cancelled' else 'confirmed' end)::event_status
    from (select g, hn, row_number() over (partition by hn order by g) as slot
          from (select g, floor(${HOSTS} * power(random(), 3))::int as hn from generate_series(1, ${PAST}) g) x) s
    join host_numbers h on h.n = s.hn;
    insert into events (host_id, event_name, event_type, event_with, description, starts_at, ends_at, status)
    select h.id, 'Upcoming ' || s.g, 'Google Meet', 'Group', '',
           '${t}'::timestamptz + s.slot * interval '1 hour',
           '${t}'::timestamptz + s.slot * interval '1 hour' + interval '45 minutes',
           (case when s.g % 10 = 0 then 'cancelled' else 'confirmed' end)::event_status
    from (select g, hn, row_number() over (partition by hn order by g) as slot
          from (select g, floor(${HOSTS} * random())::int as hn from generate_series(1, ${UPCOMING}) g) x) s
    join host_numbers h on h.n = s.hn;
    -- Under way: started 10 minutes ago (between a host's past and upcoming ones), and one of 5 hours.
    insert into events (host_id, event_name, event_type, event_with, description, starts_at, ends_at, status)
    select h.id, 'Under way ' || h.n, 'In Person Meeting', 'One-to-One', '',
           '${t}'::timestamptz - interval '10 minutes', '${t}'::timestamptz + interval '20 minutes', 'confirmed'
    from host_numbers h where h.n % 50 = 7;
    insert into calendar_connections (user_id, type, name, url)
    select h.id, 'ics'::calendar_connection_type, 'Feed', 'https://calendar.test/' || h.n from host_numbers h where h.n >= ${HOSTS - CONNECTIONS / 2}
    union all
    select h.id, 'caldav'::calendar_connection_type, 'Account', 'https://dav.test/' || h.n from host_numbers h where h.n >= ${HOSTS - CONNECTIONS / 2};
    -- A host without calendars, one with, and a team whose owner has none but one host has.
    insert into users (email, name) values ('plain@scale.test', 'Plain'), ('synced@scale.test', 'Synced'),
      ('team-owner@scale.test', 'Team owner'), ('team-host@scale.test', 'Team host');
    insert into calendar_connections (user_id, type, name, url)
    select id, 'ics', 'Feed', 'https://calendar.test/' || email from users
    where email in ('synced@scale.test', 'team-host@scale.test');
    insert into schedules (user_id, name, time_zone)
    select id, 'Working hours', 'UTC' from users
    where email in ('plain@scale.test', 'synced@scale.test', 'team-owner@scale.test');
    insert into event_types (user_id, title, slug, duration, location, schedule_id, kind)
    select s.user_id, 'Intro', 'intro', 30, '{"kind":"phone"}'::jsonb, s.id,
           case when u.email = 'team-owner@scale.test' then 'round-robin' else 'one-to-one' end
    from schedules s join users u on u.id = s.user_id;
    insert into event_type_hosts (event_type_id, user_id)
    select et.id, u.id from event_types et, users u
    where et.user_id = (select id from users where email = 'team-owner@scale.test') and u.email = 'team-host@scale.test';
  `);
  // A long one under way, on a host with no past events near now.
  await db`insert into events (host_id, event_name, event_type, event_with, description, starts_at, ends_at)
    select id, 'Workshop', 'In Person Meeting', 'Group', '', ${t}::timestamptz - interval '5 hours', ${t}::timestamptz + interval '1 hour'
    from users where email = 'plain@scale.test'`;
  for (const row of await db<{ email: string; id: string }[]>`
    select u.email, et.id from event_types et join users u on u.id = et.user_id`)
    ids[row.email] = row.id;
  // What autovacuum does on a live database: statistics, and the visibility map index-only scans rely on.
  await db.unsafe("vacuum analyze");
});

afterAll(async () => {
  await db?.end();
  await handle?.close();
  await target?.drop();
});

describe("Scheduled Events at scale", () => {
  const scheduled = { ...SCHEDULED_EVENTS_FILTERS };

  it("reads page 1, the last page and its exact count from indexes, from the earliest event under way", async () => {
    const [{ upcoming }] = await db<{ upcoming: number }[]>`
      select count(*)::int as upcoming from events where status = 'confirmed' and ends_at > ${now}`;
    expect(upcoming).toBeGreaterThan(3_000);
    const lastOffset = Math.floor((upcoming - 1) / PAGE) * PAGE;
    for (const offset of [0, lastOffset]) {
      const nodes = await planOf(adminEventsPageQuery(handle.db, scheduled, { limit: PAGE, offset }, now));
      expectIndexedOnly(nodes, ["events"]);
      // The page's rows and what it skips, and those read again by id; not the 90,000 past ones.
      expect(rowsRead(nodes, "events")).toBeLessThan(offset + 3 * PAGE + 500);
    }
    const count = await planOf(adminEventsCountQuery(handle.db, scheduled, now));
    expectIndexedOnly(count, ["events"]);
    expect(rowsRead(count, "events")).toBeLessThan(upcoming + 500);

    // The same rows as the plain query, soonest first: the long workshop under way comes first.
    const [first] = await adminEventsPageQuery(handle.db, scheduled, { limit: 1, offset: 0 }, now);
    expect(first.eventName).toBe("Workshop");
    const [{ total }] = await adminEventsCountQuery(handle.db, scheduled, now);
    expect(total).toBe(upcoming);
  });
});

describe("Manage All Event at scale", () => {
  const filterSets: EventFilters[] = [
    { host: "", status: "all", when: "all" },
    { host: "", status: "confirmed", when: "all" },
    { host: "", status: "cancelled", when: "past" },
    { host: "", status: "all", when: "upcoming" },
  ];

  it("reads page 1 and page 2,000 (or the last) from indexes and counts no further than its cap", async () => {
    for (const filters of filterSets) {
      const [{ matches }] = await db<{ matches: number }[]>`
        select count(*)::int as matches from events
        where (${filters.status} = 'all' or status::text = ${filters.status})
          and (${filters.when} = 'all' or (${filters.when} = 'past') = (ends_at <= ${now}))`;
      const deep = Math.min(1_999 * PAGE, Math.floor((matches - 1) / PAGE) * PAGE);
      for (const offset of [0, deep]) {
        const nodes = await planOf(adminEventsPageQuery(handle.db, filters, { limit: PAGE, offset }, now));
        expectIndexedOnly(nodes, ["events", "users"]);
        // The rows the page skips and shows, and the page's read again by id; not the other 100,000.
        expect(rowsRead(nodes, "events"), JSON.stringify(filters)).toBeLessThan(offset + 3 * PAGE + 500);
      }
      const count = await planOf(adminEventsCountQuery(handle.db, filters, now, EXACT_TOTAL_CAP + 1));
      expectIndexedOnly(count, ["events"]);
      expect(rowsRead(count, "events"), JSON.stringify(filters)).toBeLessThan(EXACT_TOTAL_CAP + 500);
    }
  });

  it("estimates a total past the cap from the statistics, near the real count", async () => {
    for (const filters of [
      { host: "", status: "all", when: "all" },
      { host: "", status: "confirmed", when: "past" },
    ] satisfies EventFilters[]) {
      const [{ total }] = await adminEventsCountQuery(handle.db, filters, now);
      expect(total).toBeGreaterThan(EXACT_TOTAL_CAP);
      const estimate = await estimatedMatches(handle.db, filters, now);
      expect(estimate, JSON.stringify(filters)).toBeGreaterThan(total * 0.8);
      expect(estimate, JSON.stringify(filters)).toBeLessThan(total * 1.2);
    }
  });

  it("pages through the same rows in the same order as before", async () => {
    const filters: EventFilters = { host: "", status: "all", when: "all" };
    const offset = 1_999 * PAGE;
    const page = await adminEventsPageQuery(handle.db, filters, { limit: PAGE, offset }, now);
    const expected = await db<{ id: string }[]>`
      select e.id from events e join users u on u.id = e.host_id
      order by e.starts_at desc, e.id desc limit ${PAGE} offset ${offset}`;
    expect(page.map((e) => e.id)).toEqual(expected.map((e) => e.id));
    expect(page[0].hostEmail).toMatch(/@scale\.test$/);
  });
});

describe("the booking page's calendar check at scale", () => {
  it("looks connections up by user, and still finds the owner's or a host's", async () => {
    for (const email of ["plain@scale.test", "synced@scale.test", "team-owner@scale.test"]) {
      const nodes = await planOf(bookableQuery(handle.db, eq(eventTypes.id, ids[email]), true));
      expectIndexedOnly(nodes, ["calendar_connections"]);
      expect(rowsRead(nodes, "calendar_connections")).toBeLessThan(10);
    }
    const calendars = async (email: string) =>
      (await bookableQuery(handle.db, eq(eventTypes.id, ids[email]), true))[0].calendars;
    expect(await calendars("plain@scale.test")).toBe(false);
    expect(await calendars("synced@scale.test")).toBe(true);
    expect(await calendars("team-owner@scale.test")).toBe(true);
  });
});
