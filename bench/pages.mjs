// Benchmark of the booking page and slot search on PostgreSQL, and of memory under a mixed load:
//   - GET /{username}/{slug} (a month of slots in the first HTML) rendered (a session cookie
//     keeps the page cache out) and from the page cache (an anonymous visitor);
//   - GET /api/slots for 31 days;
//   - POST /api/bookings on distinct free slots, BENCH_BOOKINGS_PER_ROUND (default 150) in each
//     of two alternating rounds;
//   each for a fresh host and for a host with 20,000 past bookings (BENCH_HISTORY), side by side
//   (pages and slots in four alternating slices of BENCH_DURATION / 4, bookings in rounds),
//   with the ratio (history / fresh; the busy-time query reads only the window it needs);
//   - the server's RSS after start-up and after BENCH_MIXED_SECONDS (default 60) of a mixed load
//     (home, pricing, booking pages rendered and cached, slots), all processes and the largest
//     one, with the production heap cap, and the same load on a server without a cap (V8's own
//     limit), both started afresh for it and loaded in alternating slices; the CPU ratio of the
//     two (`heapCap`: over the whole load, and each pair of slices' own ratio, median and range).
// Figures: requests/s, p50/p99 and CPU ms per request of the server process (from /proc).
//
//   node bench/pages.mjs        (or `npm run bench -- pages`)
//
// Needs a PostgreSQL server: TEST_DATABASE_ADMIN_URL (default postgres://postgres@127.0.0.1:5432/postgres);
// creates its own database and drops it. Prints exactly one JSON line on stdout; logs on stderr.
// Optional: BENCH_DURATION (s, default 8), BENCH_CONNECTIONS (default 10), BENCH_HISTORY
// (default 20000), BENCH_MIXED_SECONDS (default 60), and the server's own environment
// (WEB_CONCURRENCY, NODE_OPTIONS) passed through.
import v8 from "node:v8";
import {
  alternating,
  benchHost,
  ensureAppBuild,
  largestRssMb,
  load,
  numberFromEnv,
  ratio,
  rssMb,
  sleep,
  spread,
  startBenchApp,
} from "./lib/harness.mjs";

const log = (...args) => console.error("[bench:pages]", ...args);

