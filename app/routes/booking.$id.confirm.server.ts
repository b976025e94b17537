/**
 * The server-only names booking.$id.confirm.tsx uses, through one module: the browser build keeps an
 * empty stand-in for each server module a route file names, and one other routes name too is a
 * chunk of its own the page requests (docs/decisions/122).
 */
export { data } from "@remix-run/node";
export { guestPageHeaders, guestZone, RECONFIRM_MESSAGES } from "~/html/guest-booking.server";
export { findByReconfirmToken } from "~/models/reconfirm.server";
export { confirmAttendance } from "~/services/reconfirm.server";
