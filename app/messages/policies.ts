/**
 * The words of the guest's cancel and reschedule policy (decision 077) and of no-shows (decision
 * 078): the guest's pages, the JSON paths and the mails say the same. `refusal` has the shape of
 * app/scheduling/booking-policy.ts's PolicyRefusal.
 */

import { CHANGE_WORDS } from "~/messages/guest-words/change";
import { fill, plural, type Language, type Plural } from "~/messages/languages";

type Refusal =
  | { rule: "started" }
  | { rule: "cancel-notice"; noticeMinutes: number }
  | { rule: "reschedule-notice"; noticeMinutes: number }
  | { rule: "max-reschedules"; max: number }
  | { rule: "reason-required" };

/** 90 → "90 minutes", 1440 → "24 hours", 2880 → "2 days" (in `language`, English when not given). */
export function noticeText(minutes: number, language: Language = "en"): string {
  const w = CHANGE_WORDS[language];
  // English writes the count as it is ("1440 minutes"), the others in their locale's digits.
  const n = (value: number, forms: Plural) => plural(language, forms, value, language === "en" ? { count: value } : {});
  if (minutes % 1440 === 0 && minutes >= 2880) return n(minutes / 1440, w.noticeDays);
  if (minutes % 60 === 0) return n(minutes / 60, w.noticeHours);
  return n(minutes, w.noticeMinutes);
}

/** Why the guest's change is refused, in `language` (English when not given). */
export function policyRefusalText(refusal: Refusal, hostName: string, language: Language = "en"): string {
  const w = CHANGE_WORDS[language];
  switch (refusal.rule) {
    case "started":
      return w.refusedStarted;
    case "cancel-notice":
      return fill(w.refusedCancelNotice, { host: hostName, notice: noticeText(refusal.noticeMinutes, language) });
    case "reschedule-notice":
      return fill(w.refusedRescheduleNotice, { host: hostName, notice: noticeText(refusal.noticeMinutes, language) });
    case "max-reschedules":
      return refusal.max === 0
        ? fill(w.refusedNoReschedules, { host: hostName })
        : plural(language, w.refusedMaxReschedules, refusal.max, { host: hostName });
    case "reason-required":
      return fill(w.refusedNoReason, { host: hostName });
  }
}

/** What the guest's pages say is allowed, before anything is refused (in `language`, English when not given). */
export function policySummary(
  policy: {
    cancelNoticeMinutes: number;
    rescheduleNoticeMinutes: number;
    maxReschedules: number | null;
    requireCancelReason: boolean;
  } | null,
  change: "cancel" | "reschedule",
  language: Language = "en",
): string | null {
  if (!policy) return null;
  const w = CHANGE_WORDS[language];
  const lines: string[] = [];
  if (change === "cancel" && policy.cancelNoticeMinutes > 0)
    lines.push(fill(w.cancelUpTo, { notice: noticeText(policy.cancelNoticeMinutes, language) }));
  if (change === "cancel" && policy.requireCancelReason) lines.push(w.reasonIsRequired);
  if (change === "reschedule" && policy.rescheduleNoticeMinutes > 0)
    lines.push(fill(w.rescheduleUpTo, { notice: noticeText(policy.rescheduleNoticeMinutes, language) }));
  if (change === "reschedule" && policy.maxReschedules !== null)
    lines.push(
      policy.maxReschedules === 0 ? w.noOnlineReschedule : plural(language, w.rescheduleAtMost, policy.maxReschedules),
    );
  return lines.length > 0 ? lines.join(" ") : null;
}

export const POLICY_MESSAGES = {
  contactHost: (hostName: string, language: Language = "en") =>
    fill(CHANGE_WORDS[language].contactHost, { host: hostName }),
  contactSubject: (title: string, language: Language = "en") => fill(CHANGE_WORDS[language].contactSubject, { title }),
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
