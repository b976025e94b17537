// Benchmark of scale: the same requests against a small population (40 hosts) and a large one
// (10,000 hosts, 1M past bookings, 5,000 calendar connections) built with SQL, each on its own
// database and app server, in alternating slices (docs/decisions/102-104). Each request's
// figures on the large database over the small one's is the ratio the scale fixes keep near 1:
// the admin lists (Scheduled Events, Manage All Event page 1 and page 2,000), a booking page and
// GET /api/slots of a host with calendar-checked event types, and My Schedule of a host with
// 2,200 events. The same probe host (the same events) is in both populations: only the others
// differ. The page cache is off (PAGE_CACHE_TTL_SECONDS=0): every request renders.
//
//   node bench/scale.mjs      (or `npm run bench -- scale`)
//
// Needs a PostgreSQL server: TEST_DATABASE_ADMIN_URL (default postgres://postgres@127.0.0.1:5432/postgres);
// creates its own two databases and drops them. Prints exactly one JSON line on stdout; logs on
// stderr. Exits non-zero on any failure (a non-2xx answer, an error).
// Optional: BENCH_SCALE_HOSTS (default 10000), BENCH_SCALE_PAST (default 1000000 past events),
// BENCH_SCALE_CONNECTIONS (default 5000), BENCH_SCALE_SMALL_HOSTS (default 40; its past events and
// connections in the same proportion), BENCH_DURATION (s per request and population, default 6),
// BENCH_SLICES (default 3).
import {
  BENCH_PASSWORD,
  alternating,
  benchHost,
  ensureAppBuild,
  numberFromEnv,
  ratio,
  startBenchApp,
} from "./lib/harness.mjs";

const BIG_HOSTS = numberFromEnv("BENCH_SCALE_HOSTS", 10_000, 10);
const BIG_PAST = numberFromEnv("BENCH_SCALE_PAST", 1_000_000, 100);
const BIG_CONNECTIONS = numberFromEnv("BENCH_SCALE_CONNECTIONS", 5_000, 0);
const SMALL_HOSTS = numberFromEnv("BENCH_SCALE_SMALL_HOSTS", 40, 2);
const DURATION = numberFromEnv("BENCH_DURATION", 6, 1);
const SLICES = numberFromEnv("BENCH_SLICES", 3, 1);
/** My Schedule's host: as many events as the busiest host of the measure. */
const PROBE_EVENTS = 2_200;
const TARGET = 1.2;

function log(...args) {
  console.error("[bench:scale]", ...args);
}

/**
 * `hosts` hosts with `past` past events (skewed onto a few hosts, 1 in 10 cancelled), one upcoming
 * event per 20 past ones, `connections` calendar connections, all inserted by SQL in a few
 * statements; then what autovacuum would have done (statistics, the visibility map).
 */
async function populate(db, { hosts, past, connections }) {
  const upcoming = Math.max(1, Math.round(past / 20));
  await db.unsafe(`
    insert into users (email, name, username, role)
    select 'pop' || g || '@scale.test', 'Host ' || g, 'pop' || g, 'professional' from generate_series(1, ${hosts}) g;
    create temp table pop as
      select id, row_number() over (order by email) - 1 as n from users where email like 'pop%@scale.test';
    insert into events (host_id, event_name, event_type, event_with, description, starts_at, ends_at, status)
    select p.id, 'Past ' || s.g, 'Phone Call', 'One-to-One', '',
           date_trunc('hour', now()) - (s.slot + 1) * interval '1 hour',
           date_trunc('hour', now()) - (s.slot + 1) * interval '1 hour' + interval '30 minutes',
           (case when s.g % 10 = 0 then 'cancelled' else 'confirmed' end)::event_status
    from (select g, hn, row_number() over (partition by hn order by g) as slot
          from (select g, floor(${hosts} * power(random(), 3))::int as hn from generate_series(1, ${past}) g) x) s
    join pop p on p.n = s.hn;
    insert into events (host_id, event_name, event_type, event_with, description, starts_at, ends_at, status)
    select p.id, 'Upcoming ' || s.g, 'Google Meet', 'One-to-One', '',
           date_trunc('hour', now()) + (s.slot + 1) * interval '1 hour',
           date_trunc('hour', now()) + (s.slot + 1) * interval '1 hour' + interval '30 minutes',
           (case when s.g % 10 = 0 then 'cancelled' else 'confirmed' end)::event_status
    from (select g, hn, row_number() over (partition by hn order by g) as slot
          from (select g, floor(${hosts} * random())::int as hn from generate_series(1, ${upcoming}) g) x) s
    join pop p on p.n = s.hn;
    insert into calendar_connections (user_id, type, name, url)
    select p.id, 'ics'::calendar_connection_type, 'Feed', 'https://calendar.test/' || p.n
    from pop p where p.n < ${connections};
  `);
  await db.unsafe("vacuum analyze");
}

/** The probe host's own events: 2,200 in the next 200 days, the same in both populations. */
async function probeEvents(db, hostId) {
  await db.unsafe(
    `insert into events (host_id, event_name, event_type, event_with, description, starts_at, ends_at, status)
     select '${hostId}', 'Probe ' || g, 'Phone Call', 'One-to-One', '',
            date_trunc('day', now()) + interval '2 days' + g * interval '2 hours',
            date_trunc('day', now()) + interval '2 days' + g * interval '2 hours' + interval '30 minutes',
            'confirmed'
     from generate_series(1, ${PROBE_EVENTS}) g`,
  );
}

