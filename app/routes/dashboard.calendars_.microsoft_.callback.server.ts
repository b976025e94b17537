/**
 * The server-only names dashboard.calendars_.microsoft_.callback.tsx uses, through one module: the browser build keeps an
 * empty stand-in for each server module a route file names, and one other routes name too is a
 * chunk of its own the page requests (docs/decisions/122).
 */
export { CalendarConnectError, CalendarLimitError, finishMicrosoftConnect } from "~/services/calendars.server";
export { microsoftCalendarAvailable } from "~/services/microsoft-calendar.server";
export { calendarSecretsAvailable } from "~/server/calendar-crypto.server";
export { requireDrawerPage } from "~/utils/dashboard-pages.server";
export { redirectWithError, redirectWithSuccess } from "~/utils/toast.server";
