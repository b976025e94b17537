import { transaction } from "~/server/transaction.server";
import { and, asc, desc, eq, gt, inArray, isNull, ne, sql } from "drizzle-orm";
import {
  bookingAssignments,
  eventTypes,
  events,
  teamMemberships,
  users,
  type AssignmentCandidate,
  type Event,
} from "../../db/schema";
import { assignmentReason, pickRoundRobinHost, type RoundRobinStats } from "~/scheduling/round-robin";
import { freeHostsAt } from "~/scheduling/slots";
import { addDays, instantToWallClock } from "~/scheduling/zoned-time";
import { getDb } from "~/server/db.server";
import {
  isOverlapViolation,
  isUuid,
  lockHost,
  notify,
  withInvitees,
  type HostEvent,
  type Transaction,
} from "./event.server";
import { getEventTypeOfBooking, slotSearch, type BookableEventType, type Executor } from "./event-type.server";
import { liveHostIds, roundRobinStats, ROUND_ROBIN_WINDOW_DAYS } from "./team-hosts.server";
import { hostOf, when, type BookingHost } from "./booking-request.server";

/**
 * Round robin's records (decision 060): why a booking has its host (booking_assignments, one row
 * when booked and one per hand-over), who may hand a booking to another host, and the hand-over
 * itself. The ranking is the pure app/scheduling/round-robin.ts; this module reads its figures.
 */

/** Round robin's figures of the live hosts, with their names (for the record and the pages). */
export interface HostFigures {
  stats: Record<string, RoundRobinStats>;
  names: Record<string, string>;
}

export async function hostFigures(db: Executor, eventTypeId: string, ids: string[], now: Date): Promise<HostFigures> {
  const stats = await roundRobinStats(db, eventTypeId, ids, now);
  const people = ids.length
    ? await db.select({ id: users.id, name: users.name, email: users.email }).from(users).where(inArray(users.id, ids))
    : [];
  return {
    stats: Object.fromEntries(stats),
    names: Object.fromEntries(people.map((p) => [p.id, p.name || p.email])),
  };
}

/** Every live host as the ranking saw them: free or not, bookings, weight, priority, name. */
export function candidatesOf(ids: string[], free: readonly string[], figures: HostFigures): AssignmentCandidate[] {
  return ids.map((id) => ({
    userId: id,
    name: figures.names[id] ?? "",
    free: free.includes(id),
    bookings: figures.stats[id]?.bookings ?? 0,
    weight: figures.stats[id]?.weight ?? 100,
    priority: figures.stats[id]?.priority ?? "medium",
  }));
}

type AssignmentInsert = typeof bookingAssignments.$inferInsert;

/**
 * What a new round-robin booking's record says (read before the booking is written, so the
 * figures are the ones the pick saw); written with recordAssignment once the booking has its id.
 */
export async function assignmentOnBooking(
  tx: Transaction,
  input: { eventTypeId: string; live: string[]; hostId: string; free: readonly string[]; now: Date },
): Promise<Omit<AssignmentInsert, "eventId">> {
  const figures = await hostFigures(tx, input.eventTypeId, input.live, input.now);
  return {
    kind: "assigned",
    hostId: input.hostId,
    reason: assignmentReason({
      picked: input.hostId,
      free: input.free,
      stats: figures.stats,
      names: figures.names,
      windowDays: ROUND_ROBIN_WINDOW_DAYS,
    }),
    candidates: candidatesOf(input.live, input.free, figures),
  };
}

export async function recordAssignment(tx: Transaction, row: AssignmentInsert): Promise<void> {
  await tx.insert(bookingAssignments).values(row);
}

/**
 * A guest's move to a time their host is busy: the booking goes to the best ranked free host
 * (decision 060). Writes the record (kind reassigned, no actor) and tells both hosts' bells.
 */
