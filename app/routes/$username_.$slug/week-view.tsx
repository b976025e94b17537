import { Link } from "@remix-run/react";
import { makeIcon } from "~/components/icon";
import chevronLeftDrawing from "lucide/dist/esm/icons/chevron-left.mjs";
import chevronRightDrawing from "lucide/dist/esm/icons/chevron-right.mjs";
import usersDrawing from "lucide/dist/esm/icons/users.mjs";
import { buttonClass } from "~/components/ui/button";
import { slotClass } from "~/components/booking/slot-panel";
import { slotLabel, weekdayLabel } from "~/components/booking-page";
import { fill, plural, type Language } from "~/messages/languages";
import type { GuestWords } from "~/messages/guest-words";

const ChevronLeft = makeIcon(chevronLeftDrawing, "chevron-left");
const ChevronRight = makeIcon(chevronRightDrawing, "chevron-right");
const Users = makeIcon(usersDrawing, "users");

export interface WeekData {
  start: string;
  days: { date: string; slots: string[] }[];
  seatsLeft: Record<string, number>;
  prev: string | null;
  next: string;
}

const dayName = (date: string, style: "short" | "long", locale: string) =>
  new Intl.DateTimeFormat(locale, {
    weekday: style,
    month: style === "long" ? "long" : "short",
    day: "numeric",
    timeZone: "UTC",
  }).format(Date.parse(`${date}T00:00:00Z`));

function weekLabel(start: string, end: string, locale: string): string {
  const f = new Intl.DateTimeFormat(locale, { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });
  return `${f.format(Date.parse(`${start}T00:00:00Z`))} – ${f.format(Date.parse(`${end}T00:00:00Z`))}`;
}

/**
 * The week view: the seven days side by side (stacked on a phone), each with its open times as
 * links; the previous and next week are links too.
 */
export function WeekView({
  week,
  clock24,
  language,
  locale,
  words: w,
  zoneLabel,
  pendingSlot,
  busy,
  weekHref,
  slotHref,
}: {
  week: WeekData;
  clock24: boolean;
  /** The guest's locale and words (docs/decisions/088). */
  language: Language;
  locale: string;
  words: GuestWords;
  zoneLabel: string;
  pendingSlot: string | null;
  busy: boolean;
  weekHref: (monday: string) => string;
  slotHref: (date: string, slot: string) => string;
}) {
  const end = week.days[6]?.date ?? week.start;
  const open = week.days.some((d) => d.slots.length > 0);
  return (
    <div aria-busy={busy || undefined}>
      <div className="flex items-center justify-between">
        <h2
          className="text-base font-semibold text-neutral-900"
          id="week-heading"
          data-testid="week-heading"
          aria-live="polite"
        >
          {weekLabel(week.start, end, locale)}
        </h2>
        <div className="flex gap-1">
          {week.prev ? (
            <Link
              to={weekHref(week.prev)}
              className={buttonClass("ghost", "px-2.5")}
              aria-label={w.previousWeek}
              preventScrollReset
            >
              <ChevronLeft className="h-5 w-5" aria-hidden />
            </Link>
          ) : (
            <span className="inline-flex items-center px-2.5 py-2.5 text-neutral-300" aria-hidden>
              <ChevronLeft className="h-5 w-5" />
            </span>
          )}
          <Link
            to={weekHref(week.next)}
            className={buttonClass("ghost", "px-2.5")}
            aria-label={w.nextWeek}
            preventScrollReset
          >
            <ChevronRight className="h-5 w-5" aria-hidden />
          </Link>
        </div>
      </div>
      <p className="mt-1 text-xs text-neutral-600">{fill(w.weekTimesIn, { zone: zoneLabel })}</p>
      {open ? null : <p className="mt-3 text-sm text-neutral-600">{w.weekNoTimes}</p>}
      <div className={`mt-3 grid gap-3 sm:grid-cols-7 sm:gap-2 ${busy ? "opacity-50" : ""}`} data-testid="week-days">
        {week.days.map((day) => (
          <section
            key={day.date}
            aria-label={dayName(day.date, "long", locale)}
            className="min-w-0 rounded-lg border border-neutral-200 p-2 sm:border-0 sm:p-0"
            data-testid="week-day"
          >
            <h3 className="text-center text-xs font-semibold uppercase text-neutral-700">
              <span className="sm:sr-only">{dayName(day.date, "long", locale)}</span>
              <span className="hidden sm:block" aria-hidden>
                {weekdayLabel(day.date, "short", locale)}
                <span className="block text-lg font-bold normal-case text-neutral-900">
                  {Number(day.date.slice(8))}
                </span>
              </span>
            </h3>
            {day.slots.length > 0 ? (
              <ul className="mt-2 grid grid-cols-3 gap-1.5 sm:max-h-[22rem] sm:grid-cols-1 sm:overflow-y-auto">
                {day.slots.map((s) => {
                  const left = week.seatsLeft[s];
                  const pending = pendingSlot !== null && Date.parse(pendingSlot) === Date.parse(s);
                  return (
                    <li key={s}>
                      <Link
                        to={slotHref(day.date, s)}
                        preventScrollReset
                        className={`${slotClass(pending)} px-1 py-2 text-xs`}
                        aria-busy={pending || undefined}
                        data-testid="slot"
                      >
                        {slotLabel(s, clock24, locale)}
                        {left !== undefined ? (
                          <span className="flex items-center gap-0.5 font-normal text-neutral-700">
                            <Users className="h-3 w-3" aria-hidden />
                            {plural(language, w.weekLeft, left)}
                          </span>
                        ) : null}
                      </Link>
                    </li>
                  );
                })}
              </ul>
            ) : (
              <p className="mt-2 text-center text-xs text-neutral-500">{w.weekDayNoTimes}</p>
            )}
          </section>
        ))}
      </div>
    </div>
  );
}
