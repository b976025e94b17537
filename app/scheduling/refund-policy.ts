/**
 * What a cancelled paid booking gets back (docs/decisions/107): the one rule behind every cancel
 * path. `full`: everything, whenever; `none`: nothing; `until`: everything up to `hours` before
 * the start, nothing after. Whoever cancels, the event type's rule decides; a host who wants to
 * give money back anyway does it in Stripe.
 */
export type RefundPolicy = { type: "full" } | { type: "none" } | { type: "until"; hours: number };

export type RefundDecision = { refund: true } | { refund: false; reason: "policy-none" | "too-late" };

export function refundDue(policy: RefundPolicy, startsAt: Date, cancelledAt: Date): RefundDecision {
  if (policy.type === "full") return { refund: true };
  if (policy.type === "none") return { refund: false, reason: "policy-none" };
  const deadline = startsAt.getTime() - policy.hours * 3_600_000;
  // At the deadline itself the guest is still in time ("up to N hours before").
  return cancelledAt.getTime() <= deadline ? { refund: true } : { refund: false, reason: "too-late" };
}

/** The rule as stored on an event type (refund_policy, refund_hours). */
export function refundPolicyOf(row: { refundPolicy: string; refundHours: number | null }): RefundPolicy {
  if (row.refundPolicy === "none") return { type: "none" };
  if (row.refundPolicy === "until" && row.refundHours !== null) return { type: "until", hours: row.refundHours };
  return { type: "full" };
}
