/**
 * The server-only names route.tsx uses, through one module: the browser build keeps an
 * empty stand-in for each server module a route file names, and one other routes name too is a
 * chunk of its own the page requests (docs/decisions/122). route.tsx names it by its full path:
 * the stand-ins are keyed by the import's text, so "./route.server" in two routes would be one.
 */
export { data } from "@remix-run/node";
export { listScheduledEvents, pageCountOf } from "~/models/admin-event.server";
export {
  bookableOf,
  getScheduledEvent,
  listScheduledForHost,
  listScheduledForTeam,
} from "~/models/scheduled-events.server";
export { listMembers, listMyTeams } from "~/models/teams.server";
export { managedTeamOr404 } from "~/html/team-manager.server";
export { cancelBooking, markBookingNoShow, rescheduleBooking } from "~/services/bookings.server";
export { rescheduleDay, rescheduleSlotsByDate } from "~/services/reschedule-slots.server";
export { managedRoundRobinBookings, reassignChoices } from "~/models/round-robin.server";
export { reassignBooking } from "~/services/bookings.server";
export { isUuid } from "~/models/event.server";
export { approveBooking, declineBooking } from "~/services/approval.server";
export { requireDrawerPage } from "~/utils/dashboard-pages.server";
export { describeWhen } from "~/services/host-events.server";
export { linkBase, readFormData } from "~/utils/request.server";
export { errorToast, redirectWithSuccess } from "~/utils/toast.server";
