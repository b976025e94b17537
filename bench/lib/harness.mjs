// What the benches share: ports, child servers, health checks, and load with the CPU time the
// server process spent on it, read from /proc (steadier than requests per second on a shared
// 2-core machine). Not a bench itself (scripts/bench.mjs runs only bench/*.mjs).
import { Buffer } from "node:buffer";
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import postgres from "postgres";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const HOST = "127.0.0.1";
/** What a current browser sends. */
export const BROWSER_ENCODINGS = "gzip, deflate, br, zstd";

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export function numberFromEnv(name, fallback, min) {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < min) throw new Error(`${name} must be a number >= ${min}, got ${JSON.stringify(raw)}`);
  return n;
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, HOST, () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** GET over plain node:http, raw (still encoded) bytes back. */
export function rawGet(url, headers = {}, timeoutMs = 10_000) {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers: { connection: "close", ...headers }, timeout: timeoutMs }, (res) => {
      const chunks = [];
      res.on("data", (c) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.on("timeout", () => req.destroy(new Error(`GET ${url} timed out after ${timeoutMs} ms`)));
    req.on("error", reject);
  });
}

export function ensureAppBuild(log) {
  if (fs.existsSync(path.join(ROOT, "build/index.js")) && fs.existsSync(path.join(ROOT, "public/build"))) return;
  log("no build found: running `npm run build`");
  productionBuild(ROOT, ["npm", "run", "build"]);
}

export function ensureReferenceBuild(log) {
  const dir = path.join(ROOT, "bench/reference");
  if (fs.existsSync(path.join(dir, "build/index.js"))) return;
  log("building the reference app (bench/reference)");
  // The framework's own build, without the app's chunk merging (docs/decisions/137).
  productionBuild(dir, ["npx", "remix", "build"]);
}

function productionBuild(cwd, [command, ...args]) {
  const r = spawnSync(command, args, {
    cwd,
    stdio: ["ignore", 2, 2],
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (r.error) throw r.error;
  if (r.status !== 0) throw new Error(`${command} ${args.join(" ")} in ${cwd} failed (exit ${r.status ?? r.signal})`);
}

export function exited(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once("exit", () => resolve()));
}

export async function stopChild(child, name, log) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  child.kill("SIGTERM");
  const done = await Promise.race([exited(child).then(() => true), sleep(8_000).then(() => false)]);
  if (!done) {
    log(`${name} did not stop after SIGTERM: sending SIGKILL`);
    child.kill("SIGKILL");
    await Promise.race([exited(child), sleep(3_000)]);
  }
}

export async function waitForHealth(baseUrl, child, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  let last = "no answer yet";
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`app server exited during start-up (code ${child.exitCode ?? child.signalCode})`);
    try {
      const r = await rawGet(`${baseUrl}/healthz`, {}, 2_000);
      if (r.status === 200) return;
      last = `HTTP ${r.status}`;
    } catch (error) {
      last = error.message;
    }
    await sleep(250);
  }
  throw new Error(`app server not healthy after ${timeoutMs} ms (${last})`);
}

/** A child node process that reports `{ port }` over IPC once it listens. */
export function spawnReporting(args, options = {}) {
  const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ["ignore", 2, 2, "ipc"], ...options });
  const ready = new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${args.join(" ")} did not start within 30 s`)), 30_000);
    child.once("message", (m) => {
      clearTimeout(timer);
      resolve(m);
    });
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`${args.join(" ")} exited during start-up (${code ?? signal})`));
    });
    child.once("error", reject);
  });
  return { child, ready };
}

const TICK_MS = 1000 / Number(spawnSync("getconf", ["CLK_TCK"]).stdout?.toString().trim() || 100);

/** CPU time (user + system, ms) a process and its exited, waited-for children have used. */
export function cpuMs(pid) {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  // After the name: state(0) ... utime(11) stime(12) cutime(13) cstime(14)
  return (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) * TICK_MS;
}

/** The processes of a server: the process and its children (WEB_CONCURRENCY workers). */
export function processTree(pid) {
  const pids = [pid];
  for (let i = 0; i < pids.length; i++) {
    let children = "";
    try {
      children = fs.readFileSync(`/proc/${pids[i]}/task/${pids[i]}/children`, "utf8");
    } catch {
      children = "";
    }
    for (const c of children.split(" ").filter(Boolean)) pids.push(Number(c));
  }
  return pids;
}

export function treeCpuMs(pid) {
  return processTree(pid).reduce((sum, p) => {
    try {
      return sum + cpuMs(p);
    } catch {
      return sum;
    }
  }, 0);
}

/** Resident set size (MB) of a server's processes together. */
export function rssMb(pid) {
  return Math.round(processRssKb(pid).reduce((a, b) => a + b, 0) / 102.4) / 10;
}

/** The RSS of the largest process under `pid` (a worker, when there are several), in MB. */
export function largestRssMb(pid) {
  return Math.round(Math.max(0, ...processRssKb(pid)) / 102.4) / 10;
}

function processRssKb(pid) {
  return processTree(pid).map((p) => {
    try {
      const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${p}/status`, "utf8"));
      return m ? Number(m[1]) : 0;
    } catch {
      return 0; // gone
    }
  });
}

