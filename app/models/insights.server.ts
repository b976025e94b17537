import { and, asc, count, eq, gte, lt, sql, type SQL } from "drizzle-orm";
import { eventInvitees, eventTypes, events, users } from "../../db/schema";
import { getDb } from "~/server/db.server";
import { LEAD_TIME_BUCKETS } from "~/scheduling/insights";
import type { ExportRecord } from "~/schemas/insights";
import { bookedThroughTeam } from "./booking-access.server";

/**
 * Insights and the bookings export (decision 079). A booking is an event booked through an event
 * type (a collective booking's co-host rows and a host's own events are not); a group session is
 * one booking. The bookings of a range are those *made* in it (events.created_at), whatever
 * happened to them since. Every function takes the scope it reads and filters by it; the caller
 * checks that the reader may see it.
 */

/** One host's own bookings (of any event type they host), or a team's (of one member when given). */
export type InsightsScope = { hostId: string } | { teamId: string; memberId?: string | null };

export interface InsightsFilter {
  scope: InsightsScope;
  eventTypeId?: string | null;
}

export interface InsightsTotals {
  created: number;
  completed: number;
  cancelled: number;
  rescheduled: number;
  noShows: number;
}

function scopeWhere({ scope, eventTypeId }: InsightsFilter): SQL {
  const parts: SQL[] =
    "hostId" in scope
      ? [
          sql`${events.hostId} = ${scope.hostId}`,
          sql`${events.bookingId} is null`,
          sql`${events.eventTypeId} is not null`,
        ]
      : [bookedThroughTeam(scope.teamId), ...(scope.memberId ? [eq(events.hostId, scope.memberId)] : [])];
  if (eventTypeId) parts.push(eq(events.eventTypeId, eventTypeId));
  return and(...parts) as SQL;
}

const madeIn = (range: { start: Date; end: Date }) =>
  and(gte(events.createdAt, range.start), lt(events.createdAt, range.end)) as SQL;

/**
 * The figures of the bookings made in the range: completed (confirmed and ended by `now`),
 * cancelled (by guest or host; a declined request is not), rescheduled (moved at least once:
 * a `rescheduled` record in booking_events), no-shows (either mark).
 */
export async function insightsTotals(
  filter: InsightsFilter,
  range: { start: Date; end: Date },
  now: Date,
): Promise<InsightsTotals> {
  const db = await getDb();
  const [row] = await db
    .select({
      created: count(),
      completed: count(
        sql`case when ${events.status} = 'confirmed' and ${events.endsAt} <= ${now.toISOString()}::timestamptz then 1 end`,
      ),
      cancelled: count(sql`case when ${events.status} = 'cancelled' and ${events.declinedAt} is null then 1 end`),
      rescheduled: count(
        sql`case when exists (select 1 from booking_events moved where moved.event_id = ${events.id} and moved.kind = 'rescheduled') then 1 end`,
      ),
      noShows: count(sql`case when ${events.guestNoShow} or ${events.hostNoShow} then 1 end`),
    })
    .from(events)
    .where(and(scopeWhere(filter), madeIn(range)));
  return row ?? { created: 0, completed: 0, cancelled: 0, rescheduled: 0, noShows: 0 };
}

export interface InsightsBreakdown {
  byEventType: { eventTypeId: string | null; title: string; count: number }[];
  byMember: { userId: string; name: string; email: string; count: number }[];
  /** Non-cancelled bookings by start, per quarter hour (ms), for heatMapOf. */
  starts: { at: number; count: number }[];
  /** Non-cancelled bookings per LEAD_TIME_BUCKETS bucket, and the median lead time in minutes. */
  leadTime: { buckets: number[]; medianMinutes: number | null };
}

const QUARTER_SECONDS = 900;

