/**
 * The server-only names dashboard.conferencing_.zoom_.callback.tsx uses, through one module: the browser build keeps an
 * empty stand-in for each server module a route file names, and one other routes name too is a
 * chunk of its own the page requests (docs/decisions/122).
 */
export { CALENDARS_PAGE, finishZoomConnect } from "~/services/conferencing.server";
export { requireDrawerPage } from "~/utils/dashboard-pages.server";
export { redirectWithError, redirectWithSuccess } from "~/utils/toast.server";
