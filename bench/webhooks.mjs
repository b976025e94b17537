// Benchmark of webhook delivery on PostgreSQL (docs/decisions/037), against a local receiver
// that verifies every signature with the standardwebhooks library:
// - latency: BENCH_BOOKINGS bookings (POST /api/bookings, BENCH_CONNECTIONS at a time); for each,
//   the time from sending the booking request to the receiver getting its booking.created
//   (the booking's commit, the outbox consumer's fan-out, the sender), p50 and p99;
// - throughput: BENCH_DELIVERIES due deliveries queued at once for one subscription; how many per
//   second one app server's job runner sends (JOBS_POLL_MS=100, its 16 parallel requests).
//
//   node bench/webhooks.mjs      (or `npm run bench -- webhooks`)
//
// Needs a PostgreSQL server: TEST_DATABASE_ADMIN_URL (default postgres://postgres@127.0.0.1:5432/postgres);
// creates its own database and drops it. Prints exactly one JSON line on stdout; logs on stderr.
// Exits non-zero on any failure (a refused booking, a bad signature, a delivery missing or doubled).
import crypto from "node:crypto";
import http from "node:http";
import os from "node:os";
import { Webhook } from "standardwebhooks";
import {
  BENCH_PASSWORD,
  benchHost,
  ensureAppBuild,
  freePort,
  HOST,
  json,
  numberFromEnv,
  sleep,
  startBenchApp,
} from "./lib/harness.mjs";

const BOOKINGS = numberFromEnv("BENCH_BOOKINGS", 300, 10);
const CONNECTIONS = numberFromEnv("BENCH_CONNECTIONS", 4, 1);
const DELIVERIES = numberFromEnv("BENCH_DELIVERIES", 3000, 100);

