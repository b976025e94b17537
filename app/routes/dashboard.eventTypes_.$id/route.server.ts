/**
 * The server-only names route.tsx uses, through one module: the browser build keeps an
 * empty stand-in for each server module a route file names, and one other routes name too is a
 * chunk of its own the page requests (docs/decisions/122). route.tsx names it by its full path:
 * the stand-ins are keyed by the import's text, so "./route.server" in two routes would be one.
 */
export { data } from "@remix-run/node";
export { createEventType, getEventType, replaceEventType } from "~/models/event-type.server";
export { ensureDefaultSchedule, listSchedules } from "~/models/schedule.server";
export { acceptedMembers, teamsRunBy } from "~/models/team.server";
export { managedCopyOf } from "~/models/team-event-types.server";
export { getTeamById } from "~/models/teams.server";
export { getProfile } from "~/models/user.server";
export { requireDrawerPage } from "~/utils/dashboard-pages.server";
export { linkBase as siteBase, readFormData } from "~/utils/request.server";
export { resolveEventTypeWrite } from "~/services/event-types.server";
export { errorToast, redirectWithSuccess } from "~/utils/toast.server";
export { createSingleUseLink, listSingleUseLinks, revokeSingleUseLink } from "~/models/booking-controls.server";
