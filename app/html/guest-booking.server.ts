import { brandAttributes } from "~/html/brand-style.server";
import { isPaidHost, isPaidTeam } from "~/models/professional.server";
import { meetingOf } from "~/models/conferencing.server";
import type { HeadersFunction } from "@remix-run/node";
import type { Params } from "@remix-run/react";
import { occurrencesOf } from "~/models/booking-series.server";
import { getBookingForConfirmation, getGuestBooking, type GuestBooking } from "~/models/booking.server";
import { locationOfEventType, questionsOfEventType } from "~/models/event-type.server";
import { answerLines } from "~/schemas/booking-answers";
import { formatInZone } from "~/scheduling/zoned-time";
import { isTimeZone, timeIn } from "~/scheduling/time-zone";
import { notFound } from "~/utils/responses";
import { timeZoneHint } from "~/browser/time-zone-hint";
import { guestChangeRefusal } from "~/services/bookings.server";
import { POLICY_MESSAGES, policyRefusalText, policySummary } from "~/messages/policies";
import { CHANGE_WORDS } from "~/messages/guest-words/change";
import { GUEST_WORDS } from "~/messages/guest-words";
import { clockCookie, defaultClock24, languageOf, LOCALES, type Language } from "~/messages/languages";

// The guest pages' messages come through this server module: the browser build keeps a chunk
// import for every module a route file names, used there or not (as month.server.ts does for the
// booking page's todayIn).
export { MESSAGES } from "~/messages";
export { policyRefusalText } from "~/messages/policies";
export { RECONFIRM_MESSAGES } from "~/messages/reconfirm";

/**
 * The guest's cancel and reschedule pages: reachable without an account
 * with the booking's token from the mail. Every miss (no token, a wrong one, another booking's id,
 * an id that is no uuid) is the site's plain 404, so a link never hints that a booking exists.
 */

/** The booking of `params.id` that `?token=` opens, with the zone to show it in, or a 404. */
export async function guestBookingOr404(request: Request, id: string | undefined) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const booking = await getGuestBooking(id ?? "", token);
  if (!booking) notFound();
  return { booking, token, zone: guestZone(request, booking) };
}

/** The guest's zone from the booking, else the browser's `tz` hint, else UTC. */
export function guestZone(request: Request, booking: Pick<GuestBooking, "guestTimeZone">): string {
  if (booking.guestTimeZone && isTimeZone(booking.guestTimeZone)) return booking.guestTimeZone;
  return timeZoneHint(request.headers.get("cookie")) ?? "UTC";
}

/** The token sits in the URL: no Referer carries it to another site (same-origin still sends Origin, which the write check needs), no cache keeps the page. */
export const guestPageHeaders: HeadersFunction = () => ({
  "Referrer-Policy": "same-origin",
  "Cache-Control": "private, no-store",
  "X-Robots-Tag": "noindex",
});

/**
 * How the guest's cancel and reschedule pages speak (docs/decisions/099): `?lang=`, else the
 * language the guest booked in (events.guest_language), else English; the clock of the `clock`
 * cookie the booking page sets, else the language's own. `plain` is the English and clock the
 * pages always had (formatInZone's).
 */
export interface GuestSpeech {
  language: Language;
  locale: string;
  clock24: boolean;
  plain: boolean;
  /** ?lang= as the guest gave it (a valid one): kept in the pages' links and forms. */
  langParam: Language | null;
}

export function guestSpeech(request: Request, booking: Pick<GuestBooking, "guestLanguage">): GuestSpeech {
  const langParam = languageOf(new URL(request.url).searchParams.get("lang"));
  const language = langParam ?? languageOf(booking.guestLanguage) ?? "en";
  const clock = clockCookie(request.headers.get("cookie"));
  return {
    language,
    locale: LOCALES[language],
    clock24: clock ? clock === "24" : defaultClock24(language),
    plain: language === "en" && clock === null,
    langParam,
  };
}

