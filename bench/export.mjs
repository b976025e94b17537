// Benchmark of the bookings export (GET /api/bookings/export, decision 079) on PostgreSQL: a host
// with BENCH_EXPORT_ROWS bookings (made with SQL, with answers and source parameters) made over
// the last 25 days; the export of all of them read to the end by a client, timed, with the app
// server's RSS sampled every 20 ms (peak growth over its RSS before the request: the streamed
// batches should keep it flat whatever the row count). The reference, in the same run: the
// database's own `COPY (select the same rows) TO STDOUT WITH CSV`, read by the same client.
//
//   node bench/export.mjs      (or `npm run bench -- export`)
//
// Needs a PostgreSQL server: TEST_DATABASE_ADMIN_URL (default postgres://postgres@127.0.0.1:5432/postgres);
// creates its own database and drops it. Prints exactly one JSON line on stdout; logs on stderr.
// Exits non-zero on any failure (a status other than 200, a row count other than the seeded one).
import os from "node:os";
import {
  BENCH_PASSWORD,
  benchHost,
  ensureAppBuild,
  json,
  numberFromEnv,
  ratio,
  rssMb,
  sleep,
  startBenchApp,
} from "./lib/harness.mjs";

const ROWS = numberFromEnv("BENCH_EXPORT_ROWS", 100_000, 1000);
const log = (...args) => console.error("[bench:export]", ...args);

async function main() {
  ensureAppBuild(log);
  const app = await startBenchApp("export", { WEB_CONCURRENCY: "1" }, { log, dbMax: 2 });
  const { base, db } = app;
  try {
    const host = await benchHost(base, db, { name: "exporthost", duration: 15, bookingWindowDays: 730 });
    const { token } = await json(
      await fetch(`${base}/api/token`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: "exporthost@example.test", password: BENCH_PASSWORD }),
      }),
      200,
    );
    await db`update users set time_zone = 'UTC' where id = ${host.id}`;
    log(`seeding ${ROWS} bookings`);
    const t0 = performance.now();
    await db`
      insert into events (host_id, event_name, event_type, event_with, description, starts_at, ends_at,
                          status, guest_name, guest_email, guest_time_zone, notes, event_type_id, answers,
                          utm, guest_no_show, created_at)
      select ${host.id}, 'Bench', 'Google Meet', 'One-to-One', '',
             now() - interval '20 days' + i * interval '20 minutes',
             now() - interval '20 days' + i * interval '20 minutes' + interval '15 minutes',
             (case when i % 9 = 0 then 'cancelled' else 'confirmed' end)::event_status,
             'Guest ' || i, 'guest' || i || '@example.test', 'Europe/Berlin',
             case when i % 4 = 0 then 'Notes, with "quotes"' end, ${host.eventTypeId},
             jsonb_build_object('company', 'Company ' || i, 'size', i % 50),
             case when i % 3 = 0 then jsonb_build_object('utm_source', 'newsletter', 'utm_campaign', 'c' || (i % 10)) end,
             i % 17 = 0,
             now() - (i::double precision / ${ROWS}) * interval '25 days'
      from generate_series(1, ${ROWS}) as i`;
    await db`analyze events`;
    log(`seeded in ${Math.round(performance.now() - t0)} ms`);

    // The reference: the database writes the same rows as CSV itself.
    const copyStart = performance.now();
    let copyBytes = 0;
    // COPY takes no parameters: the host id (a uuid the database made) is written in.
    const copy = await db
      .unsafe(
        `
      copy (select e.id, e.created_at, e.status, e.starts_at, e.ends_at, e.event_type_id, t.slug, t.title,
                   e.event_name, e.host_id, u.name, u.email, e.guest_name, e.guest_email, e.guest_time_zone,
                   (select string_agg(i.email, ' ' order by i.position) from event_invitees i where i.event_id = e.id),
                   e.notes, e.answers, e.guest_no_show, e.host_no_show,
                   e.utm->>'utm_source', e.utm->>'utm_medium', e.utm->>'utm_campaign', e.utm->>'utm_term',
                   e.utm->>'utm_content', e.utm->>'ref'
            from events e left join event_types t on t.id = e.event_type_id join users u on u.id = e.host_id
            where e.host_id = '${host.id}'::uuid and e.booking_id is null and e.event_type_id is not null
              and e.created_at >= now() - interval '30 days'
            order by e.created_at, e.id) to stdout with csv header`,
      )
      .readable();
    for await (const chunk of copy) copyBytes += chunk.length;
    const copySeconds = (performance.now() - copyStart) / 1000;

    // The export, read by a client as it streams, the server's RSS sampled meanwhile.
    await sleep(1000);
    const pid = app.child.pid;
    const rssBefore = rssMb(pid);
    let rssPeak = rssBefore;
    const sampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, rssMb(pid));
    }, 20);
    const exportStart = performance.now();
    const res = await fetch(`${base}/api/bookings/export`, { headers: { authorization: `Bearer ${token}` } });
    if (res.status !== 200) throw new Error(`export answered ${res.status}: ${await res.text()}`);
    let exportBytes = 0;
    let newlines = 0;
    let firstByteMs = null;
    for await (const chunk of res.body) {
      firstByteMs ??= performance.now() - exportStart;
      exportBytes += chunk.length;
      for (let i = 0; i < chunk.length; i++) if (chunk[i] === 10) newlines += 1;
    }
    const exportSeconds = (performance.now() - exportStart) / 1000;
    clearInterval(sampler);
    rssPeak = Math.max(rssPeak, rssMb(pid));
    // Header + one line per booking (the seeded notes hold no line breaks).
    if (newlines - 1 !== ROWS) throw new Error(`the export had ${newlines - 1} rows, not ${ROWS}`);

    console.log(
      JSON.stringify({
        bench: "export",
        database: "postgresql",
        rows: ROWS,
        export: {
          seconds: Math.round(exportSeconds * 100) / 100,
          firstByteMs: Math.round(firstByteMs ?? 0),
          rowsPerSecond: Math.round(ROWS / exportSeconds),
          mb: Math.round(exportBytes / 10_485.76) / 100,
          rssBeforeMb: rssBefore,
          rssPeakGrowthMb: Math.round((rssPeak - rssBefore) * 10) / 10,
        },
        copy: { seconds: Math.round(copySeconds * 100) / 100, mb: Math.round(copyBytes / 10_485.76) / 100 },
        // How many times the database's own COPY the export takes.
        timeVsCopy: ratio(exportSeconds, copySeconds),
        // The machine's 1-minute load average at the end: the figures are only comparable at a similar load.
        loadAverage: Math.round(os.loadavg()[0] * 10) / 10,
        node: process.version,
      }),
    );
  } finally {
    await app.stop();
  }
}

main().catch((error) => {
  console.error("[bench:export] failed:", error?.message ?? error);
  process.exit(1);
});
