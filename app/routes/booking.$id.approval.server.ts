/**
 * The server-only names booking.$id.approval.tsx uses, through one module: the browser build keeps an
 * empty stand-in for each server module a route file names, and one other routes name too is a
 * chunk of its own the page requests (docs/decisions/122).
 */
export { data } from "@remix-run/node";
export { findByApprovalToken } from "~/models/approval.server";
export { guestPageHeaders } from "~/html/guest-booking.server";
export { approveBooking, declineBooking } from "~/services/approval.server";
export { readFormData } from "~/utils/request.server";
