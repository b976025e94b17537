import type { LoaderFunctionArgs } from "@remix-run/node";
import { MESSAGES } from "~/messages";
import { LinkedEventError } from "~/models/event.server";
import { apiError } from "~/api/api.server";
import { apiRoute } from "~/api/api-route.server";
import { bookingJson, cancelBody, occurrenceJson } from "~/schemas/booking-api";
import { bookingActor, changeAnswer, readOptionalJson } from "~/api/booking-api.server";
import { bookingChangeOf, cancelBooking, cancelSeries } from "~/services/bookings.server";

/**
 * POST /api/bookings/{id}/cancel: by its host (bearer or session) or `?token=`; 404 for anyone
 * else; 409 when already cancelled, and for the token's holder once the meeting has started
 * (meeting_started, decision 055). A group session's guest cancels their seat only (decision 021).
 * `series: true` cancels every upcoming meeting of a recurring series (decision 106).
 */
async function POST({ request, params }: LoaderFunctionArgs) {
  const actor = await bookingActor(request);
  const { reason, series } = await readOptionalJson(request, cancelBody);
  if (series) {
    const result = await cancelSeries({ id: params.id ?? "", actor, reason, now: new Date() });
    if (result.ok) {
      const asked = result.occurrences.find((o) => o.id === params.id) ?? result.occurrences[0];
      return Response.json({
        booking: bookingJson(asked),
        seriesId: asked.seriesId,
        occurrences: result.occurrences.map((o) => occurrenceJson(o)),
      });
    }
    if (result.reason === "not-a-series")
      return apiError(400, "invalid_input", "Check the highlighted fields.", {
        series: ["This booking is not part of a recurring series."],
      });
    return changeAnswer(result);
  }
  try {
    return changeAnswer(
      bookingChangeOf(await cancelBooking({ id: params.id ?? "", actor, reason, now: new Date(), bookingsOnly: true })),
    );
  } catch (error) {
    // A co-host's row of a collective booking cancels only with the booking (decision 020).
    if (error instanceof LinkedEventError) return apiError(409, "part_of_booking", MESSAGES.coHostedEvent);
    throw error;
  }
}

export const { loader, action } = apiRoute({ POST });
