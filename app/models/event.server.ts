import { transaction } from "~/server/transaction.server";
import { and, asc, count, desc, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import { eventInvitees, events, notifications, users, type Event } from "../../db/schema";
import { getDb } from "~/server/db.server";
import { can } from "~/utils/permissions";
import { effectiveRole } from "~/utils/role.server";
import type { HostEvent } from "~/schemas/event";

/**
 * Events a host creates from the dashboard. Every function takes the acting host and filters
 * by them, so another host's event is simply not found.
 */

/** A non-professional host may hold at most this many upcoming, not-cancelled events. */
export const FREE_EVENT_CAP = 3;

export class EventLimitError extends Error {
  constructor() {
    super("event limit reached");
    this.name = "EventLimitError";
  }
}

/** The host already has a not-cancelled event overlapping the asked-for time (docs/decisions/017). */
/** A collective booking's co-host row (decision 020): it moves and cancels with its booking, never alone. */
export class LinkedEventError extends Error {
  constructor() {
    super("linked event");
    this.name = "LinkedEventError";
  }
}

/** A cancelled event (decision 029): it stays cancelled; changing it answers 409. */
export class CancelledEventError extends Error {
  constructor() {
    super("cancelled event");
    this.name = "CancelledEventError";
  }
}

export class EventOverlapError extends Error {
  constructor() {
    super("overlapping event");
    this.name = "EventOverlapError";
  }
}

/** The exclusion constraint of migration 0007: one host, no two overlapping live events. */
export const NO_OVERLAP_CONSTRAINT = "events_no_overlap";

/**
 * Whether `error` (or what it wraps: Drizzle wraps driver errors in `cause`) is a violation of
 * the no-overlap constraint: SQLSTATE 23P01 (exclusion_violation) naming it. postgres.js calls
 * the field `constraint_name`, PGlite `constraint`.
 */
export function isOverlapViolation(error: unknown): boolean {
  for (
    let e = error, depth = 0;
    e && typeof e === "object" && depth < 5;
    e = (e as { cause?: unknown }).cause, depth += 1
  ) {
    const { code, constraint, constraint_name } = e as {
      code?: unknown;
      constraint?: unknown;
      constraint_name?: unknown;
    };
    if (code === "23P01" && (constraint ?? constraint_name) === NO_OVERLAP_CONSTRAINT) return true;
  }
  return false;
}

/** Awaits `work` (a transaction), turning a no-overlap violation into EventOverlapError. */
async function refusingOverlap<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (isOverlapViolation(error)) throw new EventOverlapError();
    throw error;
  }
}

export interface Actor {
  id: string;
  role: "user" | "professional" | "admin";
}

export interface EventDetails {
  eventName: string;
  eventType: Event["eventType"];
  description: string;
  startsAt: Date;
  endsAt: Date;
}

export type { HostEvent };

export type Database = Awaited<ReturnType<typeof getDb>>;
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** Not cancelled and not over: as a range overlap, so the GiST index of migration 0007 reads only those. */
function upcoming(now: Date) {
  return and(
    sql`tstzrange(${events.startsAt}, ${events.endsAt}, '[)') && tstzrange(${now.toISOString()}::timestamptz, null, '[)')`,
    ne(events.status, "cancelled"),
  );
}

/**
 * What the free plan's cap counts: upcoming events the host created themselves. Guest bookings
 * (a guest on the row, or a co-host's row of one) never count, so they never bring a host to the
 * cap (decision 009).
 */
function countedForCap(hostId: string, now: Date) {
  return and(eq(events.hostId, hostId), upcoming(now), isNull(events.guestEmail), isNull(events.bookingId));
}

