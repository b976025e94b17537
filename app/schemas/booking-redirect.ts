/**
 * Redirect after booking (decision 087): an event type may send its guest to the host's own page
 * instead of the confirmation, optionally with the booking's details as query parameters. Pure:
 * the booking page's action, POST /api/bookings and the embed's event build the same URL here.
 */

/** The query parameters a redirect carries when the event type passes the booking's details, in order. */
export const REDIRECT_DETAIL_KEYS = [
  "bookingId",
  "eventTypeId",
  "eventTypeSlug",
  "title",
  "start",
  "end",
  "duration",
  "timeZone",
  "guestName",
  "guestEmail",
  "status",
] as const;

export interface RedirectBooking {
  id: string;
  startsAt: Date;
  endsAt: Date;
  status: "confirmed" | "pending" | "cancelled" | "awaiting_payment";
  guestName: string;
  guestEmail: string;
  guestTimeZone: string;
}

/**
 * A new booking's redirect details: a group seat's booking is its session (the id the guest's
 * links and the host know), the guest as they booked.
 */
export function redirectBookingOf(
  booking: Omit<RedirectBooking, "guestName" | "guestEmail" | "guestTimeZone"> & { sessionId?: string },
  guest: { name: string; email: string; timeZone: string },
): RedirectBooking {
  return {
    id: booking.sessionId ?? booking.id,
    startsAt: booking.startsAt,
    endsAt: booking.endsAt,
    status: booking.status,
    guestName: guest.name,
    guestEmail: guest.email,
    guestTimeZone: guest.timeZone,
  };
}

/**
 * Where the guest goes after booking, or null for the confirmation page. The URL's own query is
 * kept; with `redirectPassDetails` each detail is set (replacing a parameter of the same name).
 */
export function bookingRedirectUrl(
  eventType: { id: string; slug: string; title: string; redirectUrl: string | null; redirectPassDetails: boolean },
  booking: RedirectBooking,
): string | null {
  if (!eventType.redirectUrl) return null;
  let url: URL;
  try {
    url = new URL(eventType.redirectUrl);
  } catch {
    return null;
  }
  if (!eventType.redirectPassDetails) return url.toString();
  const details: Record<(typeof REDIRECT_DETAIL_KEYS)[number], string> = {
    bookingId: booking.id,
    eventTypeId: eventType.id,
    eventTypeSlug: eventType.slug,
    title: eventType.title,
    start: booking.startsAt.toISOString(),
    end: booking.endsAt.toISOString(),
    duration: String(Math.round((booking.endsAt.getTime() - booking.startsAt.getTime()) / 60_000)),
    timeZone: booking.guestTimeZone,
    guestName: booking.guestName,
    guestEmail: booking.guestEmail,
    status: booking.status,
  };
  for (const key of REDIRECT_DETAIL_KEYS) url.searchParams.set(key, details[key]);
  return url.toString();
}
