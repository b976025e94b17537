import type { AnswerLine } from "~/schemas/booking-answers";
import type { Event } from "../../db/schema";
import type { MailMessage } from "~/schemas/mail-message";
import { placeLine, type ConferenceMeeting, type LocationSetting, type MeetingPlace } from "~/schemas/meeting";
import { readerTime } from "~/scheduling/reader-time";
import { contentLine, escapeText, icalendarText, utcDateTime } from "./icalendar";
import { instantToWallClock } from "~/scheduling/zoned-time";
import { seriesStarts, zoneOffsets } from "~/scheduling/recurrence";
import { MAIL_WORDS, placeNameIn, type MailWords } from "~/messages/guest-words/mail";
import { HOST_MAIL_WORDS, type HostMailWords } from "~/messages/host-mail-words";
import { fill, languageOf, LOCALES, plural, type Language } from "~/messages/languages";
import { linesToMail, type BlockOptions } from "./layout";

/**
 * Tells an event's invitees about it, with an iCalendar attachment their calendar app can
 * add, update (same UID, higher SEQUENCE) or remove (METHOD:CANCEL). Every message is written
 * in its reader's zone with the other side's time beside it, and carries the event type's real
 * location (docs/decisions/028). The compose functions are pure: they get what to say
 * (recipient, zones, place, times); the senders (app/services/event-invitations.server.ts)
 * read the settings and send.
 */

export type InvitationKind = "created" | "updated" | "cancelled";

export interface InvitationHost {
  /** The host's user id, when known: their profile photo is shown in the guests' mails. */
  id?: string;
  email: string;
  name: string;
  timeZone: string;
}

export type MailedEvent = Pick<
  Event,
  "id" | "eventName" | "eventType" | "description" | "startsAt" | "endsAt" | "roomId" | "sequence"
> & {
  invitees: string[];
  guestName?: string | null;
  guestEmail?: string | null;
  /** The zone the guest booked in (the event's, or the seat's): the guests' mails are written in it. */
  guestTimeZone?: string | null;
  /** The language the guest booked in (docs/decisions/088): the guests' mails and calendar texts speak it. */
  guestLanguage?: string | null;
  /** Names of invitees by e-mail (a group session's seat holders), for ATTENDEE CN. */
  attendeeNames?: Record<string, string>;
  /** The event type's location, when it was booked through one; else the legacy option (`eventType`) decides. */
  location?: LocationSetting | null;
  /** The event type it was booked through: its location is read when `location` was not passed. */
  eventTypeId?: string | null;
  /** A booking's answers to the event type's questions, as label and text (decision 039). */
  answerLines?: AnswerLine[];
  /** The booking's meeting in a conferencing app (decision 065); undefined: not looked up. */
  meeting?: ConferenceMeeting | null;
  /** A recurring series (decision 106): its calendar entry repeats, its mails list every date. */
  series?: SeriesCalendar | null;
  /** A recurring series' "Cancel all" (decision 121): the meetings it cancelled, told in one mail. */
  cancelledMeetings?: CancelledMeeting[];
};

/** A meeting a series' "Cancel all" cancelled: its number in the series (1-based) and its start. */
export interface CancelledMeeting {
  index: number;
  startsAt: Date;
}

/** The meetings a "Cancel all" cancelled as its mails list them, in the reader's zone, as seriesDateLines. */
function cancelledMeetingLines(meetings: CancelledMeeting[], readerZone: string, locale?: string): string[] {
  return meetings.map((m) => `${m.index}. ${readerTime(m.startsAt, readerZone, null, locale).full}`);
}

/** The meetings of a "Cancel all" when this is its mail: a cancel that lists them (none otherwise). */
function cancelledAll(event: Pick<MailedEvent, "cancelledMeetings">, kind: InvitationKind): CancelledMeeting[] | null {
  return kind === "cancelled" && event.cancelledMeetings && event.cancelledMeetings.length > 0
    ? event.cancelledMeetings
    : null;
}

