import type { MailResult } from "~/server/mail-transport.server";
import {
  composeCalendar,
  composeGuestMail,
  composeHostMail,
  guestLanguageOf,
  type InvitationHost as Host,
  type InvitationKind,
  type MailedEvent,
  type SeatLine,
  seriesCalendarOf,
} from "~/mail/event-mail";
import type { Event } from "../../db/schema";
import { locationOfEventType, questionsOfEventType } from "~/models/event-type.server";
import { meetingOf } from "~/models/conferencing.server";
import { photoHashOf } from "~/models/user-photo.server";
import { guestMailLogo, mailLogoOfBrand } from "~/models/user-logo.server";
import type { BookingMailFacts } from "~/models/booking-mail-facts.server";
import { mailLanguageOf } from "~/models/user.server";
import { occurrencesOf } from "~/models/booking-series.server";
import { HOST_MAIL_WORDS } from "~/messages/host-mail-words";
import { fill, type Language } from "~/messages/languages";
import { avatarUrl } from "~/schemas/profile-photo";
import { answerLines, type BookingAnswers } from "~/schemas/booking-answers";
import { meetingPlace, type MeetingPlace } from "~/schemas/meeting";
import { env, linkBase } from "~/server/env.server";
import { mailFrom, sendMail } from "~/server/mail-transport.server";

/**
 * Sends an event's invitations (composed in app/mail/event-mail.ts) with the app's settings:
 * the event type's location read when not passed, MEETING_BASE_URL, the UID host and sender.
 */

/**
 * The event with its event type's location (read once, only when the caller did not pass it) and
 * a booking's answers as lines under the event type's questions (decision 039). With `facts`
 * (bookingMailFactsOf, read for this event) it reads nothing.
 */
export async function located<T extends MailedEvent & { answers?: BookingAnswers | null }>(
  event: T,
  facts?: BookingMailFacts,
): Promise<T> {
  const withLines =
    event.answerLines === undefined && event.answers && Object.keys(event.answers).length > 0
      ? {
          ...event,
          answerLines: answerLines(
            facts ? facts.questions : await questionsOfEventType(event.eventTypeId),
            event.answers,
          ),
        }
      : event;
  // The booking's meeting in a conferencing app, as it is now (decision 065).
  const withMeeting =
    withLines.meeting === undefined && withLines.eventTypeId
      ? { ...withLines, meeting: facts ? facts.meeting : await meetingOf(withLines.id) }
      : withLines;
  if (withMeeting.location !== undefined || !withMeeting.eventTypeId) return withMeeting;
  return { ...withMeeting, location: facts ? facts.location : await locationOfEventType(withMeeting.eventTypeId) };
}

/** The place of an event with the app's settings (MEETING_BASE_URL). */
export function placeOf(event: Pick<MailedEvent, "eventType" | "roomId" | "location" | "meeting">): MeetingPlace {
  return meetingPlace({
    setting: event.location,
    eventType: event.eventType,
    baseUrl: env().MEETING_BASE_URL,
    roomId: event.roomId,
    meeting: event.meeting,
  });
}

function uidHost(): string {
  return env().APP_URL ? new URL(env().APP_URL as string).hostname : "scheduler.local";
}

/**
 * The iCalendar text for an event with the app's settings; throws only on a programming error.
 * `forGuest`: its texts in the language the guest booked in (docs/decisions/088).
 */
export function eventCalendar(
  event: MailedEvent,
  host: Host,
  kind: InvitationKind,
  forGuest = false,
  hostLanguage: Language = "en",
): string {
  return composeCalendar({
    event,
    host,
    kind,
    place: placeOf(event),
    uidHost: uidHost(),
    sentBy: mailFrom().replace(/^.*<|>$/g, ""),
    language: forGuest ? guestLanguageOf(event) : hostLanguage,
  });
}

/**
 * The guest's .ics of a booking: its calendar entry, or for a recurring series' meeting the whole
 * series as it is now (decision 106): one RRULE, cancelled meetings as EXDATEs, moved ones as
 * instances; cancelled as a whole only when every meeting is.
 */
export function guestCalendarFile(
  event: MailedEvent & { status: Event["status"] },
  host: Host,
  occurrences: Array<
    Pick<Event, "seriesId" | "seriesIndex" | "seriesRule" | "startsAt" | "endsAt" | "status" | "sequence">
  >,
): string {
  const entry = seriesEntry(event, occurrences);
  // The guest's file: its texts in the language they booked in (docs/decisions/088).
  if (entry) return eventCalendar(entry.event, host, entry.cancelled ? "cancelled" : "created", true);
  return eventCalendar(event, host, event.status === "cancelled" ? "cancelled" : "created", true);
}

type SeriesOccurrence = Pick<
  Event,
  "seriesId" | "seriesIndex" | "seriesRule" | "startsAt" | "endsAt" | "status" | "sequence"
>;

