import { DateTime, IANAZone } from "luxon";
import type { BusyInterval } from "./calendar-busy";

/**
 * Busy times out of Microsoft Graph events (calendarView: a recurring series already comes as
 * its occurrences). As for iCalendar: a cancelled event, one shown as free (Outlook's
 * transparent) or as working elsewhere does not block; tentative, busy, away and unknown do.
 * Times are read in the zone Graph names (we ask for UTC); an all-day event is its dates in the
 * host's zone, like an all-day iCalendar event. Pure: no clock.
 */

export interface GraphDateTime {
  dateTime: string;
  timeZone?: string | null;
}

export interface GraphEvent {
  id?: string;
  showAs?: string | null;
  isCancelled?: boolean | null;
  isAllDay?: boolean | null;
  start?: GraphDateTime | null;
  end?: GraphDateTime | null;
}

const NOT_BLOCKING = new Set(["free", "workingelsewhere"]);
const UTC_NAMES = new Set(["utc", "etc/utc", "gmt", "coordinated universal time", "z"]);

/** The instant of a Graph date-time (a wall-clock time and a zone name), or null when it cannot be read. */
export function graphInstant(value: GraphDateTime, allDay: boolean, hostZone: string): number | null {
  const named = (value.timeZone ?? "UTC").trim();
  const zone = allDay
    ? hostZone
    : UTC_NAMES.has(named.toLowerCase())
      ? "UTC"
      : IANAZone.isValidZone(named)
        ? named
        : null;
  if (!zone) return null;
  // Graph writes seven fractional digits; luxon reads at most milliseconds' worth.
  const text = value.dateTime.replace(/(\.\d{3})\d+/, "$1").replace(/(Z|[+-]\d\d:\d\d)$/, "");
  const at = DateTime.fromISO(allDay ? text.slice(0, 10) : text, { zone });
  return at.isValid ? at.toMillis() : null;
}

export function busyFromGraphEvents(
  events: readonly GraphEvent[],
  options: { from: Date; to: Date; zone: string },
): BusyInterval[] {
  const from = options.from.getTime();
  const to = options.to.getTime();
  const out: BusyInterval[] = [];
  for (const event of events) {
    if (event.isCancelled) continue;
    if (NOT_BLOCKING.has(String(event.showAs ?? "busy").toLowerCase())) continue;
    if (!event.start || !event.end) continue;
    const allDay = Boolean(event.isAllDay);
    const start = graphInstant(event.start, allDay, options.zone);
    const end = graphInstant(event.end, allDay, options.zone);
    if (start === null || end === null || end <= start) continue;
    if (end > from && start < to) out.push({ start: new Date(start), end: new Date(end) });
  }
  return out.sort((a, b) => a.start.getTime() - b.start.getTime());
}
