import { Link, useLocation, useNavigate } from "@remix-run/react";
import { makeIcon } from "~/components/icon";
import chevronLeftDrawing from "lucide/dist/esm/icons/chevron-left.mjs";
import chevronRightDrawing from "lucide/dist/esm/icons/chevron-right.mjs";
import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { buttonClass } from "~/components/ui/button";
import { addDays } from "~/scheduling/calendar-days";
import {
  dateLabel,
  monthLabel,
  monthOf,
  monthRange,
  monthWeeks,
  shiftMonth,
  weekdayLabel,
} from "~/components/booking-page";
import { fill } from "~/messages/languages";
import type { GuestWords } from "~/messages/guest-words";
import { usePendingLocation } from "~/utils/pending";

const ChevronLeft = makeIcon(chevronLeftDrawing, "chevron-left");
const ChevronRight = makeIcon(chevronRightDrawing, "chevron-right");

/**
 * The month grid guests pick a day in (the booking and the reschedule page). Every day and month
 * is a link, so it works without JavaScript. With it, the grid follows the WAI-ARIA grid pattern:
 * one day is in the tab order; arrows move a day or a week, Home/End to the week's ends,
 * PageUp/PageDown a month (loading that month and keeping the focus on the same day number).
 */
export interface MonthCalendarProps {
  month: string;
  today: string;
  /** The chosen day (shown filled), if any. */
  selected: string | null;
  /** Days with open times: links; the others are shown but not chosen. */
  openDays: string[];
  prevMonth: string | null;
  nextMonth: string | null;
  dayHref: (date: string) => string;
  monthHref: (month: string) => string;
  /** Called when the guest picks a day (click, tap or Enter), before the page loads it. */
  onPick?: (date: string) => void;
  /** The guest's locale for the month, weekday and day names (docs/decisions/088); en-US when not given. */
  locale?: string;
  /** The calendar's words in the guest's language; English when not given. */
  words?: CalendarWords;
}

export type CalendarWords = Pick<GuestWords, "previousMonth" | "nextMonth" | "dayClosed" | "dayOpen">;

const ENGLISH: CalendarWords = {
  previousMonth: "Previous month",
  nextMonth: "Next month",
  dayClosed: "{date}: no open times",
  dayOpen: "{date}, times available",
};

/** Monday 2024-01-01 to Sunday 2024-01-07: the week the weekday names are taken from. */
const A_WEEK = ["2024-01-01", "2024-01-02", "2024-01-03", "2024-01-04", "2024-01-05", "2024-01-06", "2024-01-07"];

const WEEKDAYS = [
  ["Mon", "Monday"],
  ["Tue", "Tuesday"],
  ["Wed", "Wednesday"],
  ["Thu", "Thursday"],
  ["Fri", "Friday"],
  ["Sat", "Saturday"],
  ["Sun", "Sunday"],
] as const;

