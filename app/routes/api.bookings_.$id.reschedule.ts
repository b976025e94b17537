import type { LoaderFunctionArgs } from "@remix-run/node";
import { readJson } from "~/utils/api.server";
import { apiRoute } from "~/utils/api-route.server";
import { rescheduleBody } from "~/utils/booking-api";
import { bookingActor, changeAnswer, rescheduleAndTell } from "~/utils/booking-api.server";

/** POST /api/bookings/{id}/reschedule `{ start }`: same auth as cancel; 409 slot_unavailable unless `start` is a free slot now. */
async function POST({ request, params }: LoaderFunctionArgs) {
  const actor = await bookingActor(request);
  const { start } = await readJson(request, rescheduleBody);
  return changeAnswer(await rescheduleAndTell(request, params.id ?? "", actor, new Date(start), new Date()));
}

export const { loader, action } = apiRoute({ POST });
