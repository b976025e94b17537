import { describe, expect, it } from "vitest";
import { busyFromCalendars, CalendarParseError, mergeBusy } from "./calendar-busy";

const wrap = (body: string) =>
  `BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\n${body.trim().replace(/\n/g, "\r\n")}\r\nEND:VCALENDAR\r\n`;
const window = {
  from: new Date("2026-12-01T00:00:00Z"),
  to: new Date("2026-12-15T00:00:00Z"),
  zone: "America/New_York",
};
const iso = (list: { start: Date; end: Date }[]) => list.map((b) => [b.start.toISOString(), b.end.toISOString()]);

describe("busy times from iCalendar", () => {
  it("reads UTC, TZID without a VTIMEZONE (IANA), a custom VTIMEZONE and floating times", () => {
    const text = wrap(`
BEGIN:VTIMEZONE
TZID:Custom Plus Three
BEGIN:STANDARD
DTSTART:19700101T000000
TZOFFSETFROM:+0300
TZOFFSETTO:+0300
END:STANDARD
END:VTIMEZONE
BEGIN:VEVENT
UID:utc
DTSTART:20261201T150000Z
DTEND:20261201T160000Z
END:VEVENT
BEGIN:VEVENT
UID:berlin
DTSTART;TZID=Europe/Berlin:20261202T100000
DTEND;TZID=Europe/Berlin:20261202T110000
END:VEVENT
BEGIN:VEVENT
UID:custom
DTSTART;TZID=Custom Plus Three:20261203T100000
DTEND;TZID=Custom Plus Three:20261203T103000
END:VEVENT
BEGIN:VEVENT
UID:floating
DTSTART:20261204T090000
DTEND:20261204T093000
END:VEVENT`);
    expect(iso(busyFromCalendars([text], window))).toEqual([
      ["2026-12-01T15:00:00.000Z", "2026-12-01T16:00:00.000Z"],
      ["2026-12-02T09:00:00.000Z", "2026-12-02T10:00:00.000Z"],
      ["2026-12-03T07:00:00.000Z", "2026-12-03T07:30:00.000Z"],
      // Floating: 09:00 in the host's zone (New York, UTC-5 in December).
      ["2026-12-04T14:00:00.000Z", "2026-12-04T14:30:00.000Z"],
    ]);
  });

  it("blocks all-day events from midnight to midnight in the host's zone, one day without DTEND", () => {
    const text = wrap(`
BEGIN:VEVENT
UID:allday
DTSTART;VALUE=DATE:20261205
DTEND;VALUE=DATE:20261207
END:VEVENT
BEGIN:VEVENT
UID:oneday
DTSTART;VALUE=DATE:20261210
END:VEVENT`);
    expect(iso(busyFromCalendars([text], window))).toEqual([
      ["2026-12-05T05:00:00.000Z", "2026-12-07T05:00:00.000Z"],
      ["2026-12-10T05:00:00.000Z", "2026-12-11T05:00:00.000Z"],
    ]);
  });

  it("expands RRULE with EXDATE and RECURRENCE-ID overrides only inside the window", () => {
    const text = wrap(`
BEGIN:VEVENT
UID:standup
DTSTART;TZID=America/New_York:20200106T093000
DTEND;TZID=America/New_York:20200106T094500
RRULE:FREQ=WEEKLY;BYDAY=MO,WE
EXDATE;TZID=America/New_York:20261202T093000
END:VEVENT
BEGIN:VEVENT
UID:standup
RECURRENCE-ID;TZID=America/New_York:20261207T093000
DTSTART;TZID=America/New_York:20261207T130000
DTEND;TZID=America/New_York:20261207T131500
END:VEVENT
BEGIN:VEVENT
UID:standup
RECURRENCE-ID;TZID=America/New_York:20261209T093000
DTSTART;TZID=America/New_York:20261209T093000
DTEND;TZID=America/New_York:20261209T094500
STATUS:CANCELLED
END:VEVENT`);
    // The host's zone (UTC here) must not matter: the series' TZID decides.
    expect(iso(busyFromCalendars([text], { ...window, zone: "UTC" }))).toEqual([
      // Mon 30 Nov is before the window; Wed 2 Dec is an EXDATE.
      ["2026-12-07T18:00:00.000Z", "2026-12-07T18:15:00.000Z"], // moved to 13:00
      // Wed 9 Dec cancelled by its override.
      ["2026-12-14T14:30:00.000Z", "2026-12-14T14:45:00.000Z"],
    ]);
  });

  it("keeps a DST change: a weekly 09:00 in New York stays 09:00 local", () => {
    const text = wrap(`
BEGIN:VEVENT
UID:weekly
DTSTART;TZID=America/New_York:20261026T090000
DTEND;TZID=America/New_York:20261026T100000
RRULE:FREQ=WEEKLY;COUNT=2
END:VEVENT`);
    const busy = busyFromCalendars([text], { ...window, zone: "UTC", from: new Date("2026-10-01T00:00:00Z") });
    expect(iso(busy)).toEqual([
      ["2026-10-26T13:00:00.000Z", "2026-10-26T14:00:00.000Z"],
      ["2026-11-02T14:00:00.000Z", "2026-11-02T15:00:00.000Z"],
    ]);
  });

  it("does not count transparent, cancelled or our own events", () => {
    const text = wrap(`
BEGIN:VEVENT
UID:free
DTSTART:20261201T150000Z
DTEND:20261201T160000Z
TRANSP:TRANSPARENT
END:VEVENT
BEGIN:VEVENT
UID:gone
DTSTART:20261201T170000Z
DTEND:20261201T180000Z
STATUS:CANCELLED
END:VEVENT
BEGIN:VEVENT
UID:8a0e6f8e-6d6c-4a43-9f00-9b7ad1a0e001@scheduler.local
DTSTART:20261201T190000Z
DTEND:20261201T200000Z
END:VEVENT
BEGIN:VEVENT
UID:real
DTSTART:20261201T210000Z
DTEND:20261201T220000Z
END:VEVENT`);
    const busy = busyFromCalendars([text], { ...window, isOwn: (uid) => uid.endsWith("@scheduler.local") });
    expect(iso(busy)).toEqual([["2026-12-01T21:00:00.000Z", "2026-12-01T22:00:00.000Z"]]);
  });

  it("stops an unbounded series at the occurrence budget", () => {
    const text = wrap(`
BEGIN:VEVENT
UID:every-minute
DTSTART:20261201T000000Z
DTEND:20261201T000100Z
RRULE:FREQ=MINUTELY
END:VEVENT`);
    expect(busyFromCalendars([text], { ...window, maxOccurrences: 100 })).toHaveLength(100);
  });

  it("refuses what is not iCalendar", () => {
    expect(() => busyFromCalendars(["<html>nope</html>"], window)).toThrow(CalendarParseError);
    expect(() => busyFromCalendars(["BEGIN:VCALENDAR\r\nBROKEN"], window)).toThrow(CalendarParseError);
  });

  it("merges overlapping and touching intervals", () => {
    const d = (h: number) => new Date(Date.UTC(2026, 11, 1, h));
    expect(
      mergeBusy([
        { start: d(9), end: d(10) },
        { start: d(12), end: d(13) },
        { start: d(10), end: d(11) },
        { start: d(9), end: d(9.5) },
      ]),
    ).toEqual([
      { start: d(9), end: d(11) },
      { start: d(12), end: d(13) },
    ]);
  });
});

describe("a large feed", () => {
  // Its parse time is measured by bench/feed-parse.mjs (no test asserts wall-clock time).
  it("reads all of 6,000 events and merges them into one interval per hour", () => {
    const body = Array.from(
      { length: 6000 },
      (_, i) =>
        `BEGIN:VEVENT\nUID:big-${i}\nDTSTAMP:20260101T000000Z\nDTSTART:20261201T${String(i % 24).padStart(2, "0")}0000Z\nDTEND:20261201T${String(i % 24).padStart(2, "0")}3000Z\nSUMMARY:${"x".repeat(200)}\nEND:VEVENT`,
    ).join("\n");
    const busy = busyFromCalendars([wrap(body)], window);
    expect(busy).toHaveLength(6000);
    expect(mergeBusy(busy)).toHaveLength(24);
  });
});
