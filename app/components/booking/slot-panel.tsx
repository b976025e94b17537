import { forwardRef, useEffect, useRef, type ReactNode } from "react";

/**
 * The chosen day's times beside the calendar (below it on a phone): a heading the page moves the
 * focus to once the day is loaded, then the times in a panel that scrolls on its own on wide
 * screens (the page keeps its height) and in two columns on a phone.
 */
export const SlotPanel = forwardRef<
  HTMLHeadingElement,
  { title: string; busy: boolean; note?: ReactNode; children: ReactNode }
>(function SlotPanel({ title, busy, note, children }, ref) {
  return (
    <div aria-busy={busy || undefined} className="scroll-mt-4" id="slots-panel">
      <h2
        ref={ref}
        tabIndex={-1}
        id="slots-heading"
        className="scroll-mt-4 rounded text-sm font-semibold text-neutral-900 outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
        data-testid="slots-heading"
      >
        {title}
      </h2>
      {note}
      <div className={`transition-opacity duration-150 ${busy ? "opacity-50" : ""}`}>{children}</div>
    </div>
  );
});

/** The list of times: a grid on a phone, one scrolling column beside the calendar on wide screens ("panel"), or a grid everywhere (in a modal). */
export function SlotList({
  children,
  label,
  layout = "panel",
}: {
  children: ReactNode;
  label: string;
  layout?: "panel" | "grid";
}) {
  return (
    <ul
      className={`mt-3 grid gap-2 ${
        layout === "panel"
          ? "grid-cols-2 lg:max-h-[23rem] lg:grid-cols-1 lg:overflow-y-auto lg:overscroll-contain lg:p-1 lg:pr-2"
          : "grid-cols-2 sm:grid-cols-3"
      }`}
      data-testid="slots"
      aria-label={label}
    >
      {children}
    </ul>
  );
}

export const slotClass = (pending: boolean) =>
  `flex flex-col items-center justify-center rounded-lg border border-brand-600 px-3 py-2.5 text-center text-sm font-semibold text-brand-700 outline-none transition-colors duration-150 hover:bg-brand-50 focus-visible:ring-4 focus-visible:ring-brand-500 focus-visible:ring-offset-1 disabled:cursor-not-allowed ${
    pending ? "animate-pulse bg-brand-50" : ""
  }`;

/**
 * After the guest picks a day (onPick) and its times have loaded (`date` changed), the focus
 * moves to the times' heading, and a phone scrolls them into view.
 */
export function useSlotFocus(date: string | null) {
  const picked = useRef(false);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!picked.current) return;
    picked.current = false;
    const el = heading.current;
    if (!el) return;
    el.focus({ preventScroll: true });
    const top = el.getBoundingClientRect().top;
    if (top < 0 || top > window.innerHeight * 0.6) {
      const smooth = !window.matchMedia("(prefers-reduced-motion: reduce)").matches;
      el.scrollIntoView({ block: "start", behavior: smooth ? "smooth" : "auto" });
    }
  }, [date]);
  return {
    heading,
    onPick: () => {
      picked.current = true;
    },
  };
}
