import { IANAZone } from "luxon";
import { addDays, instantToWallClock, wallClockToInstant } from "./zoned-time";

/**
 * Recurring series (docs/decisions/106): the occurrences of a weekly series, computed on the
 * wall clock of one zone so a 10:00 meeting stays at 10:00 across a daylight-saving change.
 * Pure: no clock, no database.
 */

/** What an event type allows: every N weeks (N one of `intervalWeeks`), up to `maxOccurrences` meetings. */
export interface RecurringRule {
  maxOccurrences: number;
  intervalWeeks: number[];
}

/** What a guest asks for: every `intervalWeeks` weeks, `count` meetings in all (the first included). */
export interface Recurrence {
  intervalWeeks: number;
  count: number;
}

export const RECURRING_MAX_OCCURRENCES = 24;
export const RECURRING_MAX_INTERVAL_WEEKS = 4;

/**
 * The starts of a series whose first meeting starts at `first`: the same wall-clock time in
 * `zone`, every `intervalWeeks` weeks. An occurrence whose wall-clock time does not exist that day
 * (the clocks skip it) is null: it cannot be booked, and the caller says so.
 */
export function seriesStarts(first: Date, zone: string, recurrence: Recurrence): Array<Date | null> {
  const { date, time } = instantToWallClock(first, zone);
  const starts: Array<Date | null> = [];
  for (let i = 0; i < recurrence.count; i++) {
    const at =
      i === 0
        ? { ok: true as const, instant: first }
        : wallClockToInstant(addDays(date, 7 * recurrence.intervalWeeks * i), time, zone);
    starts.push(at.ok ? at.instant : null);
  }
  return starts;
}

/** Why a rule refuses a recurrence, as data: each page says it in its guest's language (app/messages/series.ts). */
export type RecurrenceRefusal =
  { rule: "not-recurring" } | { rule: "interval"; intervalWeeks: number[] } | { rule: "count"; max: number };

/** Why a rule refuses a guest's recurrence, or null when it allows it. */
export function recurrenceRefusalOf(rule: RecurringRule | null, recurrence: Recurrence): RecurrenceRefusal | null {
  if (!rule) return { rule: "not-recurring" };
  if (!rule.intervalWeeks.includes(recurrence.intervalWeeks))
    return { rule: "interval", intervalWeeks: rule.intervalWeeks };
  if (recurrence.count < 2 || recurrence.count > rule.maxOccurrences)
    return { rule: "count", max: rule.maxOccurrences };
  return null;
}

/** The refusal in English, as the JSON API says it. */
export function recurrenceRefusalMessage(refusal: RecurrenceRefusal): string {
  if (refusal.rule === "not-recurring") return "This event type does not take recurring bookings.";
  if (refusal.rule === "interval") return `Repeat every ${refusal.intervalWeeks.join(" or ")} week(s).`;
  return `Book 2 to ${refusal.max} meetings.`;
}

/** Why a rule refuses a guest's recurrence (in English), or null when it allows it. */
export function recurrenceRefusal(rule: RecurringRule | null, recurrence: Recurrence): string | null {
  const refusal = recurrenceRefusalOf(rule, recurrence);
  return refusal ? recurrenceRefusalMessage(refusal) : null;
}

/** English ordinals for messages: 1st, 2nd, 3rd, 4th, 11th, 22nd. */
export function ordinal(n: number): string {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  const suffix = teen ? "th" : (["th", "st", "nd", "rd"][n % 10] ?? "th");
  return `${n}${suffix}`;
}

/** A change of `zone`'s UTC offset (minutes east) at the instant `at` (ms). */
export interface OffsetChange {
  at: number;
  from: number;
  to: number;
}

const HOUR_MS = 3_600_000;

function offsetMinutes(zone: IANAZone, ms: number): number {
  return zone.offset(ms);
}

/**
 * The offset of `zone` at `fromMs` and every change of it up to `toMs`, to the minute: what a
 * calendar file's VTIMEZONE needs to place a series' wall-clock times.
 */
export function zoneOffsets(zone: string, fromMs: number, toMs: number): { initial: number; changes: OffsetChange[] } {
  const z = IANAZone.create(zone);
  const initial = offsetMinutes(z, fromMs);
  const changes: OffsetChange[] = [];
  let prev = initial;
  for (let t = fromMs; t < toMs; t += 6 * HOUR_MS) {
    const next = offsetMinutes(z, Math.min(t + 6 * HOUR_MS, toMs));
    if (next === prev) continue;
    let lo = t;
    let hi = Math.min(t + 6 * HOUR_MS, toMs);
    while (hi - lo > 60_000) {
      const mid = Math.floor((lo + hi) / 2 / 60_000) * 60_000;
      if (offsetMinutes(z, mid) === prev) lo = mid;
      else hi = mid;
    }
    changes.push({ at: hi, from: prev, to: next });
    prev = next;
  }
  return { initial, changes };
}

/** "The 4th meeting, Tue 22 Dec 10:00, is no longer free." in `zone` (the guest's). */
export function occurrenceTakenMessage(index: number, start: Date | null, zone: string): string {
  if (!start) return `The ${ordinal(index)} meeting falls on a time the clocks skip that day: pick another time.`;
  const parts = new Intl.DateTimeFormat("en-GB", {
    weekday: "short",
    day: "numeric",
    month: "short",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZone: zone,
  }).formatToParts(start);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  return `The ${ordinal(index)} meeting, ${part("weekday")} ${part("day")} ${part("month")} ${part("hour")}:${part("minute")}, is no longer free.`;
}
