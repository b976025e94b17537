import type { ActionFunctionArgs } from "@remix-run/node";
import { MESSAGES } from "~/messages";
import {
  CancelledEventError,
  EventLimitError,
  EventOverlapError,
  getHostEvent,
  LinkedEventError,
} from "~/models/event.server";
import { updateHostEventChange } from "~/services/host-events.server";
import { cancelBooking } from "~/services/bookings.server";
import { apiError, readJson, requireApiUser } from "~/api/api.server";
import { eventJson, updateEventBody } from "~/schemas/event-api.server";
import { apiRoute } from "~/api/api-route.server";

const notFound = () => apiError(404, "not_found", "No such event.");

/** PUT /event/{id} changes, DELETE /event/{id} deletes one of the caller's own events. */
async function handle({ request, params }: ActionFunctionArgs) {
  const user = await requireApiUser(request);
  const id = params.id ?? "";
  if (request.method === "DELETE") {
    let deleted;
    try {
      // The one cancel path with `remove` (decision 029): cancelled with everything that belongs to it, told, then removed.
      deleted = (await cancelBooking({ id, actor: { hostId: user.id }, now: new Date(), remove: true })).ok;
    } catch (error) {
      if (error instanceof LinkedEventError) return apiError(409, "part_of_booking", MESSAGES.coHostedEvent);
      throw error;
    }
    if (!deleted) return notFound();
    return new Response(null, { status: 204 });
  }
  const now = new Date();
  const input = await readJson(request, updateEventBody(now));
  const current = await getHostEvent(user.id, id);
  if (!current) return notFound();
  const minutes = input.duration ?? Math.round((current.endsAt.getTime() - current.startsAt.getTime()) / 60_000);
  try {
    const updated = await updateHostEventChange(
      user,
      id,
      {
        eventName: input.eventName,
        eventType: input.eventType,
        description: input.description,
        startsAt: input.dateTime,
        endsAt: new Date(input.dateTime.getTime() + minutes * 60_000),
      },
      now,
    );
    if (!updated) return notFound();
    return Response.json(eventJson(updated, user.email));
  } catch (error) {
    if (error instanceof EventLimitError) return apiError(403, "event_limit", MESSAGES.eventLimit);
    if (error instanceof EventOverlapError) return apiError(409, "time_taken", MESSAGES.eventOverlap);
    if (error instanceof LinkedEventError) return apiError(409, "part_of_booking", MESSAGES.coHostedEvent);
    if (error instanceof CancelledEventError) return apiError(409, "event_cancelled", MESSAGES.cancelledEvent);
    throw error;
  }
}

export const { loader, action } = apiRoute({ PUT: handle, DELETE: handle });