export async function withInvitees(db: Database | Transaction, rows: Event[]): Promise<HostEvent[]> {
  if (rows.length === 0) return [];
  const invitees = await db
    .select({ eventId: eventInvitees.eventId, email: eventInvitees.email })
    .from(eventInvitees)
    .where(
      inArray(
        eventInvitees.eventId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(eventInvitees.position));
  const byEvent = new Map<string, string[]>();
  for (const i of invitees) byEvent.set(i.eventId, [...(byEvent.get(i.eventId) ?? []), i.email]);
  return rows.map((r) => ({ ...r, invitees: byEvent.get(r.id) ?? [] }));
}

/** The host's events: upcoming first (soonest first), then past ones (latest first); at most 500 (the JSON list, GET /event). */
export async function listHostEvents(hostId: string, now: Date): Promise<HostEvent[]> {
  const db = await getDb();
  const rows = await db
    .select()
    .from(events)
    .where(eq(events.hostId, hostId))
    .orderBy(
      sql`case when ${events.endsAt} > ${now.toISOString()}::timestamptz then 0 else 1 end`,
      sql`case when ${events.endsAt} > ${now.toISOString()}::timestamptz then ${events.startsAt} end asc`,
      sql`${events.startsAt} desc`,
    )
    .limit(500);
  return withInvitees(db, rows);
}

export interface HostSchedulePage {
  events: HostEvent[];
  /** Every event of the host (upcoming and past). */
  total: number;
  /** The page shown: the one asked for, or the last one when it asked for more than there are. */
  page: number;
  pageCount: number;
}

/**
 * One page of listHostEvents' order (upcoming soonest first, then past latest first), read as
 * two ranges of `events_host_starts_idx` (host, start): the upcoming ones forwards and the past
 * ones backwards, each with LIMIT/OFFSET, so a page reads about its own rows whatever the
 * host's history holds. A page beyond the last is the last.
 */
export async function listHostSchedulePage(
  hostId: string,
  now: Date,
  paging: { page: number; size: number },
): Promise<HostSchedulePage> {
  const db = await getDb();
  const at = sql`${now.toISOString()}::timestamptz`;
  const [counts] = await db
    .select({ total: count(), upcoming: sql<number>`count(*) filter (where ${events.endsAt} > ${at})`.mapWith(Number) })
    .from(events)
    .where(eq(events.hostId, hostId));
  const total = counts?.total ?? 0;
  const upcomingCount = counts?.upcoming ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / paging.size));
  const page = Math.min(Math.max(1, Math.floor(paging.page)), pageCount);
  const offset = (page - 1) * paging.size;
  const rows: Event[] = [];
  if (offset < upcomingCount) {
    rows.push(
      ...(await db
        .select()
        .from(events)
        .where(and(eq(events.hostId, hostId), sql`${events.endsAt} > ${at}`))
        .orderBy(asc(events.startsAt), asc(events.id))
        .limit(paging.size)
        .offset(offset)),
    );
  }
  if (rows.length < paging.size && total > upcomingCount) {
    rows.push(
      ...(await db
        .select()
        .from(events)
        .where(and(eq(events.hostId, hostId), sql`${events.endsAt} <= ${at}`))
        .orderBy(desc(events.startsAt), desc(events.id))
        .limit(paging.size - rows.length)
        .offset(Math.max(0, offset - upcomingCount))),
    );
  }
  return { events: await withInvitees(db, rows), total, page, pageCount };
}

/** One of the host's own events, or null (also for another host's id: no hint it exists). */
export async function getHostEvent(hostId: string, eventId: string): Promise<HostEvent | null> {
  if (!isUuid(eventId)) return null;
  const db = await getDb();
  const [row] = await db
    .select()
    .from(events)
    .where(and(eq(events.id, eventId), eq(events.hostId, hostId)))
    .limit(1);
  return row ? (await withInvitees(db, [row]))[0] : null;
}

export async function countUpcomingEvents(hostId: string, now: Date): Promise<number> {
  const db = await getDb();
  const [row] = await db.select({ n: count() }).from(events).where(countedForCap(hostId, now));
  return row?.n ?? 0;
}

/** Whether the host may create one more event now (the UI asks the same question as the server). */
export async function isAtEventCap(host: Actor, now: Date): Promise<boolean> {
  if (can(host, "event:unlimited")) return false;
  return (await countUpcomingEvents(host.id, now)) >= FREE_EVENT_CAP;
}

/** The host whose row is locked: their role now, and who their mails go to, in which zone. */
export interface LockedHost extends Actor {
  email: string;
  name: string;
  timeZone: string;
}

/**
 * Locks the host's users row (the per-host queue for calendar writes) and reads the host in the
 * same statement. FOR NO KEY UPDATE: it queues every other writer of the host's row as FOR UPDATE
 * did, but not a foreign-key check of a row that names the host (a bell notification, an
 * event), which would otherwise wait for it while holding an event another booking locks next:
 * a deadlock (docs/decisions/130).
 */
export async function lockHost(tx: Transaction, hostId: string): Promise<LockedHost> {
  const [host] = await tx
    .select({ id: users.id, role: effectiveRole, email: users.email, name: users.name, timeZone: users.timeZone })
    .from(users)
    .where(eq(users.id, hostId))
    .for("no key update");
  if (!host) throw new Error("host not found");
  return host;
}

/**
 * Locks the host's users row (every write that adds to a host's calendar queues behind it) and
 * throws EventLimitError when the host is at the free cap. Call it first in the transaction, so
 * two writes racing at the cap cannot both pass the count.
 */
