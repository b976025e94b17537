import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { meetingPlace } from "~/schemas/meeting";
import { composeCalendar } from "./event-mail";
import { contentLine, escapeText, foldLine, icalendarText, paramValue, utcDateTime } from "./icalendar";

const unfold = (text: string) => text.replace(/\r\n[ \t]/g, "");

describe("the iCalendar writer", () => {
  it("escapes backslash, semicolon, comma and line breaks in text, and drops control characters other than TAB", () => {
    expect(escapeText("a\\b;c,d\ne\r\nf\rg")).toBe("a\\\\b\\;c\\,d\\ne\\nf\\ng");
    expect(escapeText("tab\there\u0007 bell")).toBe("tab\there bell"); // TAB is allowed in TEXT
    expect(escapeText("plain: text")).toBe("plain: text");
  });

  it("quotes parameter values with : ; or , and drops what cannot be quoted", () => {
    expect(paramValue("Ada Lovelace")).toBe("Ada Lovelace");
    expect(paramValue("Lovelace, Ada")).toBe('"Lovelace, Ada"');
    expect(paramValue("mailto:a@example.test")).toBe('"mailto:a@example.test"');
    expect(paramValue('Ada "the" Countess\nX')).toBe("Ada the CountessX");
    expect(
      contentLine("ATTENDEE", "mailto:a@example.test", [
        ["RSVP", "TRUE"],
        ["CN", "Doe; John"],
      ]),
    ).toBe('ATTENDEE;RSVP=TRUE;CN="Doe; John":mailto:a@example.test');
  });

  it("writes UTC date-times", () => {
    expect(utcDateTime(new Date("2026-12-01T15:04:05.678Z"))).toBe("20261201T150405Z");
  });

  it("folds at 75 octets, continuation lines starting with a space, never inside a UTF-8 character", () => {
    expect(foldLine("SUMMARY:short")).toBe("SUMMARY:short");
    const exact = `X:${"a".repeat(73)}`;
    expect(foldLine(exact)).toBe(exact);
    const ascii = `DESCRIPTION:${"x".repeat(200)}`;
    const folded = foldLine(ascii).split("\r\n");
    expect(folded[0]).toHaveLength(75);
    expect(folded.slice(1).every((l) => l.startsWith(" "))).toBe(true);
    for (const l of folded) expect(Buffer.byteLength(l)).toBeLessThanOrEqual(75);
    expect(unfold(foldLine(ascii))).toBe(ascii);
    // Two- and four-byte characters across the boundary.
    const wide = `SUMMARY:${"é".repeat(40)}${"😀".repeat(20)}${"ü".repeat(50)}`;
    const parts = foldLine(wide).split("\r\n");
    for (const l of parts) expect(Buffer.byteLength(l)).toBeLessThanOrEqual(75);
    expect(parts.every((l) => !l.includes("\uFFFD"))).toBe(true);
    expect(unfold(parts.join("\r\n"))).toBe(wide);
  });

  it("ends every line with CRLF", () => {
    expect(icalendarText(["BEGIN:VCALENDAR", "END:VCALENDAR"])).toBe("BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n");
  });
});

describe("composeCalendar read back with ical.js", () => {
  const event = {
    id: "0b6f3f5e-0000-4000-8000-000000000001",
    eventName: "Intro call, with; Zoë \\ friends",
    eventType: "Google Meet" as const,
    description: "A first talk.\nSecond line, with a long tail that goes past the seventy-five octets of one line ééé",
    startsAt: new Date("2026-12-02T01:00:00Z"),
    endsAt: new Date("2026-12-02T01:30:00Z"),
    roomId: "abc123",
    sequence: 3,
    invitees: ["aiko@example.test", "friend@example.test"],
    guestName: 'Guest, Aiko; the "first"',
    guestEmail: "Aiko@Example.test",
    guestTimeZone: "Asia/Tokyo",
    answerLines: [{ label: "Company", text: "Acme; Inc." }],
  };
  const host = { email: "nora@example.test", name: "York, Nora", timeZone: "America/New_York" };
  const place = meetingPlace({
    setting: { type: "video", value: "https://zoom.example.test/j/1?pwd=a,b" },
    eventType: "Google Meet",
    baseUrl: "https://meet.example.test",
    roomId: "abc123",
  });
  const now = new Date("2026-11-24T10:00:00Z");

  function parse(text: string) {
    const calendar = new ICAL.Component(ICAL.parse(text));
    const vevent = calendar.getFirstSubcomponent("vevent")!;
    return { calendar, vevent, ev: new ICAL.Event(vevent) };
  }

  it("gives back every value as written: UID, SEQUENCE, METHOD, times, text, organizer and attendees", () => {
    const text = composeCalendar(
      { event, host, kind: "created", place, uidHost: "app.example.test", sentBy: "no-reply@app.example.test" },
      now,
    );
    for (const line of text.split("\r\n")) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(text.endsWith("END:VCALENDAR\r\n")).toBe(true);
    const { calendar, vevent, ev } = parse(text);
    expect(calendar.getFirstPropertyValue("method")).toBe("REQUEST");
    expect(ev.uid).toBe(`${event.id}@app.example.test`);
    expect(ev.sequence).toBe(3);
    expect(ev.summary).toBe(event.eventName);
    expect(ev.description).toBe(
      `${event.description}\n\nVideo call: https://zoom.example.test/j/1?pwd=a,b\n\nCompany: Acme; Inc.`,
    );
    expect(ev.location).toBe("https://zoom.example.test/j/1?pwd=a,b");
    expect(vevent.getFirstPropertyValue("url")).toBe("https://zoom.example.test/j/1?pwd=a,b");
    expect(ev.startDate.toJSDate().toISOString()).toBe("2026-12-02T01:00:00.000Z");
    expect(ev.endDate.toJSDate().toISOString()).toBe("2026-12-02T01:30:00.000Z");
    expect(ev.startDate.zone?.tzid).toBe("UTC");
    expect(vevent.getFirstPropertyValue("dtstamp")?.toString()).toBe("2026-11-24T10:00:00Z");
    expect(vevent.getFirstPropertyValue("status")).toBe("CONFIRMED");
    const organizer = vevent.getFirstProperty("organizer")!;
    expect(organizer.getFirstValue()).toBe("mailto:nora@example.test");
    expect(organizer.getParameter("cn")).toBe("York, Nora");
    expect(organizer.getParameter("sent-by")).toBe("mailto:no-reply@app.example.test");
    const attendees = vevent.getAllProperties("attendee");
    expect(attendees.map((a) => a.getFirstValue())).toEqual(["mailto:aiko@example.test", "mailto:friend@example.test"]);
    expect(attendees.map((a) => a.getParameter("cn"))).toEqual(["Guest, Aiko; the first", "friend@example.test"]);
    expect(attendees[0].getParameter("rsvp")).toBe("TRUE");
    expect(attendees[0].getParameter("partstat")).toBe("NEEDS-ACTION");
    expect(attendees[0].getParameter("role")).toBe("REQ-PARTICIPANT");
  });

  it("cancels with METHOD:CANCEL, STATUS:CANCELLED and the next SEQUENCE", () => {
    const text = composeCalendar(
      { event, host, kind: "cancelled", place, uidHost: "app.example.test", sentBy: "no-reply@app.example.test" },
      now,
    );
    const { calendar, vevent, ev } = parse(text);
    expect(calendar.getFirstPropertyValue("method")).toBe("CANCEL");
    expect(vevent.getFirstPropertyValue("status")).toBe("CANCELLED");
    expect(ev.sequence).toBe(4);
  });
});
