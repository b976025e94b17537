import type { EventTypeWrite } from "~/models/event-type.server";
import { ensureDefaultSchedule, getSchedule } from "~/models/schedule.server";
import { acceptedMembers } from "~/models/team.server";
import type { AuthUser } from "~/utils/auth.server";
import type { EventTypeInput } from "~/schemas/scheduling-api";

/**
 * The event-type checks that need the database (decision 016), for the event-type page and POST
 * and PUT /api/event-types alike: each answers the refusal its own way.
 */

/** Hosts rules (decision 020): the owner always hosts; team kinds add accepted members of the owner's team. */
export const TEAM_HOSTS_MESSAGE = "Hosts must be members who accepted your team invitation.";
export const SOLO_HOSTS_MESSAGE =
  "Only you host a one-to-one or group event type: choose Collective or Round Robin for a team.";
export const TEAM_NEEDS_MEMBER_MESSAGE = "Pick at least one team member to host with you.";
const TEAM_KINDS = new Set(["collective", "round-robin"]);

/** The stored host list: the owner first, then the chosen members (each once); the field's error, if any. */
export async function resolveHosts(
  ownerId: string,
  kind: string,
  hosts: readonly string[] | null,
): Promise<{ hostIds: string[]; error?: string }> {
  const others = [...new Set((hosts ?? []).filter((id) => id !== ownerId))];
  if (!TEAM_KINDS.has(kind))
    return others.length > 0 ? { hostIds: [ownerId], error: SOLO_HOSTS_MESSAGE } : { hostIds: [ownerId] };
  const members = new Set((await acceptedMembers(ownerId)).map((m) => m.id));
  if (others.some((id) => !members.has(id))) return { hostIds: [ownerId], error: TEAM_HOSTS_MESSAGE };
  if (others.length === 0) return { hostIds: [ownerId], error: TEAM_NEEDS_MEMBER_MESSAGE };
  return { hostIds: [ownerId, ...others] };
}
export const FOREIGN_SCHEDULE_MESSAGE = "Pick one of your own schedules.";

/**
 * The input with its schedule and hosts resolved: no scheduleId means the caller's default
 * schedule (made if missing); another person's (or an unknown) schedule and any host but the
 * hosts allowed (resolveHosts) are refused with each field's message.
 */
export async function resolveEventTypeWrite(
  user: AuthUser,
  input: EventTypeInput,
): Promise<{ ok: true; write: EventTypeWrite } | { ok: false; fields: Record<string, string[]> }> {
  const { scheduleId, hosts, ...rest } = input;
  const fields: Record<string, string[]> = {};
  const schedule = scheduleId
    ? await getSchedule(user.id, scheduleId)
    : await ensureDefaultSchedule(user.id, user.timeZone);
  if (!schedule) fields.scheduleId = [FOREIGN_SCHEDULE_MESSAGE];
  const { hostIds, error } = await resolveHosts(user.id, rest.kind, hosts);
  if (error) fields.hosts = [error];
  if (!schedule || Object.keys(fields).length > 0) return { ok: false, fields };
  return { ok: true, write: { ...rest, scheduleId: schedule.id, hostIds } };
}
