import { describe, expect, it } from "vitest";
import { computeSlots, SlotConfigError, type SlotInput } from "./slots";

// Weekly and monthly limits of an event type (decision 039), with a frozen clock.
const NOW = new Date("2026-11-01T00:00:00Z");
const everyDay = [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, start: "09:00", end: "10:00" }));

function slots(
  over: Partial<SlotInput["eventType"]>,
  bookedStarts: Date[],
  range: { start: string; end: string },
  zone = "UTC",
) {
  const result = computeSlots({
    hosts: [{ id: "h", schedule: { timeZone: zone, weekly: everyDay } }],
    now: NOW,
    range,
    timeZone: zone,
    eventType: { id: "et", kind: "one-to-one", duration: 60, ...over },
    bookedStarts,
  });
  return Object.fromEntries(Object.entries(result.slots).map(([d, list]) => [d, list.length]));
}

describe("weekly limit", () => {
  it("empties the Monday-to-Sunday week that holds the limit, and only it", () => {
    // 2026-12-02 is a Wednesday: its week is 11-30 .. 12-06.
    const got = slots({ weeklyLimit: 1 }, [new Date("2026-12-02T09:00:00Z")], {
      start: "2026-11-29",
      end: "2026-12-07",
    });
    expect(got).toEqual({
      "2026-11-29": 1,
      "2026-11-30": 0,
      "2026-12-01": 0,
      "2026-12-02": 1, // its own start: joining it adds no booking (a group session)
      "2026-12-03": 0,
      "2026-12-04": 0,
      "2026-12-05": 0,
      "2026-12-06": 0,
      "2026-12-07": 1,
    });
  });

  it("counts in the host's zone and a start once", () => {
    // Monday 2026-11-30 00:30 in Auckland is still Sunday 11-29 in UTC: it is the Auckland week of 11-30.
    const start = new Date("2026-11-29T11:30:00Z");
    const got = slots(
      { weeklyLimit: 2 },
      [start, start],
      { start: "2026-12-01", end: "2026-12-01" },
      "Pacific/Auckland",
    );
    expect(got).toEqual({ "2026-12-01": 1 });
    const full = slots(
      { weeklyLimit: 2 },
      [start, new Date("2026-11-30T20:00:00Z")],
      { start: "2026-12-03", end: "2026-12-03" },
      "Pacific/Auckland",
    );
    expect(full).toEqual({ "2026-12-03": 0 });
  });
});

describe("monthly limit", () => {
  it("empties the calendar month that holds the limit, bookings outside the range included", () => {
    const booked = [new Date("2026-12-01T09:00:00Z"), new Date("2026-12-28T09:00:00Z")];
    const got = slots({ monthlyLimit: 2 }, booked, { start: "2026-12-10", end: "2027-01-02" });
    expect(got["2026-12-10"]).toBe(0);
    expect(got["2026-12-31"]).toBe(0);
    expect(got["2027-01-01"]).toBe(1);
    expect(slots({ monthlyLimit: 3 }, booked, { start: "2026-12-10", end: "2026-12-10" })).toEqual({ "2026-12-10": 1 });
  });

  it("a bad limit is a SlotConfigError", () => {
    expect(() => slots({ monthlyLimit: 0 }, [], { start: "2026-12-10", end: "2026-12-10" })).toThrow(SlotConfigError);
  });
});
