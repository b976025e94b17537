/**
 * The server-only names dashboard._index.tsx uses, through one module: the browser build keeps an
 * empty stand-in for each server module a route file names, and one other routes name too is a
 * chunk of its own the page requests (docs/decisions/122).
 */
export { data, redirect } from "@remix-run/node";
export {
  CancelledEventError,
  countUpcomingEvents,
  EventLimitError,
  EventOverlapError,
  FREE_EVENT_CAP,
  getHostEvent,
  LinkedEventError,
  listHostSchedulePage,
} from "~/models/event.server";
export { locationsOfEventTypes, questionsOfEventTypes } from "~/models/event-type.server";
export { requirePermission } from "~/utils/auth.server";
export { env, linkBase } from "~/server/env.server";
export { overlapReply } from "~/html/event-actions.server";
export { cancelBooking } from "~/services/bookings.server";
export { updateHostEventChange } from "~/services/host-events.server";
export { meetingsOf } from "~/models/conferencing.server";
export { readFormData } from "~/utils/request.server";
export { errorToast, redirectWithError, redirectWithSuccess } from "~/utils/toast.server";
export { hostBookingLink, onboardingFacts } from "~/models/onboarding.server";
