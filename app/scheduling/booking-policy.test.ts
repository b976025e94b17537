import { describe, expect, it } from "vitest";
import { policyRefusal, type BookingPolicy, type ChangeAsked } from "./booking-policy";

const now = new Date("2026-12-01T10:00:00Z");
const hours = (h: number) => new Date(now.getTime() + h * 3_600_000);
const policy: BookingPolicy = {
  cancelNoticeMinutes: 24 * 60,
  rescheduleNoticeMinutes: 12 * 60,
  maxReschedules: 2,
  requireCancelReason: true,
};
const ask = (over: Partial<ChangeAsked>): ChangeAsked => ({
  change: "cancel",
  by: "guest",
  startsAt: hours(48),
  now,
  policy,
  rescheduleCount: 0,
  reason: "Ill",
  ...over,
});

describe("policyRefusal", () => {
  it("lets a guest cancel with enough notice and a reason", () => {
    expect(policyRefusal(ask({}))).toBeNull();
  });

  it("refuses a guest's cancel inside the notice, to the minute", () => {
    expect(policyRefusal(ask({ startsAt: hours(23) }))).toEqual({ rule: "cancel-notice", noticeMinutes: 1440 });
    expect(policyRefusal(ask({ startsAt: hours(24) }))).toBeNull();
    expect(policyRefusal(ask({ startsAt: new Date(hours(24).getTime() - 1) }))?.rule).toBe("cancel-notice");
  });

  it("refuses a guest's reschedule inside its own notice, which may differ from the cancel notice", () => {
    expect(policyRefusal(ask({ change: "reschedule", startsAt: hours(13) }))).toBeNull();
    expect(policyRefusal(ask({ change: "reschedule", startsAt: hours(11) }))).toEqual({
      rule: "reschedule-notice",
      noticeMinutes: 720,
    });
  });

  it("counts reschedules against the limit; a limit of 0 allows none", () => {
    expect(policyRefusal(ask({ change: "reschedule", rescheduleCount: 1 }))).toBeNull();
    expect(policyRefusal(ask({ change: "reschedule", rescheduleCount: 2 }))).toEqual({
      rule: "max-reschedules",
      max: 2,
    });
    expect(
      policyRefusal(ask({ change: "reschedule", policy: { ...policy, maxReschedules: 0 }, rescheduleCount: 0 }))?.rule,
    ).toBe("max-reschedules");
    // The limit is not the cancel's business.
    expect(policyRefusal(ask({ rescheduleCount: 5 }))).toBeNull();
  });

  it("asks a reason when the policy wants one (blank is none), but not before the guest was asked", () => {
    expect(policyRefusal(ask({ reason: "  " }))).toEqual({ rule: "reason-required" });
    expect(policyRefusal(ask({ reason: null }))).toEqual({ rule: "reason-required" });
    expect(policyRefusal(ask({ reason: undefined }))).toBeNull();
    expect(policyRefusal(ask({ reason: "", policy: { ...policy, requireCancelReason: false } }))).toBeNull();
  });

  it("never lets a guest change a meeting that has started, whatever the policy", () => {
    for (const change of ["cancel", "reschedule"] as const) {
      expect(policyRefusal(ask({ change, startsAt: now, policy: null }))).toEqual({ rule: "started" });
      expect(policyRefusal(ask({ change, startsAt: hours(-1) }))).toEqual({ rule: "started" });
    }
  });

  it("applies no rule but the start to a booking whose event type is gone", () => {
    expect(policyRefusal(ask({ startsAt: hours(1), policy: null, reason: "" }))).toBeNull();
  });

  it("never refuses the host or a team admin: notice, limit, reason and start alike", () => {
    for (const change of ["cancel", "reschedule"] as const) {
      expect(policyRefusal(ask({ change, by: "host", startsAt: hours(1), rescheduleCount: 9, reason: "" }))).toBeNull();
      expect(policyRefusal(ask({ change, by: "host", startsAt: hours(-2) }))).toBeNull();
    }
  });
});
