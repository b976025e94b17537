/**
 * The server-only names $username.tsx uses, through one module: the browser build keeps an
 * empty stand-in for each server module a route file names, and one other routes name too is a
 * chunk of its own the page requests (docs/decisions/122).
 */
export { notTakingBookings } from "~/html/not-taking.server";
export { getPublicHost, listActiveEventTypes } from "~/models/event-type.server";
export { publicAbsences } from "~/models/out-of-office.server";
export { awayNotice } from "~/html/away-notice.server";
export { photoHashOf } from "~/models/user-photo.server";
export { hostLogoOf } from "~/models/user-logo.server";
export { publicPageTag, tagPublicPage } from "~/server/page-cache.server";
