import { DateTime, IANAZone } from "luxon";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Wall-clock time in an IANA zone <-> instants. Pure: no clock is read here; callers pass
 * `now` where it matters.
 */

export type WallClockResult =
  | { ok: true; instant: Date }
  | { ok: false; reason: "invalid" | "nonexistent" };

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
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
  if (new Date(naive).getUTCDate() !== day) return { ok: false, reason: "invalid" }; // 2026-02-30
  // At most one transition lies within a day either side, so the offset is one of these two.
  const offsets = new Set([ianaZone.offset(naive - DAY_MS), ianaZone.offset(naive + DAY_MS)]);
  const instants = [...offsets]
    .map((offset) => naive - offset * 60_000)
    .filter((ms) => ms + ianaZone.offset(ms) * 60_000 === naive)
    .sort((a, b) => a - b);
  if (instants.length === 0) return { ok: false, reason: "nonexistent" };
  return { ok: true, instant: new Date(instants[0]) };
}

/** The wall-clock date ("YYYY-MM-DD") and time ("HH:mm") of an instant in `zone`. */
export function instantToWallClock(instant: Date, zone: string): { date: string; time: string } {
  const local = DateTime.fromJSDate(instant, { zone });
  return { date: local.toFormat("yyyy-MM-dd"), time: local.toFormat("HH:mm") };
}

/** Today's date in `zone` at `now`. */
export function todayIn(zone: string, now: Date): string {
  return DateTime.fromJSDate(now, { zone }).toFormat("yyyy-MM-dd");
}

/** A date plus whole days ("YYYY-MM-DD"), calendar arithmetic (no zone involved). */
export function addDays(date: string, days: number): string {
  return DateTime.fromISO(date, { zone: "UTC" }).plus({ days }).toFormat("yyyy-MM-dd");
}

/** "Mon, Dec 7, 2026" and "9:30 AM" style texts of an instant in `zone`, for people. */
export function formatInZone(instant: Date, zone: string, locale = "en-US") {
  const local = DateTime.fromJSDate(instant, { zone }).setLocale(locale);
  return {
    date: local.toFormat("ccc, LLL d, yyyy"),
    time: local.toLocaleString(DateTime.TIME_SIMPLE),
    /** "GMT+1", "EST": the zone's short name at that instant. */
    zoneName: local.offsetNameShort ?? zone,
  };
}
