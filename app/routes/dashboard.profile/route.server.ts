/**
 * The server-only names route.tsx uses, through one module: the browser build keeps an
 * empty stand-in for each server module a route file names, and one other routes name too is a
 * chunk of its own the page requests (docs/decisions/122). route.tsx names it by its full path:
 * the stand-ins are keyed by the import's text, so "./route.server" in two routes would be one.
 */
export { data } from "@remix-run/node";
export { FREE_EVENT_CAP } from "~/models/event.server";
export {
  changePassword,
  endAllSessions,
  getPasswordHash,
  getProfile,
  setUsername,
  updateProfileDetails,
  updateBrandColor,
  updatePhone,
  updateTimeZone,
} from "~/models/user.server";
export { env } from "~/server/env.server";
export { createUserSession, destroyUserSession, requirePermission } from "~/utils/auth.server";
export { verifyPassword } from "~/server/password.server";
export { checkRateLimits, clientIp, RATE_LIMITS } from "~/server/rate-limit.server";
export { linkBase as siteBase, readFormData } from "~/utils/request.server";
export { sessionTokenOf, sha256 } from "~/server/session.server";
export { errorToast, redirectWithSuccess } from "~/utils/toast.server";
export { twoFactorOverview } from "~/services/two-factor.server";
export { recordAudit } from "~/services/audit.server";
export { deleteAccount } from "~/services/data-rights.server";
export { photoHashOf } from "~/models/user-photo.server";
export { hostLogoHashOf } from "~/models/user-logo.server";
// The rate-limited answer's Retry-After, as this route's headers.
export { retryAfterHeaders as headers } from "~/server/rate-limit.server";