/** Figures of one load run in several slices: mean requests/s and CPU per request, worst p50/p99. */
function combined(slices) {
  const mean = (key, scale) => Math.round((slices.reduce((a, f) => a + f[key], 0) / slices.length) * scale) / scale;
  return {
    rps: mean("rps", 100),
    cpuMsPerRequest: mean("cpuMsPerRequest", 1000),
    p50ms: Math.max(...slices.map((f) => f.p50ms)),
    p99ms: Math.max(...slices.map((f) => f.p99ms)),
  };
}

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
  const { base, db } = app;
  const { child } = app;
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
    const slots = (h) =>
      `${base}/api/slots?eventTypeId=${h.eventTypeId}&start=${tomorrow}&end=${monthLater}&timeZone=Europe/Berlin`;
    const page = (h) => `${base}/${h.username}/bench?tz=Europe/Berlin`;
    const rendered = { cookie: "__session=bench" };
    // Each pair a fresh host and the one with history compares side by side, in alternating
    // slices (the ratios of target 3); the cached page on its own.
    const pairs = [
      [
        ["bookingPageFresh", { url: page(fresh), headers: rendered }],
        ["bookingPageHistory", { url: page(old), headers: rendered }],
      ],
      [["bookingPageCached", { url: page(fresh) }]],
      [
        ["slotsFresh", { url: slots(fresh) }],
        ["slotsHistory", { url: slots(old) }],
      ],
    ];
    const figures = {};
    for (const loads of pairs) {
      for (const [name, options] of loads)
        await load(autocannon, `${name} warm-up`, { ...options, pid: child.pid, duration: 2, connections });
      log(`${loads.map(([name]) => name).join(" and ")}: ${duration} s each, ${connections} connections`);
      Object.assign(
        figures,
        await alternating(autocannon, loads, {
          pid: child.pid,
          duration,
          connections,
          slices: loads.length > 1 ? 4 : 1,
          log,
        }),
      );
      for (const [name] of loads) log(`${name}: ${JSON.stringify(figures[name])}`);
    }

    // Bookings: POST /api/bookings on distinct free slots (every 30 minutes from tomorrow 00:00
    // UTC) of each host, in alternating rounds, so both see the same machine.
    const bookingsPerRound = numberFromEnv("BENCH_BOOKINGS_PER_ROUND", 150, 1);
    const firstSlot = new Date();
    firstSlot.setUTCHours(24, 0, 0, 0);
    const bookingRuns = {
      bookingFresh: { host: fresh, next: 0, rounds: [] },
      bookingHistory: { host: old, next: 0, rounds: [] },
    };
    for (let round = 0; round < 2; round++) {
      for (const [name, run] of Object.entries(bookingRuns)) {
        const body = () =>
          JSON.stringify({
            eventTypeId: run.host.eventTypeId,
            start: new Date(firstSlot.getTime() + run.next++ * 30 * 60_000).toISOString(),
            name: "Guest",
            email: `guest${run.next}@example.test`,
            timeZone: "Europe/Berlin",
          });
        const request = {
          method: "POST",
          path: "/api/bookings",
          headers: { "content-type": "application/json" },
          setupRequest: (req) => ({ ...req, body: body() }),
        };
        run.rounds.push(
          await load(autocannon, `${name} ${round + 1}`, {
            url: base,
            pid: child.pid,
            amount: bookingsPerRound,
            connections,
            requests: [request],
          }),
        );
      }
    }
    for (const [name, run] of Object.entries(bookingRuns)) {
      const [{ n }] =
        await db`select count(*)::int as n from events where event_type_id = ${run.host.eventTypeId} and starts_at > now()`;
      if (n !== 2 * bookingsPerRound)
        throw new Error(`${name}: expected ${2 * bookingsPerRound} stored bookings, found ${n}`);
      figures[name] = { bookings: n, ...combined(run.rounds) };
      log(`${name}: ${JSON.stringify(figures[name])}`);
    }

    const requests = [
      { method: "GET", path: "/" },
      { method: "GET", path: `/${old.username}/bench?tz=Europe/Berlin`, headers: rendered },
      { method: "GET", path: "/pricing", headers: { "accept-encoding": "gzip, deflate, br, zstd" } },
      { method: "GET", path: new URL(slots(old)).pathname + new URL(slots(old)).search },
      { method: "GET", path: "/", headers: { ...rendered, "accept-encoding": "gzip, deflate, br, zstd" } },
      { method: "GET", path: `/${fresh.username}/bench?tz=Europe/Berlin` },
    ];
    // The same mixed load on two servers started afresh on the same database, alike but for the
    // heap: one as the first was started (the production heap cap unless NODE_OPTIONS sets one),
    // one without a cap (V8's own limit), in alternating slices so both see the same machine:
    // memory against CPU. (The first server has served the loads above; a new one compares like
    // with like.) V8's own limit on this machine is given explicitly: without a flag, workers get
    // the default cap.
    const rssAfterLoads = rssMb(child.pid);
    const v8Limit = Math.round(v8.getHeapStatistics().heap_size_limit / 1_048_576);
    const capped = await app.another();
    const uncapped = await app
      .another([`--max-old-space-size=${v8Limit}`], { NODE_OPTIONS: "" })
      .catch(async (error) => {
        await capped.stop();
        throw error;
      });
    try {
      const servers = [
        { name: "mixed", base: capped.base, pid: capped.child.pid, slices: [] },
        { name: "mixedUncapped", base: uncapped.base, pid: uncapped.child.pid, slices: [] },
      ];
      for (const s of servers) s.rssMbBefore = { total: rssMb(s.pid), largest: largestRssMb(s.pid) };
      const slices = Math.max(1, Math.round(mixedSeconds / 10));
      log(`mixed load: ${mixedSeconds} s on each server, in ${slices} slices`);
      for (let i = 0; i < slices; i++) {
        for (const s of servers) {
          s.slices.push(
            await load(autocannon, `${s.name} ${i + 1}`, {
              url: s.base,
              pid: s.pid,
              duration: mixedSeconds / slices,
              connections,
              requests,
            }),
          );
        }
      }
      await sleep(500);
      for (const s of servers) {
        figures[s.name] = {
          seconds: mixedSeconds,
          ...combined(s.slices),
          sliceCpuMs: s.slices.map((f) => f.cpuMsPerRequest),
          rssMbBefore: s.rssMbBefore,
          rssMbAfter: { total: rssMb(s.pid), largest: largestRssMb(s.pid) },
        };
      }
      // The first server's own: after start-up and after the loads above (the mixed load's RSS is under mixed and mixedUncapped).
      figures.rssMb = { afterStart: rssStart, afterLoads: rssAfterLoads };
    } finally {
      await Promise.allSettled([capped.stop(), uncapped.stop()]);
    }
    const { mixed, mixedUncapped } = figures;
    console.log(
      JSON.stringify({
        bench: "pages",
        database: "postgresql",
        connections,
        durationSeconds: duration,
        pastBookings: history,
        ...figures,
        ratios: {
          bookingPageHistoryVsFresh: ratio(
            figures.bookingPageHistory.cpuMsPerRequest,
            figures.bookingPageFresh.cpuMsPerRequest,
          ),
          slotsHistoryVsFresh: ratio(figures.slotsHistory.cpuMsPerRequest, figures.slotsFresh.cpuMsPerRequest),
          bookingHistoryVsFresh: ratio(figures.bookingHistory.cpuMsPerRequest, figures.bookingFresh.cpuMsPerRequest),
          bookingPageHistoryVsFreshRps: ratio(figures.bookingPageFresh.rps, figures.bookingPageHistory.rps),
          slotsHistoryVsFreshRps: ratio(figures.slotsFresh.rps, figures.slotsHistory.rps),
          bookingHistoryVsFreshRps: ratio(figures.bookingFresh.rps, figures.bookingHistory.rps),
        },
        heapCap: {
          cpuVsUncapped: ratio(mixed.cpuMsPerRequest, mixedUncapped.cpuMsPerRequest),
          // Each pair of alternating slices' own ratio: the median and the range.
          cpuVsUncappedSlices: spread(
            figures.mixed.sliceCpuMs.map((cpu, i) => ratio(cpu, figures.mixedUncapped.sliceCpuMs[i])),
          ),
          largestRssMb: mixed.rssMbAfter.largest,
          largestRssMbUncapped: mixedUncapped.rssMbAfter.largest,
        },
        nodeOptions: process.env.NODE_OPTIONS ?? "",
        uncappedHeapMb: v8Limit,
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