/** A series' calendar entry as it is now, from its meetings (decision 106); null for a single booking. */
export function seriesEntry<T extends MailedEvent>(
  event: T,
  occurrences: SeriesOccurrence[],
): { event: T; cancelled: boolean } | null {
  const series = occurrences.length > 0 ? seriesCalendarOf(occurrences) : null;
  if (!series) return null;
  return {
    event: {
      ...event,
      series,
      // Every meeting's change (a move, a cancel) raises the series' SEQUENCE.
      sequence: occurrences.reduce((sum, o) => sum + o.sequence, 0),
      startsAt: occurrences[0].startsAt,
      endsAt: occurrences[0].endsAt,
    },
    cancelled: occurrences.every((o) => o.status === "cancelled"),
  };
}

function calendarAttachment(
  event: MailedEvent,
  host: Host,
  kind: InvitationKind,
  forGuest = false,
  hostLanguage: Language = "en",
) {
  return {
    filename: kind === "cancelled" ? "cancel.ics" : "invite.ics",
    content: eventCalendar(event, host, kind, forGuest, hostLanguage),
    contentType: `text/calendar; charset=utf-8; method=${kind === "cancelled" ? "CANCEL" : "REQUEST"}`,
  };
}

/**
 * `footer`: lines after the details (a booking's cancel and reschedule links, a host's note on a
 * cancel); `lead`: an update's first line (a booking handed to another host).
 */
export async function mailInvitees(
  given: MailedEvent & { answers?: BookingAnswers | null },
  host: Host,
  kind: InvitationKind,
  footer: string[] = [],
  lead?: string,
  /** The attachment's own entry and kind when it is not the event's (a recurring series', decision 106). */
  calendar?: { event: MailedEvent; kind: InvitationKind },
  /** What the mail reads of the database, already read for this event and host (bookingMailFactsOf). */
  facts?: BookingMailFacts,
): Promise<MailResult | null> {
  if (given.invitees.length === 0) return null;
  const event = await located(given, facts);
  // A booking's guests read it in the zone they booked in; a host's own event's in the host's.
  const readerZone = event.guestTimeZone || host.timeZone;
  const origin = linkBase();
  // The host's photo (decision 095) as PNG: several mail clients show no WebP.
  const hostPhotoUrl =
    host.id && origin
      ? avatarUrl(
          { id: host.id, photoHash: facts ? facts.photoHash : await photoHashOf(host.id) },
          origin,
          "small",
          "png",
        )
      : null;
  // The host's own logo, or the team's for a team's event type (decision 117), at the top: an
  // absolute URL from APP_URL, so none without it.
  const logoBase = env().APP_URL ? origin : null;
  const logo = !host.id
    ? null
    : facts
      ? mailLogoOfBrand(facts.brand, logoBase)
      : await guestMailLogo(host.id, event.eventTypeId, logoBase);
  const message = composeGuestMail({
    event,
    hostName: host.name || host.email,
    kind,
    readerZone,
    otherZone: host.timeZone,
    place: placeOf(event),
    footer,
    lead,
    language: guestLanguageOf(event),
    origin,
    hostPhotoUrl,
    logo,
  });
  return sendMail({
    to: event.invitees,
    replyTo: host.email,
    ...message,
    attachments: [
      calendar
        ? calendarAttachment({ ...event, ...calendar.event }, host, calendar.kind, true)
        : calendarAttachment(event, host, kind, true),
    ],
  });
}

/**
 * Tells the host about a booking a guest made, moved or cancelled (decision 018), with the same
 * calendar entry (UID, SEQUENCE) the guests got, so the host's calendar follows too; in the
 * language the host reads their mails in (decision 110). `cancelReason`: the guest's reason.
 */
export async function mailHostOfBooking(
  given: MailedEvent & {
    notes?: string | null;
    answers?: BookingAnswers | null;
    seriesId?: string | null;
    seriesIndex?: number | null;
  },
  host: Host,
  kind: InvitationKind,
  guestName: string,
  seats?: SeatLine[],
  /** `facts`: what the mail reads of the database, already read for this event and host (bookingMailFactsOf). */
  options: { reason?: string; cancelReason?: string; facts?: BookingMailFacts } = {},
): Promise<MailResult> {
  const event = await located(given, options.facts);
  const language = options.facts ? options.facts.mailLanguage : await mailLanguageOf(host);
  const reason = options.cancelReason
    ? fill(HOST_MAIL_WORDS[language].reason, { reason: options.cancelReason })
    : options.reason;
  // A recurring series' meeting moved or cancelled (decision 118): the mail says which meeting,
  // and the attachment is the series as it is now, as the guests' (the confirmation carried it).
  const entry =
    given.seriesId && !given.series && kind !== "created"
      ? seriesEntry(event, await occurrencesOf(given.seriesId))
      : null;
  const message = composeHostMail({
    language,
    reason,
    seriesMeeting: entry?.event.series ? { index: given.seriesIndex ?? 1, series: entry.event.series } : null,
    event,
    kind,
    guestName,
    readerZone: host.timeZone,
    otherZone: event.guestTimeZone ?? null,
    place: placeOf(event),
    notes: event.notes,
    seats,
    origin: linkBase(),
  });
  return sendMail({
    to: [host.email],
    ...message,
    attachments: [
      entry
        ? calendarAttachment(entry.event, host, entry.cancelled ? "cancelled" : "updated", false, language)
        : calendarAttachment(event, host, kind, false, language),
    ],
  });
}
