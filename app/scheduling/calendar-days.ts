/**
 * Calendar days ("YYYY-MM-DD") and day numbers, with no zone and no date library: the booking
 * page's calendar runs this in the browser, where luxon would cost more than the page itself.
 * zoned-time.ts re-exports it beside the zone-aware functions.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

export const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Days since 1970-01-01 of a "YYYY-MM-DD" date, or null when it is not a real date. */
export function dayNumber(date: string): number | null {
  const d = DATE.exec(date);
  if (!d) return null;
  const ms = Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3]));
  if (new Date(ms).getUTCDate() !== Number(d[3]) || new Date(ms).getUTCMonth() !== Number(d[2]) - 1) return null;
  return ms / DAY_MS;
}

/** The "YYYY-MM-DD" date of a day number (days since 1970-01-01). */
export function dateOfDayNumber(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** The ISO weekday (1 = Monday ... 7 = Sunday) of a day number. 1970-01-01 was a Thursday. */
export function isoWeekdayOfDayNumber(day: number): number {
  return ((((day + 3) % 7) + 7) % 7) + 1;
}

/**
 * A date plus whole days ("YYYY-MM-DD"), calendar arithmetic (no zone involved). Callers pass
 * real dates; anything else gives "Invalid DateTime" (what the luxon version answered), not a throw.
 */
export function addDays(date: string, days: number): string {
  const day = dayNumber(date);
  return day === null ? "Invalid DateTime" : dateOfDayNumber(day + days);
}
