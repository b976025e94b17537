// Benchmark of booking over HTTP on PostgreSQL: POST /api/bookings on distinct free slots (each
// one a transaction under the host's row lock, re-checking the slot, behind the exclusion
// constraint) over 40 hosts and over one host, and GET of the public booking page
// /{username}/{slug} (a month of slots computed into the first HTML). Next to it, in the same run
// on the same PostgreSQL, pgbench of the booking's critical section (bench/lib/pgbench-booking.mjs):
// the app's statements one round trip each, and the same work in one round trip; the JSON line's
// `ratio.app40ToOneRoundTrip` is the app's bookings per second over 40 hosts divided by the latter.
// And the floor of any HTTP server for the same call (bench/lib/booking-floor-server.mjs: node:http,
// the same JSON body, that one round trip, as many workers as the app): `floor`, with
// `ratio.floorToOneRoundTrip` (what HTTP and Node cost before any app code) and `ratio.app40ToFloor`.
//
//   node bench/booking.mjs      (or `npm run bench -- booking`)
//
// Needs a PostgreSQL server: TEST_DATABASE_ADMIN_URL (default postgres://postgres@127.0.0.1:5432/postgres);
// creates its own database and drops it. Prints exactly one JSON line on stdout; logs on stderr.
// Exits non-zero on any failure (a non-2xx answer, an error, 0 requests per second).
// Needs pgbench (on PATH or /usr/lib/postgresql/*/bin).
// Optional: BENCH_BOOKINGS (default 1000, per run), BENCH_HOSTS (default 40), BENCH_DURATION (s, default 10;
// also each pgbench run), BENCH_CONNECTIONS (default 10, pgbench clients too),
// BENCH_APP_ENV (JSON of extra app environment, e.g. {"WEB_CONCURRENCY":"1"}), BENCH_NODE_ARGS (the app
// server's Node flags instead of the production heap flags, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof",
// which NODE_OPTIONS does not take),
// BENCH_SMTP_DELAY_MS (default 20): the app sends its mail to a local SMTP server that takes this long
// to accept each message, as a relay across a network does, so a booking that waited for SMTP
// would show it in its latency. After each booking run the bench waits (BENCH_DRAIN_LIMIT_S, default
// 180) until every booking event has reached its consumers and every mail its SMTP server:
// `sideEffects` gives that time after the load's end, the CPU per booking in all (the load's
// `cpuMsPerBooking` is only what was spent while it ran) and the ratio of the two.
import os from "node:os";
import {
  HOST,
  benchHost,
  bookingBodies,
  ensureAppBuild,
  freePort,
  measured,
  perSecond,
  ratio,
  sleep,
  spawnReporting,
  startBenchApp,
  startSlowSmtp,
  stopChild,
  tempDir,
  treeCpuMs,
} from "./lib/harness.mjs";
import { findPgbench, preparePgbench, runPgbench } from "./lib/pgbench-booking.mjs";

const BOOKINGS = Number(process.env.BENCH_BOOKINGS ?? 1000);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const HOSTS = Number(process.env.BENCH_HOSTS ?? 40);
const SMTP_DELAY_MS = Number(process.env.BENCH_SMTP_DELAY_MS ?? 20);
const DRAIN_LIMIT_S = Number(process.env.BENCH_DRAIN_LIMIT_S ?? 180);

const log = (...args) => console.error("[bench:booking]", ...args);

function figures(result, label) {
  const problems = [];
  if (result.errors || result.timeouts) problems.push(`${result.errors} errors, ${result.timeouts} timeouts`);
  if (result.non2xx) problems.push(`${result.non2xx} non-2xx answers`);
  if (!(result.requests.total > 0)) problems.push("0 requests per second");
  if (problems.length) throw new Error(`${label}: ${problems.join("; ")}`);
  return {
    requests: result.requests.total,
    rps: perSecond(result),
    p50ms: result.latency.p50,
    p99ms: result.latency.p99,
  };
}