/** A signed-in session cookie for `email` (the sign-in form, as a browser posts it). */
async function sessionOf(base, email) {
  const res = await fetch(`${base}/signin`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: base },
    body: new URLSearchParams({ email, password: BENCH_PASSWORD, redirectTo: "" }).toString(),
  });
  const cookie = (res.headers.getSetCookie?.() ?? [])
    .map((c) => c.split(";")[0])
    .find((c) => c.startsWith("__session="));
  if (res.status !== 302 || !cookie) throw new Error(`sign-in of ${email} answered ${res.status}`);
  return cookie;
}

/** One population: its app server, its data, the probe host and an admin; the requests to measure. */
async function population(name, sizes) {
  log(`${name}: starting an app server on a new database`);
  const app = await startBenchApp(`scale_${name}`, { PAGE_CACHE_TTL_SECONDS: "0", JOBS: "off" }, { log });
  try {
    const started = Date.now();
    await populate(app.db, sizes);
    const [{ events }] = await app.db`select count(*)::int as events from events`;
    log(
      `${name}: ${sizes.hosts} hosts, ${events} events, ${sizes.connections} connections in ${Date.now() - started} ms`,
    );
    const probe = await benchHost(app.base, app.db, { name: "probe" });
    await probeEvents(app.db, probe.id);
    await benchHost(app.base, app.db, { name: "boss" });
    await app.db`update users set role = 'admin' where email = 'boss@example.test'`;
    await app.db.unsafe("analyze events");
    const admin = { cookie: await sessionOf(app.base, "boss@example.test") };
    const host = { cookie: await sessionOf(app.base, "probe@example.test") };
    const day = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const until = new Date(Date.now() + 33 * 86_400_000).toISOString().slice(0, 10);
    const requests = {
      scheduledEvents: { path: "/dashboard/scheduledEvents", headers: admin },
      manageEventPage1: { path: "/dashboard/manageEvent", headers: admin },
      manageEventPage2000: { path: "/dashboard/manageEvent?page=2000", headers: admin },
      bookingPage: { path: `/probe/bench?tz=UTC`, headers: {} },
      slots: { path: `/api/slots?username=probe&slug=bench&start=${day}&end=${until}&timeZone=UTC`, headers: {} },
      mySchedule: { path: "/dashboard", headers: host },
    };
    for (const [label, { path, headers }] of Object.entries(requests)) {
      const res = await fetch(`${app.base}${path}`, { headers, redirect: "manual" });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${name} ${label}: ${path} answered ${res.status}`);
    }
    return { app, requests };
  } catch (error) {
    await app.stop();
    throw error;
  }
}

async function main() {
  ensureAppBuild(log);
  const { default: autocannon } = await import("autocannon");
  const ratioOf = (n) => Math.max(1, Math.round(n));
  const small = await population("small", {
    hosts: SMALL_HOSTS,
    past: ratioOf((BIG_PAST * SMALL_HOSTS) / BIG_HOSTS),
    connections: Math.round((BIG_CONNECTIONS * SMALL_HOSTS) / BIG_HOSTS),
  });
  let big;
  try {
    big = await population("big", { hosts: BIG_HOSTS, past: BIG_PAST, connections: BIG_CONNECTIONS });
  } catch (error) {
    await small.app.stop();
    throw error;
  }
  const results = {};
  try {
    for (const label of Object.keys(small.requests)) {
      const loads = [small, big].map((p, i) => [
        i === 0 ? "small" : "big",
        {
          url: `${p.app.base}${p.requests[label].path}`,
          headers: p.requests[label].headers,
          pid: p.app.child.pid,
        },
      ]);
      log(`${label}: ${SLICES} alternating slices of ${Math.round(DURATION / SLICES)} s each`);
      const figures = await alternating(autocannon, loads, {
        pid: small.app.child.pid,
        duration: DURATION,
        connections: 1,
        slices: SLICES,
        log,
      });
      // One connection: a request's mean time is the slices' time over their requests.
      const of = (f) => ({ meanMs: ratio(1000, f.rps), p99ms: f.p99ms, cpuMsPerRequest: f.cpuMsPerRequest });
      results[label] = {
        small: of(figures.small),
        big: of(figures.big),
        ratio: {
          time: ratio(figures.small.rps, figures.big.rps),
          appCpu: ratio(figures.big.cpuMsPerRequest, figures.small.cpuMsPerRequest),
        },
      };
      log(`${label}: ${JSON.stringify(results[label])}`);
    }
  } finally {
    await small.app.stop();
    await big.app.stop();
  }
  const worst = Math.max(...Object.values(results).map((r) => r.ratio.time));
  console.log(
    JSON.stringify({
      bench: "scale",
      populations: {
        small: { hosts: SMALL_HOSTS },
        big: { hosts: BIG_HOSTS, pastEvents: BIG_PAST, connections: BIG_CONNECTIONS },
      },
      probeEvents: PROBE_EVENTS,
      requests: results,
      worstTimeRatio: worst,
      target: TARGET,
      met: worst <= TARGET,
    }),
  );
}

main().catch((error) => {
  console.error("[bench:scale] failed:", error);
  process.exit(1);
});
