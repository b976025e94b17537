import type { EventTypeWrite } from "../models/event-type.server";
import { ensureDefaultSchedule, getSchedule } from "../models/schedule.server";
import { apiError } from "./api.server";
import type { AuthUser } from "./auth.server";
import type { EventTypeInput } from "./scheduling-api";

/** The event-type checks that need the database, shared by POST and PUT (decision 016). */

export const TEAM_HOSTS_MESSAGE = "Team invitations are not available yet: only you can host your event types.";
export const FOREIGN_SCHEDULE_MESSAGE = "Pick one of your own schedules.";

/**
 * The body with its schedule and hosts resolved: no scheduleId means the caller's default
 * schedule (made if missing); another person's (or an unknown) schedule and any host but the
 * caller are 400 invalid_input with the field's message.
 */
export async function eventTypeWrite(user: AuthUser, input: EventTypeInput): Promise<EventTypeWrite> {
  const { scheduleId, hosts, ...rest } = input;
  const fields: Record<string, string[]> = {};
  const schedule = scheduleId ? await getSchedule(user.id, scheduleId) : await ensureDefaultSchedule(user.id, user.timeZone);
  if (!schedule) fields.scheduleId = [FOREIGN_SCHEDULE_MESSAGE];
  if (hosts && hosts.some((id) => id !== user.id)) fields.hosts = [TEAM_HOSTS_MESSAGE];
  if (!schedule || Object.keys(fields).length > 0) throw apiError(400, "invalid_input", "Check the highlighted fields.", fields);
  return { ...rest, scheduleId: schedule.id, hostIds: [user.id] };
}

export const SLUG_TAKEN_MESSAGE = "You already have an event type with this slug.";

/** The answer for a write the model refused. */
export function eventTypeFailure(reason: "slug-taken" | "not-found" | "schedule-gone"): Response {
  if (reason === "slug-taken") return apiError(409, "slug_taken", SLUG_TAKEN_MESSAGE, { slug: [SLUG_TAKEN_MESSAGE] });
  if (reason === "schedule-gone") return apiError(400, "invalid_input", "Check the highlighted fields.", { scheduleId: [FOREIGN_SCHEDULE_MESSAGE] });
  return apiError(404, "not_found", "No such event type.");
}