async function main() {
  ensureAppBuild(log);
  const { default: autocannon } = await import("autocannon");
  const smtp = await startSlowSmtp(SMTP_DELAY_MS);
  const app = await startBenchApp(
    "booking",
    {
      SMTP_URL: smtp.url,
      ...(process.env.BENCH_APP_ENV ? JSON.parse(process.env.BENCH_APP_ENV) : {}),
    },
    { log },
  );
  const { base, db } = app;
  try {
    // Professional hosts (no free-plan cap), available around the clock in UTC: `/benchhost/bench`
    // for the one-host run, `/bh<i>/bench` for the run over HOSTS hosts.
    const { eventTypeId } = await benchHost(base, db, { name: "benchhost", duration: 15, bookingWindowDays: 730 });
    log(`making ${HOSTS} hosts`);
    const many = [];
    for (let i = 0; i < HOSTS; i++)
      many.push(
        await benchHost(base, db, {
          name: `bh${i}`,
          ip: `10.77.${Math.floor(i / 250)}.${i % 250}`,
          duration: 15,
          bookingWindowDays: 730,
        }),
      );

    // Distinct free slots from tomorrow 00:00 UTC (bookingBodies), whose month the slots call reads.
    const first = new Date();
    first.setUTCHours(24, 0, 0, 0);
    // autocannon's request list: POST /api/bookings, each on the next free slot.
    function bookingRequests(eventTypeIds) {
      const body = bookingBodies(eventTypeIds);
      return [
        {
          method: "POST",
          path: "/api/bookings",
          headers: { "content-type": "application/json" },
          setupRequest: (req) => ({ ...req, body: body() }),
        },
      ];
    }
    // Waits until no booking event awaits a consumer and no mail awaits SMTP (DRAIN_LIMIT_S at most):
    // what is left then (0 when all is done). BENCH_DRAIN_TRACE=1 logs the queues twice a second.
    async function drained(since) {
      for (;;) {
        const [{ deliveries, mails }] = await db`select
          (select count(*)::int from booking_event_deliveries where delivered_at is null) as deliveries,
          (select count(*)::int from mail_outbox where status in ('queued', 'failed') and sent_at is null) as mails`;
        if (process.env.BENCH_DRAIN_TRACE)
          log(`+${Math.round(performance.now() - since)} ms: ${deliveries} deliveries, ${mails} mails to go`);
        if (deliveries + mails === 0 || performance.now() - since > DRAIN_LIMIT_S * 1000) return deliveries + mails;
        await sleep(process.env.BENCH_DRAIN_TRACE ? 500 : 50);
      }
    }
    async function book(eventTypeIds, label) {
      log(`POST /api/bookings x ${BOOKINGS} over ${label}, ${CONNECTIONS} connections`);
      const mailsBefore = smtp.received();
      const cpuBefore = treeCpuMs(app.child.pid);
      const posted = await measured(autocannon, {
        url: base,
        connections: CONNECTIONS,
        amount: BOOKINGS,
        timeout: 20,
        requests: bookingRequests(eventTypeIds),
      });
      const cpuDuring = treeCpuMs(app.child.pid) - cpuBefore;
      const loadEnded = performance.now();
      const result = figures(posted, `POST /api/bookings over ${label}`);
      result.cpuMsPerBooking = Math.round((cpuDuring / result.requests) * 100) / 100;
      const [{ n }] = await db`select count(*)::int as n from events where event_type_id in ${db(eventTypeIds)}`;
      if (n !== BOOKINGS) throw new Error(`expected ${BOOKINGS} stored bookings over ${label}, found ${n}`);
      // The side effects (booking events fanned out to their consumers, every mail handed to SMTP):
      // how long after the load they are all done, and the app's CPU per booking until then.
      const left = await drained(loadEnded);
      const cpuInAll = treeCpuMs(app.child.pid) - cpuBefore;
      result.sideEffects = {
        drainSeconds: Math.round((performance.now() - loadEnded) / 10) / 100,
        left,
        mailsReceived: smtp.received() - mailsBefore,
        cpuMsPerBookingInAll: Math.round((cpuInAll / result.requests) * 100) / 100,
        inAllVsDuring: ratio(cpuInAll, cpuDuring),
      };
      log(`${label}: side effects done ${result.sideEffects.drainSeconds} s after the load (${left} left)`);
      return result;
    }
    const bookings40 = await book(
      many.map((h) => h.eventTypeId),
      `${HOSTS} hosts`,
    );
    const bookings = await book([eventTypeId], "one host");

    log(`pgbench of the booking's critical section over ${HOSTS} hosts, ${CONNECTIONS} clients, ${DURATION} s each`);
    const pgbench = findPgbench();
    await preparePgbench(db, many);
    const critical = runPgbench(pgbench, app.url.toString(), tempDir("pgbench"), {
      hostCount: HOSTS,
      clients: CONNECTIONS,
      seconds: DURATION,
    });

    // The floor: the same requests to a bare node:http server doing only that one round trip.
    const floorWorkers = Number(
      JSON.parse(process.env.BENCH_APP_ENV ?? "{}").WEB_CONCURRENCY ?? os.availableParallelism(),
    );
    const floorPort = await freePort();
    const floorServer = spawnReporting(["bench/lib/booking-floor-server.mjs"], {
      env: {
        PATH: process.env.PATH ?? "",
        DATABASE_URL: app.url.toString(),
        PORT: String(floorPort),
        WORKERS: String(floorWorkers),
        POOL: "10",
      },
    });
    let floor;
    try {
      await floorServer.ready;
      // Its connections opened and warm, then DURATION seconds of the same requests over the hosts.
      const floorLoad = (duration) =>
        measured(autocannon, {
          url: `http://${HOST}:${floorPort}`,
          connections: CONNECTIONS,
          duration,
          timeout: 20,
          requests: bookingRequests(many.map((h) => h.eventTypeId)),
        });
      figures(await floorLoad(2), "floor server warm-up");
      const [before] = await db`select count(*)::int as n from events`;
      const cpuBefore = treeCpuMs(floorServer.child.pid);
      log(`POST /api/bookings on the floor server for ${DURATION} s over ${HOSTS} hosts, ${CONNECTIONS} connections`);
      const run = await floorLoad(DURATION);
      floor = figures(run, "floor server");
      floor.cpuMsPerBooking = Math.round(((treeCpuMs(floorServer.child.pid) - cpuBefore) / floor.requests) * 100) / 100;
      floor.workers = floorWorkers;
      await sleep(500);
      const [after] = await db`select count(*)::int as n from events`;
      if (after.n - before.n < floor.requests)
        throw new Error(`floor server: ${floor.requests} answered, ${after.n - before.n} stored`);
    } finally {
      await stopChild(floorServer.child, "floor server", log);
    }

    log(`GET /benchhost/bench for ${DURATION} s`);
    const page = figures(
      await measured(autocannon, {
        url: `${base}/benchhost/bench`,
        connections: CONNECTIONS,
        duration: DURATION,
        timeout: 20,
      }),
      "GET /{username}/{slug}",
    );
    const slots = figures(
      await measured(autocannon, {
        url: `${base}/api/slots?eventTypeId=${eventTypeId}&start=${first.toISOString().slice(0, 10)}&end=${new Date(first.getTime() + 30 * 86_400_000).toISOString().slice(0, 10)}&timeZone=Europe/Berlin`,
        connections: CONNECTIONS,
        duration: DURATION,
        timeout: 20,
      }),
      "GET /api/slots",
    );
    console.log(
      JSON.stringify({
        bench: "booking",
        database: "postgresql",
        connections: CONNECTIONS,
        smtpDelayMs: SMTP_DELAY_MS,
        mailsReceived: smtp.received(),
        hosts: HOSTS,
        bookings40Hosts: bookings40,
        bookings,
        pgbench: { hosts: HOSTS, clients: CONNECTIONS, seconds: DURATION, ...critical },
        floor,
        ratio: {
          floorToOneRoundTrip: ratio(floor.rps, critical.oneRoundTrip.tps),
          app40ToFloor: ratio(bookings40.rps, floor.rps),
          app40ToOneRoundTrip: ratio(bookings40.rps, critical.oneRoundTrip.tps),
          app40ToStatements: ratio(bookings40.rps, critical.statements.tps),
        },
        bookingPage: page,
        slots31Days: slots,
        node: process.version,
      }),
    );
  } finally {
    await app.stop();
    await smtp.close();
  }
}

main().catch((error) => {
  console.error("[bench:booking] failed:", error?.message ?? error);
  process.exit(1);
});
