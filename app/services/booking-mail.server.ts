import { type BookingHost } from "~/models/booking-request.server";
import type { SeatBooking } from "~/models/booking-seats.server";
import type { HostEvent } from "~/models/event.server";
import { coHostsOf } from "~/models/team-booking.server";
import {
  guestLanguageOf,
  seriesCalendarOf,
  type InvitationKind,
  type MailedEvent,
  type SeatLine,
} from "~/mail/event-mail";
import { MAIL_WORDS } from "~/messages/guest-words/mail";
import { fill } from "~/messages/languages";
import { located, mailHostOfBooking, mailInvitees, seriesEntry } from "./event-invitations.server";
import { occurrencesOf } from "~/models/booking-series.server";
import { bookingMailFactsOf, type BookingMailFacts } from "~/models/booking-mail-facts.server";
import { isUuid } from "~/models/event.server";

/** Who hears of a booking and what they get (decision 018): the guests, the host, a collective booking's co-hosts. */

/** The guest's cancel/reschedule links on `base`. */
export function linksFor(base: string, id: string, token: string | null): Links {
  if (!token) return { cancelUrl: null, rescheduleUrl: null };
  const root = base.replace(/\/$/, "");
  const query = `?token=${encodeURIComponent(token)}`;
  return {
    cancelUrl: `${root}/booking/${id}/cancel${query}`,
    rescheduleUrl: `${root}/booking/${id}/reschedule${query}`,
  };
}

type Links = { cancelUrl: string | null; rescheduleUrl: string | null };

/** A cancel's calendar file bumps SEQUENCE itself and the database already did: it is given the one before. */
function mailedSequence<T extends { sequence: number }>(event: T, kind: InvitationKind): T {
  return { ...event, sequence: kind === "cancelled" ? Math.max(0, event.sequence - 1) : event.sequence };
}

/**
 * The guests (`to`, default every invitee) get the calendar entry: REQUEST on create and move,
 * CANCEL on cancel, with the links (create, a guest's own move) or the host's note (a host's cancel).
 */
export async function mailGuests(
  event: HostEvent,
  host: BookingHost,
  kind: InvitationKind,
  options: {
    to?: string[];
    links?: Links;
    note?: string;
    because?: string;
    receiptUrl?: string;
    /** Read for this event and host (bookingMailFactsOf): the mail reads nothing more. */
    facts?: BookingMailFacts;
  } = {},
): Promise<void> {
  const mailed = { ...mailedSequence(event, kind), invitees: options.to ?? event.invitees };
  const links = options.links;
  // In the language the guest booked in (docs/decisions/088).
  const w = MAIL_WORDS[guestLanguageOf(event)];
  const footer =
    links?.cancelUrl && links.rescheduleUrl
      ? [fill(w.changeLink, { url: links.rescheduleUrl }), fill(w.cancelLink, { url: links.cancelUrl })]
      : [];
  if (options.note) footer.push(fill(w.noteFrom, { host: host.name || host.email, note: options.note }));
  if (options.because) footer.push(options.because);
  // A paid booking's confirmation (docs/decisions/107): Stripe's receipt page for the charge.
  if (options.receiptUrl) footer.push(fill(w.receiptLink, { url: options.receiptUrl }));
  // A recurring series' meeting moved or cancelled (decision 106): the guests' calendars hold the
  // series, so the attachment is the series as it is now (an EXDATE, a moved instance).
  const entry =
    event.seriesId && !(mailed as MailedEvent).series ? seriesEntry(mailed, await occurrencesOf(event.seriesId)) : null;
  await mailInvitees(
    mailed,
    host,
    kind,
    footer,
    undefined,
    entry ? { event: entry.event, kind: entry.cancelled ? "cancelled" : "updated" } : undefined,
    options.facts,
  );
}

/**
 * The host gets the same calendar entry (UID, SEQUENCE) as the booking's guests; for a seat, the
 * whole session's. A collective booking's co-hosts get their own entry (their own row, decision 020).
 */
export async function mailHost(
  event: HostEvent,
  host: BookingHost,
  kind: InvitationKind,
  guestName: string,
  seats?: SeatLine[],
  /** `facts`: read for this event and `host` (bookingMailFactsOf); the co-hosts' mails read their own. */
  options: { alone?: boolean; reason?: string; facts?: BookingMailFacts } = {},
): Promise<void> {
  const reason = { cancelReason: options.reason };
  // A seat's news is about that seat's guest: their zone and notes, on the session's calendar entry.
  const forHost =
    "session" in event
      ? {
          ...(event as SeatBooking).session,
          guestTimeZone: event.guestTimeZone,
          notes: event.notes,
          answers: event.answers,
        }
      : event;
  if (host.email)
    await mailHostOfBooking(mailedSequence(forHost, kind), host, kind, guestName, seats, {
      ...reason,
      facts: options.facts,
    });
  // Known to have no co-host rows (a one-to-one or group booking): not looked for.
  for (const co of options.alone ? [] : await coHostsOf(forHost.id)) {
    if (co.host.email) await mailHostOfBooking(mailedSequence(co.event, kind), co.host, kind, guestName, seats, reason);
  }
}

/** Guests, then host (decision 018; a seat's guest gets their seat's own entry, decision 021). */
export async function mailBooking(
  event: HostEvent,
  host: BookingHost,
  kind: InvitationKind,
  options: {
    to?: string[];
    links?: Links;
    note?: string;
    alone?: boolean;
    reason?: string;
    receiptUrl?: string;
  } = {},
): Promise<void> {
  // What both mails read of the database, in one statement (decision 138); a seat's host mail is
  // about its session (another row), so a seat reads as before.
  const facts =
    host.id && isUuid(host.id) && !("session" in event)
      ? ((await bookingMailFactsOf(host.id, event.eventTypeId, event.id)) ?? undefined)
      : undefined;
  const ready = await located(event, facts);
  await mailGuests(ready, host, kind, { ...options, facts });
  await mailHost(ready, host, kind, event.guestName ?? "A guest", undefined, {
    alone: options.alone,
    reason: options.reason,
    facts,
  });
}

/**
 * A recurring series' one confirmation (decision 106): the guests and the host each get one mail
 * listing every date, with one repeating calendar entry (RRULE), not one mail per meeting.
 */
export async function mailSeries(first: HostEvent, host: BookingHost, links?: Links): Promise<void> {
  const series = seriesCalendarOf([first]);
  await mailBooking({ ...first, series } as HostEvent, host, "created", { links, alone: true });
}
