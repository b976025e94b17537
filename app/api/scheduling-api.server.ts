import type { EventTypeWrite } from "~/models/event-type.server";
import { ensureDefaultSchedule, getSchedule } from "~/models/schedule.server";
import { acceptedMembers } from "~/models/team.server";
import { apiError } from "./api.server";
import { EVENT_TYPE_MESSAGES } from "~/schemas/event-type-form";
import type { AuthUser } from "~/utils/auth.server";
import type { EventTypeInput } from "~/schemas/scheduling-api";

/** The event-type checks that need the database, shared by POST and PUT (decision 016). */

/** Hosts rules (decision 020): the owner always hosts; team kinds add accepted members of the owner's team. */
export const TEAM_HOSTS_MESSAGE = "Hosts must be members who accepted your team invitation.";
export const SOLO_HOSTS_MESSAGE = "Only you host a one-to-one or group event type: choose Collective or Round Robin for a team.";
export const TEAM_NEEDS_MEMBER_MESSAGE = "Pick at least one team member to host with you.";
const TEAM_KINDS = new Set(["collective", "round-robin"]);

/** The stored host list: the owner first, then the chosen members (each once); the field's error, if any. */
export async function resolveHosts(ownerId: string, kind: string, hosts: readonly string[] | null): Promise<{ hostIds: string[]; error?: string }> {
  const others = [...new Set((hosts ?? []).filter((id) => id !== ownerId))];
  if (!TEAM_KINDS.has(kind)) return others.length > 0 ? { hostIds: [ownerId], error: SOLO_HOSTS_MESSAGE } : { hostIds: [ownerId] };
  const members = new Set((await acceptedMembers(ownerId)).map((m) => m.id));
  if (others.some((id) => !members.has(id))) return { hostIds: [ownerId], error: TEAM_HOSTS_MESSAGE };
  if (others.length === 0) return { hostIds: [ownerId], error: TEAM_NEEDS_MEMBER_MESSAGE };
  return { hostIds: [ownerId, ...others] };
}
export const FOREIGN_SCHEDULE_MESSAGE = "Pick one of your own schedules.";

/**
 * The body with its schedule and hosts resolved: no scheduleId means the caller's default
 * schedule (made if missing); another person's (or an unknown) schedule and any host but the
 * hosts not allowed (resolveHosts) are 400 invalid_input with the field's message.
 */
export async function eventTypeWrite(user: AuthUser, input: EventTypeInput): Promise<EventTypeWrite> {
  const { scheduleId, hosts, ...rest } = input;
  const fields: Record<string, string[]> = {};
  const schedule = scheduleId ? await getSchedule(user.id, scheduleId) : await ensureDefaultSchedule(user.id, user.timeZone);
  if (!schedule) fields.scheduleId = [FOREIGN_SCHEDULE_MESSAGE];
  const { hostIds, error } = await resolveHosts(user.id, rest.kind, hosts);
  if (error) fields.hosts = [error];
  if (!schedule || Object.keys(fields).length > 0) throw apiError(400, "invalid_input", "Check the highlighted fields.", fields);
  return { ...rest, scheduleId: schedule.id, hostIds };
}

export const SLUG_TAKEN_MESSAGE = "You already have an event type with this slug.";

/** The answer for a write the model refused. */
export function eventTypeFailure(reason: "slug-taken" | "not-found" | "schedule-gone" | "active-cap"): Response {
  // Decision 038: the free plan's cap counts the event types a host has on.
  if (reason === "active-cap") return apiError(403, "active_event_type_limit", EVENT_TYPE_MESSAGES.activeCap, { active: [EVENT_TYPE_MESSAGES.activeCap] });
  if (reason === "slug-taken") return apiError(409, "slug_taken", SLUG_TAKEN_MESSAGE, { slug: [SLUG_TAKEN_MESSAGE] });
  if (reason === "schedule-gone") return apiError(400, "invalid_input", "Check the highlighted fields.", { scheduleId: [FOREIGN_SCHEDULE_MESSAGE] });
  return apiError(404, "not_found", "No such event type.");
}
