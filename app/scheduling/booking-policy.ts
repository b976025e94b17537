/**
 * What a guest may still change on their booking (decision 077): the one rule behind the guest's
 * cancel and reschedule pages, the JSON paths with a guest token and the mailed links. A host (or a
 * team's owner or admin) is never refused; a meeting that has started is never the guest's to
 * change; then the event type's notice, reschedule limit and cancel-reason rules, in that order.
 */

/** An event type's policy: notices in minutes before the start (0: until the start), maxReschedules null: no limit. */
export interface BookingPolicy {
  cancelNoticeMinutes: number;
  rescheduleNoticeMinutes: number;
  maxReschedules: number | null;
  requireCancelReason: boolean;
}

export const NO_POLICY: BookingPolicy = {
  cancelNoticeMinutes: 0,
  rescheduleNoticeMinutes: 0,
  maxReschedules: null,
  requireCancelReason: false,
};

export type PolicyRefusal =
  | { rule: "started" }
  | { rule: "cancel-notice"; noticeMinutes: number }
  | { rule: "reschedule-notice"; noticeMinutes: number }
  | { rule: "max-reschedules"; max: number }
  | { rule: "reason-required" };

export interface ChangeAsked {
  change: "cancel" | "reschedule";
  /** The guest (their token), or the host / a team's owner or admin (signed in or a bearer token). */
  by: "guest" | "host";
  startsAt: Date;
  now: Date;
  /** The booking's event type's policy; null for a booking whose event type is gone (no rules but the start). */
  policy: BookingPolicy | null;
  /** Reschedules the booking already had. */
  rescheduleCount: number;
  /** The guest's cancel reason; undefined: not asked yet (a page showing what is allowed). */
  reason?: string | null;
}

/** Why the change is refused, or null when it is allowed. */
export function policyRefusal(asked: ChangeAsked): PolicyRefusal | null {
  if (asked.by === "host") return null;
  const left = asked.startsAt.getTime() - asked.now.getTime();
  if (left <= 0) return { rule: "started" };
  const policy = asked.policy ?? NO_POLICY;
  if (asked.change === "cancel") {
    if (policy.cancelNoticeMinutes > 0 && left < policy.cancelNoticeMinutes * 60_000)
      return { rule: "cancel-notice", noticeMinutes: policy.cancelNoticeMinutes };
    if (policy.requireCancelReason && asked.reason !== undefined && !asked.reason?.trim())
      return { rule: "reason-required" };
    return null;
  }
  if (policy.rescheduleNoticeMinutes > 0 && left < policy.rescheduleNoticeMinutes * 60_000)
    return { rule: "reschedule-notice", noticeMinutes: policy.rescheduleNoticeMinutes };
  if (policy.maxReschedules !== null && asked.rescheduleCount >= policy.maxReschedules)
    return { rule: "max-reschedules", max: policy.maxReschedules };
  return null;
}
