import { makeIcon } from "~/components/icon";
import quoteDrawing from "lucide/dist/esm/icons/quote.mjs";
import starDrawing from "lucide/dist/esm/icons/star.mjs";
import { useEffect, useRef, useState } from "react";
import type { ReviewCardData } from "~/schemas/review-form";
import { initials, isHttpUrl, starFills } from "./review-format";

const Quote = makeIcon(quoteDrawing, "quote");
const Star = makeIcon(starDrawing, "star");

/**
 * The reviewer's picture over their initials. Without a usable URL, or when the picture fails
 * to load, the initials show: after hydration the failed picture is removed; before it (or
 * without JavaScript) the browser draws a broken picture's ::after, which repeats the initials
 * over the broken-image icon (a loaded picture has no ::after).
 */
function Avatar({ name, imageUrl }: { name: string; imageUrl: string }) {
  const [failed, setFailed] = useState(false);
  const img = useRef<HTMLImageElement>(null);
  useEffect(() => {
    // It may have failed before React attached onError.
    const el = img.current;
    if (el && el.complete && el.naturalWidth === 0) setFailed(true);
  }, []);
  const showImage = isHttpUrl(imageUrl) && !failed;
  return (
    <span
      aria-hidden
      data-testid="review-avatar"
      className="relative flex h-12 w-12 shrink-0 items-center justify-center overflow-hidden rounded-full bg-brand-100 text-base font-semibold text-brand-800"
    >
      {initials(name)}
      {showImage ? (
        <img
          ref={img}
          src={imageUrl}
          alt=""
          width={48}
          height={48}
          loading="lazy"
          referrerPolicy="no-referrer"
          onError={() => setFailed(true)}
          data-initials={initials(name)}
          className="absolute inset-0 h-full w-full object-cover after:absolute after:inset-0 after:flex after:items-center after:justify-center after:bg-brand-100 after:content-[attr(data-initials)]"
        />
      ) : null}
    </span>
  );
}

export function Stars({ rating }: { rating: number }) {
  return (
    <div role="img" aria-label={`Rated ${rating} out of 5`} className="flex gap-0.5">
      {starFills(rating).map((filled, i) => (
        <Star
          key={i}
          aria-hidden
          data-filled={filled}
          className={`h-5 w-5 ${filled ? "fill-amber-400 text-amber-500" : "fill-neutral-200 text-neutral-300"}`}
        />
      ))}
    </div>
  );
}

/** Reviews longer than this are clamped, with a "Read more" disclosure to show them whole. */
const LONG_REVIEW_CHARS = 260;

export function ReviewCard({ review }: { review: ReviewCardData }) {
  const long = review.review.length > LONG_REVIEW_CHARS;
  return (
    <article
      data-testid="review-card"
      className="group/card flex h-full flex-col rounded-xl border border-neutral-200 bg-surface p-6 shadow-sm"
    >
      <div className="flex items-center justify-between gap-3">
        <Stars rating={review.rating} />
        <Quote className="h-6 w-6 text-brand-200" aria-hidden />
      </div>
      <p
        className={`mt-4 flex-1 whitespace-pre-line break-words text-neutral-800 ${long ? "line-clamp-6 group-has-[details[open]]/card:line-clamp-none" : ""}`}
      >
        {review.review}
      </p>
      {long ? (
        <details className="group/more mt-2">
          <summary className="cursor-pointer text-sm font-semibold text-brand-700 hover:underline">
            <span className="group-open/more:hidden">Read more</span>
            <span className="hidden group-open/more:inline">Show less</span>
          </summary>
        </details>
      ) : null}
      <div className="mt-6 flex items-center gap-3 border-t border-neutral-100 pt-4">
        <Avatar name={review.name} imageUrl={review.imageUrl} />
        <div className="min-w-0">
          <p className="truncate font-semibold text-neutral-900">{review.name}</p>
          <p className="truncate text-sm text-neutral-600">{review.email}</p>
        </div>
      </div>
    </article>
  );
}
