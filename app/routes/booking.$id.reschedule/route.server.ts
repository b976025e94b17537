/**
 * The server-only names route.tsx uses, through one module: the browser build keeps an
 * empty stand-in for each server module a route file names, and one other routes name too is a
 * chunk of its own the page requests (docs/decisions/122). route.tsx names it by its full path:
 * the stand-ins are keyed by the import's text, so "./route.server" in two routes would be one.
 */
export { data } from "@remix-run/node";
export { rescheduleBooking } from "~/services/bookings.server";
export {
  changeWordsOf,
  guestBookingOr404,
  guestPageHeaders,
  guestSpeech,
  momentIn,
  policyRefusalText,
  policyView,
  summaryOf,
} from "~/html/guest-booking.server";
export { rescheduleDay, rescheduleSlots, rescheduleSlotsByDate } from "~/services/reschedule-slots.server";
export { linkBase, readFormData } from "~/utils/request.server";
