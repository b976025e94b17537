import { describe, expect, it } from "vitest";
import { addDays, dateOfDayNumber, dayNumber, isoWeekdayOfDayNumber } from "./calendar-days";

describe("calendar days (no date library: the booking page's calendar runs them in the browser)", () => {
  it("adds days across months, years and leap days", () => {
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2026-03-29", -29)).toBe("2026-02-28");
    expect(addDays("2026-11-01", 7)).toBe("2026-11-08");
  });

  it("answers a string that is not a date as luxon did, without throwing", () => {
    expect(addDays("2026-02-30", 1)).toBe("Invalid DateTime");
    expect(addDays("soon", 1)).toBe("Invalid DateTime");
  });

  it("day numbers round-trip and know the weekday", () => {
    const day = dayNumber("2026-11-23")!;
    expect(dateOfDayNumber(day)).toBe("2026-11-23");
    expect(isoWeekdayOfDayNumber(day)).toBe(1);
    expect(dayNumber("2026-13-01")).toBeNull();
  });
});