/**
 * A recurring series as a calendar writes it (decision 106): one VEVENT with an RRULE in the
 * series' zone (so 10:00 stays 10:00 across a daylight-saving change) and an EXDATE per
 * cancelled occurrence. `starts`: every occurrence's start, cancelled ones included.
 */
export interface SeriesCalendar {
  id: string;
  zone: string;
  intervalWeeks: number;
  starts: Date[];
  cancelled: Date[];
  /** Occurrences moved off the rule's time: RECURRENCE-ID overrides. */
  moved: Array<{ original: Date; startsAt: Date; endsAt: Date }>;
}

type SeriesRow = Pick<Event, "seriesId" | "seriesIndex" | "seriesRule" | "startsAt" | "endsAt" | "status">;

/**
 * A series' calendar from its rule and the occurrences known (every one, or only the first when
 * it was just booked): the rule's starts, the cancelled ones as EXDATEs, the moved ones as overrides.
 */
export function seriesCalendarOf(rows: SeriesRow[]): SeriesCalendar | null {
  const rule = rows[0]?.seriesRule;
  const id = rows[0]?.seriesId;
  if (!rule || !id) return null;
  const starts = seriesStarts(new Date(rule.firstStart), rule.zone, rule).filter((s): s is Date => s !== null);
  const originalOf = (row: SeriesRow) => starts[(row.seriesIndex ?? 1) - 1];
  return {
    id,
    zone: rule.zone,
    intervalWeeks: rule.intervalWeeks,
    starts,
    cancelled: rows.filter((r) => r.status === "cancelled" && originalOf(r)).map(originalOf),
    moved: rows
      .filter((r) => r.status !== "cancelled" && originalOf(r) && originalOf(r).getTime() !== r.startsAt.getTime())
      .map((r) => ({ original: originalOf(r), startsAt: r.startsAt, endsAt: r.endsAt })),
  };
}

/** A local DATE-TIME (3.3.5, form 3) in `zone`: `20261201T100000`. */
function localDateTime(instant: Date, zone: string): string {
  const { date, time } = instantToWallClock(instant, zone);
  return `${date.replace(/-/g, "")}T${time.replace(":", "")}00`;
}

