import ChevronLeft from "lucide-react/icons/chevron-left";
import ChevronRight from "lucide-react/icons/chevron-right";
import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import type { ReviewCardData } from "~/schemas/review-form";
import { ReviewCard } from "./review-card";

function prefersReducedMotion() {
  return window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/**
 * A horizontally scrolling list with CSS scroll-snap: it scrolls by touch, trackpad and (once
 * focused) the keyboard without JavaScript. Once hydrated, the previous/next buttons appear and
 * the arrow keys move one card at a time (Home/End to the ends).
 */
export function ReviewCarousel({ reviews, actions }: { reviews: ReviewCardData[]; actions?: ReactNode }) {
  const scroller = useRef<HTMLDivElement>(null);
  const [hydrated, setHydrated] = useState(false);
  const [edges, setEdges] = useState({ atStart: true, atEnd: false });

  const updateEdges = useCallback(() => {
    const el = scroller.current;
    if (!el) return;
    setEdges({ atStart: el.scrollLeft <= 1, atEnd: el.scrollLeft + el.clientWidth >= el.scrollWidth - 1 });
  }, []);

  useEffect(() => {
    setHydrated(true);
    updateEdges();
    window.addEventListener("resize", updateEdges);
    return () => window.removeEventListener("resize", updateEdges);
  }, [updateEdges, reviews]);

  function scrollByCards(direction: 1 | -1) {
    const el = scroller.current;
    if (!el) return;
    const card = el.querySelector("li");
    const gap = parseFloat(getComputedStyle(el.firstElementChild as Element).columnGap) || 0;
    const step = card ? card.getBoundingClientRect().width + gap : el.clientWidth;
    el.scrollBy({ left: direction * step, behavior: prefersReducedMotion() ? "auto" : "smooth" });
  }

  function scrollToEdge(edge: "start" | "end") {
    const el = scroller.current;
    if (!el) return;
    el.scrollTo({ left: edge === "start" ? 0 : el.scrollWidth, behavior: prefersReducedMotion() ? "auto" : "smooth" });
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const moves: Record<string, () => void> = {
      ArrowRight: () => scrollByCards(1),
      ArrowLeft: () => scrollByCards(-1),
      Home: () => scrollToEdge("start"),
      End: () => scrollToEdge("end"),
    };
    const move = moves[event.key];
    if (!move || event.target !== event.currentTarget) return;
    event.preventDefault();
    move();
  }

  const buttonClass =
    "flex h-10 w-10 items-center justify-center rounded-full border border-neutral-300 bg-white text-neutral-800 shadow-sm transition-colors duration-150 hover:bg-neutral-50 disabled:cursor-not-allowed disabled:text-neutral-300";

  return (
    <div>
      <div className="mb-4 flex items-center justify-between gap-4">
        <div>{actions}</div>
        {/* Hidden (not removed) until hydrated and while every card fits, so nothing shifts. */}
        <div className={`flex gap-2 ${hydrated && !(edges.atStart && edges.atEnd) ? "" : "invisible"}`}>
          <button
            type="button"
            className={buttonClass}
            aria-label="Previous reviews"
            aria-controls="review-list"
            disabled={!hydrated || edges.atStart}
            onClick={() => scrollByCards(-1)}
          >
            <ChevronLeft className="h-5 w-5" aria-hidden />
          </button>
          <button
            type="button"
            className={buttonClass}
            aria-label="Next reviews"
            aria-controls="review-list"
            disabled={!hydrated || edges.atEnd}
            onClick={() => scrollByCards(1)}
          >
            <ChevronRight className="h-5 w-5" aria-hidden />
          </button>
        </div>
      </div>
      <div
        ref={scroller}
        id="review-list"
        role="region"
        aria-label="Customer reviews (scrolls sideways; use the arrow keys)"
        tabIndex={0}
        onScroll={updateEdges}
        onKeyDown={onKeyDown}
        data-testid="review-carousel"
        className="-mx-4 snap-x snap-mandatory scroll-px-4 overflow-x-auto overscroll-x-contain scroll-smooth rounded-xl px-4 pb-4 pt-1 motion-reduce:scroll-auto sm:mx-0 sm:scroll-px-0 sm:px-0"
      >
        <ul className="flex gap-4">
          {reviews.map((r) => (
            <li key={r.id} className="w-[85%] shrink-0 snap-start sm:w-[calc((100%-1rem)/2)] lg:w-[calc((100%-2rem)/3)]">
              <ReviewCard review={r} />
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
