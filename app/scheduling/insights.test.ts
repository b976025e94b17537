import { describe, expect, it } from "vitest";
import {
  changeOf,
  durationLabel,
  heatMapOf,
  insightsRange,
  LEAD_TIME_BUCKETS,
  leadTimeBucket,
  MAX_RANGE_DAYS,
  median,
} from "./insights";

const NOW = new Date("2026-11-29T10:00:00Z");

describe("insightsRange", () => {
  it("defaults to the last 30 days up to today in the zone, and the 30 days before", () => {
    const r = insightsRange({}, "Europe/Berlin", NOW);
    if (!r.ok) throw new Error(r.message);
    expect(r.range).toMatchObject({ from: "2026-10-31", to: "2026-11-29", days: 30 });
    expect(r.range.start.toISOString()).toBe("2026-10-30T23:00:00.000Z");
    expect(r.range.end.toISOString()).toBe("2026-11-29T23:00:00.000Z");
    expect(r.previous).toMatchObject({ from: "2026-10-01", to: "2026-10-30", days: 30 });
    // The previous range ends where this one starts.
    expect(r.previous.end.getTime()).toBe(r.range.start.getTime());
  });

  it("takes today in the viewer's zone: late on the 28th in Los Angeles is already the 29th in UTC", () => {
    const r = insightsRange({}, "America/Los_Angeles", new Date("2026-11-29T05:00:00Z"));
    if (!r.ok) throw new Error(r.message);
    expect(r.range.to).toBe("2026-11-28");
  });

  it("counts whole days across a DST change (the range's length in hours is not days × 24)", () => {
    const r = insightsRange({ from: "2026-03-29", to: "2026-03-29" }, "Europe/Berlin", NOW);
    if (!r.ok) throw new Error(r.message);
    expect(r.range.days).toBe(1);
    expect((r.range.end.getTime() - r.range.start.getTime()) / 3_600_000).toBe(23);
    expect(r.previous).toMatchObject({ from: "2026-03-28", to: "2026-03-28" });
  });

  it("starts a day whose midnight the clocks skip at the first instant after it", () => {
    // Santiago springs forward at 00:00 on 2026-09-06.
    const r = insightsRange({ from: "2026-09-06", to: "2026-09-06" }, "America/Santiago", NOW);
    if (!r.ok) throw new Error(r.message);
    expect(r.range.start.toISOString()).toBe("2026-09-06T04:00:00.000Z");
  });

  it("fills a missing end from the start, and a missing start from the end", () => {
    const a = insightsRange({ from: "2026-01-01" }, "UTC", NOW);
    const b = insightsRange({ to: "2026-01-30" }, "UTC", NOW);
    expect(a.ok && [a.range.from, a.range.to]).toEqual(["2026-01-01", "2026-01-30"]);
    expect(b.ok && [b.range.from, b.range.to]).toEqual(["2026-01-01", "2026-01-30"]);
  });

  it("refuses bad dates, a reversed range and one longer than two years, naming the field", () => {
    expect(insightsRange({ from: "2026-02-30" }, "UTC", NOW)).toMatchObject({ ok: false, field: "from" });
    expect(insightsRange({ to: "yesterday" }, "UTC", NOW)).toMatchObject({ ok: false, field: "to" });
    expect(insightsRange({ from: "2026-11-02", to: "2026-11-01" }, "UTC", NOW)).toMatchObject({
      ok: false,
      field: "to",
    });
    expect(insightsRange({ from: "2020-01-01", to: "2026-01-01" }, "UTC", NOW)).toMatchObject({
      ok: false,
      field: "to",
      message: expect.stringContaining(`${MAX_RANGE_DAYS} days`),
    });
    expect(insightsRange({ from: "1900-01-01", to: "1900-01-02" }, "UTC", NOW)).toMatchObject({ ok: false });
    const longest = insightsRange({ from: "2024-01-01", to: "2025-12-31" }, "UTC", NOW);
    expect(longest.ok && longest.range.days).toBe(MAX_RANGE_DAYS);
  });
});

