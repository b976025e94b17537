import { describe, expect, it } from "vitest";
import { SIGN_IN_DELAY_MAX_MS, signInDelayMs } from "~/server/rate-limit.server";

describe("signInDelayMs (decision 063)", () => {
  it("lets the account's first attempts through at once", () => {
    for (let n = 0; n <= 10; n++) expect(signInDelayMs(n, 10)).toBe(0);
  });

  it("then doubles from 250 ms, and never grows past the cap: the owner is slowed, never locked out", () => {
    expect([11, 12, 13, 14].map((n) => signInDelayMs(n, 10))).toEqual([250, 500, 1000, 2000]);
    expect(signInDelayMs(16, 10)).toBe(SIGN_IN_DELAY_MAX_MS);
    expect(signInDelayMs(1_000_000, 10)).toBe(SIGN_IN_DELAY_MAX_MS);
  });
});
