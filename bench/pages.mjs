// Benchmark of the booking page and slot search on PostgreSQL, and of memory under a mixed load:
//   - GET /{username}/{slug} (a month of slots in the first HTML) rendered (a session cookie
//     keeps the page cache out) and from the page cache (an anonymous visitor);
//   - GET /api/slots for 31 days;
//   each for a fresh host and for a host with 20,000 past bookings (BENCH_HISTORY), side by side,
//   with the ratio (history / fresh; the busy-time query reads only the window it needs);
//   - the server's RSS after start-up and after BENCH_MIXED_SECONDS (default 60) of a mixed load
//     (home, pricing, booking pages rendered and cached, slots).
// Figures: requests/s, p50/p99 and CPU ms per request of the server process (from /proc).
//
//   node bench/pages.mjs        (or `npm run bench -- pages`)
//
// Needs a PostgreSQL server: TEST_DATABASE_ADMIN_URL (default postgres://postgres@127.0.0.1:5432/postgres);
// creates its own database and drops it. Prints exactly one JSON line on stdout; logs on stderr.
// Optional: BENCH_DURATION (s, default 8), BENCH_CONNECTIONS (default 10), BENCH_HISTORY
// (default 20000), BENCH_MIXED_SECONDS (default 60), and the server's own environment
// (WEB_CONCURRENCY, NODE_OPTIONS) passed through.
import { benchHost, ensureAppBuild, load, numberFromEnv, ratio, rssMb, sleep, startBenchApp } from "./lib/harness.mjs";

const log = (...args) => console.error("[bench:pages]", ...args);

async function main() {
  const duration = numberFromEnv("BENCH_DURATION", 8, 1);
  const connections = numberFromEnv("BENCH_CONNECTIONS", 10, 1);
  const history = numberFromEnv("BENCH_HISTORY", 20_000, 0);
  const mixedSeconds = numberFromEnv("BENCH_MIXED_SECONDS", 60, 1);
  ensureAppBuild(log);
  const { default: autocannon } = await import("autocannon");
  const app = await startBenchApp(
    "pages",
    {
      ...(process.env.WEB_CONCURRENCY ? { WEB_CONCURRENCY: process.env.WEB_CONCURRENCY } : {}),
      ...(process.env.NODE_OPTIONS ? { NODE_OPTIONS: process.env.NODE_OPTIONS } : {}),
    },
    { log },
  );
  const { base, db, child } = app;
  try {
    const fresh = await benchHost(base, db, { name: "benchfresh", ip: "10.200.0.1" });
    const old = await benchHost(base, db, { name: "benchhistory", ip: "10.200.0.2" });
    // Past bookings of the history host: one every two hours back from yesterday, 30 minutes each.
    log(`inserting ${history} past bookings`);
    await db`
      insert into events (host_id, event_name, event_type, event_with, description, starts_at, ends_at, event_type_id, guest_name, guest_email, guest_time_zone)
      select ${old.id}, 'Bench', 'Google Meet', 'One-to-One', '', s, s + interval '30 minutes', ${old.eventTypeId}, 'Guest', 'guest' || n || '@example.test', 'UTC'
      from (select n, date_trunc('hour', now()) - interval '1 day' - n * interval '2 hours' as s from generate_series(1, ${history}) n) t`;
    await db`analyze events`;
    const rssStart = rssMb(child.pid);

    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const monthLater = new Date(Date.now() + 31 * 86_400_000).toISOString().slice(0, 10);
    const slots = (h) => `${base}/api/slots?eventTypeId=${h.eventTypeId}&start=${tomorrow}&end=${monthLater}&timeZone=Europe/Berlin`;
    const page = (h) => `${base}/${h.username}/bench?tz=Europe/Berlin`;
    const rendered = { cookie: "__session=bench" };
    const runs = [
      ["bookingPageFresh", { url: page(fresh), headers: rendered }],
      ["bookingPageHistory", { url: page(old), headers: rendered }],
      ["bookingPageCached", { url: page(fresh) }],
      ["slotsFresh", { url: slots(fresh) }],
      ["slotsHistory", { url: slots(old) }],
    ];
    const figures = {};
    for (const [name, options] of runs) {
      await load(autocannon, `${name} warm-up`, { ...options, pid: child.pid, duration: 2, connections });
      log(`${name}: ${duration} s, ${connections} connections`);
      figures[name] = await load(autocannon, name, { ...options, pid: child.pid, duration, connections });
      log(`${name}: ${JSON.stringify(figures[name])}`);
    }

    log(`mixed load: ${mixedSeconds} s`);
    const rssBeforeMixed = rssMb(child.pid);
    const mixed = await load(autocannon, "mixed", {
      url: base,
      pid: child.pid,
      duration: mixedSeconds,
      connections,
      requests: [
        { method: "GET", path: "/" },
        { method: "GET", path: `/${old.username}/bench?tz=Europe/Berlin`, headers: rendered },
        { method: "GET", path: "/pricing", headers: { "accept-encoding": "gzip, deflate, br, zstd" } },
        { method: "GET", path: new URL(slots(old)).pathname + new URL(slots(old)).search },
        { method: "GET", path: "/", headers: { ...rendered, "accept-encoding": "gzip, deflate, br, zstd" } },
        { method: "GET", path: `/${fresh.username}/bench?tz=Europe/Berlin` },
      ],
    });
    await sleep(500);
    const rssAfterMixed = rssMb(child.pid);
    console.log(
      JSON.stringify({
        bench: "pages",
        database: "postgresql",
        connections,
        durationSeconds: duration,
        pastBookings: history,
        ...figures,
        ratios: {
          bookingPageHistoryVsFresh: ratio(figures.bookingPageHistory.cpuMsPerRequest, figures.bookingPageFresh.cpuMsPerRequest),
          slotsHistoryVsFresh: ratio(figures.slotsHistory.cpuMsPerRequest, figures.slotsFresh.cpuMsPerRequest),
          bookingPageHistoryVsFreshRps: ratio(figures.bookingPageFresh.rps, figures.bookingPageHistory.rps),
          slotsHistoryVsFreshRps: ratio(figures.slotsFresh.rps, figures.slotsHistory.rps),
        },
        mixed: { seconds: mixedSeconds, ...mixed },
        rssMb: { afterStart: rssStart, beforeMixed: rssBeforeMixed, afterMixed: rssAfterMixed },
        nodeOptions: process.env.NODE_OPTIONS ?? "",
        node: process.version,
      }),
    );
  } finally {
    await app.stop();
  }
}

main().catch((error) => {
  console.error("[bench:pages] failed:", error?.stack ?? error);
  process.exit(1);
});
