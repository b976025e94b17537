import type { BookingHost } from "~/models/booking-request.server";
import type { HostEvent } from "~/models/event.server";
import { composeAssignedMail, composeTakenOffMail, reassignedGuestLead } from "~/mail/reassign-mail";
import { mailLanguageOf } from "~/models/user.server";
import { sendMail } from "~/server/mail-transport.server";
import { eventCalendar, located, mailInvitees, placeOf } from "./event-invitations.server";

/**
 * Who hears of a round-robin booking handed to another host (decision 060), from the `reassigned`
 * record's snapshot: the guests the updated invitation (the new host its organizer, SEQUENCE up),
 * the host it left a CANCEL of their entry, the new host the REQUEST. Calendars follow by the
 * calendar consumer (the booking leaves the old host's receiving calendar for the new host's).
 * Each host reads theirs, and its calendar file, in the language of their profile (decision 118).
 */

export interface ReassignedPayload {
  tell: "reassigned";
  /** The booking as it is now: the new host, the new time when it also moved. */
  booking: HostEvent;
  host: BookingHost;
  previousHost: BookingHost & { id: string };
  /** Who handed it over, or null when the guest's move did (their host was not free then). */
  by: string | null;
  /** A guest's own move: their links again. */
  links?: { cancelUrl: string | null; rescheduleUrl: string | null };
  /** Its times before, when it also moved. */
  moved?: { startsAt: Date; endsAt: Date };
}

const nameOf = (h: BookingHost) => h.name || h.email;

export async function tellReassigned(p: ReassignedPayload): Promise<void> {
  const event = await located(p.booking);
  const guestName = event.guestName ?? "A guest";
  const footer =
    p.links?.cancelUrl && p.links.rescheduleUrl
      ? [`Need to change it? Reschedule: ${p.links.rescheduleUrl}`, `Cancel: ${p.links.cancelUrl}`]
      : [];
  await mailInvitees(
    event,
    p.host,
    "updated",
    footer,
    reassignedGuestLead({
      eventName: event.eventName,
      hostName: nameOf(p.host),
      previousHostName: nameOf(p.previousHost),
    }),
  );
  const says = {
    event,
    guestName,
    otherZone: event.guestTimeZone ?? null,
    place: placeOf(event),
    notes: event.notes,
    hostName: nameOf(p.host),
    previousHostName: nameOf(p.previousHost),
    by: p.by,
  };
  if (p.previousHost.email) {
    // Their entry had the times before; a CANCEL file bumps SEQUENCE itself.
    const theirs = {
      ...event,
      ...(p.moved ?? {}),
      sequence: Math.max(0, event.sequence - 1),
    };
    const language = await mailLanguageOf(p.previousHost);
    await sendMail({
      to: [p.previousHost.email],
      ...composeTakenOffMail({ ...says, readerZone: p.previousHost.timeZone, language }),
      attachments: [
        {
          filename: "cancel.ics",
          content: eventCalendar(theirs, p.previousHost, "cancelled", false, language),
          contentType: "text/calendar; charset=utf-8; method=CANCEL",
        },
      ],
    });
  }
  if (p.host.email) {
    const language = await mailLanguageOf(p.host);
    await sendMail({
      to: [p.host.email],
      ...composeAssignedMail({ ...says, readerZone: p.host.timeZone, language }),
      attachments: [
        {
          filename: "invite.ics",
          content: eventCalendar(event, p.host, "updated", false, language),
          contentType: "text/calendar; charset=utf-8; method=REQUEST",
        },
      ],
    });
  }
}
