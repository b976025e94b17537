import type { HeadersFunction } from "@remix-run/node";
import type { Params } from "@remix-run/react";
import { getBookingForConfirmation, getGuestBooking, type GuestBooking } from "~/models/booking.server";
import { locationOfEventType, questionsOfEventType, slotSearch } from "~/models/event-type.server";
import { answerLines } from "~/schemas/booking-answers";
import { rescheduleSearch } from "~/models/team-booking.server";
import { SlotConfigError } from "~/scheduling/availability";
import { findSlots } from "~/scheduling/slots";
import { addDays, formatInZone, instantToWallClock, todayIn, wallClockToInstant } from "~/scheduling/zoned-time";
import { isTimeZone } from "~/scheduling/time-zone";
import { notFound } from "~/utils/responses";
import { timeZoneHint } from "~/utils/time-zone-hint";

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

/** The summary texts in `zone`. */
export function summaryOf(booking: GuestBooking, zone: string) {
  const start = formatInZone(booking.startsAt, zone);
  const end = formatInZone(booking.endsAt, zone);
  return {
    title: booking.title,
    hostName: booking.hostName,
    date: start.date,
    timeRange: `${start.time} – ${end.time}`,
    zone: `${zone.replace(/_/g, " ")} (${start.zoneName})`,
    status: booking.status,
  };
}

/** A free start on the reschedule page: the instant to post and its time in the guest's zone. */
export interface SlotChoice {
  value: string;
  label: string;
}

/**
 * The free starts of the guest's `date` in `zone` for moving `booking`: the one slot computation
 * (slotSearch, as GET /api/slots and rescheduleBooking use it), the booking's own time not
 * blocking itself, and its current start left out (moving there is no move).
 */
export async function rescheduleSlots(
  booking: Pick<GuestBooking, "bookable" | "id" | "hostId" | "startsAt" | "seat">,
  date: string,
  zone: string,
  now: Date,
): Promise<SlotChoice[]> {
  return (await rescheduleSlotsByDate(booking, { start: date, end: date }, zone, now))[date] ?? [];
}

/** rescheduleSlots for every date of `range` (at most a month): the dates with free starts only. */
export async function rescheduleSlotsByDate(
  booking: Pick<GuestBooking, "bookable" | "id" | "hostId" | "startsAt" | "seat">,
  range: { start: string; end: string },
  zone: string,
  now: Date,
): Promise<Record<string, SlotChoice[]>> {
  if (!booking.bookable) return {};
  try {
    // A seat (decision 021) frees its session's time only when it is the session's one seat, and
    // needs room for its places; a team booking frees its own rows and keeps its hosts (decision 020).
    const { linked: _linked, ...options } = booking.seat
      ? { excludeEventId: booking.seat.alone ? booking.seat.sessionId : undefined, linked: [] }
      : await rescheduleSearch(booking.id, booking.hostId, booking.bookable.eventType.kind);
    const input = await slotSearch(booking.bookable, { range, timeZone: zone, now }, options);
    const places = booking.seat?.places ?? 1;
    const byDate: Record<string, SlotChoice[]> = {};
    for (const s of findSlots(input)) {
      if (s.start === booking.startsAt.getTime() || (s.seatsRemaining ?? places) < places) continue;
      const start = new Date(s.start);
      (byDate[instantToWallClock(start, zone).date] ??= []).push({ value: start.toISOString(), label: formatInZone(start, zone).time });
    }
    return byDate;
  } catch (error) {
    if (error instanceof SlotConfigError) return {};
    throw error;
  }
}

/** The confirmation page's booking: the one the token opens, under this host's username; else 404. */
export async function confirmedBookingOr404(params: Params, request: Request) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const found = await getBookingForConfirmation(params.id ?? "", token);
  if (!found || found.linkUsername !== (params.username ?? "").toLowerCase()) notFound();
  // The event type's location: the booking's real place on the page and in its .ics (docs/decisions/028).
  // The answers under the event type's questions: the .ics description carries them (decision 039).
  const lines = answerLines(await questionsOfEventType(found.booking.eventTypeId), found.booking.answers);
  return { ...found, token, location: await locationOfEventType(found.booking.eventTypeId), answerLines: lines };
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The day a reschedule picker shows (the guest's page and the host's Scheduled Events): the
 * asked `?date=` when it is a real date (never before today), else the booking's own date (or
 * today once that has passed), with the neighbours inside the booking window (`windowDays`;
 * null when the event type no longer takes bookings).
 */
export function rescheduleDay(asked: string | null, startsAt: Date, zone: string, now: Date, windowDays: number | null) {
  const today = todayIn(zone, now);
  const own = instantToWallClock(startsAt, zone).date;
  const wanted = asked ?? "";
  const date = DATE.test(wanted) && wallClockToInstant(wanted, "12:00", zone).ok ? (wanted < today ? today : wanted) : own >= today ? own : today;
  const lastDay = windowDays === null ? today : addDays(today, windowDays);
  const noon = wallClockToInstant(date, "12:00", zone);
  return {
    date,
    dateLabel: formatInZone(noon.ok ? noon.instant : startsAt, zone).date,
    today,
    lastDay,
    prevDate: date > today ? addDays(date, -1) : null,
    nextDate: date < lastDay ? addDays(date, 1) : null,
  };
}
