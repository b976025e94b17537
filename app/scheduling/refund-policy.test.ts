import { describe, expect, it } from "vitest";
import { refundDue, refundPolicyOf } from "./refund-policy";

const start = new Date("2026-12-10T15:00:00Z");
const hoursBefore = (h: number) => new Date(start.getTime() - h * 3_600_000);

describe("refundDue", () => {
  it("refunds in full under `full`, even after the start", () => {
    expect(refundDue({ type: "full" }, start, hoursBefore(100))).toEqual({ refund: true });
    expect(refundDue({ type: "full" }, start, hoursBefore(-1))).toEqual({ refund: true });
  });

  it("never refunds under `none`", () => {
    expect(refundDue({ type: "none" }, start, hoursBefore(500))).toEqual({ refund: false, reason: "policy-none" });
  });

  it("refunds under `until` up to N hours before the start, the deadline included", () => {
    const policy = { type: "until" as const, hours: 24 };
    expect(refundDue(policy, start, hoursBefore(48))).toEqual({ refund: true });
    expect(refundDue(policy, start, hoursBefore(24))).toEqual({ refund: true });
    expect(refundDue(policy, start, new Date(hoursBefore(24).getTime() + 1000))).toEqual({
      refund: false,
      reason: "too-late",
    });
    expect(refundDue(policy, start, hoursBefore(1))).toEqual({ refund: false, reason: "too-late" });
  });
});

describe("refundPolicyOf", () => {
  it("reads the stored columns", () => {
    expect(refundPolicyOf({ refundPolicy: "full", refundHours: null })).toEqual({ type: "full" });
    expect(refundPolicyOf({ refundPolicy: "none", refundHours: null })).toEqual({ type: "none" });
    expect(refundPolicyOf({ refundPolicy: "until", refundHours: 48 })).toEqual({ type: "until", hours: 48 });
  });
});
