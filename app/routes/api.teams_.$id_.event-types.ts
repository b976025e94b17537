import type { LoaderFunctionArgs } from "@remix-run/node";
import { readJson, requireApiUser } from "~/api/api.server";
import { apiRoute } from "~/api/api-route.server";
import { teamRefusal } from "~/api/team-api.server";
import { teamEventTypeBody as json, teamEventTypeFailure } from "~/api/team-event-types-api.server";
import { createTeamEventType, getTeamEventType, listTeamEventTypes } from "~/models/team-event-types.server";
import { getMyTeam } from "~/models/teams.server";
import { teamEventTypeBody } from "~/schemas/team-event-types";
import { canManage } from "~/schemas/teams";
import { linkBase } from "~/utils/request.server";

/** GET /api/teams/{id}/event-types: every member reads the team's event types; anyone else gets 404. */
async function GET({ request, params }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const team = await getMyTeam(user.id, params.id ?? "");
  if (!team) return teamRefusal("not-found");
  const origin = linkBase(request);
  return Response.json((await listTeamEventTypes(team.id)).map((v) => json(v, team, origin)));
}

/** POST /api/teams/{id}/event-types: owners and admins make one (201); a member 403, an outsider 404. */
async function POST({ request, params }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const team = await getMyTeam(user.id, params.id ?? "");
  if (!team) return teamRefusal("not-found");
  // A member learns the rule before the body is read.
  if (!canManage(team.role)) return teamRefusal("forbidden");
  const input = await readJson(request, teamEventTypeBody);
  const result = await createTeamEventType(user, team.id, input);
  if (!result.ok) return teamEventTypeFailure(result);
  const made = await getTeamEventType(team.id, result.id);
  return made ? Response.json(json(made, team, linkBase(request)), { status: 201 }) : teamRefusal("not-found");
}

export const { loader, action } = apiRoute({ GET, POST });
