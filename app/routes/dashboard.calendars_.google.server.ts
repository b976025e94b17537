/**
 * The server-only names dashboard.calendars_.google.tsx uses, through one module: the browser build keeps an
 * empty stand-in for each server module a route file names, and one other routes name too is a
 * chunk of its own the page requests (docs/decisions/122).
 */
export { redirect } from "@remix-run/node";
export { googleCalendarAvailable, googleConsentUrl } from "~/services/google-calendar.server";
export { calendarSecretsAvailable } from "~/server/calendar-crypto.server";
export { requireDrawerPage } from "~/utils/dashboard-pages.server";
export { googleCalendarState } from "~/utils/google-calendar-state.server";
export { linkBase } from "~/utils/request.server";
export { redirectWithError } from "~/utils/toast.server";