/**
 * autocannon against `url` (or `requests`) for `duration` s; figures plus the CPU ms per
 * request the server `pid` (with its workers) spent. Fails on errors, timeouts or non-2xx.
 */
export async function load(
  autocannon,
  label,
  { url, pid, duration, amount, connections, headers = {}, requests, expectStatus },
) {
  const before = treeCpuMs(pid);
  const result = await measured(autocannon, {
    url,
    connections,
    ...(amount ? { amount } : { duration }),
    pipelining: 1,
    timeout: 10,
    headers,
    requests,
  });
  const cpu = treeCpuMs(pid) - before;
  const problems = [];
  if (result.errors > 0) problems.push(`${result.errors} errors`);
  if (result.timeouts > 0) problems.push(`${result.timeouts} timeouts`);
  if (!expectStatus && result.non2xx > 0) problems.push(`${result.non2xx} non-2xx responses`);
  if (!(result.requests.total > 0)) problems.push("no request completed");
  if (problems.length > 0) throw new Error(`${label}: ${problems.join(", ")}`);
  const figures = {
    rps: perSecond(result),
    cpuMsPerRequest: Math.round((cpu / result.requests.total) * 1000) / 1000,
    p50ms: result.latency.p50,
    p99ms: result.latency.p99,
    bytesPerRequest: Math.round(result.throughput.total / result.requests.total),
  };
  // The raw totals, for adding runs up (alternating); not part of the printed figures.
  const seconds = (result.finish.getTime() - result.start.getTime()) / 1000;
  Object.defineProperty(figures, "totals", {
    value: { requests: result.requests.total, seconds, cpuMs: cpu, bytes: result.throughput.total },
  });
  return figures;
}

/**
 * Two or more loads measured side by side: `slices` rounds, each running every load for
 * `duration / slices` seconds in turn, so a machine whose speed drifts (a shared one) weighs on
 * all of them alike. Per load, its slices added up: requests per second and CPU ms per request
 * over all of them, the median of the slices' p50 and the largest p99. A load's own `pid` (another
 * server) wins over the shared one.
 */
export async function alternating(autocannon, loads, { pid, duration, connections, slices = 4, log = () => {} }) {
  const runs = Object.fromEntries(loads.map(([name]) => [name, []]));
  const slice = Math.max(1, Math.round(duration / slices));
  for (let round = 0; round < slices; round++) {
    for (const [name, options] of loads) {
      log(`${name}: slice ${round + 1} of ${slices}, ${slice} s`);
      runs[name].push(await load(autocannon, name, { pid, ...options, duration: slice, connections }));
    }
  }
  return Object.fromEntries(
    Object.entries(runs).map(([name, list]) => {
      const sum = (key) => list.reduce((total, run) => total + run.totals[key], 0);
      return [
        name,
        {
          rps: Math.round((sum("requests") / sum("seconds")) * 100) / 100,
          cpuMsPerRequest: Math.round((sum("cpuMs") / sum("requests")) * 1000) / 1000,
          p50ms: median(list.map((run) => run.p50ms)),
          p99ms: Math.max(...list.map((run) => run.p99ms)),
          bytesPerRequest: Math.round(sum("bytes") / sum("requests")),
        },
      ];
    }),
  );
}

export const ratio = (a, b) => Math.round((a / b) * 10_000) / 10_000;

