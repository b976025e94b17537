/**
 * The words of the guest's cancel and reschedule policy (decision 077) and of no-shows (decision
 * 078): the guest's pages, the JSON paths and the mails say the same. `refusal` has the shape of
 * app/scheduling/booking-policy.ts's PolicyRefusal.
 */

type Refusal =
  | { rule: "started" }
  | { rule: "cancel-notice"; noticeMinutes: number }
  | { rule: "reschedule-notice"; noticeMinutes: number }
  | { rule: "max-reschedules"; max: number }
  | { rule: "reason-required" };

/** 90 → "90 minutes", 1440 → "24 hours", 2880 → "2 days". */
export function noticeText(minutes: number): string {
  const n = (value: number, unit: string) => `${value} ${unit}${value === 1 ? "" : "s"}`;
  if (minutes % 1440 === 0 && minutes >= 2880) return n(minutes / 1440, "day");
  if (minutes % 60 === 0) return n(minutes / 60, "hour");
  return n(minutes, "minute");
}

export function policyRefusalText(refusal: Refusal, hostName: string): string {
  switch (refusal.rule) {
    case "started":
      return "This meeting has already started or taken place, so it can no longer be cancelled or rescheduled.";
    case "cancel-notice":
      return `${hostName} asks for at least ${noticeText(refusal.noticeMinutes)}' notice to cancel, and this meeting starts sooner than that, so it can no longer be cancelled here.`;
    case "reschedule-notice":
      return `${hostName} asks for at least ${noticeText(refusal.noticeMinutes)}' notice to reschedule, and this meeting starts sooner than that, so it can no longer be moved here.`;
    case "max-reschedules":
      return refusal.max === 0
        ? `${hostName} does not allow this meeting to be rescheduled online.`
        : `This meeting was already rescheduled ${refusal.max === 1 ? "once" : `${refusal.max} times`}, the most ${hostName} allows, so it can no longer be moved here.`;
    case "reason-required":
      return `${hostName} asks for a reason when you cancel: please say why.`;
  }
}

/** What the guest's pages say is allowed, before anything is refused. */
export function policySummary(
  policy: {
    cancelNoticeMinutes: number;
    rescheduleNoticeMinutes: number;
    maxReschedules: number | null;
    requireCancelReason: boolean;
  } | null,
  change: "cancel" | "reschedule",
): string | null {
  if (!policy) return null;
  const lines: string[] = [];
  if (change === "cancel" && policy.cancelNoticeMinutes > 0)
    lines.push(`You can cancel up to ${noticeText(policy.cancelNoticeMinutes)} before the start.`);
  if (change === "cancel" && policy.requireCancelReason) lines.push("A reason is required.");
  if (change === "reschedule" && policy.rescheduleNoticeMinutes > 0)
    lines.push(`You can reschedule up to ${noticeText(policy.rescheduleNoticeMinutes)} before the start.`);
  if (change === "reschedule" && policy.maxReschedules !== null)
    lines.push(
      policy.maxReschedules === 0
        ? "This meeting cannot be rescheduled online."
        : `A booking can be rescheduled at most ${policy.maxReschedules === 1 ? "once" : `${policy.maxReschedules} times`}.`,
    );
  return lines.length > 0 ? lines.join(" ") : null;
}

export const POLICY_MESSAGES = {
  contactHost: (hostName: string) => `Need a change anyway? Write to ${hostName}.`,
  contactSubject: (title: string) => `About our meeting: ${title}`,
} as const;

export const NO_SHOW_MESSAGES = {
  notStarted: "A no-show can be marked only once the meeting has started.",
  hostOnlyForTeams: "Only a team booking's host can be marked as a no-show, by an owner or admin of its team.",
  notAllowed: "Only the booking's host, or an owner or admin of its team, can mark a no-show.",
  cancelled: "A cancelled booking cannot be marked as a no-show.",
  markedGuest: "Marked the guest as a no-show.",
  markedHost: "Marked the host as a no-show.",
  undone: "No-show mark removed.",
  badge: "No-show",
  hostBadge: "Host no-show",
} as const;
