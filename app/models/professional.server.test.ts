import { describe, expect, it } from "vitest";
import { addMonths, professionalEnd } from "./professional.server";

describe("professional status", () => {
  it("adds calendar months, clamping to the month's last day", () => {
    expect(addMonths(new Date("2026-01-05T10:00:00Z")).toISOString()).toBe("2026-02-05T10:00:00.000Z");
    expect(addMonths(new Date("2026-01-31T10:00:00Z")).toISOString()).toBe("2026-02-28T10:00:00.000Z");
    expect(addMonths(new Date("2028-01-31T00:00:00Z")).toISOString()).toBe("2028-02-29T00:00:00.000Z");
    expect(addMonths(new Date("2026-12-15T23:59:00Z")).toISOString()).toBe("2027-01-15T23:59:00.000Z");
  });

  it("stacks payments made while still professional and restarts after a lapse", () => {
    expect(professionalEnd([])).toBeNull();
    const a = new Date("2026-01-05T00:00:00Z");
    const b = new Date("2026-01-20T00:00:00Z"); // before the first month ends: extends it
    expect(professionalEnd([b, a])?.toISOString()).toBe("2026-03-05T00:00:00.000Z");
    const c = new Date("2026-06-01T00:00:00Z"); // long after: a fresh month
    expect(professionalEnd([a, c])?.toISOString()).toBe("2026-07-01T00:00:00.000Z");
  });
});