describe("heatMapOf", () => {
  const at = (iso: string, count = 1) => ({ at: Date.parse(iso), count });

  it("buckets starts by weekday (Monday first) and hour of the wall clock in the zone", () => {
    // Monday 2026-11-30 09:00 in Berlin is 08:00 UTC.
    const grid = heatMapOf([at("2026-11-30T08:00:00Z", 2), at("2026-11-30T08:45:00Z")], "Europe/Berlin");
    expect(grid).toHaveLength(7);
    expect(grid.every((row) => row.length === 24)).toBe(true);
    expect(grid[0][9]).toBe(3);
    expect(grid.flat().reduce((a, b) => a + b, 0)).toBe(3);
  });

  it("moves a start across midnight into the zone's weekday", () => {
    // Sunday 2026-11-29 23:30 UTC is Monday 00:30 in Berlin and Sunday 15:30 in Los Angeles.
    expect(heatMapOf([at("2026-11-29T23:30:00Z")], "Europe/Berlin")[0][0]).toBe(1);
    expect(heatMapOf([at("2026-11-29T23:30:00Z")], "America/Los_Angeles")[6][15]).toBe(1);
  });

  it("follows DST: 09:00 local lands in the 9 o'clock column before and after the change", () => {
    const grid = heatMapOf(
      [
        at("2026-03-27T08:00:00Z"), // Friday 09:00 CET
        at("2026-03-30T07:00:00Z"), // Monday 09:00 CEST
        at("2026-10-23T07:00:00Z"), // Friday 09:00 CEST
        at("2026-10-26T08:00:00Z"), // Monday 09:00 CET
      ],
      "Europe/Berlin",
    );
    expect(grid[4][9]).toBe(2);
    expect(grid[0][9]).toBe(2);
  });

  it("puts both 01:30s of a fall-back night in the 1 o'clock column", () => {
    // New York falls back on Sunday 2026-11-01: 01:30 EDT (05:30Z) and 01:30 EST (06:30Z).
    const grid = heatMapOf([at("2026-11-01T05:30:00Z"), at("2026-11-01T06:30:00Z")], "America/New_York");
    expect(grid[6][1]).toBe(2);
  });

  it("handles zones with half- and quarter-hour offsets", () => {
    // 03:45 UTC is 09:15 in Kolkata (+05:30) and 09:30 in Kathmandu (+05:45).
    expect(heatMapOf([at("2026-12-01T03:45:00Z")], "Asia/Kolkata")[1][9]).toBe(1);
    expect(heatMapOf([at("2026-12-01T03:45:00Z")], "Asia/Kathmandu")[1][9]).toBe(1);
  });

  it("is all zeros for no bookings", () => {
    expect(
      heatMapOf([], "UTC")
        .flat()
        .every((n) => n === 0),
    ).toBe(true);
  });
});

describe("lead time", () => {
  it("puts each lead time in the first bucket whose bound it is below", () => {
    expect(leadTimeBucket(-5)).toBe(0);
    expect(leadTimeBucket(59)).toBe(0);
    expect(leadTimeBucket(60)).toBe(1);
    expect(leadTimeBucket(24 * 60 - 1)).toBe(1);
    expect(leadTimeBucket(24 * 60)).toBe(2);
    expect(leadTimeBucket(7 * 24 * 60)).toBe(4);
    expect(leadTimeBucket(28 * 24 * 60)).toBe(LEAD_TIME_BUCKETS.length - 1);
    expect(leadTimeBucket(1e9)).toBe(LEAD_TIME_BUCKETS.length - 1);
  });

  it("takes the median of an odd and an even count, null for none", () => {
    expect(median([1, 5, 9])).toBe(5);
    expect(median([1, 5, 9, 11])).toBe(7);
    expect(median([])).toBeNull();
  });

  it("writes durations for people", () => {
    expect(durationLabel(null)).toBe("No bookings");
    expect(durationLabel(45)).toBe("45 minutes");
    expect(durationLabel(90)).toBe("1 hour 30 min");
    expect(durationLabel(3 * 24 * 60 + 4 * 60)).toBe("3 days 4 hours");
  });
});

describe("changeOf", () => {
  it("is the signed percentage, null when nothing came before", () => {
    expect(changeOf(15, 10)).toBe(50);
    expect(changeOf(5, 10)).toBe(-50);
    expect(changeOf(3, 0)).toBeNull();
  });
});
