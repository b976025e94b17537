/**
 * The server-only names signin.tsx uses, through one module: the browser build keeps an
 * empty stand-in for each server module a route file names, and one other routes name too is a
 * chunk of its own the page requests (docs/decisions/122).
 */
export { data } from "@remix-run/node";
export {
  AuthorizationError,
  getAuthenticator,
  normalizeEmail,
  parseSignInForm,
  requireAnonymous,
} from "~/utils/auth.server";
export { publicEnv } from "~/server/env.server";
export { clientIp, signInThrottle } from "~/server/rate-limit.server";
export { readFormData } from "~/utils/request.server";
export { errorToast } from "~/utils/toast.server";
export { continueSignIn, signInNotice, ssoRequiredMessage } from "~/html/sign-in.server";
export { recordAudit } from "~/services/audit.server";
// The rate-limited answer's Retry-After, as this route's headers.
export { retryAfterHeaders as headers } from "~/server/rate-limit.server";
