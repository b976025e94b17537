/**
 * The server-only names dashboard.teams_.$id_.logo.tsx uses, through one module: the browser build keeps an
 * empty stand-in for each server module a route file names, and one other routes name too is a
 * chunk of its own the page requests (docs/decisions/122).
 */
export { imagePageAction } from "~/html/image-upload.server";
export { managedTeamOr404 } from "~/html/team-manager.server";
export { removeTeamLogo, setTeamLogo } from "~/services/profile-photo.server";
export { requirePermission } from "~/utils/auth.server";
