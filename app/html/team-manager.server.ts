import { TEAMS_MESSAGES as M } from "~/messages/teams";
import { getMyTeam, type TeamSummary } from "~/models/teams.server";
import { canManage } from "~/schemas/teams";
import { forbidden, notFound } from "~/utils/responses";

/**
 * The team a page acts for, which the reader must run (decision 062): 404 to anyone outside it
 * (no hint it exists), 403 to a member; the team with the reader's role otherwise.
 */
export async function managedTeamOr404(userId: string, teamId: string): Promise<TeamSummary> {
  const team = (await getMyTeam(userId, teamId)) ?? notFound(M.notFound);
  if (!canManage(team.role)) forbidden(M.forbidden);
  return team;
}
