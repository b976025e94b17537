import type { GuestBooking } from "~/models/booking.server";
import { slotSearch } from "~/models/event-type.server";
import { rescheduleSearch } from "~/models/team-booking.server";
import { SlotConfigError } from "~/scheduling/availability";
import { findSlots } from "~/scheduling/slots";
import { addDays, formatInZone, instantToWallClock, todayIn, wallClockToInstant } from "~/scheduling/zoned-time";

/**
 * The free starts a booking may move to, for the guest's reschedule page and the host's Scheduled
 * Events (plain values: the booking, the day or range, the zone, now). Moving there is
 * rescheduleBooking (bookings.server.ts), which checks the slot again under the host's lock.
 */

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

/**
 * rescheduleSlots for every date of `range` (at most a month): the dates with free starts only.
 * `mover`: the guest's move of a round-robin booking offers every host's free times (decision
 * 060); the host's, their own.
 */
export async function rescheduleSlotsByDate(
  booking: Pick<GuestBooking, "bookable" | "id" | "hostId" | "startsAt" | "seat">,
  range: { start: string; end: string },
  zone: string,
  now: Date,
  mover: "guest" | "host" = "guest",
): Promise<Record<string, SlotChoice[]>> {
  if (!booking.bookable) return {};
  try {
    // A seat (decision 021) frees its session's time only when it is the session's one seat, and
    // needs room for its places; a team booking frees its own rows and keeps its hosts (decision 020).
    const { linked: _linked, ...options } = booking.seat
      ? { excludeEventId: booking.seat.alone ? booking.seat.sessionId : undefined, linked: [] }
      : await rescheduleSearch(booking.id, booking.hostId, booking.bookable.eventType.kind, {
          handOver: mover === "guest",
        });
    const input = await slotSearch(booking.bookable, { range, timeZone: zone, now }, options);
    const places = booking.seat?.places ?? 1;
    const byDate: Record<string, SlotChoice[]> = {};
    for (const s of findSlots(input)) {
      if (s.start === booking.startsAt.getTime() || (s.seatsRemaining ?? places) < places) continue;
      const start = new Date(s.start);
      (byDate[instantToWallClock(start, zone).date] ??= []).push({
        value: start.toISOString(),
        label: formatInZone(start, zone).time,
      });
    }
    return byDate;
  } catch (error) {
    if (error instanceof SlotConfigError) return {};
    throw error;
  }
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The day a reschedule picker shows (the guest's page and the host's Scheduled Events): the
 * asked `?date=` when it is a real date (never before today), else the booking's own date (or
 * today once that has passed), with the neighbours inside the booking window (`windowDays`;
 * null when the event type no longer takes bookings).
 */
export function rescheduleDay(
  asked: string | null,
  startsAt: Date,
  zone: string,
  now: Date,
  windowDays: number | null,
) {
  const today = todayIn(zone, now);
  const own = instantToWallClock(startsAt, zone).date;
  const wanted = asked ?? "";
  const date =
    DATE.test(wanted) && wallClockToInstant(wanted, "12:00", zone).ok
      ? wanted < today
        ? today
        : wanted
      : own >= today
        ? own
        : today;
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
