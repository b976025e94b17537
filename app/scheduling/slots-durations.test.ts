import { describe, expect, it } from "vitest";
import { computeSlots, type SlotInput } from "./slots";

// Several durations on one event type (decision 087): the engine computes the slots of the
// length the guest picked, with a frozen clock.
const NOW = new Date("2026-01-05T00:00:00Z");
const everyDay = (start: string, end: string) => [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, start, end }));

function day(duration: number, extra: Partial<SlotInput["eventType"]> = {}, busy: SlotInput["hosts"][0]["busy"] = []) {
  const input: SlotInput = {
    hosts: [{ id: "h1", schedule: { timeZone: "Europe/Madrid", weekly: everyDay("09:00", "12:00") }, busy }],
    now: NOW,
    range: { start: "2026-12-07", end: "2026-12-07" },
    timeZone: "Europe/Madrid",
    eventType: { kind: "one-to-one", duration, ...extra },
  };
  return computeSlots(input).slots["2026-12-07"] ?? [];
}

const times = (slots: string[]) => slots.map((s) => s.slice(11, 16));

describe("slots per duration", () => {
  it("each length steps by itself and keeps only slots that end inside the hours", () => {
    expect(times(day(15))).toHaveLength(12);
    expect(times(day(30)).at(-1)).toBe("11:30");
    expect(times(day(60))).toEqual(["09:00", "10:00", "11:00"]);
    expect(times(day(90))).toEqual(["09:00", "10:30"]);
  });

  it("a fixed slot interval keeps the grid, and a longer length drops the starts that no longer fit", () => {
    expect(times(day(15, { slotInterval: 30 }))).toEqual(["09:00", "09:30", "10:00", "10:30", "11:00", "11:30"]);
    expect(times(day(60, { slotInterval: 30 }))).toEqual(["09:00", "09:30", "10:00", "10:30", "11:00"]);
  });

  it("busy time blocks a long length where a short one still fits", () => {
    const busy = [{ start: new Date("2026-12-07T09:30:00Z"), end: new Date("2026-12-07T10:00:00Z") }];
    // 10:30-11:00 Madrid (UTC+1) is busy: 15 minutes fit before it, an hour from 10:00 does not.
    expect(times(day(15, { slotInterval: 15 }, busy))).toContain("10:15");
    expect(times(day(60, { slotInterval: 15 }, busy))).not.toContain("10:00");
    expect(times(day(60, { slotInterval: 15 }, busy))).toContain("09:30");
  });
});
