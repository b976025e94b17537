import type { LoaderFunctionArgs } from "@remix-run/node";
import { readJson, requireApiUser } from "~/api/api.server";
import { apiRoute } from "~/api/api-route.server";
import { teamRefusal } from "~/api/team-api.server";
import { TEAMS_MESSAGES as M } from "~/messages/teams";
import { getMyTeam } from "~/models/teams.server";
import { teamRoleBody } from "~/schemas/teams";
import { changeMemberRole, removeTeamMember } from "~/services/teams.server";

/** PATCH /api/teams/{id}/members/{userId}: owners and admins change a role; the last owner stays (409 last_owner). */
async function PATCH({ request, params }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  // An outsider learns nothing, not even whether the body would have been valid.
  if (!(await getMyTeam(user.id, params.id ?? ""))) return teamRefusal("not-found");
  const { role } = await readJson(request, teamRoleBody);
  const result = await changeMemberRole(user.id, params.id ?? "", params.userId ?? "", role, request);
  if (!result.ok) return teamRefusal(result.reason, M.memberNotFound);
  const { userId, email, name } = result.member;
  return Response.json({ userId, email, name, role });
}

/** DELETE /api/teams/{id}/members/{userId}: owners and admins remove a member; one's own id is leaving. */
async function DELETE({ request, params }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  if (!(await getMyTeam(user.id, params.id ?? ""))) return teamRefusal("not-found");
  const result = await removeTeamMember(user.id, params.id ?? "", params.userId ?? "", request);
  if (!result.ok) return teamRefusal(result.reason, M.memberNotFound);
  return new Response(null, { status: 204 });
}

export const { loader, action } = apiRoute({ PATCH, DELETE });
