import type { LoaderFunctionArgs } from "@remix-run/node";
import { confirmedBookingOr404 } from "~/html/guest-booking.server";
import { seriesCalendarOf } from "~/mail/event-mail";
import { eventCalendar } from "~/services/event-invitations.server";

/**
 * The booking's calendar file (the same iCalendar text the invitation mail carries); token required.
 * A recurring series' meeting gives the whole series (decision 106): one RRULE, its cancelled
 * meetings as EXDATEs; cancelled as a whole only when every meeting is.
 */
export async function loader({ params, request }: LoaderFunctionArgs) {
  const { booking, host, location, answerLines, meeting, occurrences } = await confirmedBookingOr404(params, request);
  const series = occurrences.length > 0 ? seriesCalendarOf(occurrences) : null;
  const cancelled = series ? occurrences.every((o) => o.status === "cancelled") : booking.status === "cancelled";
  const ics = eventCalendar(
    {
      ...booking,
      location,
      answerLines,
      meeting,
      ...(series
        ? {
            series,
            // Every meeting's change (a move, a cancel) raises the series' SEQUENCE.
            sequence: occurrences.reduce((sum, o) => sum + o.sequence, 0),
            startsAt: occurrences[0].startsAt,
            endsAt: occurrences[0].endsAt,
          }
        : {}),
    },
    host,
    cancelled ? "cancelled" : "created",
    // The guest's file: its texts in the language they booked in (docs/decisions/088).
    true,
  );
  return new Response(ics, {
    headers: {
      "content-type": "text/calendar; charset=utf-8",
      "content-disposition": 'attachment; filename="invite.ics"',
      "cache-control": "private, no-store",
    },
  });
}