/** The pages' words in the guest's language, sent as the loader's data (the pages' JavaScript loads no catalogue). */
export function changeWordsOf(language: Language) {
  const page = GUEST_WORDS[language];
  return {
    ...CHANGE_WORDS[language],
    calendar: {
      previousMonth: page.previousMonth,
      nextMonth: page.nextMonth,
      dayClosed: page.dayClosed,
      dayOpen: page.dayOpen,
    },
  };
}

/** An instant's date, time and zone name in `zone` as the guest's pages write them. */
export function momentIn(instant: Date, zone: string, speech: GuestSpeech) {
  const english = formatInZone(instant, zone);
  if (speech.plain) return english;
  return {
    date: new Intl.DateTimeFormat(speech.locale, {
      timeZone: zone,
      weekday: "long",
      month: "long",
      day: "numeric",
      year: "numeric",
    }).format(instant),
    time: timeIn(instant.getTime(), zone, speech.clock24, speech.locale),
    zoneName: english.zoneName,
  };
}

/** The summary texts in `zone`, in the guest's language and clock (English when not given). */
export function summaryOf(booking: GuestBooking, zone: string, speech?: GuestSpeech) {
  const start = speech ? momentIn(booking.startsAt, zone, speech) : formatInZone(booking.startsAt, zone);
  const end = speech ? momentIn(booking.endsAt, zone, speech) : formatInZone(booking.endsAt, zone);
  return {
    title: booking.title,
    hostName: booking.hostName,
    date: start.date,
    timeRange: `${start.time} – ${end.time}`,
    zone: `${zone.replace(/_/g, " ")} (${start.zoneName})`,
    status: booking.status,
  };
}

/** The confirmation page's booking: the one the token opens, under this host's username (or team); else 404. */
export async function confirmedBookingOr404(params: Params, request: Request) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const found = await getBookingForConfirmation(params.id ?? "", token);
  // Under its team's URL for a team's event type (decision 059); under its maker's username too (links made before).
  const under =
    params.team !== undefined
      ? found?.linkTeamSlug === params.team.toLowerCase()
      : found?.linkUsername === (params.username ?? "").toLowerCase();
  if (!found || !under) notFound();
  // The event type's location: the booking's real place on the page and in its .ics (docs/decisions/028).
  // The answers under the event type's questions: the .ics description carries them (decision 039).
  const lines = answerLines(await questionsOfEventType(found.booking.eventTypeId), found.booking.answers);
  return {
    ...found,
    token,
    location: await locationOfEventType(found.booking.eventTypeId),
    answerLines: lines,
    // The booking's meeting in the host's conferencing app (decision 065).
    meeting: await meetingOf(found.booking.id),
    // A recurring series' meetings, in order (decision 106); none for a single booking.
    occurrences: found.booking.seriesId ? await occurrencesOf(found.booking.seriesId) : [],
    // The booking page's colour, and a paid host's page without "Powered by" (decision 108); a team's by its owners' plan (decision 112).
    brand: brandAttributes(found.brandColor),
    paid: found.teamId ? await isPaidTeam(found.teamId) : await isPaidHost(found.pageOwnerId),
  };
}

/**
 * The policy as the guest's page says it (decision 077): what is allowed, the refusal that applies
 * now (the booking service's own rule), and a mail link to the host.
 */
export function policyView(
  booking: GuestBooking,
  change: "cancel" | "reschedule",
  now: Date,
  language: Language = "en",
) {
  const refusal = booking.status === "cancelled" ? null : guestChangeRefusal(booking, change, now);
  const subject = encodeURIComponent(POLICY_MESSAGES.contactSubject(booking.title, language));
  return {
    rule: refusal?.rule ?? null,
    refusal: refusal ? policyRefusalText(refusal, booking.hostName, language) : null,
    summary: policySummary(booking.policy, change, language),
    contact: booking.hostEmail
      ? {
          href: `mailto:${booking.hostEmail}?subject=${subject}`,
          label: POLICY_MESSAGES.contactHost(booking.hostName, language),
        }
      : null,
  };
}
