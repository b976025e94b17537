import ICAL from "ical.js";
import { DateTime, IANAZone } from "luxon";

/**
 * Busy times out of iCalendar text (an ICS feed, CalDAV objects), with ical.js: TZID with or
 * without its VTIMEZONE, UTC and floating times, all-day events, RRULE with EXDATE and
 * RECURRENCE-ID overrides expanded only over [from, to) and never past `maxOccurrences`.
 * TRANSP:TRANSPARENT and STATUS:CANCELLED do not block; events `isOwn` recognises (the
 * bookings we wrote ourselves) are left out, so they are not counted twice. Pure: no clock.
 */

export interface BusyInterval {
  start: Date;
  end: Date;
}

export interface BusyOptions {
  from: Date;
  to: Date;
  /** Floating times and all-day events are read in this zone (the host's). */
  zone: string;
  /** True for a UID we wrote (a booking copied into this calendar). */
  isOwn?: (uid: string) => boolean;
  /** Occurrences expanded per calendar at most (a runaway RRULE stops here). */
  maxOccurrences?: number;
}

export class CalendarParseError extends Error {
  name = "CalendarParseError";
}

const DEFAULT_MAX_OCCURRENCES = 20_000;
/** Steps of one series' iterator at most (a daily series of 100 years before the window). */
const MAX_STEPS_PER_SERIES = 50_000;
const DAY_MS = 24 * 60 * 60 * 1000;
/** An occurrence starting this long before the window cannot reach into it (events longer than a month are not a meeting). */
const SKIP_BEFORE_MS = 31 * DAY_MS;

/** The instant of an ical.js time: UTC, its VTIMEZONE, else its TZID as an IANA zone, else floating in `zone`. */
function instantOf(time: ICAL.Time, zone: string, seriesTzid?: string): number {
  if (time.zone === ICAL.Timezone.utcTimezone) return time.toUnixTime() * 1000;
  const known =
    time.zone && time.zone !== ICAL.Timezone.localTimezone && time.zone.tzid !== "floating" && time.zone.component;
  if (known) return time.toUnixTime() * 1000;
  // A recurrence's occurrences lose the TZID string of their DTSTART: the series passes it.
  const tzid = (time as ICAL.Time & { timezone?: string }).timezone ?? seriesTzid;
  const iana = tzid && IANAZone.isValidZone(tzid) ? tzid : zone;
  return DateTime.fromObject(
    {
      year: time.year,
      month: time.month,
      day: time.day,
      hour: time.isDate ? 0 : time.hour,
      minute: time.isDate ? 0 : time.minute,
      second: time.isDate ? 0 : time.second,
    },
    { zone: iana },
  ).toMillis();
}

function blocks(component: ICAL.Component): boolean {
  const transp = String(component.getFirstPropertyValue("transp") ?? "").toUpperCase();
  const status = String(component.getFirstPropertyValue("status") ?? "").toUpperCase();
  return transp !== "TRANSPARENT" && status !== "CANCELLED";
}

/** Parses iCalendar text; throws CalendarParseError when it is not a VCALENDAR. */
export function parseCalendar(text: string): ICAL.Component {
  if (!/BEGIN:VCALENDAR/i.test(text.slice(0, 4096)))
    throw new CalendarParseError("This is not an iCalendar file (no BEGIN:VCALENDAR).");
  try {
    const component = new ICAL.Component(ICAL.parse(text));
    if (component.name !== "vcalendar") throw new CalendarParseError("This is not an iCalendar file.");
    return component;
  } catch (error) {
    if (error instanceof CalendarParseError) throw error;
    throw new CalendarParseError(`The iCalendar file could not be read: ${(error as Error).message}`);
  }
}

/** The VTIMEZONEs of a calendar, registered so TZIDs that name them resolve. */
function registerZones(calendar: ICAL.Component): void {
  for (const vtimezone of calendar.getAllSubcomponents("vtimezone")) {
    const tzid = String(vtimezone.getFirstPropertyValue("tzid") ?? "");
    // IANA names are read with luxon's own rules; only custom zones (Outlook's "W. Europe Standard Time") need theirs.
    if (tzid && !IANAZone.isValidZone(tzid) && !ICAL.TimezoneService.has(tzid))
      ICAL.TimezoneService.register(vtimezone);
  }
}

