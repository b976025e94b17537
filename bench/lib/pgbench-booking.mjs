// PostgreSQL's own throughput for the booking's critical section (bench/booking.mjs): pgbench
// running the statements of the app's booking transaction on the bench's database, over the
// bench's hosts, in two forms:
//   - "statements": one round trip per statement, as the app sends them (an event-type read,
//     BEGIN, the host's row lock, the busy-time read, four inserts (the booking event with its
//     deliveries in one), COMMIT);
//   - "oneRoundTrip": the same work in one call of a PL/pgSQL function (one round trip, one commit).
// The bookings land in 2030 and later (outside the app's own slots), and their outbox deliveries are
// written as already out of attempts so the app's job runner leaves them alone.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

/** pgbench on PATH or in the PostgreSQL server's bin folder; a clear error when there is none. */
export function findPgbench() {
  const onPath = spawnSync("pgbench", ["--version"], { encoding: "utf8" });
  if (onPath.status === 0) return "pgbench";
  const root = "/usr/lib/postgresql";
  const versions = fs.existsSync(root) ? fs.readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  for (const v of versions) {
    const candidate = path.join(root, v, "bin/pgbench");
    if (fs.existsSync(candidate)) return candidate;
  }
  throw new Error(
    "pgbench not found (on PATH or /usr/lib/postgresql/*/bin): apt-get install -y postgresql-client (or postgresql-contrib)",
  );
}

// The app's busy-time read (app/models/event-type.server.ts busyTimes) for a window of 5 days.
const BUSY = (
  host,
  start,
) => `select events.starts_at, events.ends_at, events.event_type_id, coalesce(event_types.buffer_before, 0), coalesce(event_types.buffer_after, 0),
  greatest(1, coalesce((select sum(1 + cardinality(booking_seats.guests)) from booking_seats where booking_seats.event_id = events.id and booking_seats.status = 'confirmed'),
  (select count(*) from event_invitees where event_invitees.event_id = events.id)))
  from events left join event_types on event_types.id = events.event_type_id
  where events.host_id = ${host} and events.status <> 'cancelled'
  and tstzrange(events.starts_at, events.ends_at, '[)') && tstzrange(${start} - interval '2 days 12 hours', ${start} + interval '2 days 12 hours', '[)')
  order by events.starts_at`;