/** The middle value (the lower of the two middle ones for an even count). */
export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];

/** The median, lowest and highest of some ratios, and how many. */
export function spread(values) {
  return { median: median(values), min: Math.min(...values), max: Math.max(...values), n: values.length };
}

/**
 * An autocannon run (`autocannon(options)`), its result's `finish` the time its last answer came.
 * autocannon ends a run only at its next whole-second sample, so a run of a fixed number of
 * requests (`amount`) took a whole number of seconds by its own `finish`: 1,000 bookings done in
 * 4.2 s counted as 1,000 in 5.0 s, and every such figure came out as 1000/4, 1000/5 or 1000/6.
 */
export async function measured(autocannon, options) {
  const run = autocannon(options);
  let last = 0;
  run.on("response", () => {
    last = Date.now();
  });
  const result = await run;
  if (last > result.start.getTime()) result.finish = new Date(last);
  return result;
}

/**
 * Requests per second of an autocannon result from `measured`: all answered requests over the
 * run's own duration. (autocannon's `requests.average` is the mean of whole-second samples.)
 */
export function perSecond(result) {
  const seconds = (result.finish.getTime() - result.start.getTime()) / 1000;
  return seconds > 0 ? Math.round((result.requests.total / seconds) * 100) / 100 : 0;
}

export function tempDir(name) {
  return fs.mkdtempSync(path.join(os.tmpdir(), `scheduler-bench-${name}-`));
}

export const BENCH_PASSWORD = "bench-password-2026";

/** The body of an answer that must have status `expected`, parsed as JSON. */
export async function json(res, expected) {
  const body = await res.text();
  if (res.status !== expected)
    throw new Error(`${res.url}: expected ${expected}, got ${res.status}: ${body.slice(0, 300)}`);
  return body ? JSON.parse(body) : null;
}

/**
 * A professional host named `name` (also their username), available around the clock in UTC, with
 * one one-to-one event type `bench` of `duration` minutes bookable `bookingWindowDays` ahead.
 */
export async function benchHost(base, db, { name, ip = "127.0.0.1", duration = 30, bookingWindowDays = 365 }) {
  const email = `${name}@example.test`;
  const signup = await fetch(`${base}/signup`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: base, "x-forwarded-for": ip },
    body: new URLSearchParams({ name, email, password: BENCH_PASSWORD, confirmPassword: BENCH_PASSWORD }).toString(),
  });
  if (signup.status !== 302) throw new Error(`sign-up answered ${signup.status}`);
  await db`update users set role = 'professional', username = ${name} where email = ${email}`;
  const { token } = await json(
    await fetch(`${base}/api/token`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": ip },
      body: JSON.stringify({ email, password: BENCH_PASSWORD }),
    }),
    200,
  );
  const auth = { authorization: `Bearer ${token}`, "content-type": "application/json", "x-forwarded-for": ip };
  const schedule = await json(
    await fetch(`${base}/api/schedules`, {
      method: "POST",
      headers: auth,
      body: JSON.stringify({
        name: "Always",
        timeZone: "UTC",
        isDefault: true,
        weekly: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, start: "00:00", end: "24:00" })),
        overrides: [],
      }),
    }),
    201,
  );
  const eventType = await json(
    await fetch(`${base}/api/event-types`, {
      method: "POST",
      headers: auth,
      body: JSON.stringify({
        title: "Bench",
        slug: "bench",
        duration,
        slotInterval: duration,
        minimumNotice: 0,
        bookingWindowDays,
        kind: "one-to-one",
        location: { type: "video" },
        scheduleId: schedule._id,
      }),
    }),
    201,
  );
  const [{ id }] = await db`select id from users where email = ${email}`;
  return { id, username: name, eventTypeId: eventType._id };
}

/** The PostgreSQL server the benches make their databases on. */
export const ADMIN_URL = process.env.TEST_DATABASE_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

/** The heap settings `npm start`, `npm run serve` and the Docker image give the server (docs/decisions/032). */
export const DEFAULT_HEAP_ARGS = ["--max-old-space-size=384", "--heap-growing-percent=50"];