const log = (...args) => console.error("[bench:webhooks]", ...args);

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function main() {
  ensureAppBuild(log);

  // The receiver: verifies, remembers when each message (and booking) arrived.
  let verifier = null;
  const arrivals = new Map(); // booking id -> ms
  const seen = new Map(); // webhook-id -> count
  let bad = 0;
  const receiver = http.createServer((req, res) => {
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      try {
        const payload = verifier.verify(body, req.headers);
        const id = req.headers["webhook-id"];
        seen.set(id, (seen.get(id) ?? 0) + 1);
        if (payload.type === "booking.created" && !arrivals.has(payload.data.id))
          arrivals.set(payload.data.id, performance.now());
      } catch {
        bad += 1;
      }
      res.writeHead(204).end();
    });
  });
  const receiverPort = await freePort();
  await new Promise((resolve) => receiver.listen(receiverPort, HOST, resolve));

  const app = await startBenchApp(
    "wh",
    {
      ALLOW_PRIVATE_WEBHOOK_URLS: "true",
      JOBS_POLL_MS: "100",
      WEB_CONCURRENCY: "1",
    },
    { log, dbMax: 2 },
  );
  const { base, db } = app;
  try {
    const { eventTypeId } = await benchHost(base, db, { name: "hookhost", duration: 15, bookingWindowDays: 730 });
    const { token } = await json(
      await fetch(`${base}/api/token`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: "hookhost@example.test", password: BENCH_PASSWORD }),
      }),
      200,
    );
    const auth = { authorization: `Bearer ${token}`, "content-type": "application/json" };
    const hook = await json(
      await fetch(`${base}/api/webhooks`, {
        method: "POST",
        headers: auth,
        body: JSON.stringify({ url: `http://${HOST}:${receiverPort}/hook`, events: ["booking.created"] }),
      }),
      201,
    );
    verifier = new Webhook(hook.secret);

    // Latency: booking request sent -> booking.created received.
    log(`${BOOKINGS} bookings, ${CONNECTIONS} at a time`);
    const first = new Date();
    first.setUTCHours(24, 0, 0, 0);
    let next = 0;
    const sentAt = new Map();
    const worker = async () => {
      while (next < BOOKINGS) {
        const start = new Date(first.getTime() + next++ * 15 * 60_000).toISOString();
        const began = performance.now();
        const res = await fetch(`${base}/api/bookings`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ eventTypeId, start, name: "Guest", email: `g${next}@example.test`, timeZone: "UTC" }),
        });
        const { booking } = await json(res, 201);
        sentAt.set(booking.id, began);
      }
    };
    await Promise.all(Array.from({ length: CONNECTIONS }, worker));
    const deadline = Date.now() + 60_000;
    while (arrivals.size < BOOKINGS && Date.now() < deadline) await sleep(20);
    if (arrivals.size < BOOKINGS) throw new Error(`only ${arrivals.size} of ${BOOKINGS} booking.created arrived`);
    const latencies = [...sentAt].map(([id, t]) => arrivals.get(id) - t).sort((a, b) => a - b);

    // Where the time goes: the record's commit -> the fan-out's commit -> the 2xx.
    const [split] = await db`
      select percentile_cont(0.5) within group (order by extract(epoch from d.created_at - e.created_at) * 1000) as fanout,
             percentile_cont(0.5) within group (order by extract(epoch from d.delivered_at - d.created_at) * 1000) as send
      from webhook_deliveries d join booking_events e on e.id = d.booking_event_id`;

    // Throughput: a backlog of due deliveries, drained by the one runner.
    log(`${DELIVERIES} queued deliveries`);
    await sleep(500);
    const before = seen.size;
    const body = JSON.stringify({
      type: "booking.created",
      timestamp: new Date().toISOString(),
      data: { id: crypto.randomUUID(), bench: true },
    });
    const rows = Array.from({ length: DELIVERIES }, (_, i) => ({
      subscription_id: hook.id,
      message_id: `msg_bench_${i}_${crypto.randomBytes(6).toString("hex")}`,
      type: "booking.created",
      body,
      next_attempt_at: new Date(Date.now() + 1000),
    }));
    for (let i = 0; i < rows.length; i += 1000) await db`insert into webhook_deliveries ${db(rows.slice(i, i + 1000))}`;
    const t0 = performance.now();
    let firstAt = null;
    const drainDeadline = Date.now() + 120_000;
    while (seen.size - before < DELIVERIES && Date.now() < drainDeadline) {
      if (firstAt === null && seen.size > before) firstAt = performance.now();
      await sleep(10);
    }
    const t1 = performance.now();
    if (seen.size - before < DELIVERIES)
      throw new Error(`only ${seen.size - before} of ${DELIVERIES} queued deliveries arrived`);
    const doubled = [...seen.values()].filter((n) => n > 1).length;
    if (doubled > 0 || bad > 0) throw new Error(`${doubled} messages arrived twice, ${bad} failed verification`);
    const seconds = (t1 - (firstAt ?? t0)) / 1000;
    console.log(
      JSON.stringify({
        bench: "webhooks",
        database: "postgresql",
        bookingToDelivery: {
          bookings: BOOKINGS,
          connections: CONNECTIONS,
          p50ms: Math.round(percentile(latencies, 50)),
          p99ms: Math.round(percentile(latencies, 99)),
          maxMs: Math.round(latencies.at(-1)),
          fanOutP50ms: Math.round(split.fanout),
          sendP50ms: Math.round(split.send),
        },
        oneRunner: {
          deliveries: DELIVERIES,
          seconds: Math.round(seconds * 100) / 100,
          deliveriesPerSecond: Math.round(DELIVERIES / seconds),
        },
        // The machine's 1-minute load average at the end: the figures are only comparable at a similar load.
        loadAverage: Math.round(os.loadavg()[0] * 10) / 10,
        node: process.version,
      }),
    );
  } finally {
    await app.stop();
    await new Promise((resolve) => receiver.close(resolve));
  }
}

main().catch((error) => {
  console.error("[bench:webhooks] failed:", error?.message ?? error);
  process.exit(1);
});
