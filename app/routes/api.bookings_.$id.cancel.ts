import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute } from "~/utils/api-route.server";
import { cancelBody } from "~/utils/booking-api";
import { bookingActor, cancelAndTell, changeAnswer, readOptionalJson } from "~/utils/booking-api.server";

/** POST /api/bookings/{id}/cancel: by its host (bearer or session) or `?token=`; 404 for anyone else; 409 when already cancelled. */
async function POST({ request, params }: LoaderFunctionArgs) {
  const actor = await bookingActor(request);
  const { reason } = await readOptionalJson(request, cancelBody);
  return changeAnswer(await cancelAndTell(params.id ?? "", actor, reason, new Date()));
}

export const { loader, action } = apiRoute({ POST });
