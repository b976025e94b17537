import { describe, expect, it } from "vitest";
import { busyFromCalendars } from "~/scheduling/calendar-busy";
import { composeCalendarFile, entryUid, isOwnUid, type CalendarEntry } from "./calendar-file";

const entry: CalendarEntry = {
  id: "8a0e6f8e-6d6c-4a43-9f00-9b7ad1a0e001",
  title: "Intro call with Zoë; Ana, Bo",
  description: "Line one\nLine two with a long tail ".repeat(4),
  location: "https://meet.example.test/room",
  url: "https://meet.example.test/room",
  startsAt: new Date("2026-12-01T15:00:00Z"),
  endsAt: new Date("2026-12-01T15:30:00Z"),
  cancelled: false,
  sequence: 2,
  updatedAt: new Date("2026-11-24T10:00:00Z"),
};

describe("calendar files for CalDAV and the feed", () => {
  it("writes one VEVENT per entry with our UID, UTC times, escaped text and lines folded at 75 octets", () => {
    const text = composeCalendarFile([entry], { uidHost: "app.example.test" });
    expect(text).toContain(`UID:${entry.id}@app.example.test\r\n`);
    expect(text).toContain("DTSTART:20261201T150000Z\r\n");
    expect(text).toContain("SEQUENCE:2\r\n");
    expect(text).toContain("SUMMARY:Intro call with Zoë\\; Ana\\, Bo\r\n");
    expect(text).not.toContain("METHOD:");
    for (const line of text.split("\r\n")) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    // Read back with the same parser as everyone's calendars.
    const busy = busyFromCalendars([text], {
      from: new Date("2026-11-30T00:00:00Z"),
      to: new Date("2026-12-02T00:00:00Z"),
      zone: "UTC",
    });
    expect(busy).toEqual([{ start: entry.startsAt, end: entry.endsAt }]);
  });

  it("marks a cancelled entry so a subscribed calendar drops it, and names the feed", () => {
    const text = composeCalendarFile([{ ...entry, cancelled: true }], {
      uidHost: "app.example.test",
      name: "Ana: bookings",
    });
    expect(text).toContain("STATUS:CANCELLED");
    expect(text).toContain("X-WR-CALNAME:Ana: bookings");
    expect(
      busyFromCalendars([text], {
        from: new Date("2026-11-30T00:00:00Z"),
        to: new Date("2026-12-02T00:00:00Z"),
        zone: "UTC",
      }),
    ).toEqual([]);
  });

  it("knows its own UIDs and nobody else's", () => {
    expect(isOwnUid(entryUid(entry.id, "app.example.test"), "app.example.test")).toBe(true);
    expect(isOwnUid(`${entry.id}@other.example`, "app.example.test")).toBe(false);
    expect(isOwnUid("meeting-1@app.example.test", "app.example.test")).toBe(false);
  });
});
