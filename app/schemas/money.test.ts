import { describe, expect, it } from "vitest";
import { formatMoney } from "./money";

describe("formatMoney", () => {
  it("reads minor units: cents for most currencies, whole yen for zero-decimal ones", () => {
    expect(formatMoney(2500, "usd")).toBe("$25.00");
    expect(formatMoney(2500, "EUR")).toBe("€25.00");
    expect(formatMoney(3000, "jpy")).toBe("¥3,000");
  });
});
