import { describe, expect, it } from "vitest";
import { occurrenceTakenMessage, ordinal, recurrenceRefusal, seriesStarts, zoneOffsets } from "./recurrence";
import { instantToWallClock, wallClockToInstant } from "./zoned-time";

function at(date: string, time: string, zone: string): Date {
  const r = wallClockToInstant(date, time, zone);
  if (!r.ok) throw new Error(r.reason);
  return r.instant;
}

describe("seriesStarts", () => {
  it("keeps 10:00 in Berlin across the late-October change (UTC moves from 08:00 to 09:00)", () => {
    const starts = seriesStarts(at("2026-10-13", "10:00", "Europe/Berlin"), "Europe/Berlin", {
      intervalWeeks: 1,
      count: 4,
    });
    expect(starts.map((s) => s?.toISOString())).toEqual([
      "2026-10-13T08:00:00.000Z",
      "2026-10-20T08:00:00.000Z",
      "2026-10-27T09:00:00.000Z",
      "2026-11-03T09:00:00.000Z",
    ]);
    for (const s of starts) expect(instantToWallClock(s as Date, "Europe/Berlin").time).toBe("10:00");
  });

  it("keeps 10:00 in New York across the March change, every 2 weeks", () => {
    const starts = seriesStarts(at("2027-03-04", "10:00", "America/New_York"), "America/New_York", {
      intervalWeeks: 2,
      count: 3,
    });
    expect(starts.map((s) => s?.toISOString())).toEqual([
      "2027-03-04T15:00:00.000Z",
      "2027-03-18T14:00:00.000Z",
      "2027-04-01T14:00:00.000Z",
    ]);
  });

  it("gives null for a wall-clock time the clocks skip", () => {
    const starts = seriesStarts(at("2027-03-21", "02:30", "Europe/Berlin"), "Europe/Berlin", {
      intervalWeeks: 1,
      count: 2,
    });
    expect(starts[0]?.toISOString()).toBe("2027-03-21T01:30:00.000Z");
    expect(starts[1]).toBeNull();
  });
});

describe("recurrenceRefusal", () => {
  const rule = { maxOccurrences: 6, intervalWeeks: [1, 2] };
  it("allows what the rule allows and names what it does not", () => {
    expect(recurrenceRefusal(rule, { intervalWeeks: 2, count: 6 })).toBeNull();
    expect(recurrenceRefusal(rule, { intervalWeeks: 3, count: 2 })).toBe("Repeat every 1 or 2 week(s).");
    expect(recurrenceRefusal(rule, { intervalWeeks: 1, count: 7 })).toBe("Book 2 to 6 meetings.");
    expect(recurrenceRefusal(null, { intervalWeeks: 1, count: 2 })).toMatch(/does not take recurring/);
  });
});

describe("ordinal and zoneOffsets", () => {
  it("writes ordinals", () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101].map(ordinal)).toEqual([
      "1st",
      "2nd",
      "3rd",
      "4th",
      "11th",
      "12th",
      "13th",
      "21st",
      "22nd",
      "23rd",
      "101st",
    ]);
  });
  it("finds Berlin's October change to the minute", () => {
    const { initial, changes } = zoneOffsets(
      "Europe/Berlin",
      Date.parse("2026-10-01T00:00:00Z"),
      Date.parse("2026-11-30T00:00:00Z"),
    );
    expect(initial).toBe(120);
    expect(changes).toEqual([{ at: Date.parse("2026-10-25T01:00:00Z"), from: 120, to: 60 }]);
  });
});

describe("occurrenceTakenMessage", () => {
  it("names the occurrence in the guest's zone", () => {
    expect(occurrenceTakenMessage(4, new Date("2026-12-22T09:00:00Z"), "Europe/Berlin")).toBe(
      "The 4th meeting, Tue 22 Dec 10:00, is no longer free.",
    );
  });
});
