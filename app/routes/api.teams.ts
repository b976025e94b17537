import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiError, readJson, requireApiUser } from "~/api/api.server";
import { apiRoute } from "~/api/api-route.server";
import { TEAMS_MESSAGES as M } from "~/messages/teams";
import { listMyTeams } from "~/models/teams.server";
import { teamCreateBody, teamJson } from "~/schemas/teams";
import { createTeam } from "~/services/teams.server";

/** GET /api/teams: the caller's teams, each with the caller's role (decision 057). */
async function GET({ request }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  return Response.json((await listMyTeams(user.id)).map(teamJson));
}

/** POST /api/teams: 201 with the new team, the caller its owner; 409 slug_taken when a person or team has the slug. */
async function POST({ request }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const input = await readJson(request, teamCreateBody);
  const result = await createTeam(user.id, input);
  if (!result.ok) return apiError(409, "slug_taken", M.slugTaken, { slug: [M.slugTaken] });
  return Response.json(teamJson(result.team), { status: 201 });
}

export const { loader, action } = apiRoute({ GET, POST });
