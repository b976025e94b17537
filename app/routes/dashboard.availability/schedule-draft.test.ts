import { describe, expect, it } from "vitest";
import {
  addInterval,
  copyMondayToWeekdays,
  draftMatchesSaved,
  draftOf,
  removeInterval,
  validateDraft,
  weeklySummary,
} from "./schedule-draft";

const week = (rows: Array<[number, string, string]>) => rows.map(([day, start, end]) => ({ day, start, end }));

describe("weeklySummary", () => {
  it("groups consecutive days with the same hours", () => {
    expect(weeklySummary(week([1, 2, 3, 4, 5].map((d) => [d, "09:00", "17:00"])))).toBe("Mon–Fri, 9:00 am – 5:00 pm");
    expect(
      weeklySummary(
        week([
          [1, "13:00", "18:00"],
          [1, "10:00", "12:00"],
          [2, "10:00", "12:00"],
          [2, "13:00", "18:00"],
          [6, "00:00", "24:00"],
        ]),
      ),
    ).toBe("Mon, Tue, 10:00 am – 12:00 pm, 1:00 pm – 6:00 pm; Sat, 12:00 am – 12:00 am");
    expect(weeklySummary([])).toBe("No weekly hours");
  });
});

describe("the editor's draft", () => {
  const draft = draftOf({
    name: "Work",
    timeZone: "UTC",
    weekly: week([
      [1, "09:00", "12:00"],
      [3, "20:00", "24:00"],
    ]),
    overrides: [],
  });

  it("shows the end of the day as 00:00 and reads it back as 24:00", () => {
    expect(draft.days[2].rows).toEqual([{ start: "20:00", end: "00:00" }]);
    const result = validateDraft(draft, false);
    expect(result.ok && result.value.weekly).toEqual(
      week([
        [1, "09:00", "12:00"],
        [3, "20:00", "24:00"],
      ]),
    );
  });

  it("adds a row after the last, removes one, and copies Monday", () => {
    expect(addInterval(draft, 1).days[0].rows).toEqual([
      { start: "09:00", end: "12:00" },
      { start: "13:00", end: "14:00" },
    ]);
    // An unavailable day is switched on with its 09:00-17:00 row.
    expect(addInterval(draft, 2).days[1]).toEqual({
      day: 2,
      available: true,
      rows: [{ start: "09:00", end: "17:00" }],
    });
    expect(removeInterval(draft, 1, 0).days[0]).toEqual({
      day: 1,
      available: false,
      rows: [{ start: "09:00", end: "17:00" }],
    });
    const copied = copyMondayToWeekdays(draft);
    expect(copied.days.slice(1, 5).map((d) => d.rows)).toEqual(
      [1, 2, 3, 4].map(() => [{ start: "09:00", end: "12:00" }]),
    );
    expect(copied.days[5]).toEqual(draft.days[5]);
  });

  it("keys the schema's errors to the rows, in the page's words", () => {
    const bad = {
      ...draft,
      days: draft.days.map((d) =>
        d.day === 1
          ? {
              ...d,
              rows: [
                { start: "09:00", end: "12:00" },
                { start: "11:00", end: "10:00" },
                { start: "11:30", end: "13:00" },
              ],
            }
          : d,
      ),
    };
    const result = validateDraft(bad, false);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.errors["d1.1.end"]).toEqual(["End must be after start."]);
      expect(result.errors.d1).toEqual(["Intervals on Monday overlap."]);
    }
  });
});

describe("draftMatchesSaved", () => {
  const saved = draftOf({
    name: "Work",
    timeZone: "Europe/Berlin",
    weekly: week([
      [1, "09:00", "17:00"],
      [2, "09:00", "24:00"],
    ]),
    overrides: [{ date: "2030-01-07", unavailable: true }],
  });

  it("an untouched draft matches, even after the form's round trip of the day's end", () => {
    expect(draftMatchesSaved(saved, saved, false)).toBe(true);
    expect(
      draftMatchesSaved({ ...saved, newOverride: { ...saved.newOverride, date: "2030-02-01" } }, saved, false),
    ).toBe(true);
  });

  it("a changed name, zone, interval or override differs; so does an invalid draft", () => {
    expect(draftMatchesSaved({ ...saved, name: "Other" }, saved, false)).toBe(false);
    expect(draftMatchesSaved({ ...saved, timeZone: "UTC" }, saved, false)).toBe(false);
    expect(draftMatchesSaved(addInterval(saved, 1), saved, false)).toBe(false);
    expect(draftMatchesSaved({ ...saved, overrides: [] }, saved, false)).toBe(false);
    expect(draftMatchesSaved({ ...saved, name: "" }, { ...saved, name: "" }, false)).toBe(false);
  });
});
