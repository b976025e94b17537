// Benchmark of slots with the host's outside calendars (docs/decisions/035), on PostgreSQL with
// Debian's Radicale:
//   - GET /api/slots for 31 days of a host with 3 connected calendars (a CalDAV account with a
//     calendar of 500 weekly recurring events and one of 50 single events, and an ICS feed of 100
//     events), answered from the busy-time cache, next to the same for a host with none;
//   - the time from a change in Radicale (a new event) to its slot disappearing from
//     GET /api/slots, with the server's default sync period and job poll (BENCH_CHANGES times).
// Figures: requests/s, p50/p99 and CPU ms per request of the server process (from /proc).
//
//   node bench/calendars.mjs        (or `npm run bench -- calendars`)
//
// Needs a PostgreSQL server (TEST_DATABASE_ADMIN_URL, default postgres://postgres@127.0.0.1:5432/postgres;
// its own database, dropped after) and /usr/bin/radicale (scripts/ensure-radicale.sh). Prints exactly
// one JSON line on stdout; logs on stderr. Optional: BENCH_DURATION (s, default 8),
// BENCH_CONNECTIONS (default 10), BENCH_CHANGES (default 3).
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import {
  HOST,
  benchHost,
  ensureAppBuild,
  freePort,
  json,
  load,
  numberFromEnv,
  ratio,
  sleep,
  startBenchApp,
  stopChild,
  tempDir,
} from "./lib/harness.mjs";

const RADICALE = process.env.RADICALE_BIN ?? "/usr/bin/radicale";
const PASSWORD = "bench-app-password";
const log = (...args) => console.error("[bench:calendars]", ...args);
const DAY_MS = 86_400_000;

const stamp = (d) =>
  d
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
const vcalendar = (events) =>
  `BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//bench//EN\r\n${events.join("")}END:VCALENDAR\r\n`;
const vevent = (uid, start, minutes, extra = "") =>
  `BEGIN:VEVENT\r\nUID:${uid}\r\nDTSTAMP:20260101T000000Z\r\nDTSTART:${stamp(start)}\r\nDTEND:${stamp(new Date(start.getTime() + minutes * 60_000))}\r\nSUMMARY:${uid}\r\n${extra}END:VEVENT\r\n`;

async function startRadicale() {
  if (!fs.existsSync(RADICALE)) throw new Error(`${RADICALE} is missing: run scripts/ensure-radicale.sh`);
  const dir = tempDir("radicale");
  fs.writeFileSync(path.join(dir, "users"), `bench:${PASSWORD}\n`);
  const port = await freePort();
  fs.writeFileSync(
    path.join(dir, "config"),
    `[server]\nhosts = ${HOST}:${port}\n[auth]\ntype = htpasswd\nhtpasswd_filename = ${path.join(dir, "users")}\nhtpasswd_encryption = plain\ndelay = 0\n[storage]\nfilesystem_folder = ${path.join(dir, "collections")}\n[rights]\ntype = owner_only\n[logging]\nlevel = warning\n[web]\ntype = none\n`,
  );
  const child = spawn(RADICALE, ["--config", path.join(dir, "config")], { stdio: ["ignore", "ignore", "inherit"] });
  const url = `http://${HOST}:${port}`;
  for (let i = 0; ; i++) {
    try {
      await fetch(`${url}/`, { method: "OPTIONS" });
      break;
    } catch {
      if (i > 150) throw new Error("radicale did not start");
      await sleep(100);
    }
  }
  const auth = { authorization: "Basic " + Buffer.from(`bench:${PASSWORD}`).toString("base64") };
  return {
    url,
    child,
    async makeCalendar(name) {
      const target = `${url}/bench/${name}/`;
      const body = `<?xml version="1.0" encoding="utf-8"?><C:mkcalendar xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:set><D:prop><D:displayname>${name}</D:displayname></D:prop></D:set></C:mkcalendar>`;
      const res = await fetch(target, {
        method: "MKCALENDAR",
        headers: { ...auth, "content-type": "application/xml" },
        body,
      });
      if (res.status !== 201) throw new Error(`MKCALENDAR ${res.status}`);
      return target;
    },
    async put(calendar, file, text) {
      const res = await fetch(calendar + file, {
        method: "PUT",
        headers: { ...auth, "content-type": "text/calendar" },
        body: text,
      });
      if (res.status >= 300) throw new Error(`PUT ${res.status}`);
    },
  };
}