/** Mon = 0 ... Sun = 6. */
const weekdayIndex = (date: string) => (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;

function clampToMonth(month: string, day: number): string {
  const { end } = monthRange(month);
  const last = Number(end.slice(8));
  return `${month}-${String(Math.min(day, last)).padStart(2, "0")}`;
}

export function MonthCalendar({
  month,
  today,
  selected,
  openDays,
  prevMonth,
  nextMonth,
  dayHref,
  monthHref,
  onPick,
  locale = "en-US",
  words = ENGLISH,
}: MonthCalendarProps) {
  const weekdays =
    locale === "en-US"
      ? WEEKDAYS
      : A_WEEK.map((d) => [weekdayLabel(d, "short", locale), weekdayLabel(d, "long", locale)] as const);
  const open = new Set(openDays);
  const location = useLocation();
  const navigate = useNavigate();
  const { start, end } = monthRange(month);
  const carried = (location.state as { focusDate?: string } | null)?.focusDate;
  const initial = () => {
    if (carried && monthOf(carried) === month) return carried;
    if (selected && monthOf(selected) === month) return selected;
    if (openDays[0]) return openDays[0];
    return monthOf(today) === month ? today : start;
  };
  const [focusDate, setFocusDate] = useState(initial);
  const grid = useRef<HTMLTableElement>(null);
  const moved = useRef(false);

  // A new month (or a new choice) resets the roving focus; a PageUp/PageDown carried its day.
  useEffect(() => {
    setFocusDate(initial());
    if (carried && monthOf(carried) === month) moved.current = true;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [month, selected, carried]);

  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    grid.current?.querySelector<HTMLElement>(`[data-cell="${focusDate}"]`)?.focus();
  }, [focusDate]);

  const pendingLoad = usePendingLocation();
  const pendingDate = pendingLoad ? new URLSearchParams(pendingLoad.search).get("date") : null;

  function onKeyDown(event: KeyboardEvent<HTMLTableElement>) {
    const moves: Record<string, () => string> = {
      ArrowLeft: () => addDays(focusDate, -1),
      ArrowRight: () => addDays(focusDate, 1),
      ArrowUp: () => addDays(focusDate, -7),
      ArrowDown: () => addDays(focusDate, 7),
      Home: () => addDays(focusDate, -weekdayIndex(focusDate)),
      End: () => addDays(focusDate, 6 - weekdayIndex(focusDate)),
      PageUp: () => clampToMonth(shiftMonth(month, -1), Number(focusDate.slice(8))),
      PageDown: () => clampToMonth(shiftMonth(month, 1), Number(focusDate.slice(8))),
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    const target = move();
    if (target >= start && target <= end) {
      moved.current = true;
      setFocusDate(target);
      return;
    }
    const other = monthOf(target);
    if (other < month ? prevMonth === other : nextMonth === other) {
      navigate(monthHref(other), { preventScrollReset: true, state: { focusDate: target } });
    }
  }

  const monthNav = (to: string | null, label: string, Icon: typeof ChevronLeft) =>
    to ? (
      <Link to={monthHref(to)} className={buttonClass("ghost", "px-2.5")} aria-label={label} preventScrollReset>
        <Icon className="h-5 w-5" aria-hidden />
      </Link>
    ) : (
      <span className="inline-flex items-center px-2.5 py-2.5 text-neutral-300" aria-hidden>
        <Icon className="h-5 w-5" />
      </span>
    );

  return (
    <div>
      <div className="flex items-center justify-between">
        <h2
          className="text-base font-semibold text-neutral-900"
          data-testid="calendar-month"
          id="calendar-month"
          aria-live="polite"
        >
          {monthLabel(month, locale)}
        </h2>
        <div className="flex gap-1">
          {monthNav(prevMonth, words.previousMonth, ChevronLeft)}
          {monthNav(nextMonth, words.nextMonth, ChevronRight)}
        </div>
      </div>
      <table
        ref={grid}
        className="mt-3 w-full table-fixed text-center text-sm"
        role="grid"
        aria-labelledby="calendar-month"
        onKeyDown={onKeyDown}
      >
        <thead>
          <tr className="text-xs font-medium uppercase text-neutral-600">
            {weekdays.map(([short, long]) => (
              <th key={short} scope="col" className="pb-2 font-medium">
                <abbr title={long} className="no-underline">
                  {short}
                </abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthWeeks(month).map((week, i) => (
            <tr key={i}>
              {week.map((day, j) => {
                if (!day) return <td key={j} />;
                const n = Number(day.slice(8));
                const isToday = day === today;
                const isSelected = day === selected;
                const tabIndex = day === focusDate ? 0 : -1;
                const ring = isToday ? "ring-2 ring-inset ring-neutral-500" : "";
                const focus =
                  "outline-none focus-visible:ring-4 focus-visible:ring-brand-500 focus-visible:ring-offset-2";
                if (!open.has(day)) {
                  return (
                    <td
                      key={day}
                      className={`rounded-full p-0.5 ${focus}`}
                      aria-disabled="true"
                      tabIndex={tabIndex}
                      data-cell={day}
                      title={fill(words.dayClosed, { date: dateLabel(day, locale) })}
                      onFocus={() => setFocusDate(day)}
                    >
                      <span
                        className={`mx-auto flex h-10 w-10 items-center justify-center rounded-full text-neutral-500 sm:h-11 sm:w-11 ${ring}`}
                      >
                        {n}
                      </span>
                    </td>
                  );
                }
                const pending = pendingDate === day;
                return (
                  <td key={day} className="p-0.5" aria-selected={isSelected}>
                    <Link
                      to={dayHref(day)}
                      preventScrollReset
                      tabIndex={tabIndex}
                      data-cell={day}
                      data-testid="calendar-day"
                      data-date={day}
                      aria-label={fill(words.dayOpen, { date: dateLabel(day, locale) })}
                      aria-current={isSelected ? "date" : undefined}
                      aria-busy={pending || undefined}
                      onClick={() => onPick?.(day)}
                      onFocus={() => setFocusDate(day)}
                      className={`mx-auto flex h-10 w-10 items-center justify-center rounded-full font-semibold transition-colors duration-150 sm:h-11 sm:w-11 ${focus} ${
                        isSelected ? "bg-accent text-white" : `bg-brand-50 text-brand-800 hover:bg-brand-100 ${ring}`
                      } ${pending ? "animate-pulse" : ""}`}
                    >
                      {n}
                    </Link>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
