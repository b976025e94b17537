import { and, asc, count, desc, eq, gt, isNull, lte, ne, sql, type SQL } from "drizzle-orm";
import { eventTypes, events, type BookingQuestion, type BookingSeat, type EventTypeRow } from "../../db/schema";
import { questionsToAsk } from "~/schemas/booking-answers";
import { getDb } from "~/utils/db.server";
import { seatsOfSessions } from "./booking-seats.server";
import { isUuid, withInvitees, type HostEvent } from "./event.server";
import { getBookableEventType, type BookableEventType } from "./event-type.server";
import type { ScheduledTab } from "~/schemas/scheduled-events";

/**
 * The host's Scheduled Events page (decision 021): the host's own events (bookings and the ones
 * they created), by tab. Every function takes the host's id and filters by it, so another
 * host's event is simply not found.
 */

export interface ScheduledEvent extends HostEvent {
  /** The location of the event type it was booked through (null for the host's own events, or when the type is gone). */
  location: EventTypeRow["location"] | null;
  /** A group event type's seats (the session's capacity), else null. */
  capacity: number | null;
  /** A group session's seats, any status, in booking order (decision 021). */
  seats: BookingSeat[];
  /** The questions of the event type it was booked through (its answers' labels, decision 039). */
  questions: BookingQuestion[];
  /** The kind of the event type it was booked through (null for the host's own events, or when the type is gone). */
  kind: EventTypeRow["kind"] | null;
}

function tabWhere(tab: ScheduledTab, now: Date): SQL {
  if (tab === "cancelled") return eq(events.status, "cancelled");
  // Requests the host answers (a collective booking's co-host rows follow their booking's answer).
  if (tab === "pending") return and(eq(events.status, "pending"), isNull(events.bookingId)) as SQL;
  const time = tab === "upcoming" ? gt(events.endsAt, now) : lte(events.endsAt, now);
  return and(time, ne(events.status, "cancelled")) as SQL;
}

const ROW = {
  event: events,
  location: eventTypes.location,
  kind: eventTypes.kind,
  seats: eventTypes.seats,
  questions: eventTypes.questions,
};

async function complete(
  rows: Array<{
    event: typeof events.$inferSelect;
    location: EventTypeRow["location"] | null;
    kind: EventTypeRow["kind"] | null;
    seats: number | null;
    questions: BookingQuestion[] | null;
  }>,
): Promise<ScheduledEvent[]> {
  const db = await getDb();
  const withList = await withInvitees(
    db,
    rows.map((r) => r.event),
  );
  const seats = await seatsOfSessions(rows.filter((r) => r.kind === "group").map((r) => r.event.id));
  return withList.map((event, i) => ({
    ...event,
    location: rows[i].location,
    capacity: rows[i].kind === "group" ? rows[i].seats : null,
    seats: seats.get(event.id) ?? [],
    kind: rows[i].kind,
    questions: rows[i].location
      ? questionsToAsk({ questions: rows[i].questions ?? [], location: rows[i].location as EventTypeRow["location"] })
      : [],
  }));
}

/** One page of a tab (upcoming soonest first; past and cancelled latest first), with each tab's count. */
export async function listScheduledForHost(
  hostId: string,
  tab: ScheduledTab,
  page: { limit: number; offset: number },
  now: Date,
) {
  const db = await getDb();
  const order =
    tab === "upcoming" || tab === "pending"
      ? [asc(events.startsAt), asc(events.id)]
      : [desc(events.startsAt), desc(events.id)];
  const [rows, counts] = await Promise.all([
    db
      .select(ROW)
      .from(events)
      .leftJoin(eventTypes, eq(eventTypes.id, events.eventTypeId))
      .where(and(eq(events.hostId, hostId), tabWhere(tab, now)))
      .orderBy(...order)
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({
        upcoming: count(
          sql`case when ${events.status} <> 'cancelled' and ${events.endsAt} > ${now.toISOString()}::timestamptz then 1 end`,
        ),
        past: count(
          sql`case when ${events.status} <> 'cancelled' and ${events.endsAt} <= ${now.toISOString()}::timestamptz then 1 end`,
        ),
        cancelled: count(sql`case when ${events.status} = 'cancelled' then 1 end`),
        pending: count(sql`case when ${events.status} = 'pending' and ${events.bookingId} is null then 1 end`),
      })
      .from(events)
      .where(eq(events.hostId, hostId)),
  ]);
  const totals: Record<ScheduledTab, number> = counts[0] ?? { upcoming: 0, pending: 0, past: 0, cancelled: 0 };
  return { events: await complete(rows), total: totals[tab], totals };
}

/** One of the host's own events for the page's modals and actions, or null (another host's id, a non-uuid). */
export async function getScheduledEvent(hostId: string, id: string): Promise<ScheduledEvent | null> {
  if (!isUuid(id)) return null;
  const db = await getDb();
  const rows = await db
    .select(ROW)
    .from(events)
    .leftJoin(eventTypes, eq(eventTypes.id, events.eventTypeId))
    .where(and(eq(events.id, id), eq(events.hostId, hostId)))
    .limit(1);
  return rows.length > 0 ? (await complete(rows))[0] : null;
}

/** The event type a booking can be moved within (through its slots), while it takes bookings; null for the host's own events. */
export async function bookableOf(
  event: Pick<ScheduledEvent, "eventTypeId" | "guestEmail">,
): Promise<BookableEventType | null> {
  return event.guestEmail && event.eventTypeId ? getBookableEventType(event.eventTypeId) : null;
}
