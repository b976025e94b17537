// Benchmark of the page cache under writes (docs/decisions/105), on PostgreSQL with the app's
// default workers:
//   - the home page read by visitors while junk POSTs (a form post of another site, 403; a
//     booking the JSON API refuses, 400; a method no route serves, 405) come at BENCH_JUNK_PER_SECOND
//     (10): the share of answers that came from the cache (`X-Cache: hit`), and the server's CPU
//     per request (the POSTs' own CPU included) against a bare node:http server sending the same
//     bytes, in alternating slices;
//   - the booking pages of BENCH_OTHER_HOSTS (4) hosts read by visitors while one other host takes
//     BENCH_BOOKINGS_PER_SECOND (5) bookings a second: the hit share on the other hosts' pages,
//     and the share of the booked host's page reads that were misses (its page is dropped at each
//     booking).
// Figures: hit shares, requests/s and CPU ms per request of the server processes (from /proc).
//
//   node bench/page-cache.mjs        (or `npm run bench -- page-cache`)
//
// Needs a PostgreSQL server: TEST_DATABASE_ADMIN_URL (default postgres://postgres@127.0.0.1:5432/postgres);
// creates its own database and drops it. Prints exactly one JSON line on stdout; logs on stderr.
// Optional: BENCH_DURATION (s per phase, default 8), BENCH_CONNECTIONS (default 10),
// BENCH_JUNK_PER_SECOND (10), BENCH_BOOKINGS_PER_SECOND (5), BENCH_OTHER_HOSTS (4).
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import {
  benchHost,
  ensureAppBuild,
  HOST,
  numberFromEnv,
  ratio,
  rawGet,
  sleep,
  spawnReporting,
  startBenchApp,
  stopChild,
  tempDir,
  treeCpuMs,
} from "./lib/harness.mjs";

const log = (...args) => console.error("[bench:page-cache]", ...args);

/**
 * `connections` keep-alive clients GET `paths` (in turn) for `seconds`, while `background` runs;
 * counts the answers by X-Cache and the CPU the server `pid` spent.
 */
async function read(base, paths, { pid, seconds, connections }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const counts = { hit: 0, miss: 0, other: 0 };
  const perPath = new Map(paths.map((p) => [p, { hit: 0, miss: 0 }]));
  const cpuBefore = treeCpuMs(pid);
  const started = Date.now();
  const until = started + seconds * 1000;
  let next = 0;
  const one = (p) =>
    new Promise((resolve, reject) => {
      const req = http.get(`${base}${p}`, { agent }, (res) => {
        res.resume();
        res.on("end", () => {
          if (res.statusCode !== 200) return reject(new Error(`GET ${p}: ${res.statusCode}`));
          const how = res.headers["x-cache"];
          const kind = how === "hit" || how === "miss" ? how : "other";
          counts[kind] += 1;
          if (kind !== "other") perPath.get(p)[kind] += 1;
          resolve();
        });
      });
      req.on("error", reject);
    });
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (Date.now() < until) await one(paths[next++ % paths.length]);
    }),
  );
  const elapsed = (Date.now() - started) / 1000;
  const cpu = treeCpuMs(pid) - cpuBefore;
  agent.destroy();
  const total = counts.hit + counts.miss + counts.other;
  return { counts, perPath, total, rps: Math.round((total / elapsed) * 100) / 100, cpuMsPerRequest: cpu / total };
}

/** Calls `fire` `perSecond` times a second until stopped; resolves with how many ran and their statuses. */
function every(perSecond, fire) {
  const statuses = {};
  let stopped = false;
  let n = 0;
  const pending = new Set();
  const timer = setInterval(() => {
    if (stopped) return;
    const p = fire(n++)
      .then((status) => {
        statuses[status] = (statuses[status] ?? 0) + 1;
      })
      .catch((error) => {
        statuses[error.message] = (statuses[error.message] ?? 0) + 1;
      })
      .finally(() => pending.delete(p));
    pending.add(p);
  }, 1000 / perSecond);
  return async () => {
    stopped = true;
    clearInterval(timer);
    await Promise.all(pending);
    return { sent: n, statuses };
  };
}

const post = (url, body, headers) =>
  fetch(url, { method: "POST", body, headers: { "x-forwarded-for": "10.201.0.1", ...headers } }).then(async (r) => {
    await r.arrayBuffer();
    return r.status;
  });

