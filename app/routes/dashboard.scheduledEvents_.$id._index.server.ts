/**
 * The server-only names dashboard.scheduledEvents_.$id._index.tsx uses, through one module: the browser build keeps an
 * empty stand-in for each server module a route file names, and one other routes name too is a
 * chunk of its own the page requests (docs/decisions/122).
 */
export { paymentOfBooking } from "~/models/booking-payment.server";
export { meetingOf } from "~/models/conferencing.server";
export { routingOfBooking } from "~/models/routing-forms.server";
export { getScheduledEvent } from "~/models/scheduled-events.server";
export { placeOf } from "~/services/event-invitations.server";
export { requireDrawerPage } from "~/utils/dashboard-pages.server";