const PAYLOAD = JSON.stringify({
  to: ["guest@example.test"],
  host: { name: "Bench Host", email: "bench@example.test", timeZone: "UTC" },
  tell: "booking",
  links: {
    cancelUrl: `http://127.0.0.1/booking/00000000-0000-4000-8000-000000000000/cancel?token=${"x".repeat(43)}`,
    rescheduleUrl: `http://127.0.0.1/booking/00000000-0000-4000-8000-000000000000/reschedule?token=${"x".repeat(43)}`,
  },
  booking: {
    id: "00000000-0000-4000-8000-000000000000",
    eventName: "Bench",
    eventType: "Google Meet",
    eventWith: "One-to-One",
    description: "",
    startsAt: "2030-01-01T00:00:00.000Z",
    endsAt: "2030-01-01T00:15:00.000Z",
    status: "confirmed",
    guestName: "Guest",
    guestTimeZone: "Europe/Berlin",
    invitees: ["guest@example.test"],
  },
}).replace(/'/g, "''");

/** Tables and the function pgbench uses, on `db` (postgres.js) for `hosts` ({ id, eventTypeId }). */
export async function preparePgbench(db, hosts) {
  await db.unsafe(`create table bench_hosts (i int primary key, user_id uuid not null, event_type_id uuid not null)`);
  for (const [i, h] of hosts.entries()) await db`insert into bench_hosts values (${i + 1}, ${h.id}, ${h.eventTypeId})`;
  await db.unsafe(`create sequence bench_slot`);
  await db.unsafe(`create function bench_book(h int) returns uuid language plpgsql as $fn$
declare host uuid; et uuid; n bigint; s timestamptz; ev uuid; be uuid; busy int;
begin
  select b.user_id, b.event_type_id, nextval('bench_slot') into host, et, n from bench_hosts b where b.i = h;
  s := timestamptz '2030-01-01 00:00:00+00' + make_interval(mins => 15 * n::int);
  perform 1 from users where id = host for update;
  select count(*) into busy from (${BUSY("host", "s")}) x;
  insert into events (host_id, event_name, event_type, event_with, description, starts_at, ends_at, guest_name, guest_time_zone, notes, answers, event_type_id, guest_email, booking_token_hash)
    values (host, 'Bench', 'Google Meet', 'One-to-One', '', s, s + interval '15 minutes', 'Guest', 'Europe/Berlin', null, '{}', et, 'guest@example.test', md5(n::text)) returning id into ev;
  insert into event_invitees (event_id, position, email) values (ev, 1, 'guest@example.test');
  insert into notifications (user_id, notification) values (host, 'New booking: Bench with Guest on Wed, Jan 1, 2030 at 12:00 AM (UTC)');
  insert into booking_events (kind, event_id, seat_id, actor, new_starts_at, new_ends_at, payload)
    values ('created', ev, null, 'guest', s, s + interval '15 minutes', '${PAYLOAD}'::jsonb) returning id into be;
  insert into booking_event_deliveries (booking_event_id, consumer, attempts) values (be, 'webhooks', 99), (be, 'mail', 99), (be, 'calendar', 99);
  return ev;
end $fn$`);
}

function scripts(hostCount) {
  const statements = `\\set h random(1, ${hostCount})
select b.user_id as host, b.event_type_id as et, nextval('bench_slot') as n from bench_hosts b where b.i = :h \\gset
begin;
select id from users where id = :host for update;
${BUSY(":host", "(timestamptz '2030-01-01 00:00:00+00' + make_interval(mins => 15 * (:n)::int))").replace(/\n/g, " ")};
insert into events (host_id, event_name, event_type, event_with, description, starts_at, ends_at, guest_name, guest_time_zone, notes, answers, event_type_id, guest_email, booking_token_hash) values (:host, 'Bench', 'Google Meet', 'One-to-One', '', timestamptz '2030-01-01 00:00:00+00' + make_interval(mins => 15 * (:n)::int), timestamptz '2030-01-01 00:15:00+00' + make_interval(mins => 15 * (:n)::int), 'Guest', 'Europe/Berlin', null, '{}', :et, 'guest@example.test', md5((:n)::text)) returning id as ev \\gset
insert into event_invitees (event_id, position, email) values (:ev, 1, 'guest@example.test');
insert into notifications (user_id, notification) values (:host, 'New booking: Bench with Guest on Wed, Jan 1, 2030 at 12:00 AM (UTC)');
with record as (insert into booking_events (kind, event_id, seat_id, actor, new_starts_at, new_ends_at, payload) values ('created', :ev, null, 'guest', timestamptz '2030-01-01 00:00:00+00' + make_interval(mins => 15 * (:n)::int), timestamptz '2030-01-01 00:15:00+00' + make_interval(mins => 15 * (:n)::int), '${PAYLOAD}'::jsonb) returning id) insert into booking_event_deliveries (booking_event_id, consumer, attempts) select record.id, c.name, 99 from record, (values ('webhooks'), ('mail'), ('calendar')) as c(name);
commit;
`;
  const oneRoundTrip = `\\set h random(1, ${hostCount})
select bench_book(:h);
`;
  return { statements, oneRoundTrip };
}

function runOne(pgbench, url, file, { clients, seconds }) {
  const r = spawnSync(
    pgbench,
    ["-n", "-M", "extended", "-c", String(clients), "-j", "2", "-T", String(seconds), "-f", file, url],
    {
      encoding: "utf8",
      timeout: (seconds + 60) * 1000,
    },
  );
  if (r.error) throw r.error;
  const out = `${r.stdout}\n${r.stderr}`;
  if (r.status !== 0) throw new Error(`pgbench ${path.basename(file)} failed (exit ${r.status}): ${out.slice(-800)}`);
  const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(out) ?? /tps = ([\d.]+)/.exec(out);
  const latency = /latency average = ([\d.]+) ms/.exec(out);
  const failed = /number of failed transactions: (\d+)/.exec(out);
  const done = /number of transactions actually processed: (\d+)/.exec(out);
  if (!tps) throw new Error(`pgbench ${path.basename(file)}: no tps in its output: ${out.slice(-800)}`);
  if (failed && Number(failed[1]) > 0)
    throw new Error(`pgbench ${path.basename(file)}: ${failed[1]} failed transactions`);
  return {
    transactions: done ? Number(done[1]) : null,
    tps: Math.round(Number(tps[1]) * 100) / 100,
    latencyAvgMs: latency ? Number(latency[1]) : null,
  };
}

/** Both forms, one after the other, `clients` connections for `seconds` each. */
export function runPgbench(pgbench, url, dir, { hostCount, clients, seconds }) {
  const { statements, oneRoundTrip } = scripts(hostCount);
  const files = {
    statements: path.join(dir, "booking-statements.sql"),
    oneRoundTrip: path.join(dir, "booking-one-round-trip.sql"),
  };
  fs.writeFileSync(files.statements, statements);
  fs.writeFileSync(files.oneRoundTrip, oneRoundTrip);
  return {
    statements: runOne(pgbench, url, files.statements, { clients, seconds }),
    oneRoundTrip: runOne(pgbench, url, files.oneRoundTrip, { clients, seconds }),
  };
}
