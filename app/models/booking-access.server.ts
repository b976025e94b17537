import { sql, type SQL } from "drizzle-orm";
import { events } from "../../db/schema";

/**
 * Who may act on a booking as its host (decision 062): its host, or an owner or admin of the team
 * its event type belongs to (`event_types.team_id`). The one check every host action uses (cancel,
 * reschedule, approve, decline, the Scheduled Events modals, the timeline), written as a condition
 * on `events` so the actor's reach is decided by the same query that finds the row: a person who
 * is neither gets "not found", as before. Nothing changes for rows without a team event type (a
 * personal event type's bookings, a host's own events): only their host matches.
 */
export function actsAsHost(userId: string): SQL {
  return sql`(${events.hostId} = ${userId} or exists (
    select 1 from event_types team_type
    join team_memberships manager on manager.team_id = team_type.team_id
    where team_type.id = ${events.eventTypeId}
      and manager.user_id = ${userId}
      and manager.role in ('owner', 'admin')))`;
}

/** The rows booked through one of the team's event types (a collective booking's co-host rows excluded). */
export function bookedThroughTeam(teamId: string): SQL {
  return sql`(${events.bookingId} is null and ${events.eventTypeId} in (
    select team_type.id from event_types team_type where team_type.team_id = ${teamId}))`;
}
