import type { MailMessage } from "~/schemas/mail-message";
import { placeLine, type MeetingPlace } from "~/schemas/meeting";
import { readerTime } from "~/scheduling/reader-time";
import { MAIL_WORDS } from "~/messages/guest-words/mail";
import { HOST_MAIL_WORDS } from "~/messages/host-mail-words";
import { fill, LOCALES, plural, type Language } from "~/messages/languages";
import { answersText, linesToHtml, placeIn, type MailedEvent } from "./event-mail";

/**
 * The messages of a round-robin booking handed to another host (decision 060). The guests get the
 * updated invitation (event-mail.ts, with `reassignedGuestLead` as its first line); the host it
 * left is told it is off their calendar (with a CANCEL of their entry); the new host that it is
 * theirs (with the REQUEST). Each host reads theirs in the language of their profile (decisions
 * 110 and 118). Pure: each gets what to say.
 */

export interface ReassignedHostMailInput {
  event: Pick<MailedEvent, "eventName" | "startsAt" | "endsAt" | "invitees" | "answerLines">;
  guestName: string;
  /** The reader's zone, and the guest's shown in brackets (null when unknown). */
  readerZone: string;
  otherZone: string | null;
  place: MeetingPlace;
  notes?: string | null;
  /** Who hosts it now, and who did before. */
  hostName: string;
  previousHostName: string;
  /** Who handed it over (a person's name), or null when the guest's move did. */
  by: string | null;
  /** The reader's language (their profile's, docs/decisions/110); English when not given. */
  language?: Language;
}

/** The first line of the guests' updated invitation. */
export function reassignedGuestLead(input: { eventName: string; hostName: string; previousHostName: string }): string {
  return `Your meeting "${input.eventName}" is now hosted by ${input.hostName} instead of ${input.previousHostName}. Here are the details.`;
}

/** To the host the booking left: it is off their calendar (the attached CANCEL removes it). */
export function composeTakenOffMail(input: ReassignedHostMailInput): Pick<MailMessage, "subject" | "text" | "html"> {
  const language = input.language ?? "en";
  const w = HOST_MAIL_WORDS[language];
  const t = readerTime(input.event.startsAt, input.readerZone, input.otherZone, LOCALES[language]);
  const lines = [
    fill(w.takenOff, { event: input.event.eventName, guest: input.guestName, when: t.full, host: input.hostName }),
    input.by ? fill(w.takenOffBy, { by: input.by }) : w.takenOffByGuest,
  ];
  return {
    subject: fill(w.takenOffSubject, {
      event: input.event.eventName,
      guest: input.guestName,
      when: `${t.date} ${t.time} ${t.place}`,
    }),
    text: lines.join("\n"),
    html: linesToHtml(lines, { language }),
  };
}

/** To the host it now belongs to: the booking with its details (the attached invitation adds it). */
export function composeAssignedMail(input: ReassignedHostMailInput): Pick<MailMessage, "subject" | "text" | "html"> {
  const { event } = input;
  const language = input.language ?? "en";
  const w = HOST_MAIL_WORDS[language];
  const mail = MAIL_WORDS[language];
  const place = placeIn(input.place, mail);
  const t = readerTime(event.startsAt, input.readerZone, input.otherZone, LOCALES[language]);
  const minutes = Math.round((event.endsAt.getTime() - event.startsAt.getTime()) / 60_000);
  const previous = input.previousHostName;
  const lines = [
    fill(w.assigned, { event: event.eventName, guest: input.guestName, when: t.full, previous }),
    input.by ? fill(w.assignedBy, { by: input.by }) : fill(w.assignedByGuest, { previous }),
    "",
    fill(mail.when, { when: t.full, minutes: plural(language, mail.minutes, minutes) }),
    fill(mail.where, { place: placeLine(place) }),
    ...(place.joinUrl && place.joinUrl !== place.detail ? [fill(mail.join, { url: place.joinUrl })] : []),
    fill(w.guests, { guests: event.invitees.join(", ") }),
    ...(input.otherZone ? [fill(w.guestZone, { zone: input.otherZone })] : []),
    ...(input.notes ? [fill(w.notes, { notes: input.notes })] : []),
    ...(event.answerLines?.length ? ["", w.answers, ...answersText(event.answerLines)] : []),
    "",
    w.assignedCalendar,
  ];
  return {
    subject: fill(w.assignedSubject, {
      event: event.eventName,
      guest: input.guestName,
      when: `${t.date} ${t.time} ${t.place}`,
    }),
    text: lines.join("\n"),
    html: linesToHtml(lines, { language }),
  };
}
