import { describe, expect, it } from "vitest";
import { availableIntervals, parseSchedule, SlotConfigError, type Schedule } from "./availability";
import { ZoneTimeline } from "./zoned-time";

const DAY = 24 * 60 * 60 * 1000;

/** The available intervals between two instants, as ISO pairs. */
function available(schedule: Schedule, from: string, to: string): string[][] {
  const fromMs = Date.parse(from);
  const toMs = Date.parse(to);
  const timeline = new ZoneTimeline(schedule.timeZone, fromMs - 3 * DAY, toMs + 3 * DAY);
  return availableIntervals(parseSchedule(schedule), fromMs, toMs, timeline).map((i) => [
    new Date(i.start).toISOString(),
    new Date(i.end).toISOString(),
  ]);
}

const everyDay = (start: string, end: string) => [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, start, end }));

describe("weekly hours", () => {
  it("turns weekday hours into instants of the schedule's zone, weekend days empty", () => {
    const schedule: Schedule = {
      timeZone: "Europe/Berlin",
      weekly: [
        { day: 5, start: "09:00", end: "12:00" },
        { day: 5, start: "13:00", end: "17:00" },
        { day: 1, start: "10:00", end: "11:00" },
      ],
    };
    // Friday 2026-12-11 to Monday 2026-12-14 (CET, +01:00).
    expect(available(schedule, "2026-12-11T00:00:00Z", "2026-12-15T00:00:00Z")).toEqual([
      ["2026-12-11T08:00:00.000Z", "2026-12-11T11:00:00.000Z"],
      ["2026-12-11T12:00:00.000Z", "2026-12-11T16:00:00.000Z"],
      ["2026-12-14T09:00:00.000Z", "2026-12-14T10:00:00.000Z"],
    ]);
  });

  it("merges overlapping and touching hours of one date", () => {
    const schedule: Schedule = {
      timeZone: "UTC",
      weekly: [
        { day: 1, start: "09:00", end: "12:00" },
        { day: 1, start: "12:00", end: "13:00" },
        { day: 1, start: "10:00", end: "11:00" },
      ],
    };
    expect(available(schedule, "2026-12-14T00:00:00Z", "2026-12-15T00:00:00Z")).toEqual([
      ["2026-12-14T09:00:00.000Z", "2026-12-14T13:00:00.000Z"],
    ]);
  });

  it("reads 24:00 as the end of the date and keeps each date's interval apart at midnight", () => {
    const schedule: Schedule = {
      timeZone: "UTC",
      weekly: [
        { day: 1, start: "22:00", end: "24:00" },
        { day: 2, start: "00:00", end: "02:00" },
      ],
    };
    expect(available(schedule, "2026-12-14T00:00:00Z", "2026-12-16T00:00:00Z")).toEqual([
      ["2026-12-14T22:00:00.000Z", "2026-12-15T00:00:00.000Z"],
      ["2026-12-15T00:00:00.000Z", "2026-12-15T02:00:00.000Z"],
    ]);
  });

  it("returns whole intervals that overlap the span, unclipped (their start anchors the grid)", () => {
    const schedule: Schedule = { timeZone: "UTC", weekly: everyDay("09:00", "17:00") };
    expect(available(schedule, "2026-12-14T12:00:00Z", "2026-12-14T13:00:00Z")).toEqual([
      ["2026-12-14T09:00:00.000Z", "2026-12-14T17:00:00.000Z"],
    ]);
  });
});

describe("date overrides", () => {
  const schedule: Schedule = {
    timeZone: "America/New_York",
    weekly: everyDay("09:00", "17:00"),
    overrides: [
      { date: "2026-12-24", start: "10:00", end: "12:00" },
      { date: "2026-12-24", start: "14:00", end: "15:00" },
      { date: "2026-12-25", unavailable: true },
      { date: "2026-12-26", start: "08:00", end: "09:00" },
      { date: "2026-12-26", unavailable: true },
    ],
  };

  it("replace the weekly hours of their date only; unavailable wins over hours for the same date", () => {
    expect(available(schedule, "2026-12-24T05:00:00Z", "2026-12-28T05:00:00Z")).toEqual([
      ["2026-12-24T15:00:00.000Z", "2026-12-24T17:00:00.000Z"],
      ["2026-12-24T19:00:00.000Z", "2026-12-24T20:00:00.000Z"],
      ["2026-12-27T14:00:00.000Z", "2026-12-27T22:00:00.000Z"],
    ]);
  });
});

