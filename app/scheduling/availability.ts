/**
 * A host's schedule (weekly hours and date overrides, wall-clock in an IANA zone) turned into
 * the instants they are available. Pure: no clock, no database.
 *
 * Hours are stored as wall-clock times plus a zone, never as UTC times of day (Cal.com's
 * mistake), so "09:00-17:00" stays 09:00-17:00 on both sides of a DST transition.
 *
 * Rules, for each date of the schedule's zone:
 * - A date with overrides uses only them (several intervals allowed); `unavailable: true` makes
 *   the whole date unavailable. Other dates use the weekly intervals of their ISO weekday.
 * - "24:00" as an end means the end of the date (the next date's 00:00).
 * - An interval means exactly the instants whose wall clock, on that date, reads a time inside
 *   it. Two consequences at DST transitions:
 *   - Spring forward: wall times the clocks skip have no instant. An edge inside the gap lands
 *     on the first real instant after it (New York 2026-03-08 "02:30-05:00" starts at 03:00
 *     EDT; "01:00-02:30" ends at 03:00 EDT, which is 01:59:59 EST plus one second). An
 *     interval entirely in the gap is empty.
 *   - Fall back: the repeated wall times happen twice and both count (elapsed time), each real
 *     instant once: "00:00-03:00" on New York 2026-11-01 is four hours long; "00:00-01:30"
 *     is 00:00-01:30 EDT plus 01:00-01:30 EST (two intervals, since 01:30-02:00 EDT reads
 *     01:30-01:59 and is outside it).
 * - The intervals of one date are merged (touching ones too); intervals of different dates are
 *   never merged, even when they touch at midnight: each keeps its own start, which anchors the
 *   slot grid, so the grid of a date does not depend on which range was asked for.
 */
import type { Interval } from "./intervals";
import { normalize } from "./intervals";
import { dayNumber, isoWeekdayOfDayNumber, type ZoneTimeline } from "./zoned-time";
import { isTimeZone } from "./time-zone";

/** One weekly interval: ISO weekday (1 = Monday ... 7 = Sunday), wall-clock "HH:mm" times. */
export interface WeeklyHours {
  day: number;
  start: string;
  /** "24:00" means the end of the day. */
  end: string;
}

/** Other hours on one date ("YYYY-MM-DD"), or none at all. */
export type DateOverride = { date: string; start: string; end: string } | { date: string; unavailable: true };

export interface Schedule {
  /** IANA zone the wall-clock times are in. */
  timeZone: string;
  weekly: readonly WeeklyHours[];
  overrides?: readonly DateOverride[];
}

/** Bad configuration given to the slot engine (unknown zone, malformed time, range too long...). */
export class SlotConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SlotConfigError";
  }
}

const DAY_MS = 24 * 60 * 60 * 1000;
const MINUTE_MS = 60_000;
const HHMM = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** Minutes from midnight of "HH:mm" ("24:00" too when `isEnd`). */
function minutesOf(time: string, isEnd: boolean, where: string): number {
  if (isEnd && time === "24:00") return 24 * 60;
  const m = HHMM.exec(time);
  if (!m) throw new SlotConfigError(`${where}: "${time}" is not a time of day (HH:mm${isEnd ? ' or "24:00"' : ""})`);
  return Number(m[1]) * 60 + Number(m[2]);
}

interface MinuteRange {
  start: number;
  end: number;
}

function minuteRange(start: string, end: string, where: string): MinuteRange {
  const range = { start: minutesOf(start, false, where), end: minutesOf(end, true, where) };
  if (range.end <= range.start) throw new SlotConfigError(`${where}: ends (${end}) before it starts (${start})`);
  return range;
}

/** A schedule checked and parsed once: minutes from midnight per weekday and per override date. */
export interface ParsedSchedule {
  timeZone: string;
  /** Index 1..7 by ISO weekday. */
  weekly: MinuteRange[][];
  /** By day number; an empty list is an unavailable date. */
  overrides: Map<number, MinuteRange[]>;
}

/** Validates a schedule; throws SlotConfigError with a readable message. */
export function parseSchedule(schedule: Schedule, label = "schedule"): ParsedSchedule {
  if (!schedule || typeof schedule !== "object") throw new SlotConfigError(`${label} is missing`);
  if (!isTimeZone(schedule.timeZone)) throw new SlotConfigError(`${label}: unknown time zone "${schedule.timeZone}"`);
  if (!Array.isArray(schedule.weekly)) throw new SlotConfigError(`${label}: weekly hours must be a list`);
  const weekly: MinuteRange[][] = Array.from({ length: 8 }, () => []);
  schedule.weekly.forEach((w, i) => {
    const where = `${label}.weekly[${i}]`;
    if (!Number.isInteger(w.day) || w.day < 1 || w.day > 7)
      throw new SlotConfigError(`${where}: day must be 1 (Monday) to 7 (Sunday)`);
    weekly[w.day].push(minuteRange(w.start, w.end, where));
  });
  const overrides = new Map<number, MinuteRange[]>();
  const unavailable = new Set<number>();
  (schedule.overrides ?? []).forEach((o, i) => {
    const where = `${label}.overrides[${i}]`;
    const day = dayNumber(o.date);
    if (day === null) throw new SlotConfigError(`${where}: "${o.date}" is not a date (YYYY-MM-DD)`);
    if ("unavailable" in o && o.unavailable === true) unavailable.add(day);
    else if ("start" in o && "end" in o)
      overrides.set(day, [...(overrides.get(day) ?? []), minuteRange(o.start, o.end, where)]);
    else throw new SlotConfigError(`${where}: give start and end, or unavailable: true`);
  });
  // "Unavailable" wins over hours given for the same date.
  for (const day of unavailable) overrides.set(day, []);
  return { timeZone: schedule.timeZone, weekly, overrides };
}

/**
 * The available intervals of every date (in the schedule's zone) whose hours overlap
 * [from, to), sorted, unclipped (an interval's start anchors the slot grid, so it is kept).
 * `timeline` must be the schedule zone's, covering [from, to) with a margin of two days.
 */
export function availableIntervals(
  schedule: ParsedSchedule,
  from: number,
  to: number,
  timeline: ZoneTimeline,
): Interval[] {
  const firstDay = timeline.dayNumberAt(from) - 1;
  const lastDay = timeline.dayNumberAt(to) + 1;
  const out: Interval[] = [];
  for (let day = firstDay; day <= lastDay; day++) {
    const ranges = schedule.overrides.get(day) ?? schedule.weekly[isoWeekdayOfDayNumber(day)];
    if (ranges.length === 0) continue;
    const midnight = day * DAY_MS; // the date's 00:00 as a naive wall-clock value
    const pieces: Interval[] = [];
    for (const r of mergeMinuteRanges(ranges)) {
      pieces.push(...timeline.wallClockSpan(midnight + r.start * MINUTE_MS, midnight + r.end * MINUTE_MS));
    }
    for (const piece of normalize(pieces)) if (piece.end > from && piece.start < to) out.push(piece);
  }
  // Dates follow each other in time except where clocks fall back across midnight; sorting
  // keeps the list a list then too. Pieces of different dates never overlap, so none merge.
  return normalize(out, { mergeTouching: false });
}

function mergeMinuteRanges(ranges: MinuteRange[]): MinuteRange[] {
  if (ranges.length === 1) return ranges;
  return normalize(ranges);
}