export async function handOverOnMove(
  tx: Transaction,
  input: {
    event: Pick<Event, "id" | "eventName" | "guestName">;
    eventTypeId: string;
    live: string[];
    previousHostId: string;
    hostId: string;
    free: readonly string[];
    start: Date;
    now: Date;
  },
): Promise<void> {
  const ids = [...new Set([...input.live, input.previousHostId])];
  const figures = await hostFigures(tx, input.eventTypeId, ids, input.now);
  const before = figures.names[input.previousHostId] || "The host";
  await recordAssignment(tx, {
    eventId: input.event.id,
    kind: "reassigned",
    hostId: input.hostId,
    previousHostId: input.previousHostId,
    actorId: null,
    reason: `The guest moved it to a time ${before} is not free. ${assignmentReason({
      picked: input.hostId,
      free: input.free,
      stats: figures.stats,
      names: figures.names,
      windowDays: ROUND_ROBIN_WINDOW_DAYS,
    })}`,
    candidates: candidatesOf(ids, input.free, figures),
  });
  await tellHosts(tx, input.event, input.previousHostId, input.hostId, input.start);
}

async function tellHosts(
  tx: Transaction,
  event: Pick<Event, "id" | "eventName" | "guestName">,
  previousHostId: string,
  hostId: string,
  start: Date,
): Promise<void> {
  const [previous, next] = [await hostOf(tx, previousHostId), await hostOf(tx, hostId)];
  const guest = event.guestName ?? "a guest";
  await notify(
    tx,
    hostId,
    `Booking assigned to you: ${event.eventName} with ${guest} on ${when(start, next.timeZone)} (was ${previous.name || previous.email}'s)`,
    { eventId: event.id },
  );
  await notify(
    tx,
    previousHostId,
    `Booking reassigned: ${event.eventName} with ${guest} on ${when(start, previous.timeZone)} is now ${next.name || next.email}'s`,
  );
}

// ---------------------------------------------------------------------------------------------
// Who may hand a booking over

/** A round-robin booking's people: the host, the team's managers, its members, anyone else. */
export type BookingRole = "host" | "manager" | "member" | "none";

interface BookingWithType {
  event: Event;
  kind: string | null;
  teamId: string | null;
  ownerId: string | null;
}

async function bookingWithType(id: string): Promise<BookingWithType | null> {
  if (!isUuid(id)) return null;
  const db = await getDb();
  const [row] = await db
    .select({ event: events, kind: eventTypes.kind, teamId: eventTypes.teamId, ownerId: eventTypes.userId })
    .from(events)
    .leftJoin(eventTypes, eq(eventTypes.id, events.eventTypeId))
    .where(and(eq(events.id, id), sql`${events.guestEmail} is not null`, isNull(events.bookingId)))
    .limit(1);
  return row ?? null;
}

/**
 * The person's part in a booking: its host; a manager (an owner or admin of the event type's team,
 * or the owner of a team event type that has no named team); a member (of that team, or a host of
 * such an event type); or none. The JSON path answers none 404 and member 403.
 */
async function roleIn(userId: string, b: BookingWithType): Promise<BookingRole> {
  if (b.event.hostId === userId) return "host";
  const db = await getDb();
  if (b.teamId) {
    const [m] = await db
      .select({ role: teamMemberships.role })
      .from(teamMemberships)
      .where(and(eq(teamMemberships.teamId, b.teamId), eq(teamMemberships.userId, userId)));
    if (!m) return "none";
    return m.role === "owner" || m.role === "admin" ? "manager" : "member";
  }
  if (b.ownerId === userId) return "manager";
  if (b.kind !== "round-robin" || !b.event.eventTypeId) return "none";
  const found = await getEventTypeOfBooking(b.event.eventTypeId);
  return found && (await liveHostIds(db, found)).includes(userId) ? "member" : "none";
}

/** May this person hand the booking over (its host, a manager)? What the pages ask before they show the action. */
export function mayReassign(role: BookingRole): boolean {
  return role === "host" || role === "manager";
}

