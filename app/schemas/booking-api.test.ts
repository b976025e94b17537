import { describe, expect, it } from "vitest";
import { bookingBody, bookingJson, rescheduleBody } from "./booking-api";

const valid = {
  eventTypeId: "0b6f3c1e-2a47-4d8e-9c1f-6a2b3c4d5e6f",
  start: "2026-12-01T15:00:00+01:00",
  name: " Ada ",
  email: "Ada@Example.test",
  timeZone: "Europe/Berlin",
};

function fieldsOf(value: unknown): string[] {
  const result = bookingBody.safeParse(value);
  return result.success ? [] : [...new Set(result.error.issues.map((i) => i.path.map(String).join(".")))].sort();
}

describe("bookingBody", () => {
  it("accepts a slot start as /api/slots writes it, or in UTC with Z; trims the name, lower-cases e-mails", () => {
    expect(bookingBody.parse(valid)).toMatchObject({ name: "Ada", email: "ada@example.test" });
    expect(bookingBody.safeParse({ ...valid, start: "2026-12-01T14:00:00.000Z" }).success).toBe(true);
    expect(bookingBody.parse({ ...valid, guests: ["B@example.test"] }).guests).toEqual(["b@example.test"]);
  });

  it("refuses starts without an offset or that are not instants", () => {
    for (const start of ["2026-12-01T15:00:00", "2026-12-01", "tomorrow", "2026-13-01T15:00:00Z", 1764597600000]) {
      expect(fieldsOf({ ...valid, start }), String(start)).toEqual(["start"]);
    }
    expect(rescheduleBody.safeParse({ start: "2026-12-01 15:00" }).success).toBe(false);
  });

  it("names each bad field: name, e-mail, zone, notes, guests (at most 3, distinct, not the guest)", () => {
    expect(fieldsOf({ ...valid, name: "", email: "x", timeZone: "Mars/Olympus", notes: "x".repeat(2001) })).toEqual([
      "email",
      "name",
      "notes",
      "timeZone",
    ]);
    expect(fieldsOf({ ...valid, name: "x".repeat(101) })).toEqual(["name"]);
    expect(fieldsOf({ ...valid, guests: ["a@x.test", "b@x.test", "c@x.test", "d@x.test"] })).toEqual(["guests"]);
    expect(fieldsOf({ ...valid, guests: ["a@x.test", "A@x.test"] })).toEqual(["guests"]);
    expect(fieldsOf({ ...valid, guests: ["ada@example.test"] })).toEqual(["guests"]);
    expect(fieldsOf({ ...valid, guests: ["nope"] })).toEqual(["guests.0"]);
  });
});

describe("bookingJson", () => {
  it("writes instants in UTC and adds the links when given", () => {
    const event = {
      id: "e1",
      startsAt: new Date("2026-12-01T14:00:00Z"),
      endsAt: new Date("2026-12-01T14:30:00Z"),
      status: "confirmed" as const,
    };
    expect(bookingJson(event)).toEqual({
      id: "e1",
      start: "2026-12-01T14:00:00.000Z",
      end: "2026-12-01T14:30:00.000Z",
      duration: 30,
      status: "confirmed",
      answers: {},
    });
    expect(bookingJson({ ...event, answers: { q_a: "Hi" } })).toMatchObject({ answers: { q_a: "Hi" } });
    expect(bookingJson(event, { cancelUrl: "c", rescheduleUrl: "r" })).toMatchObject({
      cancelUrl: "c",
      rescheduleUrl: "r",
    });
  });
});
