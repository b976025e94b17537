import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute } from "~/api/api-route.server";
import { requireTeamManager, teamRefusal } from "~/api/team-api.server";
import { TEAMS_MESSAGES as M } from "~/messages/teams";
import { revokeTeamInvitation } from "~/services/teams.server";

/** DELETE /api/teams/{id}/invitations/{invitationId}: owners and admins withdraw it; its link stops working. */
async function DELETE({ request, params }: LoaderFunctionArgs) {
  const { user, team } = await requireTeamManager(request, params.id ?? "");
  const result = await revokeTeamInvitation(user.id, team.id, params.invitationId ?? "");
  if (!result.ok) return teamRefusal(result.reason, M.invitationNotFound);
  return new Response(null, { status: 204 });
}

export const { loader, action } = apiRoute({ DELETE });
