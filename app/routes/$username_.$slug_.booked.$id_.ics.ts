import type { LoaderFunctionArgs } from "@remix-run/node";
import { confirmedBookingOr404 } from "~/html/guest-booking.server";
import { eventCalendar } from "~/services/event-invitations.server";

/** The booking's calendar file (the same iCalendar text the invitation mail carries); token required. */
export async function loader({ params, request }: LoaderFunctionArgs) {
  const { booking, host, location, answerLines, meeting } = await confirmedBookingOr404(params, request);
  const ics = eventCalendar(
    { ...booking, location, answerLines, meeting },
    host,
    booking.status === "cancelled" ? "cancelled" : "created",
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