async function main() {
  const seconds = numberFromEnv("BENCH_DURATION", 8, 1);
  const connections = numberFromEnv("BENCH_CONNECTIONS", 10, 1);
  const junkPerSecond = numberFromEnv("BENCH_JUNK_PER_SECOND", 10, 1);
  const bookingsPerSecond = numberFromEnv("BENCH_BOOKINGS_PER_SECOND", 5, 1);
  const otherHosts = numberFromEnv("BENCH_OTHER_HOSTS", 4, 1);
  ensureAppBuild(log);
  const app = await startBenchApp("pagecache", {}, { log });
  const tmp = tempDir("page-cache");
  let bare;
  try {
    const { base, db, child } = app;
    const booked = await benchHost(base, db, { name: "pcbooked", ip: "10.201.1.1" });
    const others = [];
    for (let i = 0; i < otherHosts; i++)
      others.push(await benchHost(base, db, { name: `pcother${i}`, ip: `10.201.2.${i + 1}` }));

    // --- the home page under junk POSTs, against a bare server sending the same bytes ---
    const home = await rawGet(`${base}/`);
    if (home.status !== 200) throw new Error(`GET / answered ${home.status}`);
    const file = path.join(tmp, "home.html");
    fs.writeFileSync(file, home.body);
    const b = spawnReporting([
      path.join(path.dirname(fileURLToPath(import.meta.url)), "home.mjs"),
      "--bare",
      file,
      file,
      "identity",
    ]);
    bare = b.child;
    const bareUrl = `http://${HOST}:${(await b.ready).port}`;
    const junkKinds = [
      () =>
        post(`${base}/`, "review=x", {
          origin: "https://elsewhere.example",
          "content-type": "application/x-www-form-urlencoded",
        }),
      () =>
        post(`${base}/api/bookings`, JSON.stringify({ eventTypeId: booked.eventTypeId }), {
          "content-type": "application/json",
        }),
      () => fetch(`${base}/`, { method: "PROPFIND" }).then(async (r) => (await r.arrayBuffer(), r.status)),
    ];
    const slices = 4;
    const slice = Math.max(1, seconds / slices);
    const homeRuns = [];
    const bareRuns = [];
    const junk = { sent: 0, statuses: {} };
    for (let i = 0; i < slices; i++) {
      log(`home under junk: slice ${i + 1} of ${slices}`);
      const stop = every(junkPerSecond, (n) => junkKinds[n % junkKinds.length]());
      homeRuns.push(await read(base, ["/"], { pid: child.pid, seconds: slice, connections }));
      const done = await stop();
      junk.sent += done.sent;
      for (const [k, v] of Object.entries(done.statuses)) junk.statuses[k] = (junk.statuses[k] ?? 0) + v;
      bareRuns.push(await read(bareUrl, ["/"], { pid: bare.pid, seconds: slice, connections }));
    }
    const sum = (runs, f) => runs.reduce((a, r) => a + f(r), 0);
    const homeTotal = sum(homeRuns, (r) => r.total);
    const homeHits = sum(homeRuns, (r) => r.counts.hit);
    const homeCpu = sum(homeRuns, (r) => r.cpuMsPerRequest * r.total) / homeTotal;
    const bareTotal = sum(bareRuns, (r) => r.total);
    const bareCpu = sum(bareRuns, (r) => r.cpuMsPerRequest * r.total) / bareTotal;

    // --- other hosts' booking pages while one host takes bookings ---
    const day = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const pagePath = (h) => `/${h.username}/bench?tz=UTC&date=${day}`;
    let slot = 0;
    const base0 = Date.parse(`${day}T00:00:00Z`) + 86_400_000;
    log(`booking pages while ${bookingsPerSecond} bookings/s go to one host`);
    const stopBookings = every(bookingsPerSecond, () =>
      post(
        `${base}/api/bookings`,
        JSON.stringify({
          eventTypeId: booked.eventTypeId,
          start: new Date(base0 + slot++ * 30 * 60_000).toISOString(),
          name: "Bench Guest",
          email: `pc-guest-${slot}@example.test`,
          timeZone: "UTC",
        }),
        { "content-type": "application/json", "x-forwarded-for": `10.202.${Math.floor(slot / 250)}.${slot % 250}` },
      ),
    );
    const pages = await read(base, [...others.map(pagePath), pagePath(booked)], {
      pid: child.pid,
      seconds,
      connections,
    });
    const bookings = await stopBookings();
    let otherHits = 0;
    let otherAll = 0;
    for (const h of others) {
      const c = pages.perPath.get(pagePath(h));
      otherHits += c.hit;
      otherAll += c.hit + c.miss;
    }
    const bookedCounts = pages.perPath.get(pagePath(booked));

    const figures = {
      bench: "page-cache",
      database: "postgresql",
      connections,
      durationSeconds: seconds,
      homeUnderJunk: {
        junkPerSecond,
        junkSent: junk.sent,
        junkStatuses: junk.statuses,
        requests: homeTotal,
        rps: Math.round((homeTotal / (slices * slice)) * 100) / 100,
        hitRate: ratio(homeHits, homeTotal),
        cpuMsPerRequest: Math.round(homeCpu * 1000) / 1000,
      },
      bareNode: { requests: bareTotal, cpuMsPerRequest: Math.round(bareCpu * 1000) / 1000 },
      bookingPages: {
        bookingsPerSecond,
        bookings: bookings.sent,
        bookingStatuses: bookings.statuses,
        otherHosts,
        requests: pages.total,
        rps: pages.rps,
        otherHostsHitRate: ratio(otherHits, otherAll),
        bookedHostHitRate: ratio(bookedCounts.hit, bookedCounts.hit + bookedCounts.miss),
        cpuMsPerRequest: Math.round(pages.cpuMsPerRequest * 1000) / 1000,
      },
      ratios: { cacheCpuVsBare: ratio(homeCpu, bareCpu) },
      node: process.version,
    };
    console.log(JSON.stringify(figures));
    process.exitCode = 0;
  } finally {
    await stopChild(bare, "bare server", log);
    await app.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
    await sleep(0);
  }
}

try {
  await main();
} catch (error) {
  console.error("[bench:page-cache]", error);
  process.exitCode = 1;
}
process.exit(process.exitCode ?? 1);
