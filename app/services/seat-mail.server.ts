import type { BookingSeat } from "../../db/schema";
import { seatBooking, sessionWithSeats } from "~/models/booking-seats.server";
import type { BookingHost } from "~/models/booking-request.server";
import type { HostEvent } from "~/models/event.server";
import { locationOfEventType } from "~/models/event-type.server";
import { mailGuests, mailHost } from "./booking-mail.server";
import { placeIn, type InvitationKind } from "~/mail/event-mail";
import { mailLanguageOf } from "~/models/user.server";
import { MAIL_WORDS } from "~/messages/guest-words/mail";
import { HOST_MAIL_WORDS } from "~/messages/host-mail-words";
import { fill, LOCALES } from "~/messages/languages";
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
  // In the language of the host's profile (decisions 110 and 118).
  const language = await mailLanguageOf(host);
  const w = HOST_MAIL_WORDS[language];
  const mail = MAIL_WORDS[language];
  const t = readerTime(session.startsAt, host.timeZone, null, LOCALES[language]);
  const names = { guest: guestName, event: session.eventName, when: t.full };
  await sendMail({
    to: [host.email],
    subject: fill(moved ? w.seatMovedSubject : w.seatCancelledSubject, {
      ...names,
      when: `${t.date} ${t.time} ${t.place}`,
    }),
    text: [
      fill(moved ? w.seatMoved : w.seatCancelled, names),
      "",
      fill(mail.where, { place: placeLine(placeIn(placeOf(located), mail)) }),
      fill(w.guests, { guests: session.invitees.join(", ") }),
    ].join("\n"),
    attachments: [
      {
        filename: "invite.ics",
        content: eventCalendar(located, host, "updated", false, language),
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
