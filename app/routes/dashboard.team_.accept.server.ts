/**
 * The server-only names dashboard.team_.accept.tsx uses, through one module: the browser build keeps an
 * empty stand-in for each server module a route file names, and one other routes name too is a
 * chunk of its own the page requests (docs/decisions/122).
 */
export { data } from "@remix-run/node";
export { findTeamInvitationByToken } from "~/models/teams.server";
export { requireUser } from "~/utils/auth.server";
export { readFormData } from "~/utils/request.server";
export { respondToTeamInvitation } from "~/services/teams.server";
export { errorToast, redirectWithSuccess } from "~/utils/toast.server";