describe("DST transitions: wall-clock hours stay wall-clock hours", () => {
  it("New York spring forward (2026-03-08): 09:00-17:00 is EST before and EDT after", () => {
    const schedule: Schedule = { timeZone: "America/New_York", weekly: everyDay("09:00", "17:00") };
    expect(available(schedule, "2026-03-07T00:00:00Z", "2026-03-10T00:00:00Z")).toEqual([
      ["2026-03-07T14:00:00.000Z", "2026-03-07T22:00:00.000Z"],
      ["2026-03-08T13:00:00.000Z", "2026-03-08T21:00:00.000Z"],
      ["2026-03-09T13:00:00.000Z", "2026-03-09T21:00:00.000Z"],
    ]);
  });

  it("New York spring forward: an edge in the gap lands on the first real instant after it", () => {
    const starts = { timeZone: "America/New_York", weekly: [{ day: 7, start: "02:30", end: "05:00" }] };
    expect(available(starts, "2026-03-08T00:00:00Z", "2026-03-09T00:00:00Z")).toEqual([
      ["2026-03-08T07:00:00.000Z", "2026-03-08T09:00:00.000Z"], // 03:00-05:00 EDT
    ]);
    const ends = { timeZone: "America/New_York", weekly: [{ day: 7, start: "01:00", end: "02:30" }] };
    expect(available(ends, "2026-03-08T00:00:00Z", "2026-03-09T00:00:00Z")).toEqual([
      ["2026-03-08T06:00:00.000Z", "2026-03-08T07:00:00.000Z"], // 01:00 EST to 03:00 EDT: one hour
    ]);
    const inside = { timeZone: "America/New_York", weekly: [{ day: 7, start: "02:00", end: "03:00" }] };
    expect(available(inside, "2026-03-08T00:00:00Z", "2026-03-09T00:00:00Z")).toEqual([]);
  });

  it("New York fall back (2026-11-01): the repeated hour counts twice, each instant once", () => {
    const wide = { timeZone: "America/New_York", weekly: [{ day: 7, start: "00:00", end: "03:00" }] };
    expect(available(wide, "2026-11-01T00:00:00Z", "2026-11-02T00:00:00Z")).toEqual([
      ["2026-11-01T04:00:00.000Z", "2026-11-01T08:00:00.000Z"], // four hours of elapsed time
    ]);
    const endsInside = { timeZone: "America/New_York", weekly: [{ day: 7, start: "00:00", end: "01:30" }] };
    expect(available(endsInside, "2026-11-01T00:00:00Z", "2026-11-02T00:00:00Z")).toEqual([
      ["2026-11-01T04:00:00.000Z", "2026-11-01T05:30:00.000Z"], // 00:00-01:30 EDT
      ["2026-11-01T06:00:00.000Z", "2026-11-01T06:30:00.000Z"], // 01:00-01:30 EST
    ]);
  });

  it("Berlin spring forward (2026-03-29) and fall back (2026-10-25)", () => {
    const schedule: Schedule = { timeZone: "Europe/Berlin", weekly: [{ day: 7, start: "01:00", end: "04:00" }] };
    // 02:00-03:00 does not exist: 01:00 CET to 04:00 CEST is two hours.
    expect(available(schedule, "2026-03-29T00:00:00Z", "2026-03-30T00:00:00Z")).toEqual([
      ["2026-03-29T00:00:00.000Z", "2026-03-29T02:00:00.000Z"],
    ]);
    // 02:00-03:00 happens twice: 01:00 CEST to 04:00 CET is four hours.
    expect(available(schedule, "2026-10-25T00:00:00Z", "2026-10-26T00:00:00Z")).toEqual([
      ["2026-10-24T23:00:00.000Z", "2026-10-25T03:00:00.000Z"],
    ]);
  });

  it("Sydney, southern hemisphere: fall back 2026-04-05, spring forward 2026-10-04", () => {
    const schedule: Schedule = {
      timeZone: "Australia/Sydney",
      weekly: [
        { day: 7, start: "01:00", end: "04:00" },
        { day: 1, start: "09:00", end: "10:00" },
      ],
    };
    expect(available(schedule, "2026-04-04T00:00:00Z", "2026-04-06T12:00:00Z")).toEqual([
      ["2026-04-04T14:00:00.000Z", "2026-04-04T18:00:00.000Z"], // 01:00 AEDT to 04:00 AEST: four hours
      ["2026-04-05T23:00:00.000Z", "2026-04-06T00:00:00.000Z"], // Monday 09:00 AEST (+10:00)
    ]);
    expect(available(schedule, "2026-10-03T00:00:00Z", "2026-10-05T12:00:00Z")).toEqual([
      ["2026-10-03T15:00:00.000Z", "2026-10-03T17:00:00.000Z"], // 01:00 AEST to 04:00 AEDT: two hours
      ["2026-10-04T22:00:00.000Z", "2026-10-04T23:00:00.000Z"], // Monday 09:00 AEDT (+11:00)
    ]);
  });

  it("Santiago, where the clocks skip midnight (2026-09-06): a day starting at 00:00 starts at 01:00", () => {
    const schedule: Schedule = { timeZone: "America/Santiago", weekly: [{ day: 7, start: "00:00", end: "02:00" }] };
    expect(available(schedule, "2026-09-06T00:00:00Z", "2026-09-07T00:00:00Z")).toEqual([
      ["2026-09-06T04:00:00.000Z", "2026-09-06T05:00:00.000Z"], // 01:00-02:00 -03:00
    ]);
  });
});

describe("schedule validation", () => {
  const bad = (schedule: unknown) => () => parseSchedule(schedule as Schedule);

  it("refuses unknown zones, weekdays out of 1..7, malformed times and backwards intervals", () => {
    expect(bad({ timeZone: "Mars/Olympus", weekly: [] })).toThrow(SlotConfigError);
    expect(bad({ timeZone: "UTC", weekly: [{ day: 0, start: "09:00", end: "10:00" }] })).toThrow(/day must be 1/);
    expect(bad({ timeZone: "UTC", weekly: [{ day: 1, start: "9:00", end: "10:00" }] })).toThrow(/not a time of day/);
    expect(bad({ timeZone: "UTC", weekly: [{ day: 1, start: "24:00", end: "24:00" }] })).toThrow(/not a time of day/);
    expect(bad({ timeZone: "UTC", weekly: [{ day: 1, start: "10:00", end: "10:00" }] })).toThrow(/before it starts/);
    expect(bad({ timeZone: "UTC", weekly: [], overrides: [{ date: "2026-02-30", unavailable: true }] })).toThrow(
      /not a date/,
    );
    expect(bad({ timeZone: "UTC", weekly: [], overrides: [{ date: "2026-02-03" }] })).toThrow(/start and end/);
  });
});
