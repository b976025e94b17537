import { describe, expect, it } from "vitest";
import { offsetText } from "./workflows";

describe("offsetText", () => {
  it("names a workflow's offset in its largest whole unit", () => {
    expect(offsetText(1440)).toBe("1 day");
    expect(offsetText(2880)).toBe("2 days");
    expect(offsetText(60)).toBe("1 hour");
    expect(offsetText(1500)).toBe("25 hours");
    expect(offsetText(90)).toBe("90 minutes");
    expect(offsetText(1)).toBe("1 minute");
    expect(offsetText(0)).toBe("0 minutes");
  });
});
