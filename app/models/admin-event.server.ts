import { and, asc, count, desc, eq, gt, ilike, lte, or, type SQL } from "drizzle-orm";
import { events, users, type Event } from "../../db/schema";
import { getDb } from "~/server/db.server";

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
  const order =
    filters.when === "upcoming" ? [asc(events.startsAt), asc(events.id)] : [desc(events.startsAt), desc(events.id)];
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
  const [row] = await db
    .select(ROW)
    .from(events)
    .innerJoin(users, eq(users.id, events.hostId))
    .where(eq(events.id, id))
    .limit(1);
  return row ?? null;
}
