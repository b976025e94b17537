import { describe, expect, it } from "vitest";
import { currentZoneName, isTimeZone, timeZoneNames } from "~/scheduling/time-zone";

describe("timeZoneNames / currentZoneName", () => {
  it("offers each zone once by its current name: Kolkata and Kyiv, not Calcutta and Kiev", () => {
    const names = timeZoneNames();
    expect(names[0]).toBe("UTC");
    for (const current of [
      "Asia/Kolkata",
      "Europe/Kyiv",
      "America/Argentina/Buenos_Aires",
      "Asia/Ho_Chi_Minh",
      "America/Nuuk",
    ])
      expect(names).toContain(current);
    for (const old of ["Asia/Calcutta", "Europe/Kiev", "America/Buenos_Aires", "Asia/Saigon", "America/Godthab"])
      expect(names).not.toContain(old);
    expect(new Set(names).size).toBe(names.length);
    expect(names.every(isTimeZone)).toBe(true);
  });

  it("maps a browser's old name to the current one and leaves others alone", () => {
    expect(currentZoneName("Asia/Calcutta")).toBe("Asia/Kolkata");
    expect(currentZoneName("Europe/Berlin")).toBe("Europe/Berlin");
    expect(currentZoneName("UTC")).toBe("UTC");
  });
});