/** The person's part in a booking, with the booking (null: no such booking, for anyone). */
export async function bookingRoleOf(
  userId: string,
  id: string,
): Promise<{ role: BookingRole; hostId: string; kind: string | null } | null> {
  const b = await bookingWithType(id);
  if (!b) return null;
  return { role: await roleIn(userId, b), hostId: b.event.hostId, kind: b.kind };
}

// ---------------------------------------------------------------------------------------------
// The hand-over

/** The live hosts of a round-robin booking's event type (none for any other booking): whose calendars to read first. */
export async function liveHostsOfBooking(id: string): Promise<string[]> {
  const b = await bookingWithType(id);
  if (!b || b.kind !== "round-robin" || !b.event.eventTypeId) return [];
  const found = await getEventTypeOfBooking(b.event.eventTypeId);
  return found ? liveHostIds(await getDb(), found) : [];
}

/** The live hosts free at the booking's time (its own rows left out), whatever the grid or notice. */
async function freeForBooking(
  db: Executor,
  found: BookableEventType,
  booking: Pick<Event, "id" | "startsAt" | "endsAt">,
  now: Date,
): Promise<string[]> {
  const first = instantToWallClock(booking.startsAt, "UTC").date;
  const last = instantToWallClock(booking.endsAt, "UTC").date;
  // A day either side: hours in any zone that hold the meeting are inside the range.
  const range = { start: addDays(first, -1), end: addDays(last, 1) };
  const input = await slotSearch(
    found,
    { range, timeZone: "UTC", now },
    { executor: db, excludeEventIds: [booking.id] },
  );
  return freeHostsAt(
    {
      ...input,
      eventType: {
        ...input.eventType,
        duration: Math.round((booking.endsAt.getTime() - booking.startsAt.getTime()) / 60_000),
      },
    },
    booking.startsAt,
  );
}

export type ReassignRefusal =
  | "not-found"
  | "forbidden"
  | "not-round-robin"
  | "already-cancelled"
  | "ended"
  | "not-eligible"
  | "host-not-free"
  /** A paid booking's hold (docs/decisions/120): nobody is told of it, a new host included, until it is paid. */
  | "awaiting-payment";

export type ReassignResult =
  | {
      ok: true;
      booking: HostEvent;
      host: BookingHost & { id: string };
      previousHost: BookingHost & { id: string };
      /** The record's sentence, and who did it. */
      reason: string;
      actorName: string;
    }
  | { ok: false; reason: ReassignRefusal };

/** One host a booking can go to, as the Reassign form lists them. */
export interface ReassignChoice {
  id: string;
  name: string;
  free: boolean;
}

/** What the Reassign form offers: the other live hosts (free or not) and who is next in line; null: not the person's to reassign. */
export async function reassignChoices(
  userId: string,
  id: string,
  now: Date,
): Promise<{
  event: Event;
  hostName: string;
  choices: ReassignChoice[];
  next: ReassignChoice | null;
} | null> {
  const b = await bookingWithType(id);
  if (!b || b.kind !== "round-robin" || !b.event.eventTypeId) return null;
  if (!mayReassign(await roleIn(userId, b))) return null;
  const found = await getEventTypeOfBooking(b.event.eventTypeId);
  if (!found) return null;
  const db = await getDb();
  const live = await liveHostIds(db, found);
  const others = live.filter((h) => h !== b.event.hostId);
  const free = b.event.status === "cancelled" ? [] : await freeForBooking(db, found, b.event, now);
  const figures = await hostFigures(db, found.eventType.id, [...new Set([...live, b.event.hostId])], now);
  const choices = others.map((h) => ({ id: h, name: figures.names[h] ?? "", free: free.includes(h) }));
  const nextId = pickRoundRobinHost(
    others.filter((h) => free.includes(h)),
    figures.stats,
  );
  return {
    event: b.event,
    hostName: figures.names[b.event.hostId] ?? "",
    choices,
    next: choices.find((c) => c.id === nextId) ?? null,
  };
}