async function main() {
  const duration = numberFromEnv("BENCH_DURATION", 8, 1);
  const connections = numberFromEnv("BENCH_CONNECTIONS", 10, 1);
  const changes = numberFromEnv("BENCH_CHANGES", 3, 1);
  ensureAppBuild(log);
  const { default: autocannon } = await import("autocannon");
  const radicale = await startRadicale();
  // However the run ends (a failure while filling the calendars too), Radicale goes with it.
  process.on("exit", () => radicale.child.kill());
  const now = Date.now();
  const dayStart = (days) => new Date(Math.floor((now + days * DAY_MS) / DAY_MS) * DAY_MS);

  // 500 recurring events: 20-minute meetings every four weeks at spread-out times, from last month on (about 40 busy hours a week).
  const recurring = await radicale.makeCalendar("recurring");
  const series = Array.from({ length: 500 }, (_, i) =>
    vevent(
      `series-${i}`,
      new Date(dayStart(-30 + (i % 28)).getTime() + ((i * 37) % 1440) * 60_000),
      20,
      "RRULE:FREQ=WEEKLY;INTERVAL=4\r\n",
    ),
  );
  // One object per UID (CalDAV's rule), a few PUTs at a time.
  for (let i = 0; i < 500; i += 10)
    await Promise.all(
      series.slice(i, i + 10).map((e, j) => radicale.put(recurring, `series-${i + j}.ics`, vcalendar([e]))),
    );
  const single = await radicale.makeCalendar("single");
  for (let i = 0; i < 50; i++)
    await radicale.put(
      single,
      `single-${i}.ics`,
      vcalendar([vevent(`single-${i}`, new Date(dayStart(1 + (i % 30)).getTime() + 13 * 3_600_000), 60)]),
    );
  const feedText = vcalendar(
    Array.from({ length: 100 }, (_, i) =>
      vevent(`feed-${i}`, new Date(dayStart(1 + (i % 30)).getTime() + (8 + (i % 3)) * 3_600_000), 45),
    ),
  );
  const feed = http.createServer((req, res) =>
    res.writeHead(200, { "content-type": "text/calendar", etag: '"f1"' }).end(feedText),
  );
  await new Promise((r) => feed.listen(0, HOST, r));
  const feedUrl = `http://${HOST}:${feed.address().port}/feed.ics`;

  const app = await startBenchApp(
    "calendars",
    {
      CALENDAR_ENCRYPTION_KEY: Buffer.alloc(32, 3).toString("base64"),
      ALLOW_PRIVATE_CALENDAR_URLS: "true",
      WEB_CONCURRENCY: "1",
    },
    { log },
  );
  const { base, db, child } = app;
  try {
    const plain = await benchHost(base, db, { name: "benchplain", ip: "10.201.0.1" });
    const withCalendars = await benchHost(base, db, { name: "benchcalendars", ip: "10.201.0.2" });
    const [{ token }] = await Promise.all([
      json(
        await fetch(`${base}/api/token`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-forwarded-for": "10.201.0.2" },
          body: JSON.stringify({ email: "benchcalendars@example.test", password: "bench-password-2026" }),
        }),
        200,
      ),
    ]);
    const auth = { authorization: `Bearer ${token}`, "content-type": "application/json" };
    log("connecting the CalDAV account and the feed");
    const caldav = await json(
      await fetch(`${base}/api/calendars`, {
        method: "POST",
        headers: auth,
        body: JSON.stringify({ type: "caldav", url: `${radicale.url}/`, username: "bench", password: PASSWORD }),
      }),
      201,
    );
    await json(
      await fetch(`${base}/api/calendars`, {
        method: "POST",
        headers: auth,
        body: JSON.stringify({ type: "ics", url: feedUrl }),
      }),
      201,
    );
    const [{ n: cached }] = await db`select count(*)::int as n from external_busy`;
    log(`${cached} merged busy intervals cached`);

    const from = new Date(now + DAY_MS).toISOString().slice(0, 10);
    const to = new Date(now + 31 * DAY_MS).toISOString().slice(0, 10);
    const slots = (h) =>
      `${base}/api/slots?eventTypeId=${h.eventTypeId}&start=${from}&end=${to}&timeZone=Europe/Berlin`;
    const figures = {};
    for (const [name, h] of [
      ["slotsWithoutCalendars", plain],
      ["slotsWith3Calendars", withCalendars],
    ]) {
      await load(autocannon, `${name} warm-up`, { url: slots(h), pid: child.pid, duration: 2, connections });
      figures[name] = await load(autocannon, name, { url: slots(h), pid: child.pid, duration, connections });
      log(`${name}: ${JSON.stringify(figures[name])}`);
    }

    // A change in Radicale to the slot gone, with the default period (CALENDAR_SYNC_SECONDS 30) and poll (JOBS_POLL_MS 15 s).
    const seconds = [];
    for (let i = 0; i < changes; i++) {
      const day = new Date(now + (40 + i) * DAY_MS).toISOString().slice(0, 10);
      const free =
        (
          await json(
            await fetch(
              `${base}/api/slots?eventTypeId=${withCalendars.eventTypeId}&start=${day}&end=${day}&timeZone=UTC`,
            ),
            200,
          )
        ).slots[day] ?? [];
      if (free.length === 0) throw new Error(`no free slot on ${day}`);
      const target = new Date(free[Math.floor(free.length / 2)]);
      const started = Date.now();
      await radicale.put(single, `change-${i}.ics`, vcalendar([vevent(`change-${i}`, target, 30)]));
      for (;;) {
        const now2 =
          (
            await json(
              await fetch(
                `${base}/api/slots?eventTypeId=${withCalendars.eventTypeId}&start=${day}&end=${day}&timeZone=UTC`,
              ),
              200,
            )
          ).slots[day] ?? [];
        if (!now2.some((s) => Date.parse(s) === target.getTime())) break;
        if (Date.now() - started > 120_000) throw new Error("the change did not show within 120 s");
        await sleep(250);
      }
      seconds.push(Math.round((Date.now() - started) / 100) / 10);
      log(`change ${i + 1}: ${seconds[i]} s`);
    }
    console.log(
      JSON.stringify({
        bench: "calendars",
        database: "postgresql",
        connections,
        durationSeconds: duration,
        calendars: {
          caldavCalendars: caldav.calendars.length,
          recurringEvents: 500,
          singleEvents: 50,
          feedEvents: 100,
          cachedBusyIntervals: cached,
        },
        ...figures,
        ratios: {
          p50WithVsWithout: ratio(figures.slotsWith3Calendars.p50ms || 1, figures.slotsWithoutCalendars.p50ms || 1),
          cpuWithVsWithout: ratio(
            figures.slotsWith3Calendars.cpuMsPerRequest,
            figures.slotsWithoutCalendars.cpuMsPerRequest,
          ),
        },
        changeToSlotGoneSeconds: { runs: seconds, max: Math.max(...seconds), syncSeconds: 30, pollSeconds: 15 },
        node: process.version,
      }),
    );
  } finally {
    await app.stop();
    await stopChild(radicale.child, "radicale", log);
    feed.close();
  }
}

main().catch((error) => {
  console.error("[bench:calendars] failed:", error?.stack ?? error);
  process.exit(1);
});
