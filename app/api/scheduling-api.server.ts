import type { EventTypeWrite } from "~/models/event-type.server";
import { apiError } from "./api.server";
import { EVENT_TYPE_MESSAGES } from "~/schemas/event-type-form";
import type { AuthUser } from "~/utils/auth.server";
import type { EventTypeInput } from "~/schemas/scheduling-api";
import { FOREIGN_SCHEDULE_MESSAGE, resolveEventTypeWrite } from "~/services/event-types.server";

/** The event-type routes' shared plumbing (decision 016). */

/** The body with its schedule and hosts resolved (resolveEventTypeWrite); a refusal is thrown as 400 invalid_input with the fields' messages. */
export async function eventTypeWrite(
  user: AuthUser,
  input: EventTypeInput,
  currentTeamId: string | null = null,
): Promise<EventTypeWrite> {
  const resolved = await resolveEventTypeWrite(user, input, currentTeamId);
  if (!resolved.ok) throw apiError(400, "invalid_input", "Check the highlighted fields.", resolved.fields);
  return resolved.write;
}

export const SLUG_TAKEN_MESSAGE = "You already have an event type with this slug.";

/** The answer for a write the model refused. */
export function eventTypeFailure(reason: "slug-taken" | "not-found" | "schedule-gone" | "active-cap"): Response {
  // Decision 038: the free plan's cap counts the event types a host has on.
  if (reason === "active-cap")
    return apiError(403, "active_event_type_limit", EVENT_TYPE_MESSAGES.activeCap, {
      active: [EVENT_TYPE_MESSAGES.activeCap],
    });
  if (reason === "slug-taken") return apiError(409, "slug_taken", SLUG_TAKEN_MESSAGE, { slug: [SLUG_TAKEN_MESSAGE] });
  if (reason === "schedule-gone")
    return apiError(400, "invalid_input", "Check the highlighted fields.", { scheduleId: [FOREIGN_SCHEDULE_MESSAGE] });
  return apiError(404, "not_found", "No such event type.");
}
