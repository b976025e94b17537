import { getMyTeam, type Refusal, type TeamSummary } from "~/models/teams.server";
import { TEAMS_MESSAGES as M } from "~/messages/teams";
import { canManage, TEAM_SIZE_CAP } from "~/schemas/teams";
import type { AuthUser } from "~/utils/auth.server";
import { apiError, requireApiUser } from "./api.server";

/** The JSON answer to a team write the model refused (decision 057): one mapping for every path. */
export function teamRefusal(
  reason: Refusal | "already-member" | "already-invited" | "cap",
  notFoundMessage: string = M.notFound,
): Response {
  switch (reason) {
    case "not-found":
      return apiError(404, "not_found", notFoundMessage);
    case "forbidden":
      return apiError(403, "forbidden", M.forbidden);
    case "owners-only":
      return apiError(403, "forbidden", M.ownersOnly);
    case "last-owner":
      return apiError(409, "last_owner", M.lastOwner);
    case "already-member":
      return apiError(409, "already_member", M.alreadyMember);
    case "already-invited":
      return apiError(409, "already_invited", M.alreadyInvited);
    case "cap":
      return apiError(409, "team_full", M.cap(TEAM_SIZE_CAP));
  }
}

/**
 * The caller, who must be an owner or admin of team `teamId` (decision 062): 401 without
 * credentials, 404 for anyone outside the team (no hint it exists), 403 for a member. Checked
 * before the query or body is read, so an outsider learns nothing from either.
 */
export async function requireTeamManager(
  request: Request,
  teamId: string,
): Promise<{ user: AuthUser; team: TeamSummary }> {
  const user = await requireApiUser(request);
  const team = await getMyTeam(user.id, teamId);
  if (!team) throw teamRefusal("not-found");
  if (!canManage(team.role)) throw teamRefusal("forbidden");
  return { user, team };
}
