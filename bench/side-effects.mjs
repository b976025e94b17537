// Benchmark of a booking's side effects in a process of their own (decision 138), the layout
// docs/self-hosting.md describes: a web server with JOBS=off takes the bookings, a server with jobs
// on (JOBS_POLL_MS 1000) does what they leave. 1,000 bookings (BENCH_BOOKINGS) over 40 hosts go to
// the web server while the jobs server delivers every booking event and mail (SMTP taking
// BENCH_SMTP_DELAY_MS per message, as in bench/booking.mjs). Each server's CPU from the load's start
// to the last mail: the requests' (`requestCpuMsPerBooking`) and the side effects' alone
// (`sideEffectsCpuMsPerBooking`), and `inAllVsRequests` (the aim: at most 1.5); `drainSeconds`:
// how long after the load's end the last mail left.
//
//   node bench/side-effects.mjs      (or `npm run bench -- side-effects`)
//
// Needs a PostgreSQL server (TEST_DATABASE_ADMIN_URL, as every bench); makes its database and drops
// it. Prints one JSON line on stdout; logs on stderr. Optional: BENCH_BOOKINGS (1000), BENCH_HOSTS
// (40), BENCH_CONNECTIONS (10), BENCH_SMTP_DELAY_MS (20), BENCH_DRAIN_LIMIT_S (180), BENCH_NODE_ARGS
// (the jobs server's Node flags, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof").
import {
  DEFAULT_HEAP_ARGS,
  benchHost,
  bookingBodies,
  ensureAppBuild,
  measured,
  ratio,
  sleep,
  startBenchApp,
  startSlowSmtp,
  treeCpuMs,
} from "./lib/harness.mjs";

const BOOKINGS = Number(process.env.BENCH_BOOKINGS ?? 1000);
const HOSTS = Number(process.env.BENCH_HOSTS ?? 40);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const SMTP_DELAY_MS = Number(process.env.BENCH_SMTP_DELAY_MS ?? 20);
const DRAIN_LIMIT_S = Number(process.env.BENCH_DRAIN_LIMIT_S ?? 180);
const log = (...args) => console.error("[bench:side-effects]", ...args);
const round = (n) => Math.round(n * 100) / 100;

async function main() {
  ensureAppBuild(log);
  const { default: autocannon } = await import("autocannon");
  const smtp = await startSlowSmtp(SMTP_DELAY_MS);
  // The web server: no job runner, so nothing of the side effects runs in it.
  const app = await startBenchApp(
    "side_effects",
    { SMTP_URL: smtp.url, JOBS: "off" },
    { log, nodeArgs: DEFAULT_HEAP_ARGS },
  );
  try {
    const hosts = [];
    for (let i = 0; i < HOSTS; i++)
      hosts.push(
        await benchHost(app.base, app.db, {
          name: `sh${i}`,
          ip: `10.78.${Math.floor(i / 250)}.${i % 250}`,
          duration: 15,
          bookingWindowDays: 730,
        }),
      );
    const body = bookingBodies(hosts.map((h) => h.eventTypeId));
    const nodeArgs = process.env.BENCH_NODE_ARGS?.trim()
      ? process.env.BENCH_NODE_ARGS.trim().split(/\s+/)
      : DEFAULT_HEAP_ARGS;
    const jobs = await app.another(nodeArgs, { JOBS: "on", JOBS_POLL_MS: "1000" });
    try {
      // Started and idle (the hosts' own mails, if any, sent).
      await sleep(3000);
      log(`POST /api/bookings x ${BOOKINGS} over ${HOSTS} hosts on a JOBS=off server, a server with jobs on beside it`);
      const before = treeCpuMs(app.child.pid);
      const cpu0 = treeCpuMs(jobs.child.pid);
      const posted = await measured(autocannon, {
        url: app.base,
        connections: CONNECTIONS,
        amount: BOOKINGS,
        timeout: 20,
        requests: [
          {
            method: "POST",
            path: "/api/bookings",
            headers: { "content-type": "application/json" },
            setupRequest: (req) => ({ ...req, body: body() }),
          },
        ],
      });
      const requestCpu = treeCpuMs(app.child.pid) - before;
      const t0 = performance.now();
      if (posted.non2xx || posted.errors || posted.timeouts || posted.requests.total !== BOOKINGS)
        throw new Error(`bookings: ${posted.non2xx} non-2xx, ${posted.errors} errors, ${posted.timeouts} timeouts`);
      let left;
      for (;;) {
        const [row] = await app.db`select
          (select count(*)::int from booking_event_deliveries where delivered_at is null) as deliveries,
          (select count(*)::int from mail_outbox where status in ('queued', 'failed') and sent_at is null) as mails`;
        left = row.deliveries + row.mails;
        if ((left === 0 && smtp.received() >= 2 * BOOKINGS) || performance.now() - t0 > DRAIN_LIMIT_S * 1000) break;
        await sleep(50);
      }
      const sideCpu = treeCpuMs(jobs.child.pid) - cpu0;
      const drainSeconds = round((performance.now() - t0) / 1000);
      if (left > 0 || smtp.received() < 2 * BOOKINGS)
        throw new Error(
          `side effects: ${left} left and ${smtp.received()} of ${2 * BOOKINGS} mails after ${drainSeconds} s`,
        );
      console.log(
        JSON.stringify({
          bench: "side-effects",
          database: "postgresql",
          bookings: BOOKINGS,
          hosts: HOSTS,
          smtpDelayMs: SMTP_DELAY_MS,
          mails: smtp.received(),
          requestCpuMsPerBooking: round(requestCpu / BOOKINGS),
          sideEffectsCpuMsPerBooking: round(sideCpu / BOOKINGS),
          drainSeconds,
          inAllVsRequests: ratio(requestCpu + sideCpu, requestCpu),
          node: process.version,
        }),
      );
    } finally {
      await jobs.stop();
    }
  } finally {
    await app.stop();
    await smtp.close();
  }
}

main().catch((error) => {
  console.error("[bench:side-effects] failed:", error?.message ?? error);
  process.exit(1);
});
