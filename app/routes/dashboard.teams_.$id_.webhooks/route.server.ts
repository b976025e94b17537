/**
 * The server-only names route.tsx uses, through one module: the browser build keeps an
 * empty stand-in for each server module a route file names, and one other routes name too is a
 * chunk of its own the page requests (docs/decisions/122). route.tsx names it by its full path:
 * the stand-ins are keyed by the import's text, so "./route.server" in two routes would be one.
 */
export { managedTeamOr404 } from "~/html/team-manager.server";
export { webhookListAction, webhookListData } from "~/html/webhook-pages.server";
export { requirePermission } from "~/utils/auth.server";