/**
 * Hands a round-robin booking to `targetId`, or with null to the next in line (the best ranked
 * free live host other than the current one), for its host or a manager of its team (decision
 * 060). Every live host is locked in id order, as a booking locks them, and who is free is read
 * under the locks; the booking's SEQUENCE goes up (the guests' calendars follow the new host).
 * `within` adds the outbox record in the same transaction.
 */
export async function reassignRoundRobinBooking(
  input: { id: string; actorId: string; targetId: string | null; now: Date; siteAdmin?: boolean },
  within?: (tx: Transaction, result: Extract<ReassignResult, { ok: true }>, before: Event) => Promise<void>,
): Promise<ReassignResult> {
  const { id, actorId, targetId, now } = input;
  const b = await bookingWithType(id);
  if (!b) return { ok: false, reason: "not-found" };
  // A site admin hands over a deactivated person's bookings (decision 068) as a team's manager would.
  const role = input.siteAdmin ? "manager" : await roleIn(actorId, b);
  if (role === "none") return { ok: false, reason: "not-found" };
  if (role === "member") return { ok: false, reason: "forbidden" };
  const found =
    b.kind === "round-robin" && b.event.eventTypeId ? await getEventTypeOfBooking(b.event.eventTypeId) : null;
  if (!found) return { ok: false, reason: "not-round-robin" };
  if (b.event.status === "cancelled") return { ok: false, reason: "already-cancelled" };
  if (b.event.status === "awaiting_payment") return { ok: false, reason: "awaiting-payment" };
  if (b.event.endsAt.getTime() <= now.getTime()) return { ok: false, reason: "ended" };
  const db = await getDb();
  const live = await liveHostIds(db, found);
  if (targetId !== null && (!live.includes(targetId) || targetId === b.event.hostId))
    return { ok: false, reason: "not-eligible" };
  try {
    return await transaction(db, async (tx): Promise<ReassignResult> => {
      for (const hostId of [...new Set([...live, b.event.hostId])].sort()) await lockHost(tx, hostId);
      const [current] = await tx.select().from(events).where(eq(events.id, id)).for("update");
      if (!current || current.status === "cancelled") return { ok: false, reason: "already-cancelled" };
      if (current.status === "awaiting_payment") return { ok: false, reason: "awaiting-payment" };
      const free = await freeForBooking(tx, found, current, now);
      const others = free.filter((h) => h !== current.hostId && live.includes(h));
      const ids = [...new Set([...live, current.hostId])];
      const figures = await hostFigures(tx, found.eventType.id, ids, now);
      if (targetId === current.hostId) return { ok: false, reason: "not-eligible" };
      const picked = targetId ?? pickRoundRobinHost(others, figures.stats);
      if (picked === null || !others.includes(picked)) return { ok: false, reason: "host-not-free" };
      const [updated] = await tx
        .update(events)
        .set({ hostId: picked, sequence: sql`${events.sequence} + 1`, updatedAt: now })
        .where(eq(events.id, id))
        .returning();
      const [actor] = await tx
        .select({ name: users.name, email: users.email })
        .from(users)
        .where(eq(users.id, actorId));
      const by = actor?.name || actor?.email || "Someone";
      const name = (h: string) => figures.names[h] || "a host";
      const reason =
        targetId !== null
          ? `${by} reassigned it from ${name(current.hostId)} to ${name(picked)}.`
          : `${by} passed it to the next in line. ${assignmentReason({
              picked,
              free: others,
              stats: figures.stats,
              names: figures.names,
              windowDays: ROUND_ROBIN_WINDOW_DAYS,
            })}`;
      await recordAssignment(tx, {
        eventId: id,
        kind: "reassigned",
        hostId: picked,
        previousHostId: current.hostId,
        actorId,
        reason,
        candidates: candidatesOf(ids, free, figures),
      });
      await tellHosts(tx, current, current.hostId, picked, current.startsAt);
      const [booking] = await withInvitees(tx, [updated]);
      const result = {
        ok: true as const,
        booking,
        host: { id: picked, ...(await hostOf(tx, picked)) },
        previousHost: { id: current.hostId, ...(await hostOf(tx, current.hostId)) },
        reason,
        actorName: by,
      };
      await within?.(tx, result, current);
      return result;
    });
  } catch (error) {
    // The new host's time was taken after all (the database's exclusion constraint).
    if (isOverlapViolation(error)) return { ok: false, reason: "host-not-free" };
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// Reads for the pages

export interface AssignmentRecord {
  id: string;
  kind: "assigned" | "reassigned";
  hostName: string | null;
  previousHostName: string | null;
  actorName: string | null;
  reason: string;
  candidates: AssignmentCandidate[];
  createdAt: Date;
}

/** A booking's assignment records, oldest first. */
export async function assignmentsOf(eventId: string): Promise<AssignmentRecord[]> {
  if (!isUuid(eventId)) return [];
  const db = await getDb();
  const rows = await db
    .select()
    .from(bookingAssignments)
    .where(eq(bookingAssignments.eventId, eventId))
    .orderBy(asc(bookingAssignments.createdAt), asc(bookingAssignments.id));
  const ids = [
    ...new Set(rows.flatMap((r) => [r.hostId, r.previousHostId, r.actorId]).filter((x): x is string => !!x)),
  ];
  const people = ids.length
    ? await db.select({ id: users.id, name: users.name, email: users.email }).from(users).where(inArray(users.id, ids))
    : [];
  const nameOf = (id: string | null) => {
    const p = id ? people.find((x) => x.id === id) : null;
    return p ? p.name || p.email : null;
  };
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    hostName: nameOf(r.hostId),
    previousHostName: nameOf(r.previousHostId),
    actorName: nameOf(r.actorId),
    reason: r.reason,
    candidates: r.candidates,
    createdAt: r.createdAt,
  }));
}

