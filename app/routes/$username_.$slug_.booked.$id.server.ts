/**
 * The server-only names $username_.$slug_.booked.$id.tsx uses, through one module: the browser build keeps an
 * empty stand-in for each server module a route file names, and one other routes name too is a
 * chunk of its own the page requests (docs/decisions/122).
 */
export { linksFor } from "~/services/booking-mail.server";
export { linkBase } from "~/utils/request.server";
export { confirmedBookingOr404 } from "~/html/guest-booking.server";
export { occurrenceToken, seriesTokenOf } from "~/models/booking-series.server";
export { placeOf } from "~/services/event-invitations.server";
export { redirectOfBooking } from "~/models/event-type.server";
