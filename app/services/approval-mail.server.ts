import type { BookingHost } from "~/models/booking-request.server";
import type { HostEvent } from "~/models/event.server";
import {
  composeApprovalRequest,
  composeRequestCancelled,
  composeRequestDeclined,
  composeRequestReceived,
  composeRequestWithdrawn,
} from "~/mail/approval-mail";
import { sendMail } from "~/server/mail-transport.server";
import { bookingPathOfEventType } from "~/models/event-type.server";
import { mailLanguageOf } from "~/models/user.server";
import { linkBase } from "~/server/env.server";

/** The senders of a pending booking's messages (decision 040), run by the mail consumer from the records. */

type Links = { cancelUrl: string | null; rescheduleUrl: string | null };

/** The host's approve/decline links on `base` (the page asks before it changes anything: mail scanners open links). */
export function approvalLinksFor(base: string, id: string, token: string): { approveUrl: string; declineUrl: string } {
  const url = `${base.replace(/\/$/, "")}/booking/${id}/approval?token=${encodeURIComponent(token)}`;
  return { approveUrl: url, declineUrl: `${url}&decision=decline` };
}

/** `requested`: the guests get "Request received", the host the request with Approve / Decline. */
export async function mailRequested(
  booking: HostEvent,
  host: BookingHost,
  to: string[],
  links: Links,
  approval: { approveUrl: string; declineUrl: string },
): Promise<void> {
  const holdUntil = booking.holdUntil ?? booking.startsAt;
  const hostName = host.name || host.email;
  if (to.length > 0) {
    await sendMail({
      to,
      replyTo: host.email,
      ...composeRequestReceived({ booking, hostName, hostZone: host.timeZone, holdUntil, links }),
    });
  }
  if (host.email) {
    await sendMail({
      to: host.email,
      ...(booking.guestEmail ? { replyTo: booking.guestEmail } : {}),
      ...composeApprovalRequest({
        booking,
        hostZone: host.timeZone,
        holdUntil,
        ...approval,
        language: await mailLanguageOf(host),
      }),
    });
  }
}

/** `declined`: the guests hear it was declined (with the host's reason) or ran out of time. */
export async function mailDeclined(
  booking: HostEvent,
  host: BookingHost,
  reason: string | null,
  expired: boolean,
): Promise<void> {
  if (booking.invitees.length === 0) return;
  const path = await bookingPathOfEventType(booking.eventTypeId);
  await sendMail({
    to: booking.invitees,
    replyTo: host.email,
    ...composeRequestDeclined({
      booking,
      hostName: host.name || host.email,
      hostZone: host.timeZone,
      reason,
      expired,
      bookAgainUrl: path ? `${linkBase()}${path}` : null,
      origin: linkBase(),
    }),
  });
}

/** A pending booking moved: its guests get "Request received" for the new time (still no calendar file). */
export async function mailRequestMoved(booking: HostEvent, host: BookingHost, links: Links): Promise<void> {
  if (booking.invitees.length === 0) return;
  const holdUntil = booking.holdUntil ?? booking.startsAt;
  await sendMail({
    to: booking.invitees,
    replyTo: host.email,
    ...composeRequestReceived({
      booking,
      hostName: host.name || host.email,
      hostZone: host.timeZone,
      holdUntil,
      links,
    }),
  });
}

/**
 * A request cancelled before the host answered (decision 040): its guests hear it (no calendar
 * file: it was never in their calendar); when the guest cancelled, the host too, with the guest's
 * reason. `reason`: the host's when the host cancelled, the guest's when the guest did.
 */
export async function mailRequestCancelled(
  booking: HostEvent,
  host: BookingHost,
  by: "guest" | "host",
  reason: string | null,
): Promise<void> {
  const hostName = host.name || host.email;
  if (booking.invitees.length > 0) {
    await sendMail({
      to: booking.invitees,
      replyTo: host.email,
      ...composeRequestCancelled({
        booking,
        hostName,
        hostZone: host.timeZone,
        by,
        reason: by === "host" ? reason : null,
      }),
    });
  }
  if (by === "guest" && host.email) {
    await sendMail({
      to: host.email,
      ...(booking.guestEmail ? { replyTo: booking.guestEmail } : {}),
      ...composeRequestWithdrawn({ booking, hostZone: host.timeZone, reason, language: await mailLanguageOf(host) }),
    });
  }
}
