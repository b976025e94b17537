import { describe, expect, it } from "vitest";
import { z } from "zod";
import { bookingBody } from "./booking-api";
import { createEventBody } from "./event-api.server";
import { DATE_WINDOW, httpUrlMessage, isHttpUrl, isPlainText, isWithinDateWindow, plainText } from "./input-rules";
import { eventTypeBody } from "./scheduling-api";

const NOW = new Date("2026-11-23T20:00:00Z");

describe("the text rule", () => {
  it("refuses NUL and other control characters in a one-line field", () => {
    for (const bad of ["a\u0000b", "\u0000", "a\u0007", "tab\there", "line\nbreak", "cr\r", "del\u007f", "c1\u0085"]) {
      expect(isPlainText(bad), JSON.stringify(bad)).toBe(false);
    }
    for (const good of ["Ada Lovelace", "Zoë 🗓️ 東京", "", "a\u00a0b"]) expect(isPlainText(good), good).toBe(true);
  });

  it("lets a multi-line field keep line breaks and tabs, never NUL", () => {
    expect(isPlainText("one\ntwo\r\n\tthree", true)).toBe(true);
    expect(isPlainText("one\u0000two", true)).toBe(false);
    expect(isPlainText("bell\u0007", true)).toBe(false);
  });

  it("plainText keeps a chain's own messages and adds the control-character one", () => {
    const name = plainText(z.string().trim().min(1, "Give your name.").max(3, "Too long."), "Your name");
    expect(name.safeParse("").error?.issues[0].message).toBe("Give your name.");
    expect(name.safeParse("abcd").error?.issues[0].message).toBe("Too long.");
    expect(name.safeParse("a\u0000").error?.issues[0].message).toMatch(/^Your name may not contain control characters/);
  });

  it("is the rule of the shared schemas (a booking's name and notes, an event type's title)", () => {
    const booking = { eventTypeId: "x", start: "2026-12-01T10:00:00Z", email: "g@example.com", timeZone: "UTC" };
    expect(bookingBody.safeParse({ ...booking, name: "Ada\u0000" }).error?.issues[0].path).toEqual(["name"]);
    expect(bookingBody.safeParse({ ...booking, name: "Ada", notes: "x\u0000" }).error?.issues[0].path).toEqual([
      "notes",
    ]);
    expect(bookingBody.safeParse({ ...booking, name: "Ada", notes: "two\nlines" }).success).toBe(true);
    expect(eventTypeBody.safeParse({ title: "Intro\u0000", duration: 30 }).error?.issues[0].path).toEqual(["title"]);
  });
});

describe("the date window", () => {
  it("takes instants from 2000-01-01 up to two years after now", () => {
    expect(isWithinDateWindow(new Date("2027-06-01T00:00:00Z"), NOW)).toBe(true);
    expect(isWithinDateWindow(new Date(NOW.getTime() + DATE_WINDOW.maxDaysAhead * 86_400_000), NOW)).toBe(true);
    expect(isWithinDateWindow(new Date(NOW.getTime() + (DATE_WINDOW.maxDaysAhead + 1) * 86_400_000), NOW)).toBe(false);
    expect(isWithinDateWindow(new Date("9999-12-31T23:59:59Z"), NOW)).toBe(false);
    expect(isWithinDateWindow(new Date("1999-12-31T23:59:59Z"), NOW)).toBe(false);
    expect(isWithinDateWindow(new Date("-000001-01-01T00:00:00Z"), NOW)).toBe(false);
    expect(isWithinDateWindow(new Date("nonsense"), NOW)).toBe(false);
  });

  it("refuses a far-future event or booking with a message naming the field", () => {
    const event = {
      eventName: "x",
      eventType: "Phone Call",
      eventWith: "One-to-One",
      description: "d",
      targetedEmail: "a@example.com",
      duration: 30,
    };
    const far = createEventBody(NOW).safeParse({ ...event, dateTime: "9999-12-31T23:59:59Z" });
    expect(far.error?.issues.map((i) => i.path.join("."))).toEqual(["dateTime"]);
    expect(far.error?.issues[0].message).toMatch(/two years/);
    expect(createEventBody(NOW).safeParse({ ...event, dateTime: "2027-01-05T10:00:00Z" }).success).toBe(true);
    const booking = bookingBody.safeParse({
      eventTypeId: "x",
      start: "9999-12-31T23:59:59Z",
      name: "Ada",
      email: "g@example.com",
      timeZone: "UTC",
    });
    expect(booking.error?.issues.map((i) => i.path.join("."))).toEqual(["start"]);
  });
});

describe("the link rule", () => {
  it("accepts only absolute http(s) links", () => {
    for (const good of ["https://meet.example.com/room", "http://localhost:3000/x"])
      expect(isHttpUrl(good), good).toBe(true);
    for (const bad of [
      "javascript:alert(1)",
      "JAVASCRIPT:alert(1)",
      "data:text/html,hi",
      "ftp://x.example",
      "//example.com",
      "example.com",
      "https://",
      "https://a.example/\u0000",
      "",
    ]) {
      expect(isHttpUrl(bad), bad).toBe(false);
    }
    expect(httpUrlMessage("The room link")).toBe("The room link must be a link starting with http:// or https://.");
  });

  it("is the rule of an event type's video and Meet links (an address stays free text)", () => {
    const base = { title: "Intro", slug: "intro", duration: 30 };
    expect(
      eventTypeBody.safeParse({ ...base, location: { type: "video", value: "javascript:alert(1)" } }).error?.issues[0]
        .path,
    ).toEqual(["location", "value"]);
    expect(
      eventTypeBody.safeParse({ ...base, location: { type: "google-meet", value: "data:text/html,x" } }).success,
    ).toBe(false);
    expect(
      eventTypeBody.safeParse({ ...base, location: { type: "video", value: "https://room.example/abc" } }).success,
    ).toBe(true);
    expect(eventTypeBody.safeParse({ ...base, location: { type: "in-person", value: "Main St 1" } }).success).toBe(
      true,
    );
  });
});