function utcOffset(minutes: number): string {
  const sign = minutes < 0 ? "-" : "+";
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, "0")}${String(abs % 60).padStart(2, "0")}`;
}

/** The VTIMEZONE of `zone` over the series' span: its offset then, and every change in between. */
function vtimezone(zone: string, from: Date, to: Date): string[] {
  const start = from.getTime() - 86_400_000;
  const { initial, changes } = zoneOffsets(zone, start, to.getTime() + 86_400_000);
  const lowest = Math.min(initial, ...changes.map((c) => c.to));
  const observance = (at: number, fromOffset: number, toOffset: number) => {
    const kind = toOffset > lowest ? "DAYLIGHT" : "STANDARD";
    // DTSTART of an observance is the local time before the change (3.6.5).
    return [
      `BEGIN:${kind}`,
      `DTSTART:${naiveLocal(at, fromOffset)}`,
      `TZOFFSETFROM:${utcOffset(fromOffset)}`,
      `TZOFFSETTO:${utcOffset(toOffset)}`,
      `END:${kind}`,
    ];
  };
  return [
    "BEGIN:VTIMEZONE",
    `TZID:${zone}`,
    ...observance(start, initial, initial),
    ...changes.flatMap((c) => observance(c.at, c.from, c.to)),
    "END:VTIMEZONE",
  ];
}

/** The wall clock at `at` for a zone `offset` minutes east, as a local DATE-TIME. */
function naiveLocal(at: number, offset: number): string {
  const iso = new Date(at + offset * 60_000).toISOString();
  return `${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}T${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}`;
}

/** The lines of a series' VEVENT that differ from a single event's: its times, RRULE and EXDATEs. */
function seriesLines(series: SeriesCalendar, minutes: number): string[] {
  const first = series.starts[0];
  const z = series.zone;
  return [
    contentLine("DTSTART", localDateTime(first, z), [["TZID", z]]),
    contentLine("DTEND", localDateTime(new Date(first.getTime() + minutes * 60_000), z), [["TZID", z]]),
    `RRULE:FREQ=WEEKLY;INTERVAL=${series.intervalWeeks};COUNT=${series.starts.length}`,
    ...series.cancelled.map((c) => contentLine("EXDATE", localDateTime(c, z), [["TZID", z]])),
  ];
}

/** The dates of a series as its mails list them, in the reader's zone; cancelled ones marked. */
export function seriesDateLines(
  series: SeriesCalendar,
  readerZone: string,
  locale?: string,
  cancelledMark = "(cancelled)",
): string[] {
  const cancelled = new Set(series.cancelled.map((c) => c.getTime()));
  const moved = new Map(series.moved.map((m) => [m.original.getTime(), m.startsAt]));
  return series.starts.map((start, i) => {
    const t = readerTime(moved.get(start.getTime()) ?? start, readerZone, null, locale);
    return `${i + 1}. ${t.full}${cancelled.has(start.getTime()) ? ` ${cancelledMark}` : ""}`;
  });
}

/** The answers as lines of a message or a calendar description. */
export function answersText(lines: AnswerLine[] | undefined): string[] {
  return lines && lines.length > 0 ? lines.map((l) => `${l.label}: ${l.text}`) : [];
}

/** The guest's language of an event, English when none was stored or it is not one of ours. */
export function guestLanguageOf(event: Pick<MailedEvent, "guestLanguage">): Language {
  return languageOf(event.guestLanguage) ?? "en";
}

/** The place in the reader's language: its name translated, its detail (an address, a link) as it is. */
export function placeIn(place: MeetingPlace, words: MailWords): MeetingPlace {
  return {
    ...place,
    name: placeNameIn(words, place.name),
    detail: place.detail ? placeNameIn(words, place.detail) : place.detail,
  };
}

/** What a calendar file says: everything passed in, nothing read. */
export interface CalendarInput {
  event: MailedEvent;
  host: InvitationHost;
  kind: InvitationKind;
  place: MeetingPlace;
  /** The host name of UIDs (`<event id>@<uidHost>`). */
  uidHost: string;
  /** The app's own address: the message's sender on the organizer's behalf. */
  sentBy: string;
  /** The language of the calendar's texts (the guest's, docs/decisions/088); English when not given. */
  language?: Language;
}

/** The attendee's name: a seat holder's, else the guest's own for their address, else the address. */
function attendeeName(event: MailedEvent, email: string): string {
  const named = event.attendeeNames?.[email];
  if (named) return named;
  if (event.guestName && event.guestEmail && event.guestEmail.toLowerCase() === email.toLowerCase())
    return event.guestName;
  return email;
}

/**
 * The invitation's iCalendar text (pure, RFC 5545 with the iTIP METHOD of RFC 5546): REQUEST for a
 * new or changed event, CANCEL (SEQUENCE + 1) for a cancelled one. `now` is its DTSTAMP.
 */
export function composeCalendar(
  { event, host, kind, place: given, uidHost: hostName, sentBy, language = "en" }: CalendarInput,
  now = new Date(),
): string {
  const place = placeIn(given, MAIL_WORDS[language]);
  const where = place.kind === "video" ? place.joinUrl : place.detail;
  const description = [
    event.description,
    [placeLine(place), ...(place.extra ?? [])].join("\n"),
    answersText(event.answerLines).join("\n"),
  ]
    .filter(Boolean)
    .join("\n\n");
  const location = where ?? place.name;
  const series = event.series && event.series.starts.length > 0 ? event.series : null;
  const vevent = (times: string[]) => [
    "BEGIN:VEVENT",
    `UID:${series ? series.id : event.id}@${hostName}`,
    `SUMMARY:${escapeText(event.eventName)}`,
    `DTSTAMP:${utcDateTime(now)}`,
    ...times,
    `SEQUENCE:${event.sequence + (kind === "cancelled" ? 1 : 0)}`,
    ...(description ? [`DESCRIPTION:${escapeText(description)}`] : []),
    ...(place.joinUrl ? [`URL:${place.joinUrl.replace(/[\r\n]/g, "")}`] : []),
    ...(location ? [`LOCATION:${escapeText(location)}`] : []),
    `STATUS:${kind === "cancelled" ? "CANCELLED" : "CONFIRMED"}`,
    // The organizer is the host; the message itself comes from the app's own address.
    contentLine("ORGANIZER", `mailto:${host.email}`, [
      ["SENT-BY", `mailto:${sentBy}`],
      ["CN", host.name || host.email],
    ]),
    ...event.invitees.map((email) =>
      contentLine("ATTENDEE", `mailto:${email}`, [
        ["RSVP", "TRUE"],
        ["ROLE", "REQ-PARTICIPANT"],
        ["PARTSTAT", "NEEDS-ACTION"],
        ["CN", attendeeName(event, email)],
      ]),
    ),
    "END:VEVENT",
  ];
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "CALSCALE:GREGORIAN",
    "PRODID:-//Scheduler//Invitations//EN",
    ...(language !== "en" ? [`X-WR-LANGUAGE:${language}`] : []),
    `METHOD:${kind === "cancelled" ? "CANCEL" : "REQUEST"}`,
    ...(series ? vtimezone(series.zone, series.starts[0], series.starts[series.starts.length - 1]) : []),
    ...vevent(
      series
        ? seriesLines(series, minutesOf(event))
        : [`DTSTART:${utcDateTime(event.startsAt)}`, `DTEND:${utcDateTime(event.endsAt)}`],
    ),
    // A series' meetings moved off the rule's time: each its own instance of the same UID.
    ...(series
      ? series.moved.flatMap((m) =>
          vevent([
            contentLine("RECURRENCE-ID", localDateTime(m.original, series.zone), [["TZID", series.zone]]),
            contentLine("DTSTART", localDateTime(m.startsAt, series.zone), [["TZID", series.zone]]),
            contentLine("DTEND", localDateTime(m.endsAt, series.zone), [["TZID", series.zone]]),
          ]),
        )
      : []),
    "END:VCALENDAR",
  ];
  return icalendarText(lines);
}

const SUBJECT: Record<InvitationKind, keyof MailWords> = {
  created: "subjectCreated",
  updated: "subjectUpdated",
  cancelled: "subjectCancelled",
};

/** A mail's HTML part from its text lines, in the one layout (decision 093). */
export function linesToHtml(lines: string[], frame?: MailFrame, options?: BlockOptions): string {
  return linesToMail(lines, frame, options);
}

type MailFrame = Parameters<typeof linesToMail>[1];

function minutesOf(event: Pick<MailedEvent, "startsAt" | "endsAt">): number {
  return Math.round((event.endsAt.getTime() - event.startsAt.getTime()) / 60_000);
}

/** The place lines of a message: where, and the link to join when there is one (a guest's in their language). */
export function placeLines(place: MeetingPlace, words: MailWords = MAIL_WORDS.en): string[] {
  const lines = [fill(words.where, { place: placeLine(place) })];
  if (place.joinUrl && place.joinUrl !== place.detail) lines.push(fill(words.join, { url: place.joinUrl }));
  return [...lines, ...(place.extra ?? [])];
}

export interface GuestMailInput {
  event: Pick<
    MailedEvent,
    "eventName" | "description" | "startsAt" | "endsAt" | "answerLines" | "series" | "cancelledMeetings"
  >;
  hostName: string;
  kind: InvitationKind;
  /** The guests' zone (the one they booked in) and the host's, shown in brackets. */
  readerZone: string;
  otherZone: string | null;
  place: MeetingPlace;
  /** Lines after the details (a booking's cancel and reschedule links, a host's note on a cancel). */
  footer?: string[];
  /** The first line instead of "{host} changed ..." (an update: a booking handed to another host, decision 060). */
  lead?: string;
  /** The guest's language (docs/decisions/088); English when not given. */
  language?: Language;
  /** The app's origin, for the header's logo. */
  origin?: string;
  /** The host's profile photo (an absolute URL of a PNG), above the mail's first line. */
  hostPhotoUrl?: string | null;
  /**
   * The host's own logo, or the team's for a team's event type (decision 117): an absolute URL of a
   * PNG and whose it is (for its alt text), at the top of the HTML; none without a logo.
   */
  logo?: { name: string; url: string } | null;
}

/** The guests' message (pure): subject, text and HTML in the guests' zone. */
export function composeGuestMail({
  event,
  hostName,
  kind,
  readerZone,
  otherZone,
  place,
  footer = [],
  lead,
  language = "en",
  origin,
  hostPhotoUrl,
  logo,
}: GuestMailInput): Pick<MailMessage, "subject" | "text" | "html"> {
  const w = MAIL_WORDS[language];
  const t = readerTime(event.startsAt, readerZone, otherZone, LOCALES[language]);
  const names = { host: hostName, event: event.eventName, when: t.full };
  const tail = footer.length > 0 ? ["", ...footer] : [];
  const meetings = cancelledAll(event, kind);
  const lines = meetings
    ? [fill(w.seriesCancelled, names), "", ...cancelledMeetingLines(meetings, readerZone, LOCALES[language]), ...tail]
    : kind === "cancelled"
      ? [fill(w.cancelled, names), ...tail]
      : [
          kind === "created" ? fill(w.invites, names) : (lead ?? fill(w.changed, names)),
          "",
          fill(w.when, { when: t.full, minutes: plural(language, w.minutes, minutesOf(event)) }),
          ...(event.series ? seriesDateLines(event.series, readerZone, LOCALES[language]) : []),
          ...placeLines(placeIn(place, w), w),
          ...(event.description ? ["", event.description] : []),
          ...(event.answerLines?.length ? ["", w.yourAnswers, ...answersText(event.answerLines)] : []),
          "",
          w.attached,
          ...tail,
        ];
  return {
    subject: meetings
      ? fill(w.seriesCancelledSubject, names)
      : `${w[SUBJECT[kind]] as string}: ${event.eventName} — ${t.date} ${t.time} ${t.place}`,
    text: lines.join("\n"),
    // The when/where paragraph is a details box; the footer's links (cancel, reschedule) buttons.
    html: linesToHtml(
      lines,
      {
        language,
        origin,
        person: hostPhotoUrl ? { name: hostName, photoUrl: hostPhotoUrl } : null,
        logo: logo ? { alt: fill(w.logoAlt, { name: logo.name }), url: logo.url } : null,
      },
      { details: kind === "cancelled" ? [] : [1] },
    ),
  };
}

const HOST_LINE: Record<InvitationKind, keyof HostMailWords> = {
  created: "booked",
  updated: "moved",
  cancelled: "cancelled",
};

const SESSION_LINE: Record<InvitationKind, keyof HostMailWords> = {
  created: "sessionBooked",
  updated: "sessionMoved",
  cancelled: "sessionCancelled",
};

export interface HostMailInput {
  event: Pick<
    MailedEvent,
    "eventName" | "startsAt" | "endsAt" | "invitees" | "answerLines" | "series" | "cancelledMeetings"
  >;
  kind: InvitationKind;
  guestName: string;
  /** The host's zone, and the guest's shown in brackets (null when unknown). */
  readerZone: string;
  otherZone: string | null;
  place: MeetingPlace;
  /** What the guest told us when booking. */
  notes?: string | null;
  /** A group session's seats: each guest with their own zone and notes, instead of one guest's. */
  seats?: SeatLine[];
  /** Why it happened, when nobody chose it (a booking not reconfirmed in time, decision 086). */
  reason?: string;
  /** The app's origin, for the header's logo. */
  origin?: string;
  /** The language the host reads their mails in (docs/decisions/110); English when not given. */
  language?: Language;
  /**
   * A recurring series' meeting moved or cancelled (decision 118): which one it is (1-based), and
   * the series as it is now, every date listed.
   */
  seriesMeeting?: { index: number; series: SeriesCalendar } | null;
}

/** One seat of a group session as its host reads it. */
export interface SeatLine {
  name: string;
  email: string;
  timeZone: string;
  notes: string | null;
}

function seatLines(seats: SeatLine[], startsAt: Date, readerZone: string, language: Language): string[] {
  const w = HOST_MAIL_WORDS[language];
  return [
    fill(w.seatsTaken, { count: seats.length }),
    ...seats.flatMap((seat) => {
      const theirs = readerTime(startsAt, seat.timeZone, null, LOCALES[language]);
      const there = seat.timeZone === readerZone ? "" : ` ${fill(w.timeThere, { time: theirs.time })}`;
      const line = `- ${seat.name} <${seat.email}>, ${seat.timeZone}${there}`;
      return seat.notes ? [line, `  ${fill(w.notes, { notes: seat.notes })}`] : [line];
    }),
  ];
}

/** The host's message about a booking (pure): in the host's zone, the guest's time and zone beside it. */
export function composeHostMail({
  event,
  kind,
  guestName,
  readerZone,
  otherZone,
  place,
  notes,
  seats,
  reason,
  origin,
  language = "en",
  seriesMeeting,
}: HostMailInput): Pick<MailMessage, "subject" | "text" | "html"> {
  const w = HOST_MAIL_WORDS[language];
  // A session's guests each booked in their own zone: the host's time alone, each seat's beside it.
  const t = readerTime(event.startsAt, readerZone, seats ? null : otherZone, LOCALES[language]);
  const names = { guest: guestName, event: event.eventName, when: t.full };
  // A series' "Cancel all" (decision 121): one mail listing the meetings it cancelled.
  const meetings = cancelledAll(event, kind);
  const lines = [
    meetings ? fill(w.seriesCancelled, names) : fill(w[seats ? SESSION_LINE[kind] : HOST_LINE[kind]], names),
    ...(reason ? [reason] : []),
    // A series' confirmation lists every meeting; a meeting's move or cancel says which one it is.
    ...(meetings
      ? ["", ...cancelledMeetingLines(meetings, readerZone, LOCALES[language])]
      : event.series
        ? [
            "",
            fill(w.seriesOf, { count: event.series.starts.length }),
            ...seriesDateLines(event.series, readerZone, LOCALES[language], w.seriesCancelledMark),
          ]
        : seriesMeeting
          ? [
              "",
              fill(w.seriesMeeting, { n: seriesMeeting.index, count: seriesMeeting.series.starts.length }),
              ...seriesDateLines(seriesMeeting.series, readerZone, LOCALES[language], w.seriesCancelledMark),
            ]
          : []),
    "",
    ...placeLines(placeIn(place, MAIL_WORDS[language]), MAIL_WORDS[language]),
    fill(w.guests, { guests: event.invitees.join(", ") }),
    ...(seats
      ? seatLines(seats, event.startsAt, readerZone, language)
      : [...(otherZone ? [fill(w.guestZone, { zone: otherZone })] : []), ...(notes ? [fill(w.notes, { notes })] : [])]),
    ...(event.answerLines?.length ? ["", w.answers, ...answersText(event.answerLines)] : []),
  ];
  const what = kind === "cancelled" ? w.subjectCancelled : w.subjectBooking;
  return {
    subject: meetings
      ? fill(w.seriesCancelledSubject, names)
      : fill(w.subject, {
          what,
          event: event.eventName,
          guest: guestName,
          when: `${t.date} ${t.time} ${t.place}`,
        }),
    text: lines.join("\n"),
    html: linesToHtml(lines, { origin, language }, { details: [1, 2] }),
  };
}
