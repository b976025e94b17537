import type { LoaderFunctionArgs } from "@remix-run/node";
import { MESSAGES } from "~/messages";
import { LinkedEventError } from "~/models/event.server";
import { apiError } from "~/api/api.server";
import { apiRoute } from "~/api/api-route.server";
import { cancelBody } from "~/schemas/booking-api";
import { bookingActor, changeAnswer, readOptionalJson } from "~/api/booking-api.server";
import { bookingChangeOf, cancelBooking } from "~/services/bookings.server";

/**
 * POST /api/bookings/{id}/cancel: by its host (bearer or session) or `?token=`; 404 for anyone
 * else; 409 when already cancelled, and for the token's holder once the meeting has started
 * (meeting_started, decision 055). A group session's guest cancels their seat only (decision 021).
 */
async function POST({ request, params }: LoaderFunctionArgs) {
  const actor = await bookingActor(request);
  const { reason } = await readOptionalJson(request, cancelBody);
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
