import { and, asc, count, desc, eq, gt, isNull, lte, ne, sql, type SQL } from "drizzle-orm";
import { eventTypes, events, users, type BookingQuestion, type BookingSeat, type EventTypeRow } from "../../db/schema";
import { questionsToAsk } from "~/schemas/booking-answers";
import { getDb } from "~/server/db.server";
import { seatsOfSessions } from "./booking-seats.server";
import { isUuid, withInvitees, type HostEvent } from "./event.server";
import { asBooked, getBookableEventType, type BookableEventType } from "./event-type.server";
import type { ScheduledTab } from "~/schemas/scheduled-events";
import { actsAsHost, bookedThroughTeam } from "./booking-access.server";

/**
 * The host's Scheduled Events page (decision 021): the host's own events (bookings and the ones
 * they created), by tab; and a team's bookings for its owners and admins (decision 062). Every
 * function takes the reader's id or the team's and filters by it, so another host's event is
 * simply not found.
 */

/** Whose events: one host's own, or every booking of a team's event types (of one member when given). */
export type ScheduledScope = { hostId: string } | { teamId: string; memberId?: string | null };

function scopeWhere(scope: ScheduledScope): SQL {
  if ("hostId" in scope) return eq(events.hostId, scope.hostId);
  const team = bookedThroughTeam(scope.teamId);
  return scope.memberId ? (and(team, eq(events.hostId, scope.memberId)) as SQL) : team;
}

export interface ScheduledEvent extends HostEvent {
  /** The location of the event type it was booked through (null for the host's own events, or when the type is gone). */
  location: EventTypeRow["location"] | null;
  /** A group event type's seats (the session's capacity), else null. */
  capacity: number | null;
  /** A group session's seats, any status, in booking order (decision 021). */
  seats: BookingSeat[];
  /** The questions of the event type it was booked through (its answers' labels, decision 039). */
  questions: BookingQuestion[];
  /** The event type it was booked through, while it exists (`eventType` is the legacy meeting kind). */
  bookedThrough: { id: string; slug: string; title: string } | null;
  /** Who hosts it (a team's list names each booking's host). */
  host: { id: string; name: string; email: string };
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
  typeSlug: eventTypes.slug,
  typeTitle: eventTypes.title,
  hostName: users.name,
  hostEmail: users.email,
};

async function complete(
  rows: Array<{
    event: typeof events.$inferSelect;
    location: EventTypeRow["location"] | null;
    kind: EventTypeRow["kind"] | null;
    seats: number | null;
    questions: BookingQuestion[] | null;
    typeSlug: string | null;
    typeTitle: string | null;
    hostName: string;
    hostEmail: string;
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
    bookedThrough:
      event.eventTypeId && rows[i].typeSlug !== null
        ? { id: event.eventTypeId, slug: rows[i].typeSlug as string, title: rows[i].typeTitle ?? "" }
        : null,
    host: { id: event.hostId, name: rows[i].hostName, email: rows[i].hostEmail },
  }));
}

/** One page of the host's own events in a tab (upcoming soonest first; past and cancelled latest first), with each tab's count. */
export function listScheduledForHost(
  hostId: string,
  tab: ScheduledTab,
  page: { limit: number; offset: number },
  now: Date,
) {
  return listScheduled({ hostId }, tab, page, now);
}

/**
 * One page of a team's bookings in a tab (decision 062), of one member when `memberId` is given,
 * in the host's list order and counts. The caller checks that the reader manages the team.
 */
export function listScheduledForTeam(
  teamId: string,
  memberId: string | null,
  tab: ScheduledTab,
  page: { limit: number; offset: number },
  now: Date,
) {
  return listScheduled({ teamId, memberId }, tab, page, now);
}

async function listScheduled(
  scope: ScheduledScope,
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
      .innerJoin(users, eq(users.id, events.hostId))
      .where(and(scopeWhere(scope), tabWhere(tab, now)))
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
      .where(scopeWhere(scope)),
  ]);
  const totals: Record<ScheduledTab, number> = counts[0] ?? { upcoming: 0, pending: 0, past: 0, cancelled: 0 };
  return { events: await complete(rows), total: totals[tab], totals };
}

/**
 * An event the reader acts on as its host, for the page's modals and actions: their own, or a
 * booking of a team they manage (decision 062); null otherwise (another host's id, a non-uuid).
 */
export async function getScheduledEvent(userId: string, id: string): Promise<ScheduledEvent | null> {
  if (!isUuid(id)) return null;
  const db = await getDb();
  const rows = await db
    .select(ROW)
    .from(events)
    .leftJoin(eventTypes, eq(eventTypes.id, events.eventTypeId))
    .innerJoin(users, eq(users.id, events.hostId))
    .where(and(eq(events.id, id), actsAsHost(userId)))
    .limit(1);
  return rows.length > 0 ? (await complete(rows))[0] : null;
}

/** The event type a booking can be moved within (through its slots), while it takes bookings; null for the host's own events. */
export async function bookableOf(
  event: Pick<ScheduledEvent, "eventTypeId" | "guestEmail" | "startsAt" | "endsAt">,
): Promise<BookableEventType | null> {
  return event.guestEmail && event.eventTypeId ? asBooked(await getBookableEventType(event.eventTypeId), event) : null;
}
