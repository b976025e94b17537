import type { BookingSeat } from "../../db/schema";
import { seatBooking, sessionWithSeats } from "~/models/booking-seats.server";
import type { BookingHost } from "~/models/booking-request.server";
import type { HostEvent } from "~/models/event.server";
import { locationOfEventType } from "~/models/event-type.server";
import { mailGuests, mailHost } from "./booking-mail.server";
import { type InvitationKind } from "~/mail/event-mail";
import { placeLine } from "~/schemas/meeting";
import { readerTime } from "~/scheduling/reader-time";
import { sendMail } from "~/server/mail-transport.server";
import { eventCalendar, placeOf } from "./event-invitations.server";

/**
 * A seat's changes with their mails (decision 021). The seat's guest gets their own calendar
 * entry (UID `<seat id>@host`); the host's calendar holds the session (UID `<event id>@host`),
 * which changes when a seat comes or goes: a REQUEST with the new attendee list, or a CANCEL
 * when its last seat went.
 */

/** The host's session after a seat left it: CANCEL when that was its last seat, else the new attendee list. */
export async function mailHostOfSeatLeft(
  session: HostEvent,
  host: BookingHost,
  guestName: string,
  moved: boolean,
): Promise<void> {
  if (!host.email) return;
  if (session.status === "cancelled") return mailHost(session, host, "cancelled", guestName);
  const located = { ...session, location: await locationOfEventType(session.eventTypeId) };
  const t = readerTime(session.startsAt, host.timeZone);
  await sendMail({
    to: [host.email],
    subject: `Seat ${moved ? "moved" : "cancelled"}: ${session.eventName} with ${guestName} — ${t.date} ${t.time} ${t.place}`,
    text: [
      `${guestName} ${moved ? "moved their seat away from" : "cancelled their seat at"} "${session.eventName}" on ${t.full}. The session goes on with the others.`,
      "",
      `Where: ${placeLine(placeOf(located))}`,
      `Guests: ${session.invitees.join(", ")}`,
    ].join("\n"),
    attachments: [
      {
        filename: "invite.ics",
        content: eventCalendar(located, host, "updated"),
        contentType: "text/calendar; charset=utf-8; method=REQUEST",
      },
    ],
  });
}

/** The host cancelled or moved a whole session: each seat's guests get their own entry's CANCEL or REQUEST, the host the session's. */
export async function mailSessionSeats(
  session: HostEvent,
  seats: BookingSeat[],
  host: BookingHost,
  kind: InvitationKind,
  note?: string,
): Promise<void> {
  for (const seat of seats) await mailGuests(seatBooking(session, seat, seats), host, kind, { note });
  const seatLines = seats.map((seat) => ({
    name: seat.name,
    email: seat.email,
    timeZone: seat.timeZone,
    notes: seat.notes,
  }));
  await mailHost(
    sessionWithSeats(session, seats),
    host,
    kind,
    seats.length === 1 ? seats[0].name : `${seats.length} guests`,
    seatLines,
  );
}