/** Busy intervals of one or more calendars (each a VCALENDAR's text), sorted and unmerged. */
export function busyFromCalendars(texts: string[], options: BusyOptions): BusyInterval[] {
  const from = options.from.getTime();
  const to = options.to.getTime();
  let budget = options.maxOccurrences ?? DEFAULT_MAX_OCCURRENCES;
  const out: BusyInterval[] = [];
  const push = (start: number, end: number) => {
    if (end > from && start < to && end > start) out.push({ start: new Date(start), end: new Date(end) });
  };
  for (const text of texts) {
    const calendar = parseCalendar(text);
    registerZones(calendar);
    const vevents = calendar.getAllSubcomponents("vevent");
    // Overrides (RECURRENCE-ID) belong to their series, by UID.
    const overrides = new Map<string, ICAL.Component[]>();
    const series = new Set<string>();
    for (const v of vevents) {
      const uid = String(v.getFirstPropertyValue("uid") ?? "");
      if (!v.hasProperty("recurrence-id")) {
        if (v.hasProperty("rrule") || v.hasProperty("rdate")) series.add(uid);
        continue;
      }
      overrides.set(uid, [...(overrides.get(uid) ?? []), v]);
    }
    for (const vevent of vevents) {
      const uid = String(vevent.getFirstPropertyValue("uid") ?? "");
      if (options.isOwn?.(uid)) continue;
      // Detached from its VCALENDAR: ical.js's Event scans every sibling for exceptions (n² on a large feed); we relate them by UID.
      const event = new ICAL.Event(new ICAL.Component(vevent.toJSON()), { strictExceptions: false });
      // An override of a series we expand below; one whose series is absent stands alone.
      if (vevent.hasProperty("recurrence-id") && series.has(uid)) continue;
      if (!event.startDate) continue;
      if (!event.isRecurring()) {
        if (!blocks(vevent)) continue;
        const start = instantOf(event.startDate, options.zone);
        const end = event.endDate
          ? instantOf(event.endDate, options.zone)
          : start + (event.startDate.isDate ? DAY_MS : 0);
        push(start, end);
        budget -= 1;
        continue;
      }
      for (const exception of overrides.get(uid) ?? []) event.relateException(new ICAL.Component(exception.toJSON()));
      const iterator = event.iterator();
      // Occurrences before `from` are stepped over, not kept; a series that started long ago still stops.
      let steps = MAX_STEPS_PER_SERIES;
      const moved = (overrides.get(uid)?.length ?? 0) > 0;
      const tzidOf = (name: string) => {
        const value = vevent.getFirstProperty(name)?.getParameter("tzid");
        return typeof value === "string" ? value : undefined;
      };
      const startTzid = tzidOf("dtstart");
      const endTzid = tzidOf("dtend") ?? startTzid;
      for (let next = iterator.next(); next && steps-- > 0 && budget > 0; next = iterator.next()) {
        // Far before the window and not moved by an override: no need for its details.
        const planned = instantOf(next, options.zone, startTzid);
        if (!moved && planned < from - SKIP_BEFORE_MS) continue;
        if (planned >= to + SKIP_BEFORE_MS) break;
        const occurrence = event.getOccurrenceDetails(next);
        const start = instantOf(occurrence.startDate, options.zone, startTzid);
        if (start >= to) continue;
        const end = instantOf(occurrence.endDate, options.zone, endTzid);
        if (end <= from) continue;
        if (!blocks(occurrence.item.component)) continue;
        budget -= 1;
        push(start, end);
      }
      if (budget <= 0) break;
    }
  }
  return out.sort((a, b) => a.start.getTime() - b.start.getTime());
}

/** Sorted, with overlapping and touching intervals joined: what the cache stores. */
export function mergeBusy(intervals: readonly BusyInterval[]): BusyInterval[] {
  const sorted = [...intervals].sort((a, b) => a.start.getTime() - b.start.getTime());
  const out: BusyInterval[] = [];
  for (const i of sorted) {
    const last = out[out.length - 1];
    if (last && i.start.getTime() <= last.end.getTime()) {
      if (i.end.getTime() > last.end.getTime()) last.end = i.end;
    } else {
      out.push({ start: i.start, end: i.end });
    }
  }
  return out;
}