/**
 * A fresh database and one production app server on it (the per-caller limits lifted: the bench
 * is one client), with `env` on top. The server runs with the production heap flags unless
 * `env.NODE_OPTIONS` sets a cap, `nodeArgs` are given or BENCH_NODE_ARGS (space-separated Node
 * flags, for those NODE_OPTIONS refuses, such as `--cpu-prof`) is set. `db` is a connection to that database;
 * `stop()` stops the server and drops the database; `another(nodeArgs, env)` starts a second server on the same database (its own port) with
 * other Node flags (by default the first one's, `app.nodeArgs`) and returns `{ base, child, stop }`.
 */
export async function startBenchApp(name, env = {}, { log = () => {}, dbMax = 1, nodeArgs } = {}) {
  const dbName = `scheduler_bench_${name}_${process.pid}`;
  const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${dbName}"`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${dbName}`;
  const port = await freePort();
  const base = `http://${HOST}:${port}`;
  const serverEnv = {
    PATH: process.env.PATH ?? "",
    NODE_ENV: "production",
    PORT: String(port),
    DATABASE_URL: url.toString(),
    // Required in production on PostgreSQL (decision 063).
    APP_URL: base,
    SESSION_SECRET: "bench-secret-0123456789abcdef0123456789abcdef",
    TRUST_PROXY: "loopback",
    API_RATE_LIMIT_PER_MINUTE: "100000",
    RATE_LIMIT_FACTOR: "1000",
    ...env,
  };
  const launch = (args, env = serverEnv) =>
    spawn(process.execPath, [...args, "server.mjs"], { cwd: ROOT, env, stdio: ["ignore", "ignore", "inherit"] });
  const heapGiven = (env.NODE_OPTIONS ?? "").includes("--max-old-space-size");
  const db = postgres(url.toString(), { max: dbMax, onnotice: () => {} });
  const fromEnv = process.env.BENCH_NODE_ARGS?.trim() ? process.env.BENCH_NODE_ARGS.trim().split(/\s+/) : null;
  const args = nodeArgs ?? fromEnv ?? (heapGiven ? [] : DEFAULT_HEAP_ARGS);
  const app = { base, url, db, nodeArgs: args, child: launch(args) };
  app.stop = async () => {
    await stopChild(app.child, "app server", log);
    await db.end();
    await admin.unsafe(`drop database if exists "${dbName}" with (force)`);
    await admin.end();
  };
  app.another = async (otherArgs = args, extraEnv = {}) => {
    const otherPort = await freePort();
    const other = {
      base: `http://${HOST}:${otherPort}`,
      child: launch(otherArgs, { ...serverEnv, ...extraEnv, PORT: String(otherPort) }),
    };
    other.stop = () => stopChild(other.child, "second app server", log);
    try {
      await waitForHealth(other.base, other.child);
    } catch (error) {
      await other.stop();
      throw error;
    }
    return other;
  };
  try {
    await waitForHealth(base, app.child);
  } catch (error) {
    await app.stop();
    throw error;
  }
  return app;
}

/**
 * A local SMTP server that takes `delayMs` to accept each message, as a relay across a network
 * does: `url` for the app's SMTP_URL, `received()` the messages it took, `close()`.
 */
export async function startSlowSmtp(delayMs) {
  const { SMTPServer } = await import("smtp-server");
  let received = 0;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      stream.resume();
      stream.on("end", () => setTimeout(() => (received++, callback()), delayMs));
    },
  });
  const port = await freePort();
  await new Promise((resolve) => smtp.listen(port, HOST, resolve));
  return {
    url: `smtp://${HOST}:${port}`,
    received: () => received,
    close: () => new Promise((resolve) => smtp.close(resolve)),
  };
}

/**
 * The JSON bodies of POST /api/bookings on distinct free slots of bench hosts (benchHost, 15
 * minutes, all day): every 15 minutes from tomorrow 00:00 UTC, host after host.
 */
export function bookingBodies(eventTypeIds) {
  const first = new Date();
  first.setUTCHours(24, 0, 0, 0);
  let next = 0;
  return () => {
    const k = next++;
    return JSON.stringify({
      eventTypeId: eventTypeIds[k % eventTypeIds.length],
      start: new Date(first.getTime() + Math.floor(k / eventTypeIds.length) * 15 * 60_000).toISOString(),
      name: "Guest",
      email: `guest${k}@example.test`,
      timeZone: "Europe/Berlin",
    });
  };
}
