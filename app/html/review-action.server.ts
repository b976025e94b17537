import { parseWithZod } from "~/schemas/form-parse";
import { data } from "@remix-run/node";
import { MESSAGES } from "~/messages";
import { createReview } from "~/models/review.server";
import { ReviewSchema } from "~/schemas/review-form";
import { requirePermission } from "~/utils/auth.server";
import { checkRateLimits, RATE_LIMITS } from "~/server/rate-limit.server";
import { readFormData } from "~/utils/request.server";
import { redirectWithSuccess } from "~/utils/toast.server";

/**
 * The home page's Give Review action. It sits in a server module so the page's route file names
 * neither zod nor the schema: the browser build would keep a chunk import for them even though
 * the action never reaches the browser.
 */

/** `reviewsUrl`: where a new review lands. */
export async function giveReview(request: Request, reviewsUrl: string) {
  const user = await requirePermission(request, "review:create");
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: ReviewSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply() }, { status: 400 });
  }
  const limited = await checkRateLimits([[`review:user:${user.id}`, RATE_LIMITS.reviewPerUser]]);
  if (!limited.allowed) {
    return data(
      { result: submission.reply({ formErrors: [MESSAGES.tooManyAttempts] }) },
      { status: 429, headers: { "Retry-After": String(limited.retryAfterSeconds) } },
    );
  }
  await createReview({ ...submission.value, userId: user.id, email: user.email });
  return redirectWithSuccess(reviewsUrl, MESSAGES.reviewAdded);
}
