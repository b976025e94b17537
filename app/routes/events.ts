import type { ActionFunctionArgs } from "@remix-run/node";
import { MESSAGES } from "~/messages";
import { createHostEvent, EventLimitError, EventOverlapError } from "~/models/event.server";
import { apiError, isSelf, readJson, requireApiUser } from "~/utils/api.server";
import { eventJson, createEventBody } from "~/utils/event-api.server";
import { mailInvitees } from "~/utils/event-mail.server";
import { apiRoute } from "~/utils/api-route.server";

/**
 * POST /events: creates an event hosted by the caller (the cap is enforced in the transaction;
 * a time overlapping another of the caller's events is refused by the database: 409 time_taken).
 */
async function handle({ request }: ActionFunctionArgs) {
  const user = await requireApiUser(request);
  const now = new Date();
  const input = await readJson(request, createEventBody(now));
  if (input.host !== undefined && !isSelf(user, input.host)) {
    return apiError(403, "forbidden", "The host of an event you create is you.");
  }
  try {
    const event = await createHostEvent(
      user.id,
      {
        eventName: input.eventName,
        eventType: input.eventType,
        eventWith: input.eventWith,
        description: input.description,
        startsAt: input.startsAt,
        endsAt: input.endsAt,
        invitees: input.invitees,
      },
      now,
    );
    await mailInvitees(event, user, "created");
    return Response.json(eventJson(event, user.email), { status: 201 });
  } catch (error) {
    if (error instanceof EventLimitError) return apiError(403, "event_limit", MESSAGES.eventLimit);
    if (error instanceof EventOverlapError) return apiError(409, "time_taken", MESSAGES.eventOverlap);
    throw error;
  }
}

export const { loader, action } = apiRoute({ POST: handle });
