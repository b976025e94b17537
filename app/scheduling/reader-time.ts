import { DateTime } from "luxon";

/**
 * An instant as one reader sees it, with the other side's time after it (docs/decisions/028):
 * "Wed, Nov 25, 2026, 10:00 AM Tokyo (8:00 PM New York, Tue)". The other side's weekday only
 * when its date differs from the reader's; no second part when both sides show the same clock
 * (same zone, or the same offset at that instant). Pure: no clock, no database.
 */

/** "America/New_York" -> "New York", "America/Argentina/Buenos_Aires" -> "Buenos Aires", "UTC" -> "UTC". */
export function zoneCity(zone: string): string {
  const last = zone.split("/").pop() ?? zone;
  return last.replace(/_/g, " ");
}

export interface ReaderTime {
  /** "Wed, Nov 25, 2026" in the reader's zone. */
  date: string;
  /** "10:00 AM" in the reader's zone. */
  time: string;
  /** "Tokyo": the reader's zone as a place. */
  place: string;
  /** "8:00 PM New York, Tue", or null when the other side reads the same clock. */
  other: string | null;
  /** "10:00 AM Tokyo (8:00 PM New York, Tue)". */
  clock: string;
  /** "Wed, Nov 25, 2026, 10:00 AM Tokyo (8:00 PM New York, Tue)". */
  full: string;
}

/**
 * `locale`: the reader's language (a guest's, docs/decisions/088): another locale than en-US writes
 * the date and weekday in its words ("mar, 1 dic 2026") and the time on its own 24-hour clock.
 */
export function readerTime(instant: Date, readerZone: string, otherZone?: string | null, locale = "en-US"): ReaderTime {
  const english = locale === "en-US";
  const mine = DateTime.fromJSDate(instant, { zone: readerZone }).setLocale(locale);
  const clockOf = (d: DateTime) => (english ? d.toFormat("h:mm a") : d.toFormat("HH:mm"));
  const date = english
    ? mine.toFormat("ccc, LLL d, yyyy")
    : mine.toLocaleString({ weekday: "short", day: "numeric", month: "short", year: "numeric" });
  const time = clockOf(mine);
  const place = zoneCity(readerZone);
  let other: string | null = null;
  if (otherZone && otherZone !== readerZone) {
    const theirs = DateTime.fromJSDate(instant, { zone: otherZone }).setLocale(locale);
    if (theirs.isValid && theirs.offset !== mine.offset) {
      const day = theirs.toISODate() === mine.toISODate() ? "" : `, ${theirs.toFormat("ccc")}`;
      other = `${clockOf(theirs)} ${zoneCity(otherZone)}${day}`;
    }
  }
  const clock = `${time} ${place}${other ? ` (${other})` : ""}`;
  return { date, time, place, other, clock, full: `${date}, ${clock}` };
}

/**
 * When something happened, as a list of recent things says it to its reader: "just now",
 * "5 min ago", "3 h ago" within a day; then "Yesterday, 4:05 PM", then "Nov 3, 4:05 PM" (the
 * reader's zone), with the year when it is not this year's. A time after `now` (clocks a little
 * apart) is "just now".
 */
export function agoLabel(instant: Date, now: Date, readerZone: string): string {
  const minutes = Math.floor((now.getTime() - instant.getTime()) / 60_000);
  if (minutes < 1) return "just now";
  if (minutes < 60) return `${minutes} min ago`;
  if (minutes < 24 * 60) return `${Math.floor(minutes / 60)} h ago`;
  const then = DateTime.fromJSDate(instant, { zone: readerZone }).setLocale("en-US");
  const today = DateTime.fromJSDate(now, { zone: readerZone }).setLocale("en-US");
  if (then.hasSame(today.minus({ days: 1 }), "day")) return `Yesterday, ${then.toFormat("h:mm a")}`;
  return then.toFormat(then.hasSame(today, "year") ? "LLL d, h:mm a" : "LLL d, yyyy, h:mm a");
}
