import {
  decideBooking,
  lapsedPendingBookings,
  requestedSnapshot,
  type ApprovalActor,
  type DecisionResult,
} from "~/models/approval.server";
import { fromSnapshot, recordBookingEvent } from "~/models/booking-events.server";
import { nudgeBookingEvents, type Told } from "./bookings.server";

/**
 * Approve, decline and expire a pending booking (decision 040): one function per change for
 * every entry point (Scheduled Events, the host's mailed link page, the JSON API, the job
 * runner). Each writes its record in the decision's transaction; the mail consumer tells the
 * guests from it. `approved` carries the same payload as `created` (the guests' invitation with
 * their links, the host's copy), so consumers treat an approval as the booking's confirmation.
 */

function actorName(actor: ApprovalActor): string {
  return "expired" in actor ? "system" : "host";
}

export async function approveBooking(input: { id: string; actor: ApprovalActor; now: Date }): Promise<DecisionResult> {
  const result = await decideBooking(input.id, input.actor, "approve", input.now, async (tx, r) => {
    // The guest's links were made with the request (only their hash is stored): they are in its record.
    const requested = fromSnapshot<Partial<Extract<Told, { tell: "requested" }>>>(
      (await requestedSnapshot(tx, r.booking.id)) ?? {},
    );
    await recordBookingEvent(tx, {
      kind: "approved",
      eventId: r.booking.id,
      actor: actorName(input.actor),
      newStartsAt: r.booking.startsAt,
      newEndsAt: r.booking.endsAt,
      payload: {
        tell: "booking",
        booking: r.booking,
        host: r.host,
        to: r.booking.invitees,
        links: requested.links ?? { cancelUrl: null, rescheduleUrl: null },
      } satisfies Told,
    });
  });
  if (result.ok) nudgeBookingEvents();
  return result;
}

export async function declineBooking(input: {
  id: string;
  actor: ApprovalActor;
  reason?: string | null;
  now: Date;
}): Promise<DecisionResult> {
  const expired = "expired" in input.actor;
  const reason = input.reason?.trim() || null;
  const result = await decideBooking(input.id, input.actor, "decline", input.now, async (tx, r) => {
    await recordBookingEvent(tx, {
      kind: "declined",
      eventId: r.booking.id,
      actor: actorName(input.actor),
      oldStartsAt: r.before.startsAt,
      oldEndsAt: r.before.endsAt,
      reason: expired ? "expired" : reason,
      payload: { tell: "declined", booking: r.booking, host: r.host, reason, expired } satisfies Told,
    });
  });
  if (result.ok) nudgeBookingEvents();
  return result;
}

/**
 * The job: declines every pending booking whose hold ran out, each in its own transaction (a row
 * another server is deciding is skipped, and re-checked as still pending and lapsed under its
 * lock). Answers how many were declined.
 */
export async function expireHeldBookings(now: Date): Promise<number> {
  let declined = 0;
  for (const id of await lapsedPendingBookings(now)) {
    const result = await declineBooking({ id, actor: { expired: true }, now });
    if (result.ok) declined += 1;
  }
  return declined;
}
