import type { TeamEventType, TeamEventTypeResult } from "~/models/team-event-types.server";
import { TEAMS_MESSAGES } from "~/messages/teams";
import { eventTypeJson } from "~/schemas/scheduling-api";
import {
  TEAM_EVENT_TYPE_MESSAGES as M,
  teamEventTypeJson,
  type LockableField,
  type TeamEventTypeJson,
} from "~/schemas/team-event-types";
import { apiError } from "./api.server";
import { teamRefusal } from "./team-api.server";

/** The team event type paths' shared plumbing (decision 059). */

export const TEAM_EVENT_TYPE_NOT_FOUND = "No such event type in this team.";

/** The JSON of a team's event type. */
export function teamEventTypeBody(
  view: TeamEventType,
  team: { id: string; slug: string },
  origin: string,
): TeamEventTypeJson {
  const { eventType } = view;
  return teamEventTypeJson(eventTypeJson(eventType), {
    teamId: team.id,
    teamSlug: team.slug,
    origin,
    hosts: view.hosts.map(({ userId, name, weight, priority }) => ({ userId, name, weight, priority })),
    roundRobinMode: eventType.roundRobinMode,
    lockedFields: eventType.lockedFields,
    copies: view.copies,
  });
}

/** The answer to a team event type write the model refused. */
export function teamEventTypeFailure(result: Exclude<TeamEventTypeResult, { ok: true }>): Response {
  switch (result.reason) {
    case "not-members":
      return apiError(422, "invalid_hosts", M.notMembers, { hosts: [M.notMembers] });
    case "needs-host":
      return apiError(422, "invalid_hosts", M.needsHost, { hosts: [M.needsHost] });
    case "slug-taken":
      return apiError(409, "slug_taken", M.slugTaken, { slug: [M.slugTaken] });
    case "copy-slug-taken": {
      const message = M.copySlugTaken(result.who, result.slug);
      return apiError(409, "slug_taken", message, { slug: [message] });
    }
    case "kind-fixed":
      return apiError(422, "invalid_input", M.kindFixed, { kind: [M.kindFixed] });
    case "not-found":
      return apiError(404, "not_found", TEAM_EVENT_TYPE_NOT_FOUND);
    default:
      return teamRefusal(result.reason, TEAMS_MESSAGES.notFound);
  }
}

/** 403 locked_field: a member's copy of a managed template may not change `field` (decision 059). */
export function lockedFieldError(field: LockableField | "kind"): Response {
  const message = field === "kind" ? M.kindLocked : M.locked(field);
  return Response.json(
    { error: { code: "locked_field", message, field, fields: { [field]: [message] } } },
    { status: 403 },
  );
}
