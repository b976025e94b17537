import { formatInZone } from "~/scheduling/zoned-time";
import { readerTime } from "~/scheduling/reader-time";
import type { ComposedMail, MailLogo, RemindedMeeting } from "~/schemas/reminder-mail";
import { MAIL_WORDS } from "~/messages/guest-words/mail";
import { fill, languageOf, LOCALES, plural, type Language } from "~/messages/languages";
import { linesToMail } from "./layout";

/**
 * The texts of reminders and follow-ups (docs/decisions/022): one e-mail per guest, with the
 * time in that guest's zone, and the host's bell notification. Pure, so tests read them as
 * the guest will. No cancel/reschedule links: a booking's token is stored only hashed, so a
 * reminder cannot carry them; it points to the confirmation e-mail and to the host instead.
 */

function html(paragraphs: string[], language: Language, logo: MailLogo | null | undefined): string {
  return linesToMail(paragraphs.join("\n\n").split("\n"), { language, ...logoFrame(logo, language) }, { details: [2] });
}

/**
 * The host's or team's logo at the top of a guest's mail (decision 117), its alt text in the
 * guest's language, as the invitations show it; nothing without one, so the HTML is as before.
 */
export function logoFrame(
  logo: MailLogo | null | undefined,
  language: Language,
): { logo?: { alt: string; url: string } } {
  return logo ? { logo: { alt: fill(MAIL_WORDS[language].logoAlt, { name: logo.name }), url: logo.url } } : {};
}

function minutesBetween(a: Date, b: Date): number {
  return Math.round((b.getTime() - a.getTime()) / 60_000);
}

/** "in 15 minutes", "in 2 hours", "in 1 day" (rounded down), for the time left at sending; in the guest's language. */
export function timeUntil(start: Date, now: Date, language: Language = "en"): string {
  const w = MAIL_WORDS[language];
  const minutes = Math.max(0, minutesBetween(now, start));
  if (minutes < 60) return plural(language, w.inMinutes, minutes);
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return plural(language, w.inHours, hours);
  return plural(language, w.inDays, Math.floor(hours / 24));
}

/** The reminder a guest gets before the meeting, in their zone and the language they booked in. */
export function guestReminderMail(m: RemindedMeeting, zone: string, now: Date): ComposedMail {
  const language = languageOf(m.language) ?? "en";
  const w = MAIL_WORDS[language];
  const when = readerTime(m.startsAt, zone, m.hostZone, LOCALES[language]);
  const join = m.joinUrl && !m.place?.includes(m.joinUrl) ? [fill(w.join, { url: m.joinUrl })] : [];
  const change = m.isBooking ? w.changeBooking : fill(w.changeByReply, { host: m.hostName });
  const paragraphs = [
    w.hi,
    fill(w.reminderLine, { event: m.eventName, host: m.hostName, until: timeUntil(m.startsAt, now, language) }),
    [
      fill(w.reminderWhen, {
        when: when.full,
        minutes: plural(language, w.reminderMinutes, minutesBetween(m.startsAt, m.endsAt)),
      }),
      m.place ? fill(w.where, { place: m.place }) : fill(w.how, { type: m.eventType }),
      ...join,
    ].join("\n"),
    change,
  ];
  return {
    subject: `${w.reminder}: ${m.eventName} — ${when.date} ${when.time} ${when.place}`,
    text: paragraphs.join("\n\n"),
    html: html(paragraphs, language, m.logo),
  };
}

/** The follow-up a guest gets after the meeting, with the host's own message. */
export function guestFollowUpMail(m: RemindedMeeting, zone: string, message: string): ComposedMail {
  const language = languageOf(m.language) ?? "en";
  const w = MAIL_WORDS[language];
  const when = readerTime(m.startsAt, zone, m.hostZone, LOCALES[language]);
  const paragraphs = [
    w.hi,
    fill(w.thankYouLine, { event: m.eventName, host: m.hostName, when: when.full }),
    ...(message.trim() ? [message.trim()] : []),
    fill(w.replyToReach, { host: m.hostName }),
  ];
  return {
    subject: `${w.thankYou}: ${m.eventName}`,
    text: paragraphs.join("\n\n"),
    html: html(paragraphs, language, m.logo),
  };
}

/** The host's bell notification before a meeting, in the host's zone. */
export function hostReminderNotification(
  m: Pick<RemindedMeeting, "eventName" | "startsAt">,
  guestName: string | null,
  zone: string,
  now: Date,
): string {
  const when = formatInZone(m.startsAt, zone);
  return `Reminder: '${m.eventName}'${guestName ? ` with ${guestName}` : ""} starts ${timeUntil(m.startsAt, now)} (${when.time}).`;
}
