/**
 * The server-only names contact.tsx uses, through one module: the browser build keeps an
 * empty stand-in for each server module a route file names, and one other routes name too is a
 * chunk of its own the page requests (docs/decisions/122).
 */
export { data } from "@remix-run/node";
export { receiveContactMessage } from "~/services/contact.server";
export { getUser } from "~/utils/auth.server";
export { checkRateLimits, clientIp, RATE_LIMITS } from "~/server/rate-limit.server";
export { readFormData } from "~/utils/request.server";
export { errorToast, redirectWithError, redirectWithSuccess } from "~/utils/toast.server";
// The rate-limited answer's Retry-After, as this route's headers.
export { retryAfterHeaders as headers } from "~/server/rate-limit.server";
