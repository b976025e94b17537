import type { LoaderFunctionArgs } from "@remix-run/node";
import { isUuid } from "~/models/event.server";
import { busyTimes, getBookableEventType, getBookableEventTypeBySlug } from "~/models/event-type.server";
import { SlotConfigError } from "~/scheduling/availability";
import { computeSlots } from "~/scheduling/slots";
import { dayNumber } from "~/scheduling/zoned-time";
import { readQuery } from "~/utils/admin-api.server";
import { apiError } from "~/utils/api.server";
import { apiRoute } from "~/utils/api-route.server";
import { slotsQuery } from "~/utils/scheduling-api";

const DAY_MS = 24 * 60 * 60 * 1000;
const MINUTE_MS = 60_000;

/**
 * GET /api/slots (no auth: the public booking pages use it): the free slots of an active event
 * type for the guest's dates `start`..`end` in `timeZone`. Busy time is the host's
 * non-cancelled events; the slot engine (app/scheduling) does the rest with the real clock.
 */
async function GET({ request }: LoaderFunctionArgs) {
  const query = await readQuery(request, slotsQuery);
  const found = query.eventTypeId
    ? isUuid(query.eventTypeId)
      ? await getBookableEventType(query.eventTypeId)
      : null
    : await getBookableEventTypeBySlug(query.username ?? "", query.slug ?? "");
  if (!found) return apiError(404, "not_found", "No such event type, or it is not taking bookings.");
  const { eventType, ownerId, schedule } = found;

  // The guest's dates cover at most a day and a half either side of UTC; buffers widen more.
  const margin = 2 * DAY_MS + Math.max(eventType.bufferBefore, eventType.bufferAfter) * MINUTE_MS;
  const from = new Date((dayNumber(query.start) ?? 0) * DAY_MS - margin);
  const to = new Date(((dayNumber(query.end) ?? 0) + 1) * DAY_MS + margin);
  // Until team invitations exist the owner is the only host (decision 016).
  const busy = await busyTimes(ownerId, from, to);
  try {
    const result = computeSlots({
      eventType: {
        id: eventType.id,
        kind: eventType.kind,
        duration: eventType.duration,
        slotInterval: eventType.slotInterval ?? eventType.duration,
        bufferBefore: eventType.bufferBefore,
        bufferAfter: eventType.bufferAfter,
        minimumNotice: eventType.minimumNotice,
        bookingWindowDays: eventType.bookingWindowDays,
        ...(eventType.dailyLimit !== null ? { dailyLimit: eventType.dailyLimit } : {}),
        ...(eventType.seats !== null ? { seats: eventType.seats } : {}),
      },
      hosts: [{ id: ownerId, schedule: { timeZone: schedule.timeZone, weekly: schedule.weekly, overrides: schedule.overrides }, busy }],
      now: new Date(),
      range: { start: query.start, end: query.end },
      timeZone: query.timeZone,
    });
    return Response.json(result);
  } catch (error) {
    if (error instanceof SlotConfigError) return apiError(400, "invalid_input", `Cannot compute slots: ${error.message}.`);
    throw error;
  }
}

export const { loader, action } = apiRoute({ GET });
