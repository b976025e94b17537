/**
 * The server-only names dashboard.scheduledEvents_.$id.timeline.tsx uses, through one module: the browser build keeps an
 * empty stand-in for each server module a route file names, and one other routes name too is a
 * chunk of its own the page requests (docs/decisions/122).
 */
export { bookingTimeline } from "~/models/webhook.server";
export { assignmentsOf, bookingRoleOf, mayReassign } from "~/models/round-robin.server";
export { routingOfBooking } from "~/models/routing-forms.server";
export { requireDrawerPage } from "~/utils/dashboard-pages.server";
