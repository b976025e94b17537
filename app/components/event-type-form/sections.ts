/**
 * The event type form's sections (decision 096): one form and one Save, cut into parts a host can
 * jump to with plain anchors. Which section holds each field, so a refused form marks the
 * sections with errors (the body's own field names; a team's form adds hosts and its settings).
 */
export const EVENT_TYPE_SECTIONS = [
  { id: "basics", title: "Basics" },
  { id: "when", title: "When" },
  { id: "where", title: "Where" },
  { id: "questions", title: "Questions" },
  { id: "limits", title: "Limits" },
  { id: "advanced", title: "Advanced" },
] as const;

export type EventTypeSectionId = (typeof EVENT_TYPE_SECTIONS)[number]["id"];

const FIELD_SECTIONS: Record<string, EventTypeSectionId> = {
  title: "basics",
  slug: "basics",
  description: "basics",
  duration: "basics",
  moreDurations: "basics",
  durations: "basics",
  kind: "basics",
  seats: "basics",
  hosts: "basics",
  hostIds: "basics",
  teamId: "basics",
  roundRobinMode: "basics",
  lockedFields: "basics",
  active: "basics",
  scheduleId: "when",
  bufferBefore: "when",
  bufferAfter: "when",
  minimumNotice: "when",
  minimumNoticeUnit: "when",
  bookingWindowDays: "when",
  slotInterval: "when",
  location: "where",
  questions: "questions",
  dailyLimit: "limits",
  weeklyLimit: "limits",
  monthlyLimit: "limits",
  limitPerGuest: "limits",
  cancelNoticeMinutes: "limits",
  rescheduleNoticeMinutes: "limits",
  maxReschedules: "limits",
  requireCancelReason: "limits",
  reconfirmHours: "advanced",
  recurring: "advanced",
  price: "advanced",
  refundPolicy: "advanced",
  requiresApproval: "advanced",
  approvalHoldHours: "advanced",
  defaultLanguage: "advanced",
  hidden: "advanced",
  redirectUrl: "advanced",
  redirectPassDetails: "advanced",
  requirePhone: "advanced",
};

/** The section of an error's key ("location.value", "questions[2].label", "durations[0]"); null for the form's own. */
export function sectionOfField(key: string): EventTypeSectionId | null {
  const head = /^[^.[]*/.exec(key)?.[0] ?? "";
  return FIELD_SECTIONS[head] ?? null;
}

/** The sections, in order, that hold at least one of these errors (conform's `allErrors`). */
export function sectionsWithErrors(errors: Record<string, string[] | undefined>): EventTypeSectionId[] {
  const hit = new Set<EventTypeSectionId>();
  for (const [key, messages] of Object.entries(errors)) {
    if (!messages?.length) continue;
    const section = sectionOfField(key);
    if (section) hit.add(section);
  }
  return EVENT_TYPE_SECTIONS.map((s) => s.id).filter((id) => hit.has(id));
}
