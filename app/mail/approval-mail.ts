import type { MailMessage } from "~/schemas/mail-message";
import { readerTime } from "~/scheduling/reader-time";
import { MAIL_WORDS } from "~/messages/guest-words/mail";
import { HOST_MAIL_WORDS } from "~/messages/host-mail-words";
import { fill, LOCALES, plural, type Language } from "~/messages/languages";
import { linesToHtml } from "./event-mail";

/**
 * The messages of a booking that waits for its host's approval (decision 040): the guest's
 * "Request received", the host's request with Approve / Decline links, and the guest's "declined".
 * Pure: they get what to say; the senders (app/services/approval.server.ts) read and send.
 * No calendar file: nothing is in anyone's calendar until the host approves.
 */

export interface RequestedBooking {
  eventName: string;
  startsAt: Date;
  endsAt: Date;
  guestName: string | null;
  guestTimeZone: string | null;
  notes?: string | null;
}

type Composed = Pick<MailMessage, "subject" | "text" | "html">;

function minutes(b: RequestedBooking): number {
  return Math.round((b.endsAt.getTime() - b.startsAt.getTime()) / 60_000);
}

function composed(subject: string, lines: string[], origin?: string): Composed {
  return { subject, text: lines.join("\n"), html: linesToHtml(lines, { origin }, { details: [1] }) };
}

/** To the guest: their request is in, the slot is held, and when they will hear at the latest. */
export function composeRequestReceived(input: {
  booking: RequestedBooking;
  hostName: string;
  hostZone: string;
  holdUntil: Date;
  links: { cancelUrl: string | null; rescheduleUrl: string | null };
}): Composed {
  const zone = input.booking.guestTimeZone || input.hostZone;
  const t = readerTime(input.booking.startsAt, zone, input.hostZone);
  const by = readerTime(input.holdUntil, zone);
  const lines = [
    `Request received: ${input.hostName} has not confirmed "${input.booking.eventName}" yet.`,
    "",
    `Requested time: ${t.full}, ${minutes(input.booking)} minutes`,
    "This time is held for you while the host decides.",
    `You will get an e-mail when ${input.hostName} approves or declines, by ${by.full} at the latest.`,
    ...(input.links.cancelUrl ? ["", `Changed your mind? Cancel the request: ${input.links.cancelUrl}`] : []),
  ];
  return composed(`Request received: ${input.booking.eventName} — ${t.date} ${t.time} ${t.place}`, lines);
}

/**
 * To the host, in the language they read their mails in (docs/decisions/110): a guest asks for a
 * time; the links open the page with Approve and Decline.
 */
export function composeApprovalRequest(input: {
  booking: RequestedBooking;
  hostZone: string;
  holdUntil: Date;
  approveUrl: string;
  declineUrl: string;
  language?: Language;
}): Composed {
  const language = input.language ?? "en";
  const w = HOST_MAIL_WORDS[language];
  const t = readerTime(input.booking.startsAt, input.hostZone, input.booking.guestTimeZone, LOCALES[language]);
  const by = readerTime(input.holdUntil, input.hostZone, null, LOCALES[language]);
  const guest = input.booking.guestName ?? w.aGuest;
  const mail = MAIL_WORDS[language];
  const lines = [
    fill(w.asks, { guest, event: input.booking.eventName }),
    "",
    fill(mail.when, { when: t.full, minutes: plural(language, mail.minutes, minutes(input.booking)) }),
    ...(input.booking.notes ? [fill(w.notes, { notes: input.booking.notes })] : []),
    "",
    fill(w.approve, { url: input.approveUrl }),
    fill(w.decline, { url: input.declineUrl }),
    "",
    fill(w.held, { when: by.full, guest }),
  ];
  const subject = fill(w.requestSubject, {
    event: input.booking.eventName,
    guest,
    when: `${t.date} ${t.time} ${t.place}`,
  });
  return { subject, text: lines.join("\n"), html: linesToHtml(lines, { language }, { details: [1] }) };
}

/** To the guest: the host declined, or did not answer in time (`reason` null and `expired`). */
export function composeRequestDeclined(input: {
  booking: RequestedBooking;
  hostName: string;
  hostZone: string;
  reason: string | null;
  expired: boolean;
  /** The event type's booking page, to pick another time (null when it is gone). */
  bookAgainUrl?: string | null;
  origin?: string;
}): Composed {
  const zone = input.booking.guestTimeZone || input.hostZone;
  const t = readerTime(input.booking.startsAt, zone, input.hostZone);
  const lines = [
    input.expired
      ? `${input.hostName} did not answer your request for "${input.booking.eventName}" in time, so it was not booked.`
      : `${input.hostName} declined your request for "${input.booking.eventName}".`,
    "",
    `Requested time: ${t.full}`,
    ...(input.reason ? [`Reason: ${input.reason}`] : []),
    "",
    "The time is free again; you are welcome to pick another time.",
    ...(input.bookAgainUrl ? [`Book another time: ${input.bookAgainUrl}`] : []),
  ];
  return composed(`Request declined: ${input.booking.eventName} — ${t.date} ${t.time} ${t.place}`, lines, input.origin);
}

/**
 * To the guest: their request was cancelled before the host answered, by themselves or by the
 * host (with the host's reason). Nothing was in their calendar, so there is no calendar file.
 */
export function composeRequestCancelled(input: {
  booking: RequestedBooking;
  hostName: string;
  hostZone: string;
  by: "guest" | "host";
  reason: string | null;
}): Composed {
  const zone = input.booking.guestTimeZone || input.hostZone;
  const t = readerTime(input.booking.startsAt, zone, input.hostZone);
  const lines = [
    input.by === "guest"
      ? `You cancelled your request for "${input.booking.eventName}" with ${input.hostName}. Nothing was booked.`
      : `${input.hostName} cancelled your request for "${input.booking.eventName}".`,
    "",
    `Requested time: ${t.full}`,
    ...(input.reason ? [`Reason: ${input.reason}`] : []),
    ...(input.by === "host" ? ["", "The time is free again; you are welcome to pick another time."] : []),
  ];
  return composed(`Request cancelled: ${input.booking.eventName} — ${t.date} ${t.time} ${t.place}`, lines);
}

/** To the host: the guest cancelled their request before it was answered; the time is free again. */
export function composeRequestWithdrawn(input: {
  booking: RequestedBooking;
  hostZone: string;
  reason: string | null;
  /** The host's language (their profile's, decisions 110 and 118); English when not given. */
  language?: Language;
}): Composed {
  const language = input.language ?? "en";
  const w = HOST_MAIL_WORDS[language];
  const t = readerTime(input.booking.startsAt, input.hostZone, input.booking.guestTimeZone, LOCALES[language]);
  const guest = input.booking.guestName ?? w.aGuest;
  const lines = [
    fill(w.requestWithdrawn, { guest, event: input.booking.eventName }),
    "",
    fill(w.requestedTime, { when: t.full }),
    ...(input.reason ? [fill(w.reason, { reason: input.reason })] : []),
    "",
    w.requestGone,
  ];
  const mail = composed(
    fill(w.requestWithdrawnSubject, {
      event: input.booking.eventName,
      guest,
      when: `${t.date} ${t.time} ${t.place}`,
    }),
    lines,
  );
  return { ...mail, html: linesToHtml(lines, { language }, { details: [1] }) };
}
