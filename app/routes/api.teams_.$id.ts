import type { LoaderFunctionArgs } from "@remix-run/node";
import { readJson, requireApiUser } from "~/api/api.server";
import { apiRoute } from "~/api/api-route.server";
import { requireTeamManager, teamRefusal } from "~/api/team-api.server";
import { getMyTeam, updateTeamBrandColor } from "~/models/teams.server";
import { brandColorBody } from "~/schemas/brand-color";
import { teamJson } from "~/schemas/teams";

/** GET /api/teams/{id}: the team with the caller's role, its brand colour and logo; 404 to anyone outside it. */
async function GET({ request, params }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const team = await getMyTeam(user.id, params.id ?? "");
  if (!team) throw teamRefusal("not-found");
  return Response.json(teamJson(team));
}

/**
 * PATCH /api/teams/{id} `{ brandColor: "#0f766e" | null }` (decision 108): owners and admins set
 * the team's booking-page colour; one white text cannot be read on is 400 with the ratio. The logo
 * has its own path, /api/teams/{id}/logo (decision 112).
 */
async function PATCH({ request, params }: LoaderFunctionArgs) {
  const { team } = await requireTeamManager(request, params.id ?? "");
  const body = await readJson(request, brandColorBody);
  await updateTeamBrandColor(team.id, body.brandColor);
  return Response.json(teamJson({ ...team, brandColor: body.brandColor }));
}

export const { loader, action } = apiRoute({ GET, PATCH });
