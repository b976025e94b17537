import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute } from "~/api/api-route.server";
import { requireTeamManager, teamRefusal } from "~/api/team-api.server";
import { TEAMS_MESSAGES as M } from "~/messages/teams";
import { resendInvitation } from "~/services/teams.server";
import { linkBase } from "~/utils/request.server";

/**
 * POST /api/teams/{id}/invitations/{invitationId}/resend: owners and admins mail a new link (the
 * old one stops working); a declined invitation is pending again.
 */
async function POST({ request, params }: LoaderFunctionArgs) {
  const { user, team } = await requireTeamManager(request, params.id ?? "");
  const id = params.invitationId ?? "";
  const result = await resendInvitation(linkBase(request), user, team.id, id, new Date());
  if (!result.ok) return teamRefusal(result.reason, M.invitationNotFound);
  return Response.json({ id, email: result.email, role: result.role, status: "pending" });
}

export const { loader, action } = apiRoute({ POST });