export async function lockHostUnderCap(tx: Transaction, hostId: string, now: Date): Promise<void> {
  const host = await lockHost(tx, hostId);
  if (can(host, "event:unlimited")) return;
  const [row] = await tx.select({ n: count() }).from(events).where(countedForCap(hostId, now));
  if ((row?.n ?? 0) >= FREE_EVENT_CAP) throw new EventLimitError();
}

/**
 * Creates an event, enforcing the cap in the same transaction: the host's row is locked
 * first, so two creates racing at the cap cannot both pass the count. A time overlapping
 * another of the host's not-cancelled events is refused by the database: EventOverlapError.
 */
export async function createHostEvent(
  hostId: string,
  input: EventDetails & { eventWith: Event["eventWith"]; invitees: string[] },
  now: Date,
  within?: (tx: Transaction, created: HostEvent) => Promise<void>,
): Promise<HostEvent> {
  const db = await getDb();
  return refusingOverlap(
    transaction(db, async (tx) => {
      await lockHostUnderCap(tx, hostId, now);
      const [created] = await tx
        .insert(events)
        .values({
          hostId,
          eventName: input.eventName,
          eventType: input.eventType,
          eventWith: input.eventWith,
          description: input.description,
          startsAt: input.startsAt,
          endsAt: input.endsAt,
        })
        .returning();
      if (input.invitees.length > 0) {
        await tx
          .insert(eventInvitees)
          .values(input.invitees.map((email, i) => ({ eventId: created.id, position: i + 1, email })));
      }
      const event = { ...created, invitees: input.invitees };
      await within?.(tx, event);
      return event;
    }),
  );
}

/**
 * Changes the host's own event; null when it is not theirs. Bumps the ICS sequence. Moving a
 * past event back into the future makes it count towards the cap again, so that is refused
 * at the cap (EventLimitError), under the same host-row lock as creating. A time overlapping
 * another of the host's not-cancelled events: EventOverlapError (its own old time never counts).
 * A cancelled event is not changed: CancelledEventError (decision 029).
 */
export async function updateHostEvent(
  hostId: string,
  eventId: string,
  input: EventDetails,
  now: Date,
  within?: (tx: Transaction, updated: HostEvent, before: Pick<Event, "startsAt" | "endsAt">) => Promise<void>,
): Promise<HostEvent | null> {
  if (!isUuid(eventId)) return null;
  const db = await getDb();
  return refusingOverlap(
    transaction(db, async (tx) => {
      const [host] = await tx
        .select({ id: users.id, role: effectiveRole })
        .from(users)
        .where(eq(users.id, hostId))
        .for("update");
      const [current] = await tx
        .select({
          startsAt: events.startsAt,
          endsAt: events.endsAt,
          status: events.status,
          bookingId: events.bookingId,
        })
        .from(events)
        .where(and(eq(events.id, eventId), eq(events.hostId, hostId)));
      if (!host || !current) return null;
      if (current.bookingId) throw new LinkedEventError();
      if (current.status === "cancelled") throw new CancelledEventError();
      const wasCounted = current.endsAt.getTime() > now.getTime();
      if (!wasCounted && !can(host, "event:unlimited")) {
        const [row] = await tx.select({ n: count() }).from(events).where(countedForCap(hostId, now));
        if ((row?.n ?? 0) >= FREE_EVENT_CAP) throw new EventLimitError();
      }
      const [updated] = await tx
        .update(events)
        .set({
          eventName: input.eventName,
          eventType: input.eventType,
          description: input.description,
          startsAt: input.startsAt,
          endsAt: input.endsAt,
          sequence: sql`${events.sequence} + 1`,
        })
        .where(and(eq(events.id, eventId), eq(events.hostId, hostId)))
        .returning();
      if (!updated) return null;
      const [withList] = await withInvitees(tx as unknown as Database, [updated]);
      await within?.(tx, withList, current);
      return withList;
    }),
  );
}

/**
 * A bell entry for one user. `about`: the booking it concerns (the bell links to it and offers
 * Approve and Decline while it is a pending request), or another page of the app it leads to.
 */
export async function notify(
  tx: Transaction,
  userId: string,
  text: string,
  about: { eventId?: string; link?: string } = {},
) {
  await tx
    .insert(notifications)
    .values({ userId, notification: text.slice(0, 500), eventId: about.eventId, link: about.link });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids come from URLs: anything that is not a uuid cannot be an event (and must not reach SQL as one). */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
