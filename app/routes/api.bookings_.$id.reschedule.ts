import type { LoaderFunctionArgs } from "@remix-run/node";
import { MESSAGES } from "~/messages";
import { apiError, readJson } from "~/api/api.server";
import { apiRoute } from "~/api/api-route.server";
import { rescheduleBody } from "~/schemas/booking-api";
import { bookingActor, changeAnswer } from "~/api/booking-api.server";
import { rescheduleBooking } from "~/services/bookings.server";
import { linkBase } from "~/utils/request.server";

/** POST /api/bookings/{id}/reschedule `{ start }`: same auth as cancel; 409 slot_unavailable unless `start` is a free slot now. */
async function POST({ request, params }: LoaderFunctionArgs) {
  const actor = await bookingActor(request);
  const { start } = await readJson(request, rescheduleBody);
  const result = await rescheduleBooking({
    id: params.id ?? "",
    actor,
    start: new Date(start),
    now: new Date(),
    linkBase: linkBase(request),
  });
  // A cancelled booking is not moved (decision 029).
  if (!result.ok && result.reason === "already-cancelled")
    return apiError(409, "already_cancelled", MESSAGES.cancelledEvent);
  return changeAnswer(result);
}

export const { loader, action } = apiRoute({ POST });
