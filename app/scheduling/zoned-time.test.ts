import { describe, expect, it } from "vitest";
import { addDays, formatInZone, instantToWallClock, todayIn, wallClockToInstant } from "./zoned-time";

function at(date: string, time: string, zone: string): string {
  const r = wallClockToInstant(date, time, zone);
  if (!r.ok) throw new Error(r.reason);
  return r.instant.toISOString();
}

describe("wallClockToInstant", () => {
  it("reads an ordinary wall clock in several zones, including 30/45-minute offsets", () => {
    expect(at("2026-12-07", "09:30", "America/New_York")).toBe("2026-12-07T14:30:00.000Z");
    expect(at("2026-12-07", "09:30", "Asia/Kolkata")).toBe("2026-12-07T04:00:00.000Z");
    expect(at("2026-12-07", "09:30", "Asia/Kathmandu")).toBe("2026-12-07T03:45:00.000Z");
    expect(at("2026-12-07", "09:30", "Pacific/Kiritimati")).toBe("2026-12-06T19:30:00.000Z");
    expect(at("2026-12-07", "09:30", "UTC")).toBe("2026-12-07T09:30:00.000Z");
  });

  it("refuses a time the clocks skip (spring forward) instead of moving it", () => {
    expect(wallClockToInstant("2026-03-08", "02:30", "America/New_York")).toEqual({ ok: false, reason: "nonexistent" });
    expect(wallClockToInstant("2026-03-29", "02:15", "Europe/Berlin")).toEqual({ ok: false, reason: "nonexistent" });
    // Lord Howe Island moves its clocks by 30 minutes only.
    expect(wallClockToInstant("2026-10-04", "02:10", "Australia/Lord_Howe")).toEqual({ ok: false, reason: "nonexistent" });
    // The minutes either side of the gap exist.
    expect(at("2026-03-08", "01:59", "America/New_York")).toBe("2026-03-08T06:59:00.000Z");
    expect(at("2026-03-08", "03:00", "America/New_York")).toBe("2026-03-08T07:00:00.000Z");
  });

  it("takes the first of the two instants of a time that happens twice (fall back)", () => {
    expect(at("2026-11-01", "01:30", "America/New_York")).toBe("2026-11-01T05:30:00.000Z");
    expect(at("2026-10-25", "02:30", "Europe/Berlin")).toBe("2026-10-25T00:30:00.000Z");
    expect(at("2026-04-05", "01:45", "Australia/Lord_Howe")).toBe("2026-04-04T14:45:00.000Z");
  });

  it("keeps wall-clock hours on both sides of a transition", () => {
    expect(at("2026-03-07", "09:00", "America/New_York")).toBe("2026-03-07T14:00:00.000Z");
    expect(at("2026-03-09", "09:00", "America/New_York")).toBe("2026-03-09T13:00:00.000Z");
  });

  it("refuses malformed and impossible dates, times and zones", () => {
    expect(wallClockToInstant("2026-02-30", "09:00", "UTC")).toEqual({ ok: false, reason: "invalid" });
    expect(wallClockToInstant("2026-12-07", "24:00", "UTC")).toEqual({ ok: false, reason: "invalid" });
    expect(wallClockToInstant("7/12/2026", "09:00", "UTC")).toEqual({ ok: false, reason: "invalid" });
    expect(wallClockToInstant("2026-12-07", "09:00", "Mars/Olympus")).toEqual({ ok: false, reason: "invalid" });
  });
});

describe("instants back to wall clocks", () => {
  it("round-trips in zones east of the date line", () => {
    const instant = new Date("2026-12-06T19:30:00Z");
    expect(instantToWallClock(instant, "Pacific/Kiritimati")).toEqual({ date: "2026-12-07", time: "09:30" });
    expect(instantToWallClock(instant, "Pacific/Honolulu")).toEqual({ date: "2026-12-06", time: "09:30" });
  });

  it("knows today's date in a zone from a given now", () => {
    const now = new Date("2026-11-22T03:00:00Z");
    expect(todayIn("America/Los_Angeles", now)).toBe("2026-11-21");
    expect(todayIn("Asia/Tokyo", now)).toBe("2026-11-22");
  });

  it("adds calendar days across month and year ends", () => {
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
  });

  it("formats an instant for people in the host's zone", () => {
    const f = formatInZone(new Date("2026-12-07T14:30:00Z"), "America/New_York");
    expect(f).toEqual({ date: "Mon, Dec 7, 2026", time: "9:30 AM", zoneName: "EST" });
  });
});
