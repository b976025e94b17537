import type { Event } from "../../db/schema";
import { recordBookingEvent } from "~/models/booking-events.server";
import { createHostEvent, updateHostEvent, type EventDetails, type HostEvent } from "~/models/event.server";
import { formatInZone } from "~/scheduling/zoned-time";
import { nudgeBookingEvents, type Told } from "./bookings.server";

/**
 * A host's own events (decision 030): create and change, one function each for every entry point
 * (the create pages, My Schedule, POST /events, PUT /event/{id}). Each writes the event and its
 * booking event in one transaction; the invitees hear of it from the mail consumer, never from
 * the request. Cancelling is the one cancel path (cancelBooking in bookings.server.ts).
 */

export interface EventHost {
  id: string;
  email: string;
  name: string;
  timeZone: string;
}

/** "Tue, Dec 1, 2026 at 8:00 PM (America/New_York)": what the host reads in toasts and notifications. */
export function describeWhen(instant: Date, timeZone: string): string {
  const f = formatInZone(instant, timeZone);
  return `${f.date} at ${f.time} (${timeZone})`;
}

function mailedHost(host: EventHost) {
  return { email: host.email, name: host.name, timeZone: host.timeZone };
}

/** Creates the host's event (cap and overlap checked in its transaction: EventLimitError, EventOverlapError). */
export async function createHostEventChange(
  host: EventHost,
  input: EventDetails & { eventWith: Event["eventWith"]; invitees: string[] },
  now: Date,
): Promise<HostEvent> {
  const event = await createHostEvent(host.id, input, now, (tx, created) =>
    recordBookingEvent(tx, {
      kind: "created",
      eventId: created.id,
      actor: "host",
      newStartsAt: created.startsAt,
      newEndsAt: created.endsAt,
      payload: { tell: "invitees", event: created, host: mailedHost(host), kind: "created" } satisfies Told,
    }),
  );
  nudgeBookingEvents();
  return event;
}

/**
 * Changes the host's event; null when it is not theirs. A new time is a `rescheduled` record, the
 * same time an `updated` one. EventLimitError, EventOverlapError, LinkedEventError and
 * CancelledEventError as updateHostEvent.
 */
export async function updateHostEventChange(
  host: EventHost,
  eventId: string,
  input: EventDetails,
  now: Date,
): Promise<HostEvent | null> {
  const updated = await updateHostEvent(host.id, eventId, input, now, (tx, event, before) => {
    const moved =
      before.startsAt.getTime() !== event.startsAt.getTime() || before.endsAt.getTime() !== event.endsAt.getTime();
    return recordBookingEvent(tx, {
      kind: moved ? "rescheduled" : "updated",
      eventId: event.id,
      actor: "host",
      oldStartsAt: before.startsAt,
      oldEndsAt: before.endsAt,
      newStartsAt: event.startsAt,
      newEndsAt: event.endsAt,
      payload: { tell: "invitees", event, host: mailedHost(host), kind: "updated" } satisfies Told,
    });
  });
  if (updated) nudgeBookingEvents();
  return updated;
}
