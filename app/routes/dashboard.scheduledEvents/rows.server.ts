import { answerLines, type AnswerLine } from "~/schemas/booking-answers";
import { whenOf } from "~/components/admin-table";
import { peopleOf } from "~/models/booking-seats.server";
import type { ScheduledEvent } from "~/models/scheduled-events.server";
import { placeOf } from "~/services/event-invitations.server";
import { placeLine } from "~/schemas/meeting";
import { readerTime } from "~/scheduling/reader-time";

/**
 * A host's view of one of their events, as Scheduled Events lists it and the booking's own page
 * shows it: times in the host's zone, the guest's side as they gave it.
 */

/** The event's real place (docs/decisions/028): the event type's, else the legacy `eventType` option. */
export function locationText(e: ScheduledEvent): string {
  return placeLine(placeOf(e), { hideRoom: true });
}

/** What the guest told us: the zone they booked in (with the start there), their notes and answers (decision 039). */
function guestSide(startsAt: Date, zone: string | null, notes: string | null, answers: AnswerLine[] = []) {
  return {
    zone: zone ? `${zone.replace(/_/g, " ")} (${readerTime(startsAt, zone).time} there)` : null,
    notes: notes || null,
    answers,
  };
}

export function row(e: ScheduledEvent, zone: string, now: Date) {
  const session = e.seats.length > 0;
  const shown = session ? e.seats.filter((s) => e.status === "cancelled" || s.status === "confirmed") : [];
  return {
    id: e.id,
    host: { name: e.host.name || e.host.email, email: e.host.email },
    eventName: e.eventName,
    eventWith: e.eventWith,
    booked: e.guestEmail !== null,
    // A collective booking's co-host row (decision 020): its owner or guest moves or cancels it.
    coHosted: e.bookingId !== null,
    // A round-robin booking: its host may hand it to another host (decision 060).
    reassignable: e.kind === "round-robin" && e.guestEmail !== null && e.bookingId === null,
    status: e.status,
    declined: e.declinedAt !== null,
    answerBy: e.status === "pending" && e.holdUntil ? readerTime(e.holdUntil, zone) : null,
    past: e.endsAt.getTime() <= now.getTime(),
    // No-shows (decision 078): a guest's booking (not a co-host's row) that has started.
    noShow: e.guestNoShow,
    hostNoShow: e.hostNoShow,
    markable: e.guestEmail !== null && e.bookingId === null && e.status !== "cancelled" && e.startsAt <= now,
    startsAt: e.startsAt.toISOString(),
    when: whenOf(e.startsAt, e.endsAt, zone),
    location: locationText(e),
    guest:
      !session && e.guestEmail
        ? {
            name: e.guestName ?? "",
            email: e.guestEmail,
            ...guestSide(e.startsAt, e.guestTimeZone, e.notes, answerLines(e.questions, e.answers)),
          }
        : !session && e.bookingId
          ? { name: e.guestName ?? "", email: "", ...guestSide(e.startsAt, e.guestTimeZone, e.notes) }
          : null,
    invitees: !session && !e.guestEmail && !e.bookingId ? e.invitees : [],
    seats: session
      ? {
          used: e.seats.filter((s) => s.status === "confirmed").reduce((n, s) => n + peopleOf(s).length, 0),
          capacity: e.capacity ?? 0,
          list: shown.map((s) => ({
            id: s.id,
            name: s.name,
            email: s.email,
            guests: s.guests,
            cancelled: s.status === "cancelled",
            ...guestSide(e.startsAt, s.timeZone, s.notes, answerLines(e.questions, s.answers)),
          })),
        }
      : null,
  };
}
