import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiError, readJson, requireApiUser } from "~/api/api.server";
import { apiRoute } from "~/api/api-route.server";
import { TEAMS_MESSAGES as M } from "~/messages/teams";
import { teamAcceptBody, teamJson } from "~/schemas/teams";
import { respondToTeamInvitation } from "~/services/teams.server";
import { getMyTeam } from "~/models/teams.server";

/**
 * POST /api/team-invitations/accept: the invitee, signed in with the invited address, joins with
 * the invitation's role. A token that opens nothing is 404, someone else's invitation 403, an
 * answered or withdrawn one 409 (as the mailed link's page).
 */
async function POST({ request }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const { token } = await readJson(request, teamAcceptBody);
  const result = await respondToTeamInvitation(user, { token }, "accept", new Date());
  if (result.ok) {
    // The Team resource as GET /api/teams/{id} gives it (its brand colour too).
    const team = await getMyTeam(user.id, result.teamId);
    return Response.json(
      teamJson(
        team ?? {
          id: result.teamId,
          name: result.teamName,
          slug: result.teamSlug,
          role: result.role,
          brandColor: null,
          logoHash: null,
        },
      ),
    );
  }
  if (result.reason === "wrong-person") return apiError(403, "forbidden", M.wrongPerson);
  if (result.reason === "not-pending") return apiError(409, "not_pending", M.notPending);
  return apiError(404, "not_found", M.invitationNotFound);
}

export const { loader, action } = apiRoute({ POST });
