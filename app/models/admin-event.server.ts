import { and, asc, count, desc, eq, gt, gte, ilike, lt, lte, or, sql, type SQL } from "drizzle-orm";
import { queryRows, type Database } from "../../db/client";
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

/**
 * The start of the earliest event under way at `now`, or `now` when none is: every event that
 * ends after `now` starts at or after it. A bound the events_starts_id_idx scan can start from,
 * found through events_during_idx (docs/decisions/102); `min(lower(...))` rather than
 * `min(starts_at)`, which the planner would answer by walking events_starts_id_idx from the
 * oldest row, filtering every past one.
 */
function earliestStartOfWhatEndsAfter(now: Date): SQL {
  const at = sql`${now.toISOString()}::timestamptz`;
  const during = sql`tstzrange(${events.startsAt}, ${events.endsAt}, '[)')`;
  return sql`least(${at}, (select min(lower(${during})) from ${events} where ${during} @> ${at}))`;
}

function conditions(filters: EventFilters, now: Date): SQL | undefined {
  const parts: SQL[] = [];
  if (filters.host) {
    const pattern = likePattern(filters.host);
    parts.push(or(ilike(users.name, pattern), ilike(users.email, pattern)) as SQL);
  }
  if (filters.status !== "all") parts.push(eq(events.status, filters.status));
  // Each time filter also bounds starts_at, which it implies (ends_at > starts_at is a check
  // constraint), so the index on starts_at is read from the first row that can match
  // (docs/decisions/102) instead of past 900,000 rows that cannot.
  if (filters.when === "upcoming")
    parts.push(gt(events.endsAt, now), gte(events.startsAt, earliestStartOfWhatEndsAfter(now)));
  if (filters.when === "past") parts.push(lte(events.endsAt, now), lt(events.startsAt, now));
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

/** Counted exactly up to here; past it, Manage All Event shows the planner's estimate (docs/decisions/102). */
export const EXACT_TOTAL_CAP = 10_000;

export interface AdminEventPage {
  events: AdminEventRow[];
  total: number;
  /** `total` is the planner's estimate, not a count: there are more than EXACT_TOTAL_CAP matches. */
  totalIsEstimate: boolean;
}

function orderOf(filters: EventFilters) {
  return filters.when === "upcoming" ? "asc" : "desc";
}

function matching(db: Database, filters: EventFilters, now: Date) {
  const base = db.select({ id: events.id, startsAt: events.startsAt }).from(events);
  // The host filter is the only one that needs the host's row.
  const joined = filters.host ? base.innerJoin(users, eq(users.id, events.hostId)) : base;
  return joined.where(conditions(filters, now));
}

/**
 * One page of the admin lists, as run (exported for tests/integration/scale-plans.test.ts, which
 * checks its plan). The page's ids come first from an index-only scan of events_starts_id_idx (or
 * events_status_starts_id_idx), which skips `offset` rows without reading them; only the page's
 * rows are then read with their host (docs/decisions/102).
 */
export function adminEventsPageQuery(
  db: Database,
  filters: EventFilters,
  page: { limit: number; offset: number },
  now: Date,
) {
  const dir = orderOf(filters) === "asc" ? asc : desc;
  const ids = matching(db, filters, now)
    .orderBy(dir(events.startsAt), dir(events.id))
    .limit(page.limit)
    .offset(page.offset)
    .as("page");
  return db
    .select(ROW)
    .from(ids)
    .innerJoin(events, eq(events.id, ids.id))
    .innerJoin(users, eq(users.id, events.hostId))
    .orderBy(dir(ids.startsAt), dir(ids.id));
}

/** How many match, counting no further than `cap` rows (exported for tests/integration/scale-plans.test.ts). */
export function adminEventsCountQuery(db: Database, filters: EventFilters, now: Date, cap?: number) {
  const rows = matching(db, filters, now);
  const counted = (cap === undefined ? rows : rows.limit(cap)).as("matching");
  return db.select({ total: count() }).from(counted);
}

/** The planner's estimate of how many rows match, from the table statistics by EXPLAIN (exported for tests/integration/scale-plans.test.ts). */
export async function estimatedMatches(db: Database, filters: EventFilters, now: Date): Promise<number> {
  const [row] = await queryRows<{ "QUERY PLAN": unknown }>(
    db,
    sql`explain (format json) ${matching(db, filters, now)}`,
  );
  const plan = typeof row["QUERY PLAN"] === "string" ? JSON.parse(row["QUERY PLAN"]) : row["QUERY PLAN"];
  return Math.round(Number((plan as Array<{ Plan: { "Plan Rows": number } }>)[0].Plan["Plan Rows"]));
}

/**
 * Manage All Event: upcoming ones soonest first; with past ones included, latest first. The total
 * is exact up to EXACT_TOTAL_CAP and an estimate past it: counting a million rows on every page
 * took seconds (docs/decisions/102).
 */
export async function listAllEvents(
  filters: EventFilters,
  page: { limit: number; offset: number },
  now: Date,
): Promise<AdminEventPage> {
  const db = await getDb();
  const [rows, [{ total }]] = await Promise.all([
    adminEventsPageQuery(db, filters, page, now),
    adminEventsCountQuery(db, filters, now, EXACT_TOTAL_CAP + 1),
  ]);
  if (total <= EXACT_TOTAL_CAP) return { events: rows as AdminEventRow[], total, totalIsEstimate: false };
  const estimate = await estimatedMatches(db, filters, now);
  return { events: rows as AdminEventRow[], total: Math.max(estimate, total), totalIsEstimate: true };
}

const SCHEDULED: EventFilters = { host: "", status: "confirmed", when: "upcoming" };

/** The Scheduled Events filters, for tests/integration/scale-plans.test.ts. */
export const SCHEDULED_EVENTS_FILTERS: Readonly<EventFilters> = SCHEDULED;

/**
 * Scheduled Events: what is still going to happen, across hosts, soonest first, counted as Manage
 * All Event counts: exactly up to EXACT_TOTAL_CAP, estimated past it (docs/decisions/102).
 */
export function listScheduledEvents(page: { limit: number; offset: number }, now: Date): Promise<AdminEventPage> {
  return listAllEvents(SCHEDULED, page, now);
}

/**
 * How many pages a list has. An estimated total may be off either way: a page that is not full is
 * the last one, and a full one always has a next.
 */
export function pageCountOf(
  list: { total: number; totalIsEstimate: boolean; rows: number },
  page: number,
  pageSize: number,
): number {
  const counted = Math.max(1, Math.ceil(list.total / pageSize));
  if (!list.totalIsEstimate) return counted;
  return list.rows < pageSize ? page : Math.max(counted, page + 1);
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
