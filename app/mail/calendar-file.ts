/**
 * iCalendar text for calendars rather than mail (docs/decisions/035): a booking's VEVENT as
 * written into the host's CalDAV calendar (RFC 4791: no METHOD, one UID per resource) and the
 * host's subscription feed (many VEVENTs). The UID is the invitation mails' (`<event id>@<uid
 * host>`), so a calendar that got both sees one event. Pure: everything is passed in.
 */

import { escapeText, icalendarText, utcDateTime as utc } from "./icalendar";

export interface CalendarEntry {
  id: string;
  title: string;
  description: string;
  location: string | null;
  url: string | null;
  startsAt: Date;
  endsAt: Date;
  cancelled: boolean;
  sequence: number;
  /** When it last changed (DTSTAMP / LAST-MODIFIED). */
  updatedAt: Date;
}

/** The UID our bookings carry in every calendar. */
export function entryUid(id: string, uidHost: string): string {
  return `${id}@${uidHost}`;
}

/** True for a UID we wrote: our own bookings read back from the host's calendar are not busy time twice. */
export function isOwnUid(uid: string, uidHost: string): boolean {
  return uid.toLowerCase().endsWith(`@${uidHost.toLowerCase()}`) && /^[0-9a-f-]{36}@/i.test(uid);
}

function vevent(entry: CalendarEntry, uidHost: string): string[] {
  return [
    "BEGIN:VEVENT",
    `UID:${entryUid(entry.id, uidHost)}`,
    `DTSTAMP:${utc(entry.updatedAt)}`,
    `LAST-MODIFIED:${utc(entry.updatedAt)}`,
    `SEQUENCE:${entry.sequence}`,
    `DTSTART:${utc(entry.startsAt)}`,
    `DTEND:${utc(entry.endsAt)}`,
    `SUMMARY:${escapeText(entry.title)}`,
    ...(entry.description ? [`DESCRIPTION:${escapeText(entry.description)}`] : []),
    ...(entry.location ? [`LOCATION:${escapeText(entry.location)}`] : []),
    ...(entry.url ? [`URL:${entry.url}`] : []),
    `STATUS:${entry.cancelled ? "CANCELLED" : "CONFIRMED"}`,
    `TRANSP:${entry.cancelled ? "TRANSPARENT" : "OPAQUE"}`,
    "END:VEVENT",
  ];
}

/** A VCALENDAR of these entries (one for a CalDAV object; many for a feed). */
export function composeCalendarFile(entries: CalendarEntry[], options: { uidHost: string; name?: string }): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Scheduler//Calendars//EN",
    "CALSCALE:GREGORIAN",
    ...(options.name
      ? [`X-WR-CALNAME:${escapeText(options.name)}`, "REFRESH-INTERVAL;VALUE=DURATION:PT15M", "X-PUBLISHED-TTL:PT15M"]
      : []),
    ...entries.flatMap((e) => vevent(e, options.uidHost)),
    "END:VCALENDAR",
  ];
  return icalendarText(lines);
}
