/**
 * The server-only names _index.tsx uses, through one module: the browser build keeps an
 * empty stand-in for each server module a route file names, and one other routes name too is a
 * chunk of its own the page requests (docs/decisions/122).
 */
export { listRecentReviewsShared } from "~/models/review.server";
export { giveReview } from "~/html/review-action.server";
export { requireUser } from "~/utils/auth.server";
export { welcomeFor } from "~/html/welcome.server";
export { publicPageTag, tagPublicPage } from "~/server/page-cache.server";
// The rate-limited answer's Retry-After, as this route's headers.
export { retryAfterHeaders as headers } from "~/server/rate-limit.server";
