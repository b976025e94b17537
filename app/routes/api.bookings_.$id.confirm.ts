import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiError } from "~/api/api.server";
import { apiRoute } from "~/api/api-route.server";
import { RECONFIRM_MESSAGES } from "~/messages/reconfirm";
import { confirmAttendance } from "~/services/reconfirm.server";

/**
 * POST /api/bookings/{id}/confirm?token= (decision 086): the guest's "Please confirm" answered
 * from a client, with the token of the mail's link (not the cancel token). 200 with the booking's
 * reconfirmation state, `already` when it was confirmed before; 404 for a wrong token or id; 409
 * already_cancelled once the booking is cancelled (an unanswered request cancels it).
 */
async function POST({ request, params }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const result = await confirmAttendance({ id: params.id ?? "", token, now: new Date() });
  if (!result.ok && result.reason === "not-found") return apiError(404, "not_found", "No such booking.");
  if (!result.ok) return apiError(409, "already_cancelled", RECONFIRM_MESSAGES.cancelled);
  const { view } = result;
  return Response.json({
    booking: {
      id: view.id,
      status: view.status,
      start: view.startsAt.toISOString(),
      end: view.endsAt.toISOString(),
      reconfirmState: "confirmed",
    },
    already: result.already,
  });
}

export const { loader, action } = apiRoute({ POST });
