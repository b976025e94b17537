/**
 * The server-only names route.tsx uses, through one module: the browser build keeps an
 * empty stand-in for each server module a route file names, and one other routes name too is a
 * chunk of its own the page requests (docs/decisions/122). route.tsx names it by its full path:
 * the stand-ins are keyed by the import's text, so "./route.server" in two routes would be one.
 */
export { data, redirect } from "@remix-run/node";
export {
  calendarAllowance,
  deleteConnection,
  getConnection,
  listConnections,
  setCalendarSwitches,
} from "~/models/calendar.server";
export { isUuid } from "~/models/event.server";
export { googleCalendarAvailable } from "~/services/google-calendar.server";
export { MICROSOFT_RECONNECT, microsoftCalendarAvailable } from "~/services/microsoft-calendar.server";
export {
  CalendarConnectError,
  CalendarLimitError,
  connectCalendar,
  feedTokenOf,
  feedUrls,
  rotateFeedToken,
  syncNow,
} from "~/services/calendars.server";
export { getFeedToken } from "~/models/calendar.server";
export { calendarSecretsAvailable } from "~/server/calendar-crypto.server";
export { requireDrawerPage } from "~/utils/dashboard-pages.server";
export { linkBase, readFormData } from "~/utils/request.server";
export { errorToast, redirectWithError, redirectWithSuccess } from "~/utils/toast.server";
export {
  connectConferencing,
  disconnectConferencing,
  isConferencingApp,
  listConferencing,
  makeDefaultConferencing,
} from "~/services/conferencing.server";
export { recordAudit } from "~/services/audit.server";
