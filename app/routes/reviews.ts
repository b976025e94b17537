import type { ActionFunctionArgs } from "@remix-run/node";
import { MESSAGES } from "~/messages";
import { createReview, listRecentReviews } from "~/models/review.server";
import { apiError, isSelf, readJson, requireApiUser } from "~/api/api.server";
import { apiRoute } from "~/api/api-route.server";
import { reviewBody } from "~/schemas/payment-api";
import { can } from "~/utils/permissions";
import { checkRateLimits, RATE_LIMITS } from "~/server/rate-limit.server";

/** GET /reviews: the reviews the home page shows, newest first, in the legacy field names. */
async function GET() {
  const reviews = await listRecentReviews();
  return Response.json(
    reviews.map((r) => ({
      _id: r.id,
      imageUrl: r.imageUrl,
      rating: r.rating,
      name: r.name,
      email: r.email,
      review: r.review,
    })),
  );
}

/**
 * POST /reviews: Give Review for signed-in non-admins, with the form's fields and rules and its
 * rate limit (the same counter). The review's e-mail is always the caller's.
 */
async function POST({ request }: ActionFunctionArgs) {
  const user = await requireApiUser(request);
  if (!can(user, "review:create")) return apiError(403, "forbidden", "Admins don't give reviews.");
  const input = await readJson(request, reviewBody);
  if (input.email !== undefined && input.email !== "" && !isSelf(user, input.email)) {
    return apiError(403, "forbidden", "A review is posted under your own e-mail.");
  }
  const limited = await checkRateLimits([[`review:user:${user.id}`, RATE_LIMITS.reviewPerUser]]);
  if (!limited.allowed) {
    return apiError(429, "rate_limited", MESSAGES.tooManyAttempts, undefined, {
      "Retry-After": String(limited.retryAfterSeconds),
    });
  }
  const review = {
    name: input.name,
    imageUrl: input.imageUrl || undefined,
    rating: input.rating,
    review: input.review,
  };
  const { id } = await createReview({ ...review, userId: user.id, email: user.email });
  return Response.json(
    {
      _id: id,
      imageUrl: review.imageUrl ?? "",
      rating: review.rating,
      name: review.name,
      email: user.email,
      review: review.review,
    },
    { status: 201 },
  );
}

export const { loader, action } = apiRoute({ GET, POST });
