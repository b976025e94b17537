import type { LoaderFunctionArgs } from "@remix-run/node";
import { MESSAGES } from "~/messages";
import { apiError, requireApiUser } from "~/api/api.server";
import { apiRoute } from "~/api/api-route.server";
import { hostJson, readOptionalJson } from "~/api/booking-api.server";
import { REASSIGN_MESSAGES } from "~/messages/reassign";
import { bookingJson, reassignBody } from "~/schemas/booking-api";
import { reassignBooking } from "~/services/bookings.server";

/**
 * POST /api/bookings/{id}/reassign `{ userId? }` (decision 060): hands a round-robin booking to
 * another live host of its event type, or without userId to the next in line. Its host, or an
 * owner or admin of the event type's team; a member of the team 403, anyone else 404. 200 with the
 * booking and its new host; 409 host_not_free when the chosen host (or, for the next in line,
 * every other host) is busy then.
 */
async function POST({ request, params }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const { userId } = await readOptionalJson(request, reassignBody);
  const result = await reassignBooking({
    id: params.id ?? "",
    actorId: user.id,
    userId: userId ?? null,
    now: new Date(),
  });
  if (result.ok)
    return Response.json({ booking: bookingJson(result.booking, undefined, hostJson(result.host.id, result.host)) });
  const M = REASSIGN_MESSAGES;
  switch (result.reason) {
    case "not-found":
      return apiError(404, "not_found", "No such booking.");
    case "forbidden":
      return apiError(403, "forbidden", M.forbidden);
    case "not-round-robin":
      return apiError(409, "not_round_robin", M.notRoundRobin);
    case "already-cancelled":
      return apiError(409, "already_cancelled", MESSAGES.cancelledEvent);
    case "ended":
      return apiError(409, "meeting_ended", M.ended);
    case "not-eligible":
      return apiError(422, "not_eligible", M.notEligible, { userId: [M.notEligible] });
    case "host-not-free":
      return apiError(409, "host_not_free", userId ? M.hostNotFree : M.nobodyFree);
    case "awaiting-payment":
      return apiError(409, "awaiting_payment", M.awaitingPayment);
  }
}

export const { loader, action } = apiRoute({ POST });
