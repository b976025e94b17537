import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiError, readJson, requireApiUser } from "~/api/api.server";
import { apiRoute } from "~/api/api-route.server";
import { hostJson } from "~/api/booking-api.server";
import { NO_SHOW_MESSAGES } from "~/messages/policies";
import { bookingJson, noShowBody } from "~/schemas/booking-api";
import { markBookingNoShow } from "~/services/bookings.server";

/**
 * POST /api/bookings/{id}/no-show `{ who, noShow }` (decision 078): after the start, the booking's
 * host or an owner or admin of its team marks (or undoes) the guest's no-show; `who: "host"` only
 * for a team booking, by its team's owners and admins (403 for anyone else who may see it). 404 for
 * anyone else; 409 not_started before the start, already_cancelled for a cancelled booking.
 */
async function POST({ request, params }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const { who, noShow } = await readJson(request, noShowBody);
  const result = await markBookingNoShow({ id: params.id ?? "", actorId: user.id, who, noShow, now: new Date() });
  if (result.ok)
    return Response.json({
      booking: {
        ...bookingJson(result.booking, undefined, hostJson(result.booking.hostId, result.host)),
        noShow: { guest: result.booking.guestNoShow, host: result.booking.hostNoShow },
      },
    });
  switch (result.reason) {
    case "not-found":
      return apiError(404, "not_found", "No such booking.");
    case "host-only-for-teams":
      return apiError(403, "forbidden", NO_SHOW_MESSAGES.hostOnlyForTeams);
    case "cancelled":
      return apiError(409, "already_cancelled", NO_SHOW_MESSAGES.cancelled);
    case "not-started":
      return apiError(409, "not_started", NO_SHOW_MESSAGES.notStarted);
  }
}

export const { loader, action } = apiRoute({ POST });
