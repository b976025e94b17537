import { generate } from "otplib";
import { describe, expect, it } from "vitest";
import { hashRecoveryCode, matchTotp, newRecoveryCode, newTotpSecret, TOTP_PERIOD_SECONDS } from "./totp.server";

const secret = newTotpSecret();
// A fixed clock, in the middle of a step.
const now = new Date(Date.UTC(2026, 10, 29, 4, 0, 15));
const epoch = Math.floor(now.getTime() / 1000);
const step = Math.floor(epoch / TOTP_PERIOD_SECONDS);
const codeAt = (offsetSteps: number) => generate({ secret, epoch: epoch + offsetSteps * TOTP_PERIOD_SECONDS });

describe("matchTotp", () => {
  it("accepts the current code and gives its step", async () => {
    expect(await matchTotp({ secret, code: await codeAt(0), now, afterStep: null })).toBe(step);
  });

  it("accepts one step either side, not two", async () => {
    expect(await matchTotp({ secret, code: await codeAt(-1), now, afterStep: null })).toBe(step - 1);
    expect(await matchTotp({ secret, code: await codeAt(1), now, afterStep: null })).toBe(step + 1);
    expect(await matchTotp({ secret, code: await codeAt(-2), now, afterStep: null })).toBeNull();
    expect(await matchTotp({ secret, code: await codeAt(2), now, afterStep: null })).toBeNull();
  });

  it("refuses a code reused within its window, and an older one after a newer was used", async () => {
    const code = await codeAt(0);
    const used = await matchTotp({ secret, code, now, afterStep: null });
    expect(used).toBe(step);
    const later = new Date(now.getTime() + 10_000); // same step, ten seconds on
    expect(await matchTotp({ secret, code, now: later, afterStep: used })).toBeNull();
    expect(await matchTotp({ secret, code: await codeAt(-1), now, afterStep: used })).toBeNull();
    // The next step's code still works.
    expect(await matchTotp({ secret, code: await codeAt(1), now, afterStep: used })).toBe(step + 1);
  });

  it("refuses malformed input without throwing", async () => {
    for (const code of ["", "12345", "1234567", "abcdef", " 123456"]) {
      expect(await matchTotp({ secret, code, now, afterStep: null })).toBeNull();
    }
  });
});

describe("recovery codes", () => {
  it("are 10 random characters, compared without case, spaces or the dash", () => {
    const code = newRecoveryCode();
    expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect(newRecoveryCode()).not.toBe(code);
    expect(hashRecoveryCode(code.toUpperCase().replace("-", " "))).toBe(hashRecoveryCode(code));
  });
});
