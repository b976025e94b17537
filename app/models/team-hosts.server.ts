import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import { queryRows } from "../../db/client";
import { eventTypeHosts, eventTypes, events, schedules, teamMemberships, users } from "../../db/schema";
import type { Schedule as EngineSchedule } from "~/scheduling/slots";
import { DEFAULT_PRIORITY, DEFAULT_WEIGHT, type RoundRobinStats } from "~/scheduling/round-robin";
import type { getDb } from "~/server/db.server";
import type { Transaction } from "./event.server";

/**
 * Who hosts a team event type's slots (decisions 020, 058), read with the caller's executor (a
 * booking passes its transaction). No import of event-type.server: it imports this module.
 */

type Executor = Awaited<ReturnType<typeof getDb>> | Transaction;

/** Round robin weighs the bookings of the last 30 days (and every upcoming one). */
export const ROUND_ROBIN_WINDOW_DAYS = 30;

export { isTeamKind } from "~/schemas/scheduling-api";

interface TeamEventType {
  eventType: { id: string; kind: string };
  ownerId: string;
  schedule: EngineSchedule;
  routedHostIds?: string[];
}

/**
 * The SQL of an event type's live hosts (decision 058), for `eventTypeRef` (its id column or a
 * value): its event_type_hosts users who are still members of its team, the owner first, then in
 * the order they were added. Someone who left or was removed no longer counts, whatever a row says.
 */
export function liveHostIdsSql(eventTypeRef: SQL): SQL<string[]> {
  return sql<
    string[]
  >`coalesce((select array_agg(h.user_id order by (h.user_id = e.user_id) desc, h.created_at, h.user_id)
    from ${eventTypeHosts} h
    join ${eventTypes} e on e.id = h.event_type_id
    join ${teamMemberships} m on m.team_id = e.team_id and m.user_id = h.user_id
    join ${users} u on u.id = h.user_id and u.deactivated_at is null
    where h.event_type_id = ${eventTypeRef}), '{}'::uuid[])`;
}

/** The event type's hosts now (liveHostIdsSql), read with the caller's executor. */
export async function liveHostIds(db: Executor, found: TeamEventType): Promise<string[]> {
  const [row] = await queryRows<{ ids: string[] }>(
    db,
    sql`select ${liveHostIdsSql(sql`${found.eventType.id}::uuid`)} as ids`,
  );
  return row?.ids ?? [];
}

/**
 * Round robin's figures of each host for one event type (decision 060): bookings in the window,
 * latest booking made, and the host's weight and priority (event_type_hosts; 100 and medium for a
 * host without a row).
 */
export async function roundRobinStats(
  db: Executor,
  eventTypeId: string,
  ids: string[],
  now: Date,
): Promise<Map<string, RoundRobinStats>> {
  const since = new Date(now.getTime() - ROUND_ROBIN_WINDOW_DAYS * 24 * 3600 * 1000).toISOString();
  const rows = await db
    .select({
      hostId: events.hostId,
      bookings:
        sql<number>`count(*) filter (where ${events.createdAt} > ${since} or ${events.startsAt} > ${since})`.mapWith(
          Number,
        ),
      last: sql<string | null>`max(${events.createdAt})`,
    })
    .from(events)
    .where(
      and(
        eq(events.eventTypeId, eventTypeId),
        inArray(events.hostId, ids),
        sql`${events.status} <> 'cancelled'`,
        sql`${events.guestEmail} is not null`,
      ),
    )
    .groupBy(events.hostId);
  const settings = ids.length
    ? await db
        .select({ userId: eventTypeHosts.userId, weight: eventTypeHosts.weight, priority: eventTypeHosts.priority })
        .from(eventTypeHosts)
        .where(and(eq(eventTypeHosts.eventTypeId, eventTypeId), inArray(eventTypeHosts.userId, ids)))
    : [];
  const byHost = new Map(settings.map((s) => [s.userId, s]));
  const counts = new Map(rows.map((r) => [r.hostId, r]));
  const out = new Map<string, RoundRobinStats>();
  for (const id of ids) {
    const r = counts.get(id);
    const s = byHost.get(id);
    out.set(id, {
      bookings: r?.bookings ?? 0,
      lastBookedAt: r?.last ? new Date(r.last).getTime() : null,
      weight: s?.weight ?? DEFAULT_WEIGHT,
      priority: s?.priority ?? DEFAULT_PRIORITY,
    });
  }
  return out;
}

export interface TeamSlotHost {
  id: string;
  schedule: EngineSchedule;
  roundRobin?: RoundRobinStats;
}

/**
 * The engine's hosts for a team event type: the owner with the event type's schedule, each
 * member with their own default schedule (their availability, in their zone). A member without a
 * schedule gets no hours: a collective slot then needs them and
 * is gone, round robin passes them by. `onlyHostIds` narrows the hosts (a round-robin
 * reschedule stays with its assigned host).
 */
export async function teamSlotHosts(
  db: Executor,
  found: TeamEventType,
  now: Date,
  onlyHostIds?: string[],
): Promise<TeamSlotHost[]> {
  let ids = await liveHostIds(db, found);
  // A routing form's member attributes (decision 074): only those hosts; none left, no hours at all.
  const routed = found.routedHostIds;
  if (routed) {
    ids = ids.filter((id) => routed.includes(id));
    if (ids.length === 0) return [{ id: found.ownerId, schedule: { timeZone: "UTC", weekly: [], overrides: [] } }];
  }
  if (onlyHostIds) ids = ids.filter((id) => onlyHostIds.includes(id));
  if (ids.length === 0) ids = onlyHostIds?.slice(0, 1) ?? [found.ownerId];
  const members = ids.filter((id) => id !== found.ownerId);
  const defaults = members.length
    ? await db
        .select({
          userId: schedules.userId,
          timeZone: schedules.timeZone,
          weekly: schedules.weekly,
          overrides: schedules.overrides,
        })
        .from(schedules)
        .where(and(inArray(schedules.userId, members), eq(schedules.isDefault, true)))
    : [];
  const byUser = new Map(
    defaults.map((d) => [d.userId, { timeZone: d.timeZone, weekly: d.weekly, overrides: d.overrides }]),
  );
  const stats = found.eventType.kind === "round-robin" ? await roundRobinStats(db, found.eventType.id, ids, now) : null;
  return ids.map((id) => {
    const own = id === found.ownerId ? found.schedule : byUser.get(id);
    const schedule: EngineSchedule = own
      ? { timeZone: own.timeZone, weekly: own.weekly, overrides: own.overrides }
      : { timeZone: "UTC", weekly: [], overrides: [] };
    return { id, schedule, ...(stats ? { roundRobin: stats.get(id) } : {}) };
  });
}
