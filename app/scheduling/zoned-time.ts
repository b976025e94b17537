import { DateTime, IANAZone } from "luxon";
import { DATE } from "./calendar-days";

export { addDays, dateOfDayNumber, dayNumber, isoWeekdayOfDayNumber } from "./calendar-days";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Wall-clock time in an IANA zone <-> instants. Pure: no clock is read here; callers pass
 * `now` where it matters.
 */

export type WallClockResult = { ok: true; instant: Date } | { ok: false; reason: "invalid" | "nonexistent" };

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/**
 * The instant a wall clock in `zone` shows `date` ("YYYY-MM-DD") at `time` ("HH:mm").
 * A time the clocks skip (spring forward) does not exist: it is refused, never moved.
 * A time that happens twice (fall back) is its first occurrence, as calendar apps do.
 */
export function wallClockToInstant(date: string, time: string, zone: string): WallClockResult {
  const d = DATE.exec(date);
  const t = TIME.exec(time);
  const ianaZone = IANAZone.create(zone);
  if (!d || !t || !ianaZone.isValid) return { ok: false, reason: "invalid" };
  const [year, month, day, hour, minute] = [Number(d[1]), Number(d[2]), Number(d[3]), Number(t[1]), Number(t[2])];
  // The wall clock read as if it were UTC; the real instant is that minus the zone's offset.
  const naive = Date.UTC(year, month - 1, day, hour, minute);
  if (new Date(naive).getUTCDate() !== day || new Date(naive).getUTCMonth() !== month - 1)
    return { ok: false, reason: "invalid" }; // 2026-02-30, 2026-13-01
  // At most one transition lies within a day either side, so the offset is one of these two.
  const offsets = new Set([ianaZone.offset(naive - DAY_MS), ianaZone.offset(naive + DAY_MS)]);
  const instants = [...offsets]
    .map((offset) => naive - offset * 60_000)
    .filter((ms) => ms + ianaZone.offset(ms) * 60_000 === naive)
    .sort((a, b) => a - b);
  if (instants.length === 0) return { ok: false, reason: "nonexistent" };
  return { ok: true, instant: new Date(instants[0]) };
}

/**
 * Intl formatters made once per zone (making one costs tens of microseconds, using it a few),
 * for the conversions below. Null for a zone Intl does not take (luxon's own forms such as
 * "UTC+3" or "local"): those go through luxon as before. At most MAX_ZONES zones are kept.
 */
const MAX_ZONES = 1000;
const formatters = new Map<
  string,
  { parts: Intl.DateTimeFormat; time: Intl.DateTimeFormat; name: Intl.DateTimeFormat; utc: boolean } | null
>();

function formattersOf(zone: string) {
  let found = formatters.get(zone);
  if (found !== undefined) return found;
  try {
    found = {
      // What luxon reads a zone's wall clock with, in 24-hour form.
      parts: new Intl.DateTimeFormat("en-US", {
        timeZone: zone,
        hourCycle: "h23",
        year: "numeric",
        month: "2-digit",
        day: "2-digit",
        hour: "2-digit",
        minute: "2-digit",
      }),
      // luxon's DateTime.TIME_SIMPLE in en-US.
      time: new Intl.DateTimeFormat("en-US", { timeZone: zone, hour: "numeric", minute: "2-digit" }),
      // luxon's offsetNameShort.
      name: new Intl.DateTimeFormat("en-US", {
        timeZone: zone,
        hour12: false,
        year: "numeric",
        month: "2-digit",
        day: "2-digit",
        hour: "2-digit",
        minute: "2-digit",
        timeZoneName: "short",
      }),
      // luxon takes "UTC" and "GMT" (any case) as its fixed UTC zone, which it formats from parts.
      utc: /^(utc|gmt)$/i.test(zone),
    };
  } catch {
    found = null;
  }
  if (formatters.size < MAX_ZONES) formatters.set(zone, found);
  return found;
}

/** An instant's wall clock in a zone Intl takes, or null (another zone, or a year outside 1000-9999, left to luxon). */
function wallParts(
  instant: Date,
  zone: string,
): { year: number; month: number; day: number; hour: number; minute: number } | null {
  const ms = instant.getTime();
  // From two days into the year 1000 to two days before 10000, so every zone's local year is
  // within 1000-9999 (luxon writes other years its own way).
  if (!(ms >= -30_610_051_200_000 && ms <= 253_402_127_999_999)) return null;
  const f = formattersOf(zone);
  if (!f) return null;
  const out = { year: 0, month: 0, day: 0, hour: 0, minute: 0 };
  for (const part of f.parts.formatToParts(instant)) {
    if (
      part.type === "year" ||
      part.type === "month" ||
      part.type === "day" ||
      part.type === "hour" ||
      part.type === "minute"
    )
      out[part.type] = Number(part.value);
  }
  return out.year >= 1000 && out.year <= 9999 ? out : null;
}

