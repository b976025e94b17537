// Benchmark of reading an iCalendar feed (app/scheduling/calendar-busy.ts), in process: how long
// busyFromCalendars + mergeBusy take for a feed of 6,000 events, and for twice as many (a
// linear reader takes about twice as long; a quadratic scan about four times).
//
//   node bench/feed-parse.mjs        (or `npm run bench -- feed-parse`)
//
// Prints exactly one JSON line on stdout; logs go to stderr.
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath, pathToFileURL } from "node:url";
import { tsImport } from "tsx/esm/api";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const { busyFromCalendars, mergeBusy } = await tsImport(
  pathToFileURL(path.join(ROOT, "app/scheduling/calendar-busy.ts")).href,
  import.meta.url,
);

const window = {
  from: new Date("2026-12-01T00:00:00Z"),
  to: new Date("2026-12-15T00:00:00Z"),
  zone: "America/New_York",
};

function feed(events) {
  const lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//bench//EN"];
  for (let i = 0; i < events; i++) {
    const hour = String(i % 24).padStart(2, "0");
    lines.push(
      "BEGIN:VEVENT",
      `UID:big-${i}`,
      "DTSTAMP:20260101T000000Z",
      `DTSTART:20261201T${hour}0000Z`,
      `DTEND:20261201T${hour}3000Z`,
      `SUMMARY:${"x".repeat(200)}`,
      "END:VEVENT",
    );
  }
  lines.push("END:VCALENDAR");
  return lines.join("\r\n") + "\r\n";
}

/** The fastest of a few runs, in ms. */
function measure(events) {
  const text = feed(events);
  let best = Infinity;
  for (let run = 0; run < 5; run++) {
    const started = performance.now();
    const busy = busyFromCalendars([text], window);
    if (busy.length !== events || mergeBusy(busy).length !== 24) throw new Error(`wrong result for ${events} events`);
    best = Math.min(best, performance.now() - started);
  }
  return best;
}

const ms6000 = measure(6000);
const ms12000 = measure(12000);
console.error(`[bench:feed-parse] 6,000 events ${ms6000.toFixed(1)} ms, 12,000 events ${ms12000.toFixed(1)} ms`);
console.log(
  JSON.stringify({
    bench: "feed-parse",
    ms6000: Math.round(ms6000),
    ms12000: Math.round(ms12000),
    growthFor2x: Number((ms12000 / ms6000).toFixed(2)),
  }),
);
