import type { LoaderFunctionArgs } from "@remix-run/node";
import { readJson, requireApiUser } from "~/api/api.server";
import { apiRoute } from "~/api/api-route.server";
import { teamRefusal } from "~/api/team-api.server";
import {
  teamEventTypeBody as json,
  teamEventTypeFailure,
  TEAM_EVENT_TYPE_NOT_FOUND,
} from "~/api/team-event-types-api.server";
import { apiError } from "~/api/api.server";
import { isUuid } from "~/models/event.server";
import { deleteTeamEventType, getTeamEventType, replaceTeamEventType } from "~/models/team-event-types.server";
import { getMyTeam, type TeamSummary } from "~/models/teams.server";
import { teamEventTypeBody } from "~/schemas/team-event-types";
import { canManage } from "~/schemas/teams";
import { linkBase } from "~/utils/request.server";

/**
 * GET|PUT|DELETE /api/teams/{id}/event-types/{eventTypeId}, as /api/event-types/{id}: every
 * member reads; owners and admins replace and delete (a member 403); an outsider 404.
 */

const notFound = () => apiError(404, "not_found", TEAM_EVENT_TYPE_NOT_FOUND);

async function teamOf(request: Request, params: LoaderFunctionArgs["params"], write: boolean) {
  const user = await requireApiUser(request);
  const team = await getMyTeam(user.id, params.id ?? "");
  if (!team) throw teamRefusal("not-found");
  if (write && !canManage(team.role)) throw teamRefusal("forbidden");
  const id = params.eventTypeId ?? "";
  if (!isUuid(id)) throw notFound();
  return { user, team, id };
}

async function answer(team: TeamSummary, id: string, request: Request, status = 200) {
  const found = await getTeamEventType(team.id, id);
  return found ? Response.json(json(found, team, linkBase(request)), { status }) : notFound();
}

async function GET({ request, params }: LoaderFunctionArgs) {
  const { team, id } = await teamOf(request, params, false);
  return answer(team, id, request);
}

async function PUT({ request, params }: LoaderFunctionArgs) {
  const { user, team, id } = await teamOf(request, params, true);
  if (!(await getTeamEventType(team.id, id))) return notFound();
  const input = await readJson(request, teamEventTypeBody);
  const result = await replaceTeamEventType(user.id, team.id, id, input);
  return result.ok ? answer(team, id, request) : teamEventTypeFailure(result);
}

async function DELETE({ request, params }: LoaderFunctionArgs) {
  const { user, team, id } = await teamOf(request, params, true);
  const result = await deleteTeamEventType(user.id, team.id, id);
  return result.ok ? new Response(null, { status: 204 }) : teamEventTypeFailure(result);
}

export const { loader, action } = apiRoute({ GET, PUT, DELETE });
