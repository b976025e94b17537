import { makeIcon } from "~/components/icon";
import circleAlertDrawing from "lucide/dist/esm/icons/circle-alert.mjs";
import { useEffect, useState, type MouseEvent, type ReactNode } from "react";
import { EVENT_TYPE_SECTIONS, type EventTypeSectionId } from "./sections";

const AlertCircle = makeIcon(circleAlertDrawing, "circle-exclamation-point");

/**
 * The form's section links (decision 096): plain anchors, so they work without JavaScript; a
 * sticky column on wide screens, a row that scrolls sideways on phones. With JavaScript the
 * section in view is marked `aria-current`. A section holding an error says so in words and a mark.
 */
export function SectionNav({ errors }: { errors: readonly EventTypeSectionId[] }) {
  const current = useCurrentSection();
  // On a phone the row scrolls sideways: keep the current section's link in it.
  useEffect(() => {
    const link = current ? document.querySelector<HTMLElement>(`[data-section-link="${current}"]`) : null;
    const row = link?.parentElement?.parentElement;
    if (!link || !row || row.scrollWidth <= row.clientWidth) return;
    if (link.offsetLeft < row.scrollLeft || link.offsetLeft + link.offsetWidth > row.scrollLeft + row.clientWidth) {
      row.scrollTo({ left: link.offsetLeft - 16 });
    }
  }, [current]);
  return (
    <nav
      aria-label="Sections of the form"
      className="sticky top-16 z-20 -mx-4 border-b border-neutral-200 bg-neutral-50/95 px-4 backdrop-blur sm:-mx-6 sm:px-6 lg:top-20 lg:mx-0 lg:self-start lg:border-0 lg:bg-transparent lg:px-0 lg:backdrop-blur-none"
    >
      <ol className="relative flex gap-1 overflow-x-auto py-2 lg:flex-col lg:overflow-visible lg:py-0">
        {EVENT_TYPE_SECTIONS.map((s) => {
          const hasError = errors.includes(s.id);
          const isCurrent = current === s.id;
          return (
            <li key={s.id} className="shrink-0">
              <a
                href={`#${s.id}`}
                aria-current={isCurrent ? "location" : undefined}
                data-section-link={s.id}
                onClick={(event) => jumpTo(event, s.id)}
                className={`flex items-center gap-1.5 whitespace-nowrap rounded-lg px-3 py-2 text-sm font-medium transition-colors duration-150 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${
                  isCurrent
                    ? "bg-brand-50 text-brand-800 ring-1 ring-inset ring-brand-200"
                    : hasError
                      ? "text-red-700 hover:bg-red-50"
                      : "text-neutral-700 hover:bg-neutral-100 hover:text-neutral-900"
                }`}
              >
                {s.title}
                {hasError ? (
                  <>
                    <AlertCircle className="h-4 w-4 text-red-600" aria-hidden />
                    <span className="sr-only"> (has errors)</span>
                  </>
                ) : null}
              </a>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

/**
 * With JavaScript, the jump is done here: a fragment link's popstate would reach the router, whose
 * scroll restoration can put the page back where it was. The address still gets the anchor, and
 * focus moves to the section's heading so the keyboard goes on from there.
 */
function jumpTo(event: MouseEvent<HTMLAnchorElement>, id: EventTypeSectionId) {
  const target = document.getElementById(id);
  if (!target || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
  event.preventDefault();
  const reduced = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  target.scrollIntoView({ behavior: reduced ? "auto" : "smooth", block: "start" });
  window.history.replaceState(window.history.state, "", `#${id}`);
  document.getElementById(`${id}-heading`)?.focus({ preventScroll: true });
}

/** One part of the form, the target of its anchor. */
export function FormSection({ id, title, children }: { id: EventTypeSectionId; title: string; children: ReactNode }) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-heading`}
      data-form-section
      className="scroll-mt-32 space-y-4 lg:scroll-mt-24"
    >
      <h2
        id={`${id}-heading`}
        tabIndex={-1}
        className="text-sm outline-none font-semibold uppercase tracking-wide text-neutral-600"
      >
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The section whose top last passed the upper third of the window (the first one at the top of the page). */
function useCurrentSection(): EventTypeSectionId | null {
  const [current, setCurrent] = useState<EventTypeSectionId | null>(null);
  useEffect(() => {
    const sections = [...document.querySelectorAll<HTMLElement>("[data-form-section]")];
    if (sections.length === 0) return;
    let frame = 0;
    const measure = () => {
      frame = 0;
      const line = window.innerHeight / 3;
      let found = sections[0];
      for (const section of sections) if (section.getBoundingClientRect().top <= line) found = section;
      // At the very bottom the last section is current even when it is too short to reach the line.
      if (window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2) {
        found = sections[sections.length - 1];
      }
      setCurrent(found.id as EventTypeSectionId);
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };
    measure();
    window.addEventListener("scroll", onScroll, { passive: true });
    window.addEventListener("resize", onScroll);
    window.addEventListener("hashchange", onScroll);
    return () => {
      window.removeEventListener("scroll", onScroll);
      window.removeEventListener("resize", onScroll);
      window.removeEventListener("hashchange", onScroll);
      if (frame) cancelAnimationFrame(frame);
    };
  }, []);
  return current;
}
