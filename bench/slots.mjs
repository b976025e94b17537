// Benchmark of the slot engine (app/scheduling/slots.ts), in process, no server: how long one
// computeSlots call takes for a busy host over the longest range a call allows (62 days), how
// that grows with ten times the bookings, and a 5-host round robin.
//
//   node bench/slots.mjs        (or `npm run bench -- slots`)
//
// Prints exactly one JSON line on stdout; logs go to stderr. Exits non-zero on any failure.
// The engine is TypeScript: tsx's ESM API loads it as the app would run it. Data is
// deterministic (seeded PRNG) and `now` is fixed. Optional: BENCH_SLOTS_SECONDS (time budget
// per scenario, default 4), BENCH_SLOTS_MAX_RUNS (default 200).
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath, pathToFileURL } from "node:url";
import { tsImport } from "tsx/esm/api";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

function log(...args) {
  console.error("[bench:slots]", ...args);
}

function numberFromEnv(name, fallback, min) {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < min) throw new Error(`${name} must be a number >= ${min}, got ${JSON.stringify(raw)}`);
  return n;
}

/** mulberry32: a small seeded PRNG, so every run measures the same data. */
function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const NOW = Date.parse("2026-12-01T06:00:00Z");
const RANGE = { start: "2026-12-01", end: "2027-01-31" }; // 62 days
const RANGE_FROM = Date.parse("2026-11-30T00:00:00Z");
const RANGE_TO = Date.parse("2027-02-02T00:00:00Z");

/** Two intervals every weekday, and `overrides` dates in the range with other hours or none. */
function schedule(timeZone, overrides, random) {
  const weekly = [];
  for (let day = 1; day <= 7; day++) {
    weekly.push({ day, start: "08:00", end: "12:00" }, { day, start: "13:00", end: "18:30" });
  }
  const dates = new Set();
  while (dates.size < overrides) {
    dates.add(
      new Date(Date.parse("2026-12-01T00:00:00Z") + Math.floor(random() * 62) * DAY).toISOString().slice(0, 10),
    );
  }
  const list = [];
  for (const date of [...dates].sort()) {
    if (random() < 0.3) list.push({ date, unavailable: true });
    else list.push({ date, start: "07:00", end: "10:00" }, { date, start: "14:00", end: "20:00" });
  }
  return { timeZone, weekly, overrides: list };
}

/** `count` bookings over the range (some outside it), 15-45 minutes, some with buffers. */
function bookings(count, random, eventTypeId) {
  const out = [];
  for (let i = 0; i < count; i++) {
    const start = RANGE_FROM + Math.floor((random() * (RANGE_TO - RANGE_FROM)) / (5 * MINUTE)) * 5 * MINUTE;
    const length = (15 + Math.floor(random() * 3) * 15) * MINUTE;
    const own = random() < 0.1;
    out.push({
      start,
      end: start + length,
      bufferBefore: own ? 5 : Math.floor(random() * 3) * 5,
      bufferAfter: own ? 10 : Math.floor(random() * 3) * 5,
      eventTypeId: own ? eventTypeId : `other-${i % 7}`,
    });
  }
  return out;
}

const EVENT_TYPE = {
  id: "bench",
  kind: "one-to-one",
  duration: 30,
  slotInterval: 15,
  bufferBefore: 5,
  bufferAfter: 10,
  minimumNotice: 120,
  bookingWindowDays: 90,
  dailyLimit: 12,
};

function measure(label, computeSlots, input, { seconds, maxRuns }) {
  // Warm-up: let the JIT settle before timing.
  let result;
  for (let i = 0; i < 5; i++) result = computeSlots(input);
  const times = [];
  const deadline = performance.now() + seconds * 1000;
  while (times.length < maxRuns && (times.length < 10 || performance.now() < deadline)) {
    const t0 = performance.now();
    result = computeSlots(input);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const pick = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
  const slots = Object.values(result.slots).reduce((n, list) => n + list.length, 0);
  const figures = { medianMs: round(pick(0.5)), p95Ms: round(pick(0.95)), runs: times.length, slots };
  log(`${label}: ${JSON.stringify(figures)}`);
  if (!(figures.medianMs > 0)) throw new Error(`${label}: no time measured`);
  return figures;
}

function round(ms) {
  return Math.round(ms * 1000) / 1000;
}

async function main() {
  const seconds = numberFromEnv("BENCH_SLOTS_SECONDS", 4, 0.1);
  const maxRuns = numberFromEnv("BENCH_SLOTS_MAX_RUNS", 200, 10);
  const { computeSlots } = await tsImport(
    pathToFileURL(path.join(ROOT, "app/scheduling/slots.ts")).href,
    import.meta.url,
  );

  const random = prng(20261201);
  const hostSchedule = schedule("America/New_York", 50, random);
  const busy = bookings(2000, random, EVENT_TYPE.id);
  const busyX10 = bookings(20_000, random, EVENT_TYPE.id);
  const oneHost = (list) => ({
    eventType: EVENT_TYPE,
    hosts: [{ id: "host", schedule: hostSchedule, busy: list }],
    now: NOW,
    range: RANGE,
    timeZone: "Europe/Berlin",
  });

  const zones = ["America/New_York", "Europe/London", "Asia/Kolkata", "Australia/Sydney", "America/Los_Angeles"];
  const roundRobin = {
    eventType: { ...EVENT_TYPE, kind: "round-robin" },
    hosts: zones.map((zone, i) => ({
      id: `host-${i}`,
      schedule: schedule(zone, 10, random),
      busy: bookings(400, random, EVENT_TYPE.id),
    })),
    now: NOW,
    range: RANGE,
    timeZone: "UTC",
  };

  const options = { seconds, maxRuns };
  const x1 = measure("1 host, 2,000 bookings", computeSlots, oneHost(busy), options);
  const x10 = measure("1 host, 20,000 bookings", computeSlots, oneHost(busyX10), options);
  const rr = measure("5-host round robin, 2,000 bookings", computeSlots, roundRobin, options);
  if (x1.slots === 0 || rr.slots === 0) throw new Error("the scenarios offered no slot: the bench data is wrong");

  const line = {
    bench: "slots",
    days: 62,
    slotIntervalMinutes: 15,
    weeklyIntervalsPerDay: 2,
    overrides: 50,
    oneHost: { bookings: 2000, ...x1 },
    oneHostX10: { bookings: 20_000, ...x10 },
    growthX10: round(x10.medianMs / x1.medianMs),
    roundRobin: { hosts: 5, bookings: 2000, ...rr },
    node: process.version,
  };
  process.stdout.write(`${JSON.stringify(line)}\n`);
}

try {
  await main();
  process.exitCode = 0;
} catch (error) {
  log(`FAILED: ${error?.stack ?? error}`);
  process.exitCode = 1;
}
