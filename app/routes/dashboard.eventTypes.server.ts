/**
 * The server-only names dashboard.eventTypes.tsx uses, through one module: the browser build keeps an
 * empty stand-in for each server module a route file names, and one other routes name too is a
 * chunk of its own the page requests (docs/decisions/122).
 */
export { data } from "@remix-run/node";
export {
  ActiveEventTypeCapError,
  deleteEventType,
  getEventType,
  listEventTypes,
  setEventTypeActive,
  setEventTypeHidden,
} from "~/models/event-type.server";
export { getProfile } from "~/models/user.server";
export { listMyTeams } from "~/models/teams.server";
export { teamEventTypesHostedBy, templatesOf } from "~/models/team-event-types.server";
export { requireDrawerPage } from "~/utils/dashboard-pages.server";
export { linkBase as siteBase, readFormData } from "~/utils/request.server";
export { errorToast, redirectWithSuccess } from "~/utils/toast.server";