const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));

/** The wall-clock date ("YYYY-MM-DD") and time ("HH:mm") of an instant in `zone`. */
export function instantToWallClock(instant: Date, zone: string): { date: string; time: string } {
  const p = wallParts(instant, zone);
  if (p) return { date: `${p.year}-${pad2(p.month)}-${pad2(p.day)}`, time: `${pad2(p.hour)}:${pad2(p.minute)}` };
  const local = DateTime.fromJSDate(instant, { zone });
  return { date: local.toFormat("yyyy-MM-dd"), time: local.toFormat("HH:mm") };
}

/** Today's date in `zone` at `now`. */
export function todayIn(zone: string, now: Date): string {
  return instantToWallClock(now, zone).date;
}

const joinParts = (parts: Intl.DateTimeFormatPart[]) => parts.map((part) => part.value).join("");
const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "Mon, Dec 7, 2026" and "9:30 AM" style texts of an instant in `zone`, for people. */
export function formatInZone(instant: Date, zone: string, locale = "en-US") {
  // en-US, the app's language: from the zone's cached formatters, as luxon writes it.
  const p = locale === "en-US" ? wallParts(instant, zone) : null;
  const f = p ? formattersOf(zone) : null;
  if (p && f) {
    const weekday = WEEKDAYS[new Date(Date.UTC(p.year, p.month - 1, p.day)).getUTCDay()];
    const date = `${weekday}, ${MONTHS[p.month - 1]} ${p.day}, ${p.year}`;
    // From parts, Intl keeps the narrow no-break space before AM/PM that format() turns into a space.
    if (f.utc) return { date, time: joinParts(f.time.formatToParts(instant)), zoneName: "UTC" };
    const zoneName = f.name.formatToParts(instant).find((part) => part.type === "timeZoneName")?.value;
    return { date, time: f.time.format(instant), zoneName: zoneName ?? zone };
  }
  const local = DateTime.fromJSDate(instant, { zone }).setLocale(locale);
  return {
    date: local.toFormat("ccc, LLL d, yyyy"),
    time: local.toLocaleString(DateTime.TIME_SIMPLE),
    /** "GMT+1", "EST": the zone's short name at that instant. */
    zoneName: local.offsetNameShort ?? zone,
  };
}

/** "+05:45", "-03:00", "+00:00" (never "Z") for an offset in minutes. */
function offsetText(offsetMinutes: number): string {
  const abs = Math.abs(offsetMinutes);
  const hh = String(Math.floor(abs / 60)).padStart(2, "0");
  const mm = String(abs % 60).padStart(2, "0");
  return `${offsetMinutes < 0 ? "-" : "+"}${hh}:${mm}`;
}

interface OffsetPiece {
  /** First instant (ms) with this offset; -Infinity for the first piece. */
  from: number;
  /** First instant after it; +Infinity for the last piece. */
  to: number;
  /** Minutes east of UTC. */
  offset: number;
}

// No zone changes its offset twice within a day (modern transitions are weeks apart at the
// least), so sampling once a day finds every transition; each one is then pinned to the minute
// by bisection. A luxon offset look-up costs microseconds (Intl), and a two-month timeline
// takes about 80 of them: the samples (each zone's offset at 00:00 UTC of a day) and the
// transitions found are kept per zone, so a timeline over days seen before is a few map
// look-ups. They never change while the process runs (the zone rules are Node's own).
const MINUTE_MS = 60_000;

/** Per zone: offset at 00:00 UTC by day number, and the first instant of the new offset by the day it falls in. */
interface ZoneDays {
  zone: IANAZone;
  offsets: Map<number, number>;
  transitions: Map<number, number>;
}
const zoneDays = new Map<string, ZoneDays>();
/** Days kept per zone (about 27 years); beyond that the zone starts afresh. */
const MAX_DAYS_PER_ZONE = 10_000;

function daysOf(zone: string): ZoneDays {
  let days = zoneDays.get(zone);
  if (days) return days;
  const ianaZone = IANAZone.create(zone);
  if (!ianaZone.isValid) throw new RangeError(`Unknown time zone: ${zone}`);
  days = { zone: ianaZone, offsets: new Map(), transitions: new Map() };
  if (zoneDays.size >= MAX_ZONES) zoneDays.delete(zoneDays.keys().next().value as string);
  zoneDays.set(zone, days);
  return days;
}

/** The zone's offset at 00:00 UTC of day `day` (days since 1970-01-01). */
function offsetAtDayStart(days: ZoneDays, day: number): number {
  let offset = days.offsets.get(day);
  if (offset === undefined) {
    offset = days.zone.offset(day * DAY_MS);
    if (days.offsets.size >= MAX_DAYS_PER_ZONE) days.offsets.clear();
    days.offsets.set(day, offset);
  }
  return offset;
}

