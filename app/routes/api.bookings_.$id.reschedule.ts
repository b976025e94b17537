import type { LoaderFunctionArgs } from "@remix-run/node";
import { MESSAGES } from "~/messages";
import { apiError, readJson } from "~/api/api.server";
import { apiRoute } from "~/api/api-route.server";
import { rescheduleBody } from "~/schemas/booking-api";
import { bookingActor, changeAnswer } from "~/api/booking-api.server";
import { rescheduleBooking } from "~/services/bookings.server";
import { linkBase } from "~/utils/request.server";

/**
 * POST /api/bookings/{id}/reschedule `{ start, outsideHours?, reason? }`: same auth as cancel; 409 slot_unavailable
 * unless `start` is a free slot now, or, with the host's `outsideHours`, any future start that
 * overlaps none of their meetings (decision 089). `reason` reaches the host (decision 091).
 */
async function POST({ request, params }: LoaderFunctionArgs) {
  const actor = await bookingActor(request);
  const { start, outsideHours, reason } = await readJson(request, rescheduleBody);
  if (outsideHours && "token" in actor)
    return apiError(403, "forbidden", "Only the host moves a booking outside their available times.");
  const result = await rescheduleBooking({
    id: params.id ?? "",
    actor,
    start: new Date(start),
    now: new Date(),
    linkBase: linkBase(request),
    outsideHours,
    reason,
  });
  // A cancelled booking is not moved (decision 029).
  if (!result.ok && result.reason === "already-cancelled")
    return apiError(409, "already_cancelled", MESSAGES.cancelledEvent);
  return changeAnswer(result);
}

export const { loader, action } = apiRoute({ POST });
