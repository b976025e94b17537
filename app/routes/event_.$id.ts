import type { ActionFunctionArgs } from "@remix-run/node";
import { MESSAGES } from "~/messages";
import { CancelledEventError, EventLimitError, EventOverlapError, getHostEvent, LinkedEventError, updateHostEvent } from "~/models/event.server";
import { apiError, readJson, requireApiUser } from "~/utils/api.server";
import { eventJson, updateEventBody } from "~/utils/event-api.server";
import { deleteEventAndTell } from "~/utils/event-actions.server";
import { mailInvitees } from "~/utils/event-mail.server";
import { apiRoute } from "~/utils/api-route.server";

const notFound = () => apiError(404, "not_found", "No such event.");

/** PUT /event/{id} changes, DELETE /event/{id} deletes one of the caller's own events. */
async function handle({ request, params }: ActionFunctionArgs) {
  const user = await requireApiUser(request);
  const id = params.id ?? "";
  if (request.method === "DELETE") {
    let deleted;
    try {
      deleted = await deleteEventAndTell(user, id);
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
    const updated = await updateHostEvent(
      user.id,
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
    await mailInvitees(updated, user, "updated");
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
