import type { LoaderFunctionArgs } from "@remix-run/node";
import { confirmedBookingOr404 } from "~/html/guest-booking.server";
import { guestCalendarFile } from "~/services/event-invitations.server";

/**
 * The booking's calendar file (the same iCalendar text the invitation mail carries); token
 * required. A recurring series' meeting gives the whole series as it is now (decision 106).
 */
export async function loader({ params, request }: LoaderFunctionArgs) {
  const { booking, host, location, answerLines, meeting, occurrences } = await confirmedBookingOr404(params, request);
  const ics = guestCalendarFile({ ...booking, location, answerLines, meeting }, host, occurrences);
  return new Response(ics, {
    headers: {
      "content-type": "text/calendar; charset=utf-8",
      "content-disposition": 'attachment; filename="invite.ics"',
      "cache-control": "private, no-store",
    },
  });
}
