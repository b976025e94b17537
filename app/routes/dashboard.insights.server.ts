/**
 * The server-only names dashboard.insights.tsx uses, through one module: the browser build keeps an
 * empty stand-in for each server module a route file names, and one other routes name too is a
 * chunk of its own the page requests (docs/decisions/122).
 */
export { data } from "@remix-run/node";
export { insightsOf, readInsightsRequest } from "~/services/insights.server";
export { listEventTypes } from "~/models/event-type.server";
export { listTeamEventTypes } from "~/models/team-event-types.server";
export { listMembers, listMyTeams } from "~/models/teams.server";
export { requireDrawerPage } from "~/utils/dashboard-pages.server";
