import { meetingOf } from "~/models/conferencing.server";
import type { HeadersFunction } from "@remix-run/node";
import type { Params } from "@remix-run/react";
import { getBookingForConfirmation, getGuestBooking, type GuestBooking } from "~/models/booking.server";
import { locationOfEventType, questionsOfEventType } from "~/models/event-type.server";
import { answerLines } from "~/schemas/booking-answers";
import { formatInZone } from "~/scheduling/zoned-time";
import { isTimeZone } from "~/scheduling/time-zone";
import { notFound } from "~/utils/responses";
import { timeZoneHint } from "~/browser/time-zone-hint";
import { guestChangeRefusal } from "~/services/bookings.server";
import { POLICY_MESSAGES, policyRefusalText, policySummary } from "~/messages/policies";

// The guest pages' messages come through this server module: the browser build keeps a chunk
// import for every module a route file names, used there or not (as month.server.ts does for the
// booking page's todayIn).
export { MESSAGES } from "~/messages";
export { policyRefusalText } from "~/messages/policies";
export { RECONFIRM_MESSAGES } from "~/messages/reconfirm";

/**
 * The guest's cancel and reschedule pages: reachable without an account
 * with the booking's token from the mail. Every miss (no token, a wrong one, another booking's id,
 * an id that is no uuid) is the site's plain 404, so a link never hints that a booking exists.
 */

/** The booking of `params.id` that `?token=` opens, with the zone to show it in, or a 404. */
export async function guestBookingOr404(request: Request, id: string | undefined) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const booking = await getGuestBooking(id ?? "", token);
  if (!booking) notFound();
  return { booking, token, zone: guestZone(request, booking) };
}

/** The guest's zone from the booking, else the browser's `tz` hint, else UTC. */
export function guestZone(request: Request, booking: Pick<GuestBooking, "guestTimeZone">): string {
  if (booking.guestTimeZone && isTimeZone(booking.guestTimeZone)) return booking.guestTimeZone;
  return timeZoneHint(request.headers.get("cookie")) ?? "UTC";
}

/** The token sits in the URL: no Referer carries it to another site (same-origin still sends Origin, which the write check needs), no cache keeps the page. */
export const guestPageHeaders: HeadersFunction = () => ({
  "Referrer-Policy": "same-origin",
  "Cache-Control": "private, no-store",
  "X-Robots-Tag": "noindex",
});

/** The summary texts in `zone`. */
export function summaryOf(booking: GuestBooking, zone: string) {
  const start = formatInZone(booking.startsAt, zone);
  const end = formatInZone(booking.endsAt, zone);
  return {
    title: booking.title,
    hostName: booking.hostName,
    date: start.date,
    timeRange: `${start.time} – ${end.time}`,
    zone: `${zone.replace(/_/g, " ")} (${start.zoneName})`,
    status: booking.status,
  };
}

/** The confirmation page's booking: the one the token opens, under this host's username (or team); else 404. */
export async function confirmedBookingOr404(params: Params, request: Request) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const found = await getBookingForConfirmation(params.id ?? "", token);
  // Under its team's URL for a team's event type (decision 059); under its maker's username too (links made before).
  const under =
    params.team !== undefined
      ? found?.linkTeamSlug === params.team.toLowerCase()
      : found?.linkUsername === (params.username ?? "").toLowerCase();
  if (!found || !under) notFound();
  // The event type's location: the booking's real place on the page and in its .ics (docs/decisions/028).
  // The answers under the event type's questions: the .ics description carries them (decision 039).
  const lines = answerLines(await questionsOfEventType(found.booking.eventTypeId), found.booking.answers);
  return {
    ...found,
    token,
    location: await locationOfEventType(found.booking.eventTypeId),
    answerLines: lines,
    // The booking's meeting in the host's conferencing app (decision 065).
    meeting: await meetingOf(found.booking.id),
  };
}

/**
 * The policy as the guest's page says it (decision 077): what is allowed, the refusal that applies
 * now (the booking service's own rule), and a mail link to the host.
 */
export function policyView(booking: GuestBooking, change: "cancel" | "reschedule", now: Date) {
  const refusal = booking.status === "cancelled" ? null : guestChangeRefusal(booking, change, now);
  const subject = encodeURIComponent(POLICY_MESSAGES.contactSubject(booking.title));
  return {
    rule: refusal?.rule ?? null,
    refusal: refusal ? policyRefusalText(refusal, booking.hostName) : null,
    summary: policySummary(booking.policy, change),
    contact: booking.hostEmail
      ? { href: `mailto:${booking.hostEmail}?subject=${subject}`, label: POLICY_MESSAGES.contactHost(booking.hostName) }
      : null,
  };
}
