/**
 * What a carousel (the home page's reviews) does in the browser, as plain DOM code, so the same code serves a hydrated page (React calls it from an
 * effect) and a visitor's page sent without React (docs/decisions/045), whose inline script
 * (app/server/static-page-script.server.ts) is this function's own source
 * (Function.prototype.toString). So it is self-contained: it reads no module-level name,
 * imports nothing, and uses only the browser's globals.
 */

/**
 * A horizontally scrolling list (CSS scroll-snap, which scrolls by touch, trackpad and, once
 * focused, the keyboard without JavaScript) gets its previous/next buttons (those with
 * `aria-controls` naming it and `data-step` -1 or 1, rendered disabled inside a hidden box) and
 * arrow keys that move one card at a time, Home/End to the ends. The buttons show only while
 * the cards do not all fit, and each is disabled at its end. Returns what undoes it.
 */
export function enhanceCarousel(scroller: HTMLElement): () => void {
  const buttons = Array.from(
    document.querySelectorAll<HTMLButtonElement>(`button[aria-controls="${scroller.id}"][data-step]`),
  );
  const behavior = (): ScrollBehavior =>
    window.matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth";
  const update = () => {
    const atStart = scroller.scrollLeft <= 1;
    const atEnd = scroller.scrollLeft + scroller.clientWidth >= scroller.scrollWidth - 1;
    for (const button of buttons) {
      button.disabled = button.dataset.step === "-1" ? atStart : atEnd;
      // Hidden (not removed) while every card fits, so nothing shifts.
      button.parentElement?.classList.toggle("invisible", atStart && atEnd);
    }
  };
  const step = (direction: number) => {
    const card = scroller.querySelector("li");
    const gap = parseFloat(getComputedStyle(scroller.firstElementChild ?? scroller).columnGap) || 0;
    const width = card ? card.getBoundingClientRect().width + gap : scroller.clientWidth;
    scroller.scrollBy({ left: direction * width, behavior: behavior() });
  };
  const toEdge = (end: boolean) => scroller.scrollTo({ left: end ? scroller.scrollWidth : 0, behavior: behavior() });
  const onKey = (event: KeyboardEvent) => {
    if (event.target !== scroller) return;
    if (event.key === "ArrowRight") step(1);
    else if (event.key === "ArrowLeft") step(-1);
    else if (event.key === "Home") toEdge(false);
    else if (event.key === "End") toEdge(true);
    else return;
    event.preventDefault();
  };
  const onClick = (event: Event) => step(Number((event.currentTarget as HTMLButtonElement).dataset.step));
  for (const button of buttons) button.addEventListener("click", onClick);
  scroller.addEventListener("keydown", onKey);
  scroller.addEventListener("scroll", update, { passive: true });
  window.addEventListener("resize", update);
  update();
  return () => {
    for (const button of buttons) button.removeEventListener("click", onClick);
    scroller.removeEventListener("keydown", onKey);
    scroller.removeEventListener("scroll", update);
    window.removeEventListener("resize", update);
  };
}
