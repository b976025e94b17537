/**
 * The server-only names signin_.second-factor.tsx uses, through one module: the browser build keeps an
 * empty stand-in for each server module a route file names, and one other routes name too is a
 * chunk of its own the page requests (docs/decisions/122).
 */
export { data, redirect } from "@remix-run/node";
export { finishSecondFactor, parseSecondFactorCode, SECOND_FACTOR_SETUP_PATH } from "~/html/sign-in.server";
export { clientIp, secondFactorThrottle } from "~/server/rate-limit.server";
export { secondFactorStatus, verifySecondFactorCode } from "~/services/two-factor.server";
export { getPendingSecondFactor } from "~/utils/auth.server";
export { readFormData } from "~/utils/request.server";
export { errorToast, redirectWithError, redirectWithSuccess } from "~/utils/toast.server";
export { recordAudit } from "~/services/audit.server";
// The rate-limited answer's Retry-After, as this route's headers.
export { retryAfterHeaders as headers } from "~/server/rate-limit.server";
