import type { Sql } from "postgres";

/**
 * When this test file began (Vitest loads this module afresh for each file): the files of a
 * worker share its database, and a booking an earlier file left with a mail still leased (its
 * server busy or gone mid-send) is not this file's to wait for.
 */
const fileStartedAt = new Date(Date.now() - 1_000);

/**
 * Booking mails are written by the job runner's booking-events consumer (docs/decisions/030),
 * moments after the request. Only this file's bookings count (`fileStartedAt`). Waits (up to 20 s: on a loaded 2-core machine the job runner's polls
 * fall behind; 8 s was once not enough) until every booking event is
 * delivered and, with SMTP, no queued mail is left for the outbox job: then the mails are in
 * mail_outbox and at the SMTP server, as right after the request before. Throws when they are not.
 */
export async function bookingMailsSettled(db: Sql, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const since = fileStartedAt;
  for (;;) {
    const [{ pending }] = await db<{ pending: number }[]>`
      select (select count(*) from booking_event_deliveries d join booking_events e on e.id = d.booking_event_id
               where d.consumer = 'mail' and d.delivered_at is null and e.created_at >= ${since})::int
           + (select count(*) from mail_outbox where status = 'queued' and created_at >= ${since})::int as pending`;
    if (pending === 0) return;
    if (Date.now() > deadline) {
      // Which ones: a failure names what is stuck, not only how many.
      const stuck = await db<{ what: string }[]>`
        select 'booking event ' || e.kind || ' ' || e.id || ' waiting; that booking''s deliveries: ' ||
               (select string_agg(o.kind || '/' || od.consumer || ' attempts ' || od.attempts ||
                         case when od.delivered_at is not null then ' delivered' else coalesce(' next ' || od.next_attempt_at::text, '') end ||
                         coalesce(' error ' || od.last_error, ''), ', ' order by o.created_at)
                  from booking_events o join booking_event_deliveries od on od.booking_event_id = o.id
                  where o.event_id = e.event_id) as what
          from booking_event_deliveries d join booking_events e on e.id = d.booking_event_id
          where d.consumer = 'mail' and d.delivered_at is null and e.created_at >= ${since}
        union all
        select 'queued mail to ' || m."to" || ': ' || m.subject from mail_outbox m
          where m.status = 'queued' and m.created_at >= ${since}`;
      throw new Error(
        `booking mails not settled after ${timeoutMs} ms (${pending} pending: ${stuck.map((s) => s.what).join("; ")})`,
      );
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Polls `read` until `done` holds of its answer (20 s at most, as above), then answers it; throws on timeout. */
export async function eventually<T>(
  read: () => Promise<T> | T,
  done: (value: T) => boolean,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`condition not met after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Polls `fn` until it answers something truthy (at most `ms`), then answers it; throws naming
 * `what` on timeout.
 */
export async function until<T>(
  what: string,
  fn: () => Promise<T | null | undefined | false> | T | null | undefined | false,
  ms = 30_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await fn();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}