export interface TeamRoundRobinBooking {
  id: string;
  eventName: string;
  startsAt: Date;
  endsAt: Date;
  status: Event["status"];
  guestName: string | null;
  guestEmail: string | null;
  hostName: string;
}

/**
 * The upcoming round-robin bookings of the teams the person runs (owner or admin; the owner of a
 * team event type without a named team), hosted by someone else, soonest first: where a manager
 * finds a booking to reassign (their own bookings are in their own list).
 */
export async function managedRoundRobinBookings(
  userId: string,
  now: Date,
  limit = 50,
): Promise<TeamRoundRobinBooking[]> {
  const db = await getDb();
  const managed = sql`(${eventTypes.teamId} in (select ${teamMemberships.teamId} from ${teamMemberships} where ${teamMemberships.userId} = ${userId} and ${teamMemberships.role} in ('owner', 'admin')) or (${eventTypes.teamId} is null and ${eventTypes.userId} = ${userId}))`;
  return db
    .select({
      id: events.id,
      eventName: events.eventName,
      startsAt: events.startsAt,
      endsAt: events.endsAt,
      status: events.status,
      guestName: events.guestName,
      guestEmail: events.guestEmail,
      hostName: sql<string>`coalesce(nullif(${users.name}, ''), ${users.email})`,
    })
    .from(events)
    .innerJoin(eventTypes, eq(eventTypes.id, events.eventTypeId))
    .innerJoin(users, eq(users.id, events.hostId))
    .where(
      and(
        eq(eventTypes.kind, "round-robin"),
        managed,
        ne(events.hostId, userId),
        sql`${events.guestEmail} is not null`,
        ne(events.status, "cancelled"),
        gt(events.endsAt, now),
      ),
    )
    .orderBy(asc(events.startsAt), desc(events.id))
    .limit(limit);
}
