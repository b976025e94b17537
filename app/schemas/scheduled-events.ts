/** The host's Scheduled Events tabs (decision 021), shared by the page and its model. Pure. */
/** `pending`: bookings waiting for the host's approval (decision 040). */
export const SCHEDULED_TABS = ["upcoming", "pending", "past", "cancelled"] as const;
export type ScheduledTab = (typeof SCHEDULED_TABS)[number];

/** `?tab=`: anything unknown is Upcoming. */
export function scheduledTab(raw: string | null): ScheduledTab {
  return SCHEDULED_TABS.find((t) => t === raw) ?? "upcoming";
}
