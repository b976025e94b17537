/**
 * The server-only names booking.$id.cancel.tsx uses, through one module: the browser build keeps an
 * empty stand-in for each server module a route file names, and one other routes name too is a
 * chunk of its own the page requests (docs/decisions/122).
 */
export { data } from "@remix-run/node";
export {
  changeWordsOf,
  guestBookingOr404,
  guestPageHeaders,
  guestSpeech,
  policyView,
  summaryOf,
  policyRefusalText,
} from "~/html/guest-booking.server";
export { readFormData } from "~/utils/request.server";
export { bookingChangeOf, cancelBooking, cancelSeries } from "~/services/bookings.server";
