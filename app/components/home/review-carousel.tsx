import { makeIcon } from "~/components/icon";
import chevronLeftDrawing from "lucide/dist/esm/icons/chevron-left.mjs";
import chevronRightDrawing from "lucide/dist/esm/icons/chevron-right.mjs";
import { useEffect, useRef, type ReactNode } from "react";
import type { ReviewCardData } from "~/schemas/review-form";
import { enhanceCarousel } from "~/browser/carousel-behaviour";
import { ReviewCard } from "./review-card";

const ChevronLeft = makeIcon(chevronLeftDrawing, "chevron-left");
const ChevronRight = makeIcon(chevronRightDrawing, "chevron-right");

const LIST_ID = "review-list";

/**
 * A horizontally scrolling list with CSS scroll-snap: it scrolls by touch, trackpad and (once
 * focused) the keyboard without JavaScript. With it (enhanceCarousel, here from an effect, or
 * the inline script of a visitor's page sent without React), the previous/next buttons appear
 * and the arrow keys move one card at a time (Home/End to the ends).
 */
export function ReviewCarousel({ reviews, actions }: { reviews: ReviewCardData[]; actions?: ReactNode }) {
  const scroller = useRef<HTMLDivElement>(null);
  // Again when the reviews change: the edges moved.
  useEffect(() => (scroller.current ? enhanceCarousel(scroller.current) : undefined), [reviews]);

  const buttonClass =
    "flex h-10 w-10 items-center justify-center rounded-full border border-neutral-300 bg-surface text-neutral-800 shadow-sm transition-colors duration-150 hover:bg-neutral-50 disabled:cursor-not-allowed disabled:text-neutral-300";

  return (
    <div>
      <div className="mb-4 flex items-center justify-between gap-4">
        <div>{actions}</div>
        {/* Hidden (not removed) until the script runs and while every card fits, so nothing shifts. */}
        <div className="invisible flex gap-2">
          <button
            type="button"
            className={buttonClass}
            aria-label="Previous reviews"
            aria-controls={LIST_ID}
            data-step="-1"
            disabled
          >
            <ChevronLeft className="h-5 w-5" aria-hidden />
          </button>
          <button
            type="button"
            className={buttonClass}
            aria-label="Next reviews"
            aria-controls={LIST_ID}
            data-step="1"
            disabled
          >
            <ChevronRight className="h-5 w-5" aria-hidden />
          </button>
        </div>
      </div>
      <div
        ref={scroller}
        id={LIST_ID}
        role="region"
        aria-label="Customer reviews (scrolls sideways; use the arrow keys)"
        tabIndex={0}
        data-carousel
        data-testid="review-carousel"
        className="-mx-4 snap-x snap-mandatory scroll-px-4 overflow-x-auto overscroll-x-contain scroll-smooth rounded-xl px-4 pb-4 pt-1 motion-reduce:scroll-auto sm:mx-0 sm:scroll-px-0 sm:px-0"
      >
        <ul className="flex gap-4">
          {reviews.map((r) => (
            <li
              key={r.id}
              className="w-[85%] shrink-0 snap-start sm:w-[calc((100%-1rem)/2)] lg:w-[calc((100%-2rem)/3)]"
            >
              <ReviewCard review={r} />
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
