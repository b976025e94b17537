/**
 * The server-only names dashboard.manageUser.tsx uses, through one module: the browser build keeps an
 * empty stand-in for each server module a route file names, and one other routes name too is a
 * chunk of its own the page requests (docs/decisions/122).
 */
export { data, redirect } from "@remix-run/node";
export { demoteAdmin, listUsersForAdmin, promoteToAdmin } from "~/models/admin-user.server";
export { accountById, deactivatedAmong } from "~/models/user-status.server";
export {
  cancelHeldBooking,
  deactivateUser,
  handOverHeldBooking,
  heldBookingsOf,
  reactivateUser,
} from "~/services/people.server";
export { isUuid } from "~/models/event.server";
export { requirePermission, requireUser } from "~/utils/auth.server";
export { readFormData } from "~/utils/request.server";
export { errorToast, redirectWithSuccess } from "~/utils/toast.server";
export { isSecondFactorRequired } from "~/models/second-factor.server";
export { setSecondFactorRequired } from "~/services/two-factor.server";
export { recordAudit } from "~/services/audit.server";
