import { and, asc, count, desc, eq, gt, ilike, inArray, lte, ne, or, type SQL } from "drizzle-orm";
import { eventInvitees, events, notifications, users, type Event } from "../../db/schema";
import { getDb } from "../utils/db.server";

/**
 * Every host's events, for admins (Manage All Event, Scheduled Events). Hosts' own pages go
 * through event.server.ts, which always filters by the host.
 */

export type EventStatusFilter = "all" | "confirmed" | "cancelled";
export type EventTimeFilter = "all" | "upcoming" | "past";

export interface EventFilters {
  /** Part of the host's name or e-mail. */
  host: string;
  status: EventStatusFilter;
  when: EventTimeFilter;
}

export interface AdminEventRow {
  id: string;
  eventName: string;
  eventType: Event["eventType"];
  eventWith: Event["eventWith"];
  status: Event["status"];
  startsAt: Date;
  endsAt: Date;
  hostName: string;
  hostEmail: string;
}

function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function conditions(filters: EventFilters, now: Date): SQL | undefined {
  const parts: SQL[] = [];
  if (filters.host) {
    const pattern = likePattern(filters.host);
    parts.push(or(ilike(users.name, pattern), ilike(users.email, pattern)) as SQL);
  }
  if (filters.status !== "all") parts.push(eq(events.status, filters.status));
  if (filters.when === "upcoming") parts.push(gt(events.endsAt, now));
  if (filters.when === "past") parts.push(lte(events.endsAt, now));
  return parts.length ? and(...parts) : undefined;
}

const ROW = {
  id: events.id,
  eventName: events.eventName,
  eventType: events.eventType,
  eventWith: events.eventWith,
  status: events.status,
  startsAt: events.startsAt,
  endsAt: events.endsAt,
  hostName: users.name,
  hostEmail: users.email,
};

/** Upcoming ones soonest first; with past ones included, latest first. */
export async function listAllEvents(filters: EventFilters, page: { limit: number; offset: number }, now: Date) {
  const db = await getDb();
  const where = conditions(filters, now);
  const order = filters.when === "upcoming" ? [asc(events.startsAt), asc(events.id)] : [desc(events.startsAt), desc(events.id)];
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(ROW)
      .from(events)
      .innerJoin(users, eq(users.id, events.hostId))
      .where(where)
      .orderBy(...order)
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(events).innerJoin(users, eq(users.id, events.hostId)).where(where),
  ]);
  return { events: rows as AdminEventRow[], total };
}

/** Scheduled Events: what is still going to happen, across hosts, soonest first. */
export async function listScheduledEvents(page: { limit: number; offset: number }, now: Date) {
  return listAllEvents({ host: "", status: "confirmed", when: "upcoming" }, page, now);
}

export async function getEventForAdmin(id: string): Promise<AdminEventRow | null> {
  const db = await getDb();
  const [row] = await db.select(ROW).from(events).innerJoin(users, eq(users.id, events.hostId)).where(eq(events.id, id)).limit(1);
  return row ?? null;
}

export type CancelResult =
  | {
      ok: true;
      /** As it was before the cancellation (its SEQUENCE too): the CANCEL mail adds one, like the stored row. */
      event: Event & { invitees: string[] };
      host: { email: string; name: string; timeZone: string };
    }
  | { ok: false; reason: "not-found" | "already-cancelled" };

/**
 * Cancels any host's event: status 'cancelled' and SEQUENCE + 1 (the invitees' calendars
 * replace it), the host notified, all in one transaction under a lock on the event row, so
 * two admins cancelling at once send one cancellation. A cancelled event no longer counts
 * towards the host's cap (the cap ignores cancelled events).
 */
export async function cancelEventAsAdmin(
  id: string,
  notification: (event: Event, host: { timeZone: string }) => string,
): Promise<CancelResult> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [found] = await tx.select().from(events).where(eq(events.id, id)).for("update");
    if (!found) return { ok: false, reason: "not-found" } as const;
    if (found.status === "cancelled") return { ok: false, reason: "already-cancelled" } as const;
    await tx
      .update(events)
      .set({ status: "cancelled", sequence: found.sequence + 1 })
      .where(and(eq(events.id, id), ne(events.status, "cancelled")));
    const invitees = await tx
      .select({ email: eventInvitees.email })
      .from(eventInvitees)
      .where(inArray(eventInvitees.eventId, [id]))
      .orderBy(asc(eventInvitees.position));
    const [host] = await tx
      .select({ email: users.email, name: users.name, timeZone: users.timeZone })
      .from(users)
      .where(eq(users.id, found.hostId));
    await tx.insert(notifications).values({ userId: found.hostId, notification: notification(found, host).slice(0, 500) });
    return { ok: true, event: { ...found, invitees: invitees.map((i) => i.email) }, host } as const;
  });
}
