import type { EventTypeWrite } from "~/models/event-type.server";
import { ensureDefaultSchedule, getSchedule } from "~/models/schedule.server";
import { ownedTeams } from "~/models/team.server";
import type { AuthUser } from "~/utils/auth.server";
import type { EventTypeInput } from "~/schemas/scheduling-api";

/**
 * The event-type checks that need the database (decision 016), for the event-type page and POST
 * and PUT /api/event-types alike: each answers the refusal its own way.
 */

/**
 * Hosts rules (decisions 020, 058): the owner always hosts; team kinds add members of a team the
 * owner owns, and the event type then belongs to that team.
 */
export const TEAM_HOSTS_MESSAGE = "Hosts must be members who accepted your team invitation.";
export const SOLO_HOSTS_MESSAGE =
  "Only you host a one-to-one or group event type: choose Collective or Round Robin for a team.";
export const TEAM_NEEDS_MEMBER_MESSAGE = "Pick at least one team member to host with you.";
export const ONE_TEAM_HOSTS_MESSAGE = "Pick hosts from one of your teams: they must all be members of the same team.";
const TEAM_KINDS = new Set(["collective", "round-robin"]);

/**
 * The hosts (the owner first, then the chosen members, each once), the team the event type
 * belongs to (the one it is in, while every host is a member of it, else the owner's oldest team
 * holding them all), and the field's error, if any.
 */
export async function resolveHosts(
  ownerId: string,
  kind: string,
  hosts: readonly string[] | null,
  currentTeamId: string | null = null,
): Promise<{ hostIds: string[]; teamId: string | null; error?: string }> {
  const others = [...new Set((hosts ?? []).filter((id) => id !== ownerId))];
  const solo = { hostIds: [ownerId], teamId: null };
  if (!TEAM_KINDS.has(kind)) return others.length > 0 ? { ...solo, error: SOLO_HOSTS_MESSAGE } : solo;
  const teams = await ownedTeams(ownerId);
  const members = new Set(teams.flatMap((t) => [...t.memberIds]));
  if (others.some((id) => !members.has(id))) return { ...solo, error: TEAM_HOSTS_MESSAGE };
  if (others.length === 0) return { ...solo, error: TEAM_NEEDS_MEMBER_MESSAGE };
  const holding = teams.filter((t) => others.every((id) => t.memberIds.has(id)));
  const team = holding.find((t) => t.id === currentTeamId) ?? holding[0];
  if (!team) return { ...solo, error: ONE_TEAM_HOSTS_MESSAGE };
  return { hostIds: [ownerId, ...others], teamId: team.id };
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
  currentTeamId: string | null = null,
): Promise<{ ok: true; write: EventTypeWrite } | { ok: false; fields: Record<string, string[]> }> {
  const { scheduleId, hosts, ...rest } = input;
  const fields: Record<string, string[]> = {};
  const schedule = scheduleId
    ? await getSchedule(user.id, scheduleId)
    : await ensureDefaultSchedule(user.id, user.timeZone);
  if (!schedule) fields.scheduleId = [FOREIGN_SCHEDULE_MESSAGE];
  const { hostIds, teamId, error } = await resolveHosts(user.id, rest.kind, hosts, currentTeamId);
  if (error) fields.hosts = [error];
  if (!schedule || Object.keys(fields).length > 0) return { ok: false, fields };
  return { ok: true, write: { ...rest, scheduleId: schedule.id, hostIds, teamId } };
}
