import type { MailMessage } from "~/schemas/mail-message";
import { HOST_MAIL_WORDS, type HostMailWords } from "~/messages/host-mail-words";
import { fill, LOCALES, type Language } from "~/messages/languages";
import { linesToMail } from "./layout";

const HAPPENED = { create: "meetingNotCreated", move: "meetingNotMoved", delete: "meetingNotDeleted" } as const;
const SUBJECT = {
  create: "meetingNotCreatedSubject",
  move: "meetingNotMovedSubject",
  delete: "meetingNotDeletedSubject",
} as const;

/**
 * The host's word that a booking's meeting could not be made, moved or deleted in their
 * conferencing app (decision 065), for the bell (English, as the dashboard) and the mail (in the
 * language of the host's profile, decision 118). Pure: everything is passed in.
 */
export function conferencingFailedMail(input: {
  app: string;
  what: "create" | "move" | "delete";
  reason: string;
  /** The booking: its event type's title, and the guest's name when it has one. */
  booking: { title: string; guestName?: string | null; startsAt: Date; timeZone: string } | null;
  timelineUrl: string;
  calendarsUrl: string;
  language?: Language;
}): { note: string; message: Omit<MailMessage, "to"> } {
  const say = (w: HostMailWords, locale: string) => {
    const b = input.booking;
    const title = b ? (b.guestName ? fill(w.meetingWith, { event: b.title, guest: b.guestName }) : b.title) : null;
    const when = b
      ? new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short", timeZone: b.timeZone }).format(
          b.startsAt,
        )
      : null;
    const booking = title ? fill(w.meetingOn, { title, when: when ?? "" }) : w.meetingABooking;
    return {
      title: title ?? w.meetingABooking,
      happened: fill(w[HAPPENED[input.what]], { app: input.app, booking }),
    };
  };
  const language = input.language ?? "en";
  const w = HOST_MAIL_WORDS[language];
  const mine = say(w, LOCALES[language]);
  const lines = [
    mine.happened,
    "",
    fill(w.meetingWhy, { reason: input.reason }),
    "",
    fill(w.meetingTimeline, { url: input.timelineUrl }),
    fill(w.meetingApps, { url: input.calendarsUrl }),
  ];
  return {
    note: `${say(HOST_MAIL_WORDS.en, LOCALES.en).happened} (${input.reason})`,
    message: {
      subject: fill(w[SUBJECT[input.what]], { app: input.app, title: mine.title }),
      text: lines.join("\n"),
      html: linesToMail(lines, { language }),
    },
  };
}
