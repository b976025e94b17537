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
import { SMTPServer } from "smtp-server";
import { HOST, benchHost, ensureAppBuild, freePort, startBenchApp } from "./lib/harness.mjs";

const BOOKINGS = Number(process.env.BENCH_BOOKINGS ?? 2000);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const SMTP_DELAY_MS = Number(process.env.BENCH_SMTP_DELAY_MS ?? 100);

const log = (...args) => console.error("[bench:booking]", ...args);

function figures(result, label) {
  const problems = [];
  if (result.errors || result.timeouts) problems.push(`${result.errors} errors, ${result.timeouts} timeouts`);
  if (result.non2xx) problems.push(`${result.non2xx} non-2xx answers`);
  if (!(result.requests.average > 0)) problems.push("0 requests per second");
  if (problems.length) throw new Error(`${label}: ${problems.join("; ")}`);
  return { requests: result.requests.total, rps: Math.round(result.requests.average * 100) / 100, p50ms: result.latency.p50, p99ms: result.latency.p99 };
}

async function main() {
  ensureAppBuild(log);
  const { default: autocannon } = await import("autocannon");
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
  const app = await startBenchApp("booking", { SMTP_URL: `smtp://${HOST}:${smtpPort}` }, { log });
  const { base, db } = app;
  try {
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
    await app.stop();
    await new Promise((resolve) => smtp.close(resolve));
  }
}

main().catch((error) => {
  console.error("[bench:booking] failed:", error?.message ?? error);
  process.exit(1);
});
