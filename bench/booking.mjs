// Benchmark of booking over HTTP on PostgreSQL: POST /api/bookings on distinct free slots (each
// one a transaction under the host's row lock, re-checking the slot, behind the exclusion
// constraint), and GET of the public booking page /{username}/{slug} (a month of slots
// computed into the first HTML).
//
//   node bench/booking.mjs      (or `npm run bench -- booking`)
//
// Needs a PostgreSQL server: TEST_DATABASE_ADMIN_URL (default postgres://postgres@127.0.0.1:5432/postgres);
// creates its own database and drops it. Prints exactly one JSON line on stdout; logs on stderr.
// Exits non-zero on any failure (a non-2xx answer, an error, 0 requests per second).
// Optional: BENCH_BOOKINGS (default 2000), BENCH_DURATION (s, default 10), BENCH_CONNECTIONS (default 10),
// BENCH_SMTP_DELAY_MS (default 100): the app sends its mail to a local SMTP server that takes this long
// to accept each message, as a relay across a network does, so a booking that waited for SMTP
// would show it in its latency.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import postgres from "postgres";
import { SMTPServer } from "smtp-server";
import { benchHost } from "./lib/harness.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const HOST = "127.0.0.1";
const ADMIN_URL = process.env.TEST_DATABASE_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const BOOKINGS = Number(process.env.BENCH_BOOKINGS ?? 2000);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const SMTP_DELAY_MS = Number(process.env.BENCH_SMTP_DELAY_MS ?? 100);

const log = (...args) => console.error("[bench:booking]", ...args);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function freePort() {
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

function ensureBuild() {
  if (fs.existsSync(path.join(ROOT, "build/index.js"))) return;
  log("no build found: running `npx remix build`");
  const r = spawnSync("npx", ["remix", "build"], { cwd: ROOT, stdio: ["ignore", 2, 2], env: { ...process.env, NODE_ENV: "production" } });
  if (r.status !== 0) throw new Error(`remix build failed (exit ${r.status ?? r.signal})`);
}

async function waitForHealth(base, child) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the app server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {
      // not up yet
    }
    await sleep(250);
  }
  throw new Error("the app server did not become healthy in 60 s");
}

function figures(result, label) {
  const problems = [];
  if (result.errors || result.timeouts) problems.push(`${result.errors} errors, ${result.timeouts} timeouts`);
  if (result.non2xx) problems.push(`${result.non2xx} non-2xx answers`);
  if (!(result.requests.average > 0)) problems.push("0 requests per second");
  if (problems.length) throw new Error(`${label}: ${problems.join("; ")}`);
  return { requests: result.requests.total, rps: Math.round(result.requests.average * 100) / 100, p50ms: result.latency.p50, p99ms: result.latency.p99 };
}

async function main() {
  ensureBuild();
  const { default: autocannon } = await import("autocannon");
  const dbName = `scheduler_bench_${process.pid}`;
  const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${dbName}"`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${dbName}`;
  const port = await freePort();
  const base = `http://${HOST}:${port}`;
  let mailsReceived = 0;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      stream.resume();
      stream.on("end", () => setTimeout(() => (mailsReceived++, callback()), SMTP_DELAY_MS));
    },
  });
  const smtpPort = await freePort();
  await new Promise((resolve) => smtp.listen(smtpPort, HOST, resolve));
  const child = spawn(process.execPath, ["server.mjs"], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? "",
      NODE_ENV: "production",
      PORT: String(port),
      DATABASE_URL: url.toString(),
      SMTP_URL: `smtp://${HOST}:${smtpPort}`,
      SESSION_SECRET: "bench-secret-0123456789abcdef0123456789abcdef",
      TRUST_PROXY: "loopback",
      // The bench is one client: lift the per-caller limits so they are not what is measured.
      API_RATE_LIMIT_PER_MINUTE: "100000",
      RATE_LIMIT_FACTOR: "1000",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const db = postgres(url.toString(), { max: 1, onnotice: () => {} });
  try {
    await waitForHealth(base, child);
    // A professional host (no free-plan cap), available around the clock in UTC: `/benchhost/bench`.
    const { eventTypeId } = await benchHost(base, db, { name: "benchhost", duration: 15, bookingWindowDays: 730 });

    // Distinct free slots: every 15 minutes from tomorrow 00:00 UTC.
    const first = new Date();
    first.setUTCHours(24, 0, 0, 0);
    let next = 0;
    const slot = () => new Date(first.getTime() + next++ * 15 * 60_000).toISOString();
    log(`POST /api/bookings x ${BOOKINGS}, ${CONNECTIONS} connections`);
    const posted = await autocannon({
      url: base,
      connections: CONNECTIONS,
      amount: BOOKINGS,
      timeout: 20,
      requests: [
        {
          method: "POST",
          path: "/api/bookings",
          headers: { "content-type": "application/json" },
          setupRequest: (req) => ({
            ...req,
            body: JSON.stringify({ eventTypeId, start: slot(), name: "Guest", email: `guest${next}@example.test`, timeZone: "Europe/Berlin" }),
          }),
        },
      ],
    });
    const bookings = figures(posted, "POST /api/bookings");
    const [{ n }] = await db`select count(*)::int as n from events where event_type_id = ${eventTypeId}`;
    if (n !== BOOKINGS) throw new Error(`expected ${BOOKINGS} stored bookings, found ${n}`);

    log(`GET /benchhost/bench for ${DURATION} s`);
    const page = figures(
      await autocannon({ url: `${base}/benchhost/bench`, connections: CONNECTIONS, duration: DURATION, timeout: 20 }),
      "GET /{username}/{slug}",
    );
    const slots = figures(
      await autocannon({
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
        mailsReceived,
        bookings,
        bookingPage: page,
        slots31Days: slots,
        node: process.version,
      }),
    );
  } finally {
    child.kill("SIGTERM");
    await new Promise((r) => (child.exitCode !== null ? r() : child.once("exit", r)));
    await db.end();
    await new Promise((resolve) => smtp.close(resolve));
    await admin.unsafe(`drop database if exists "${dbName}" with (force)`);
    await admin.end();
  }
}

main().catch((error) => {
  console.error("[bench:booking] failed:", error?.message ?? error);
  process.exit(1);
});
