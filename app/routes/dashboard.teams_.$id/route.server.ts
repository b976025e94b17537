/**
 * The server-only names route.tsx uses, through one module: the browser build keeps an
 * empty stand-in for each server module a route file names, and one other routes name too is a
 * chunk of its own the page requests (docs/decisions/122). route.tsx names it by its full path:
 * the stand-ins are keyed by the import's text, so "./route.server" in two routes would be one.
 */
export { data } from "@remix-run/node";
export { getMyTeam, listMembers, listTeamInvitations, updateTeamBrandColor } from "~/models/teams.server";
export {
  changeMemberRole,
  inviteAndMail,
  removeTeamMember,
  resendInvitation,
  revokeTeamInvitation,
} from "~/services/teams.server";
export { requirePermission } from "~/utils/auth.server";
export { linkBase, readFormData } from "~/utils/request.server";
export { errorToast, redirectWithSuccess } from "~/utils/toast.server";
export { listTeamEventTypes } from "~/models/team-event-types.server";
export { setMemberAttributes, teamMemberAttributes } from "~/models/routing-forms.server";