/** The first instant (a whole minute) of day `day` whose offset is no longer `before`. */
function transitionIn(days: ZoneDays, day: number, before: number): number {
  let at = days.transitions.get(day);
  if (at === undefined) {
    // Bisect in whole minutes: offset(lo) is the old offset, offset(hi) the new one.
    let lo = day * (DAY_MS / MINUTE_MS);
    let hi = lo + DAY_MS / MINUTE_MS;
    while (hi - lo > 1) {
      const mid = Math.floor((lo + hi) / 2);
      if (days.zone.offset(mid * MINUTE_MS) === before) lo = mid;
      else hi = mid;
    }
    at = hi * MINUTE_MS;
    if (days.transitions.size >= MAX_DAYS_PER_ZONE) days.transitions.clear();
    days.transitions.set(day, at);
  }
  return at;
}

/**
 * One zone's offsets over a span of instants, worked out once (from the zone's day samples,
 * kept per process) so that the many conversions of a slot search are arithmetic. The span is
 * widened to whole UTC days. Beyond it, the first and last offsets are assumed to continue:
 * build it with a margin of a day or two.
 */
export class ZoneTimeline {
  readonly zone: string;
  private readonly pieces: OffsetPiece[];

  constructor(zone: string, fromMs: number, toMs: number) {
    const days = daysOf(zone);
    this.zone = zone;
    const firstDay = Math.floor(fromMs / DAY_MS);
    const lastDay = Math.max(firstDay, Math.ceil(toMs / DAY_MS));
    let offset = offsetAtDayStart(days, firstDay);
    const pieces: OffsetPiece[] = [{ from: -Infinity, to: Infinity, offset }];
    for (let day = firstDay; day < lastDay; day++) {
      const next = offsetAtDayStart(days, day + 1);
      if (next === offset) continue;
      const at = transitionIn(days, day, offset);
      pieces[pieces.length - 1].to = at;
      pieces.push({ from: at, to: Infinity, offset: next });
      offset = next;
    }
    this.pieces = pieces;
  }

  /** Minutes east of UTC at an instant. */
  offsetAt(ms: number): number {
    const pieces = this.pieces;
    if (pieces.length === 1) return pieces[0].offset;
    let lo = 0;
    let hi = pieces.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (pieces[mid].from <= ms) lo = mid;
      else hi = mid - 1;
    }
    return pieces[lo].offset;
  }

  /**
   * Every instant whose wall clock reads a time in [wallStart, wallEnd), where wall times are
   * written as "naive" ms (the wall clock read as if it were UTC, `Date.UTC(y, m, d, h, min)`).
   * This is the exact preimage, so across a spring-forward gap the part of the range the
   * clocks skip has no instant (an edge in the gap lands on the first instant after it), and
   * across a fall-back overlap the repeated wall times give both of their instants, once
   * each. Sorted; pieces may touch (callers merge them).
   */
  wallClockSpan(wallStart: number, wallEnd: number): { start: number; end: number }[] {
    const out: { start: number; end: number }[] = [];
    for (const piece of this.pieces) {
      const shift = piece.offset * MINUTE_MS;
      const start = Math.max(wallStart - shift, piece.from);
      const end = Math.min(wallEnd - shift, piece.to);
      if (start < end) out.push({ start, end });
    }
    return out;
  }

  /** The wall-clock date ("YYYY-MM-DD") at an instant. */
  dateAt(ms: number): string {
    return new Date(ms + this.offsetAt(ms) * MINUTE_MS).toISOString().slice(0, 10);
  }

  /** The day number (days since 1970-01-01) of the wall-clock date at an instant. */
  dayNumberAt(ms: number): number {
    return Math.floor((ms + this.offsetAt(ms) * MINUTE_MS) / DAY_MS);
  }

  /** "2026-03-08T03:00:00-04:00": the instant as this zone's wall clock with its offset then. */
  format(ms: number): string {
    // Called once per slot: string arithmetic, with the date text cached per day.
    const offset = this.offsetAt(ms);
    const local = ms + offset * MINUTE_MS;
    const day = Math.floor(local / DAY_MS);
    if (day !== this.lastDay) {
      this.lastDay = day;
      this.lastDate = new Date(day * DAY_MS).toISOString().slice(0, 10);
    }
    const seconds = Math.floor((local - day * DAY_MS) / 1000);
    const time = `${TWO_DIGITS[Math.floor(seconds / 3600)]}:${TWO_DIGITS[Math.floor(seconds / 60) % 60]}:${TWO_DIGITS[seconds % 60]}`;
    return `${this.lastDate}T${time}${offsetText(offset)}`;
  }

  private lastDay = NaN;
  private lastDate = "";
}

const TWO_DIGITS = Array.from({ length: 60 }, (_, i) => String(i).padStart(2, "0"));
