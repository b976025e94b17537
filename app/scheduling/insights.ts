import { addDays, dayNumber } from "./calendar-days";
import { todayIn, wallClockToInstant, ZoneTimeline } from "./zoned-time";

/**
 * Insights' pure arithmetic (decision 079): the range of calendar days in the viewer's zone and
 * the one before it, the weekday × hour heat map, the lead-time buckets. No clock: `now` is passed.
 */

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

export const DEFAULT_RANGE_DAYS = 30;
/** Two years (and a leap day): a longer range is refused, not silently cut. */
export const MAX_RANGE_DAYS = 731;

export interface DayRange {
  /** First and last calendar day, inclusive ("YYYY-MM-DD", the viewer's zone). */
  from: string;
  to: string;
  days: number;
  /** The instants: [start, end). */
  start: Date;
  end: Date;
}

export type RangeResult =
  { ok: true; range: DayRange; previous: DayRange } | { ok: false; field: "from" | "to"; message: string };

/** Midnight of `date` in `zone`; a midnight the clocks skip (a DST change at 00:00) is the first instant after it. */
export function startOfDay(date: string, zone: string): Date {
  for (const time of ["00:00", "00:30", "01:00", "02:00"]) {
    const r = wallClockToInstant(date, time, zone);
    if (r.ok) return r.instant;
  }
  return new Date(`${date}T00:00:00Z`);
}

function rangeOf(from: string, to: string, zone: string): DayRange {
  const days = (dayNumber(to) as number) - (dayNumber(from) as number) + 1;
  return { from, to, days, start: startOfDay(from, zone), end: startOfDay(addDays(to, 1), zone) };
}

/**
 * The range asked for (`from`/`to` as "YYYY-MM-DD", both inclusive, in `zone`), by default the
 * last 30 days up to today; and the range of as many days just before it.
 */
export function insightsRange(
  query: { from?: string | null; to?: string | null },
  zone: string,
  now: Date,
): RangeResult {
  const today = todayIn(zone, now);
  const given = (v: string | null | undefined) => (v === undefined || v === null || v === "" ? null : v);
  const fromRaw = given(query.from);
  const toRaw = given(query.to);
  for (const [field, value] of [
    ["from", fromRaw],
    ["to", toRaw],
  ] as const) {
    if (value !== null && dayNumber(value) === null)
      return { ok: false, field, message: `${field}: give a date as YYYY-MM-DD, such as 2026-11-01.` };
  }
  const to = toRaw ?? (fromRaw ? addDays(fromRaw, DEFAULT_RANGE_DAYS - 1) : today);
  const from = fromRaw ?? addDays(to, -(DEFAULT_RANGE_DAYS - 1));
  const days = (dayNumber(to) as number) - (dayNumber(from) as number) + 1;
  if (days < 1) return { ok: false, field: "to", message: "to: give a day on or after from." };
  if (days > MAX_RANGE_DAYS)
    return { ok: false, field: "to", message: `to: a range covers at most ${MAX_RANGE_DAYS} days (two years).` };
  const fromYear = Number(from.slice(0, 4));
  const toYear = Number(to.slice(0, 4));
  if (fromYear < 2000 || toYear > 2100)
    return { ok: false, field: fromYear < 2000 ? "from" : "to", message: "Give dates between 2000 and 2100." };
  const previousTo = addDays(from, -1);
  return {
    ok: true,
    range: rangeOf(from, to, zone),
    previous: rangeOf(addDays(previousTo, -(days - 1)), previousTo, zone),
  };
}

/** Monday first, as the heat map's rows. */
export const WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;

/** A 7 × 24 grid of zeros (weekday, Monday first × hour). */
export function emptyHeatMap(): number[][] {
  return Array.from({ length: 7 }, () => Array.from({ length: 24 }, () => 0));
}

/**
 * Counts per start instant (any resolution down to a quarter hour: every zone's offset is a
 * multiple of 15 minutes) into weekday × hour of the wall clock in `zone`, DST included.
 */
export function heatMapOf(starts: readonly { at: number; count: number }[], zone: string): number[][] {
  const grid = emptyHeatMap();
  if (starts.length === 0) return grid;
  let lo = Infinity;
  let hi = -Infinity;
  for (const s of starts) {
    if (s.at < lo) lo = s.at;
    if (s.at > hi) hi = s.at;
  }
  const timeline = new ZoneTimeline(zone, lo - 2 * DAY_MS, hi + 2 * DAY_MS);
  for (const s of starts) {
    const local = s.at + timeline.offsetAt(s.at) * MINUTE_MS;
    const day = Math.floor(local / DAY_MS);
    // 1970-01-01 was a Thursday (index 3 with Monday first).
    const weekday = (((day + 3) % 7) + 7) % 7;
    const hour = Math.floor((local - day * DAY_MS) / HOUR_MS);
    grid[weekday][hour] += s.count;
  }
  return grid;
}

/** Lead time (booked → start) buckets: each holds lead times below its bound, in minutes. */
export const LEAD_TIME_BUCKETS = [
  { label: "Under 1 hour", below: 60 },
  { label: "1–24 hours", below: 24 * 60 },
  { label: "1–3 days", below: 3 * 24 * 60 },
  { label: "3–7 days", below: 7 * 24 * 60 },
  { label: "1–2 weeks", below: 14 * 24 * 60 },
  { label: "2–4 weeks", below: 28 * 24 * 60 },
  { label: "4 weeks or more", below: Infinity },
] as const;

/** The bucket of a lead time in minutes (a negative one, a booking made after its start, is the first). */
export function leadTimeBucket(minutes: number): number {
  return LEAD_TIME_BUCKETS.findIndex((b) => minutes < b.below);
}

/** The median of a histogram's values given as sorted numbers; null for none. */
export function median(sorted: readonly number[]): number | null {
  if (sorted.length === 0) return null;
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** "3 days 4 hours", "45 minutes": a lead time for people. */
export function durationLabel(minutes: number | null): string {
  if (minutes === null) return "No bookings";
  const m = Math.max(0, Math.round(minutes));
  if (m < 60) return `${m} minute${m === 1 ? "" : "s"}`;
  const hours = Math.floor(m / 60);
  if (hours < 24) return `${hours} hour${hours === 1 ? "" : "s"}${m % 60 ? ` ${m % 60} min` : ""}`;
  const days = Math.floor(hours / 24);
  const rest = hours % 24;
  return `${days} day${days === 1 ? "" : "s"}${rest ? ` ${rest} hour${rest === 1 ? "" : "s"}` : ""}`;
}

/** The change from `previous` to `current` as a signed percentage, null when there was nothing before. */
export function changeOf(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) / previous) * 100);
}
