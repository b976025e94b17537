import { Link } from "@remix-run/react";
import { makeIcon } from "~/components/icon";
import messageSquarePlusDrawing from "lucide/dist/esm/icons/message-square-plus.mjs";
import type { ReactNode } from "react";
import { buttonClass } from "~/components/ui/button";
import { MESSAGES } from "~/messages";
import type { ReviewCardData } from "~/schemas/review-form";
import { ReviewCarousel } from "./review-carousel";
import { ENTRY } from "./section-header";

const MessageSquarePlus = makeIcon(messageSquarePlusDrawing, "message-square-plus");

/** Where the review modal closes to (and where a new review lands). */
export const REVIEWS_URL = "/#reviews";

export const GIVE_REVIEW_ID = "give-review";
/** The review form is a URL: the home page with this search param. */
export const GIVE_REVIEW_HREF = "/?review=new#reviews";

function GiveReviewLink() {
  return (
    <Link id={GIVE_REVIEW_ID} to={GIVE_REVIEW_HREF} preventScrollReset className={buttonClass("primary")}>
      <MessageSquarePlus className="h-5 w-5" aria-hidden />
      {MESSAGES.giveReview}
    </Link>
  );
}

/** The last section of the home page. `children` is where the open review modal goes. */
export function CustomerReviews({
  reviews,
  canReview,
  children,
}: {
  reviews: ReviewCardData[];
  canReview: boolean;
  children?: ReactNode;
}) {
  return (
    <section id="reviews" aria-labelledby="reviews-title" className="scroll-mt-16 bg-neutral-50">
      <div className="mx-auto max-w-content px-4 py-16 sm:px-6 sm:py-20">
        <div className={`${ENTRY} max-w-2xl`}>
          <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">Reviews</p>
          <h2 id="reviews-title" className="mt-2 text-2xl font-bold tracking-tight text-neutral-900 sm:text-3xl">
            {MESSAGES.customerReview}
          </h2>
          <p className="mt-3 text-base text-neutral-600 sm:text-lg">What people who schedule with us say.</p>
        </div>
        <div className="mt-8">
          {reviews.length > 0 ? (
            <ReviewCarousel reviews={reviews} actions={canReview ? <GiveReviewLink /> : null} />
          ) : (
            <div className="rounded-xl border border-dashed border-neutral-300 bg-surface p-8 text-center">
              <p className="text-neutral-600">
                No reviews yet.{canReview ? " Be the first to tell others how scheduling with us went." : ""}
              </p>
              {canReview ? (
                <div className="mt-4">
                  <GiveReviewLink />
                </div>
              ) : null}
            </div>
          )}
        </div>
      </div>
      {children}
    </section>
  );
}
