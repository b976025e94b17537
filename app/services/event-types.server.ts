import type { EventTypeWrite } from "~/models/event-type.server";
import { ensureDefaultSchedule, getSchedule } from "~/models/schedule.server";
import { teamsRunBy } from "~/models/team.server";
import type { AuthUser } from "~/utils/auth.server";
import type { EventTypeInput } from "~/schemas/scheduling-api";

/**
 * The event-type checks that need the database (decision 016), for the event-type page and POST
 * and PUT /api/event-types alike: each answers the refusal its own way.
 */

/**
 * Hosts rules (decisions 020, 058, 059): the maker always hosts; team kinds add members of a team
 * the maker runs (owner or admin), and the event type then belongs to that team.
 */
export const TEAM_HOSTS_MESSAGE = "Hosts must be members who accepted your team invitation.";
export const SOLO_HOSTS_MESSAGE =
  "Only you host a one-to-one or group event type: choose Collective or Round Robin for a team.";
export const TEAM_NEEDS_MEMBER_MESSAGE = "Pick at least one team member to host with you.";
export const ONE_TEAM_HOSTS_MESSAGE = "Pick hosts from one of your teams: they must all be members of the same team.";
export const TEAM_CHOICE_MESSAGE = "Pick one of the teams where you are an owner or admin.";
export const SOLO_TEAM_MESSAGE = "Only a Collective or Round Robin event type belongs to a team.";
const TEAM_KINDS = new Set(["collective", "round-robin"]);

type HostsResolution = { hostIds: string[]; teamId: string | null; errors?: Record<string, string[]> };

/**
 * The hosts (the maker first, then the chosen members, each once), the team the event type
 * belongs to (`teamId` when given, else the one it is in while every host is a member of it,
 * else the oldest team the maker runs holding them all), and the fields' errors, if any.
 */
export async function resolveHosts(
  makerId: string,
  kind: string,
  hosts: readonly string[] | null,
  currentTeamId: string | null = null,
  teamId: string | null = null,
): Promise<HostsResolution> {
  const others = [...new Set((hosts ?? []).filter((id) => id !== makerId))];
  const solo = { hostIds: [makerId], teamId: null };
  if (!TEAM_KINDS.has(kind)) {
    const errors: Record<string, string[]> = {};
    if (others.length > 0) errors.hosts = [SOLO_HOSTS_MESSAGE];
    if (teamId) errors.teamId = [SOLO_TEAM_MESSAGE];
    return Object.keys(errors).length ? { ...solo, errors } : solo;
  }
  const teams = await teamsRunBy(makerId);
  const chosen = teamId ? teams.find((t) => t.id === teamId) : null;
  if (teamId && !chosen) return { ...solo, errors: { teamId: [TEAM_CHOICE_MESSAGE] } };
  const members = new Set((chosen ? [chosen] : teams).flatMap((t) => [...t.memberIds]));
  if (others.some((id) => !members.has(id))) return { ...solo, errors: { hosts: [TEAM_HOSTS_MESSAGE] } };
  if (others.length === 0) return { ...solo, errors: { hosts: [TEAM_NEEDS_MEMBER_MESSAGE] } };
  const holding = chosen ? [chosen] : teams.filter((t) => others.every((id) => t.memberIds.has(id)));
  const team = holding.find((t) => t.id === currentTeamId) ?? holding[0];
  if (!team) return { ...solo, errors: { hosts: [ONE_TEAM_HOSTS_MESSAGE] } };
  return { hostIds: [makerId, ...others], teamId: team.id };
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
  const { scheduleId, hosts, teamId: askedTeamId, ...rest } = input;
  const fields: Record<string, string[]> = {};
  const schedule = scheduleId
    ? await getSchedule(user.id, scheduleId)
    : await ensureDefaultSchedule(user.id, user.timeZone);
  if (!schedule) fields.scheduleId = [FOREIGN_SCHEDULE_MESSAGE];
  const { hostIds, teamId, errors } = await resolveHosts(user.id, rest.kind, hosts, currentTeamId, askedTeamId);
  Object.assign(fields, errors);
  if (!schedule || Object.keys(fields).length > 0) return { ok: false, fields };
  return { ok: true, write: { ...rest, scheduleId: schedule.id, hostIds, teamId } };
}
