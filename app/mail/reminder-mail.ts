import { formatInZone } from "~/scheduling/zoned-time";
import { readerTime } from "~/scheduling/reader-time";
import type { ComposedMail, RemindedMeeting } from "~/schemas/reminder-mail";

/**
 * The texts of reminders and follow-ups (docs/decisions/022): one e-mail per guest, with the
 * time in that guest's zone, and the host's bell notification. Pure, so tests read them as
 * the guest will. No cancel/reschedule links: a booking's token is stored only hashed, so a
 * reminder cannot carry them; it points to the confirmation e-mail and to the host instead.
 */

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

function html(paragraphs: string[]): string {
  return paragraphs.map((p) => `<p>${escapeHtml(p).replaceAll("\n", "<br>")}</p>`).join("\n");
}

function minutesBetween(a: Date, b: Date): number {
  return Math.round((b.getTime() - a.getTime()) / 60_000);
}

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"}`;

/** "in 15 minutes", "in 2 hours", "in 1 day" (rounded down), for the time left at sending. */
export function timeUntil(start: Date, now: Date): string {
  const minutes = Math.max(0, minutesBetween(now, start));
  if (minutes < 60) return `in ${plural(minutes, "minute")}`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `in ${plural(hours, "hour")}`;
  return `in ${plural(Math.floor(hours / 24), "day")}`;
}

/** The reminder a guest gets before the meeting, in their zone. */
export function guestReminderMail(m: RemindedMeeting, zone: string, now: Date): ComposedMail {
  const when = readerTime(m.startsAt, zone, m.hostZone);
  const join = m.joinUrl && !m.place?.includes(m.joinUrl) ? [`Join: ${m.joinUrl}`] : [];
  const change = m.isBooking
    ? "Need to cancel or reschedule? Use the links in your booking confirmation e-mail."
    : `Need to change it? Reply to this e-mail to reach ${m.hostName}.`;
  const paragraphs = [
    `Hi,`,
    `This is a reminder: "${m.eventName}" with ${m.hostName} starts ${timeUntil(m.startsAt, now)}.`,
    [
      `When: ${when.full}, ${plural(minutesBetween(m.startsAt, m.endsAt), "minute")}`,
      m.place ? `Where: ${m.place}` : `How: ${m.eventType}`,
      ...join,
    ].join("\n"),
    change,
  ];
  return {
    subject: `Reminder: ${m.eventName} — ${when.date} ${when.time} ${when.place}`,
    text: paragraphs.join("\n\n"),
    html: html(paragraphs),
  };
}

/** The follow-up a guest gets after the meeting, with the host's own message. */
export function guestFollowUpMail(m: RemindedMeeting, zone: string, message: string): ComposedMail {
  const when = readerTime(m.startsAt, zone, m.hostZone);
  const paragraphs = [
    `Hi,`,
    `Thank you for "${m.eventName}" with ${m.hostName} on ${when.full}.`,
    ...(message.trim() ? [message.trim()] : []),
    `Reply to this e-mail to reach ${m.hostName}.`,
  ];
  return {
    subject: `Thank you: ${m.eventName}`,
    text: paragraphs.join("\n\n"),
    html: html(paragraphs),
  };
}

/** The host's bell notification before a meeting, in the host's zone. */
export function hostReminderNotification(
  m: Pick<RemindedMeeting, "eventName" | "startsAt">,
  guestName: string | null,
  zone: string,
  now: Date,
): string {
  const when = formatInZone(m.startsAt, zone);
  return `Reminder: '${m.eventName}'${guestName ? ` with ${guestName}` : ""} starts ${timeUntil(m.startsAt, now)} (${when.time}).`;
}
