import { describe, expect, it } from "vitest";
import { agoLabel, readerTime, zoneCity } from "./reader-time";

describe("readerTime", () => {
  it("writes the reader's time with the other side's in brackets, its weekday when the date differs", () => {
    // 01:00 UTC on Wed 25 Nov 2026: 10:00 in Tokyo (Wed), 20:00 in New York (Tue).
    const t = readerTime(new Date("2026-11-25T01:00:00Z"), "Asia/Tokyo", "America/New_York");
    expect(t.clock).toBe("10:00 AM Tokyo (8:00 PM New York, Tue)");
    expect(t.full).toBe("Wed, Nov 25, 2026, 10:00 AM Tokyo (8:00 PM New York, Tue)");
    expect(readerTime(new Date("2026-11-25T01:00:00Z"), "America/New_York", "Asia/Tokyo").full).toBe(
      "Tue, Nov 24, 2026, 8:00 PM New York (10:00 AM Tokyo, Wed)",
    );
  });

  it("leaves the weekday out when both sides are on the same date", () => {
    expect(readerTime(new Date("2026-11-25T14:00:00Z"), "Europe/Berlin", "America/New_York").clock).toBe(
      "3:00 PM Berlin (9:00 AM New York)",
    );
  });

  it("has no second part for the same zone, no other zone, or the same clock at that instant", () => {
    const at = new Date("2026-11-25T14:00:00Z");
    expect(readerTime(at, "America/New_York", "America/New_York").clock).toBe("9:00 AM New York");
    expect(readerTime(at, "America/New_York").other).toBeNull();
    expect(readerTime(at, "America/New_York", null).other).toBeNull();
    expect(readerTime(at, "America/Detroit", "America/New_York").other).toBeNull();
  });

  it("follows DST on the day it changes, on each side separately", () => {
    // 8 Mar 2026: New York springs forward at 2:00 (UTC-5 -> UTC-4); Berlin still UTC+1.
    expect(readerTime(new Date("2026-03-08T06:30:00Z"), "America/New_York", "Europe/Berlin").clock).toBe(
      "1:30 AM New York (7:30 AM Berlin)",
    );
    expect(readerTime(new Date("2026-03-08T07:30:00Z"), "America/New_York", "Europe/Berlin").clock).toBe(
      "3:30 AM New York (8:30 AM Berlin)",
    );
    // 29 Mar 2026: Berlin springs forward; the gap between the two shrinks back from 5 to 6 hours.
    expect(readerTime(new Date("2026-03-29T12:00:00Z"), "Europe/Berlin", "America/New_York").clock).toBe(
      "2:00 PM Berlin (8:00 AM New York)",
    );
    // 1 Nov 2026: New York falls back; 1:30 AM happens twice, each instant its own offset.
    expect(readerTime(new Date("2026-11-01T05:30:00Z"), "America/New_York", "UTC").clock).toBe(
      "1:30 AM New York (5:30 AM UTC)",
    );
    expect(readerTime(new Date("2026-11-01T06:30:00Z"), "America/New_York", "UTC").clock).toBe(
      "1:30 AM New York (6:30 AM UTC)",
    );
  });

  it("crosses the date line both ways", () => {
    // Kiritimati (UTC+14) and Pago Pago (UTC-11) show the same clock a whole day apart.
    const t = readerTime(new Date("2026-11-25T22:00:00Z"), "Pacific/Kiritimati", "Pacific/Pago_Pago");
    expect(t.full).toBe("Thu, Nov 26, 2026, 12:00 PM Kiritimati (11:00 AM Pago Pago, Wed)");
    expect(readerTime(new Date("2026-11-25T22:00:00Z"), "Pacific/Pago_Pago", "Pacific/Kiritimati").full).toBe(
      "Wed, Nov 25, 2026, 11:00 AM Pago Pago (12:00 PM Kiritimati, Thu)",
    );
  });

  it("names zones by their city", () => {
    expect(zoneCity("America/Argentina/Buenos_Aires")).toBe("Buenos Aires");
    expect(zoneCity("UTC")).toBe("UTC");
  });
});

describe("agoLabel", () => {
  const now = new Date("2026-11-29T15:30:00Z");
  const before = (ms: number) => new Date(now.getTime() - ms);
  const MIN = 60_000;

  it("counts minutes, then hours, within a day", () => {
    expect(agoLabel(before(10_000), now, "UTC")).toBe("just now");
    expect(agoLabel(new Date(now.getTime() + 5_000), now, "UTC")).toBe("just now");
    expect(agoLabel(before(MIN), now, "UTC")).toBe("1 min ago");
    expect(agoLabel(before(59 * MIN + 59_000), now, "UTC")).toBe("59 min ago");
    expect(agoLabel(before(60 * MIN), now, "UTC")).toBe("1 h ago");
    expect(agoLabel(before(23 * 60 * MIN + 59 * MIN), now, "UTC")).toBe("23 h ago");
  });

  it("then yesterday or the date, in the reader's zone, with the year only when it is another", () => {
    // 25 h before 15:30 UTC is 14:30 UTC the day before.
    expect(agoLabel(before(25 * 60 * MIN), now, "UTC")).toBe("Yesterday, 2:30 PM");
    // The same instant in Tokyo (UTC+9) is 11:30 PM on Nov 28, and Tokyo's now is 00:30 on Nov 30.
    expect(agoLabel(before(25 * 60 * MIN), now, "Asia/Tokyo")).toBe("Nov 28, 11:30 PM");
    expect(agoLabel(new Date("2026-11-03T16:05:00Z"), now, "UTC")).toBe("Nov 3, 4:05 PM");
    expect(agoLabel(new Date("2025-12-31T23:00:00Z"), now, "UTC")).toBe("Dec 31, 2025, 11:00 PM");
    expect(agoLabel(new Date("2025-12-31T23:00:00Z"), now, "Pacific/Kiritimati")).toBe("Jan 1, 1:00 PM");
  });
});
