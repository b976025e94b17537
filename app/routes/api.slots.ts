import type { LoaderFunctionArgs } from "@remix-run/node";
import { isUuid } from "~/models/event.server";
import {
  bookableForDuration,
  getBookableEventType,
  getBookableEventTypeBySlug,
  getBookableTeamEventType,
  slotSearch,
  teamEventTypeMovedTo,
} from "~/models/event-type.server";
import { SlotConfigError } from "~/scheduling/availability";
import { computeSlots } from "~/scheduling/slots";
import { readQuery } from "~/api/admin-api.server";
import { apiError } from "~/api/api.server";
import { apiRoute } from "~/api/api-route.server";
import { durationsOf, slotsQuery } from "~/schemas/scheduling-api";

/**
 * GET /api/slots (no auth: the public booking pages use it): the free slots of an active event
 * type (by id, by username and slug, or by team and slug) for the guest's dates `start`..`end` in `timeZone`. Busy time is the host's
 * non-cancelled events; the slot engine (app/scheduling) does the rest with the real clock.
 */
/**
 * A team's event type by its team's slug; by a username, the person's own, else (as its old
 * booking link does, decision 059) the team event type of theirs with that slug.
 */
async function bySlugs(username: string, team: string, slug: string) {
  if (team) return getBookableTeamEventType(team, slug);
  const own = await getBookableEventTypeBySlug(username, slug);
  if (own) return own;
  const moved = await teamEventTypeMovedTo(username, slug);
  const [, , teamSlug, eventSlug] = moved?.split("/") ?? [];
  return moved ? getBookableTeamEventType(teamSlug, eventSlug) : null;
}

async function GET({ request }: LoaderFunctionArgs) {
  const query = await readQuery(request, slotsQuery);
  const bookable = query.eventTypeId
    ? isUuid(query.eventTypeId)
      ? await getBookableEventType(query.eventTypeId)
      : null
    : await bySlugs(query.username ?? "", query.team ?? "", query.slug ?? "");
  if (!bookable) return apiError(404, "not_found", "No such event type, or it is not taking bookings.");
  // Slots of the length asked (decision 087), the default one when none is.
  const found = bookableForDuration(bookable, query.duration);
  if (!found)
    return apiError(400, "invalid_input", "Check the query parameters.", {
      duration: [`duration: one of ${durationsOf(bookable.eventType).join(", ")} (minutes).`],
    });
  try {
    const result = computeSlots(
      await slotSearch(found, {
        range: { start: query.start, end: query.end },
        timeZone: query.timeZone,
        now: new Date(),
      }),
    );
    return Response.json(result);
  } catch (error) {
    if (error instanceof SlotConfigError)
      return apiError(400, "invalid_input", `Cannot compute slots: ${error.message}.`);
    throw error;
  }
}

export const { loader, action } = apiRoute({ GET });
