/**
 * The server-only names dashboard.manageEvent.tsx uses, through one module: the browser build keeps an
 * empty stand-in for each server module a route file names, and one other routes name too is a
 * chunk of its own the page requests (docs/decisions/122).
 */
export { data } from "@remix-run/node";
export { getEventForAdmin, listAllEvents, pageCountOf } from "~/models/admin-event.server";
export { isUuid, LinkedEventError } from "~/models/event.server";
export { requirePermission } from "~/utils/auth.server";
export { readFormData } from "~/utils/request.server";
export { errorToast, redirectWithSuccess } from "~/utils/toast.server";
export { cancelBooking } from "~/services/bookings.server";
