import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/api/api.server";
import { apiRoute } from "~/api/api-route.server";
import { teamRefusal } from "~/api/team-api.server";
import { getMyTeam, listMembers } from "~/models/teams.server";

/** GET /api/teams/{id}/members: every member may read; anyone else gets 404 (no hint the team exists). */
async function GET({ request, params }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const team = await getMyTeam(user.id, params.id ?? "");
  if (!team) return teamRefusal("not-found");
  return Response.json(
    (await listMembers(team.id)).map(({ userId, email, name, role }) => ({ userId, email, name, role })),
  );
}

export const { loader, action } = apiRoute({ GET });