export async function insightsBreakdown(
  filter: InsightsFilter,
  range: { start: Date; end: Date },
): Promise<InsightsBreakdown> {
  const db = await getDb();
  const where = and(scopeWhere(filter), madeIn(range)) as SQL;
  const live = and(where, sql`${events.status} <> 'cancelled'`) as SQL;
  const leadMinutes = sql`(extract(epoch from (${events.startsAt} - ${events.createdAt})) / 60)`;
  const bucket = sql.join(
    [
      sql`case`,
      ...LEAD_TIME_BUCKETS.slice(0, -1).map(
        (b, i) => sql`when ${leadMinutes} < ${sql.raw(String(b.below))} then ${sql.raw(String(i))}`,
      ),
      sql`else ${sql.raw(String(LEAD_TIME_BUCKETS.length - 1))} end`,
    ],
    sql` `,
  );
  const quarter = sql`floor(extract(epoch from ${events.startsAt}) / ${sql.raw(String(QUARTER_SECONDS))})`;
  const [types, members, starts, leads, middle] = await Promise.all([
    db
      .select({ eventTypeId: events.eventTypeId, title: sql<string | null>`max(${eventTypes.title})`, count: count() })
      .from(events)
      .leftJoin(eventTypes, eq(eventTypes.id, events.eventTypeId))
      .where(where)
      .groupBy(events.eventTypeId),
    db
      .select({
        userId: events.hostId,
        name: sql<string>`max(${users.name})`,
        email: sql<string>`max(${users.email})`,
        count: count(),
      })
      .from(events)
      .innerJoin(users, eq(users.id, events.hostId))
      .where(where)
      .groupBy(events.hostId),
    db
      .select({ quarter: sql<number>`${quarter}`.mapWith(Number), count: count() })
      .from(events)
      .where(live)
      .groupBy(quarter),
    db
      .select({ bucket: sql<number>`${bucket}`.mapWith(Number), count: count() })
      .from(events)
      .where(live)
      .groupBy(bucket),
    db
      .select({
        median: sql<number | null>`percentile_cont(0.5) within group (order by ${leadMinutes})`.mapWith((v) =>
          v === null ? null : Number(v),
        ),
      })
      .from(events)
      .where(live),
  ]);
  const buckets = LEAD_TIME_BUCKETS.map(() => 0);
  for (const l of leads) buckets[Math.max(0, Math.min(buckets.length - 1, l.bucket))] += l.count;
  const byCount = <T extends { count: number }>(a: T, b: T) => b.count - a.count;
  return {
    byEventType: types
      .map((t) => ({ eventTypeId: t.eventTypeId, title: t.title ?? "A removed event type", count: t.count }))
      .sort((a, b) => byCount(a, b) || a.title.localeCompare(b.title)),
    byMember: members.sort((a, b) => byCount(a, b) || a.name.localeCompare(b.name)),
    starts: starts.map((s) => ({ at: s.quarter * QUARTER_SECONDS * 1000, count: s.count })),
    leadTime: { buckets, medianMinutes: middle[0]?.median ?? null },
  };
}

/** One row of the bookings export, with its creation time as the database writes it (the cursor's key). */
export type ExportRow = ExportRecord & { createdAtText: string };

/** Where the next batch starts: after this row in (created_at, id) order. */
export interface ExportCursor {
  createdAtText: string;
  id: string;
}

/**
 * One batch of the export, oldest booking first, after `cursor` (keyset pagination on
 * (created_at, id), so each batch is an index range and the export never holds more than one).
 */
export async function exportBatch(
  filter: InsightsFilter,
  range: { start: Date; end: Date },
  cursor: ExportCursor | null,
  limit: number,
): Promise<ExportRow[]> {
  const db = await getDb();
  // The database's own text of created_at (microseconds): a JS Date keeps milliseconds only, and a
  // cursor rounded down would hand the batch's last row out again.
  const after = cursor
    ? sql`(${events.createdAt}, ${events.id}) > (${cursor.createdAtText}::timestamptz, ${cursor.id}::uuid)`
    : undefined;
  return db
    .select({
      id: events.id,
      createdAt: events.createdAt,
      createdAtText: sql<string>`${events.createdAt}::text`,
      status: events.status,
      declinedAt: events.declinedAt,
      startsAt: events.startsAt,
      endsAt: events.endsAt,
      eventTypeId: events.eventTypeId,
      eventTypeSlug: eventTypes.slug,
      eventTypeTitle: eventTypes.title,
      eventName: events.eventName,
      hostId: events.hostId,
      hostName: users.name,
      hostEmail: users.email,
      guestName: events.guestName,
      guestEmail: events.guestEmail,
      guestTimeZone: events.guestTimeZone,
      invitees: sql<
        string | null
      >`(select string_agg(${eventInvitees.email}, ' ' order by ${eventInvitees.position}) from ${eventInvitees} where ${eventInvitees.eventId} = ${events.id})`,
      notes: events.notes,
      answers: events.answers,
      guestNoShow: events.guestNoShow,
      hostNoShow: events.hostNoShow,
      utm: events.utm,
    })
    .from(events)
    .leftJoin(eventTypes, eq(eventTypes.id, events.eventTypeId))
    .innerJoin(users, eq(users.id, events.hostId))
    .where(and(scopeWhere(filter), madeIn(range), after))
    .orderBy(asc(events.createdAt), asc(events.id))
    .limit(limit);
}
