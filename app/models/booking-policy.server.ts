import { and, eq, sql } from "drizzle-orm";
import { eventTypes, events } from "../../db/schema";
import type { BookingPolicy, PolicyRefusal } from "~/scheduling/booking-policy";
import { getDb } from "~/server/db.server";
import { hashBookingToken } from "./booking-request.server";
import { findSeatBooking } from "./booking-seats.server";
import { isUuid, type Transaction } from "./event.server";

/**
 * The event type policy a guest's change is checked against (decision 077). The rule itself is
 * app/scheduling/booking-policy.ts; the booking service asks it before a guest's change and again
 * on the locked row (PolicyRefused thrown in the change's transaction rolls it back).
 */

export class PolicyRefused extends Error {
  constructor(readonly refusal: PolicyRefusal) {
    super(refusal.rule);
    this.name = "PolicyRefused";
  }
}

type Executor = Awaited<ReturnType<typeof getDb>> | Transaction;

export const POLICY_COLUMNS = {
  cancelNoticeMinutes: eventTypes.cancelNoticeMinutes,
  rescheduleNoticeMinutes: eventTypes.rescheduleNoticeMinutes,
  maxReschedules: eventTypes.maxReschedules,
  requireCancelReason: eventTypes.requireCancelReason,
};

/** The event type's policy, or null when the booking has none (its event type was deleted). */
export async function policyOfEventType(eventTypeId: string | null, db?: Executor): Promise<BookingPolicy | null> {
  if (!eventTypeId) return null;
  const executor = db ?? (await getDb());
  const [row] = await executor.select(POLICY_COLUMNS).from(eventTypes).where(eq(eventTypes.id, eventTypeId));
  return row ?? null;
}

/** What a guest's change is judged on: the start, the reschedules so far (a seat's are not counted), the policy. */
export interface GuestPolicyState {
  startsAt: Date;
  rescheduleCount: number;
  policy: BookingPolicy | null;
}

/** The booking or seat `token` opens (null for every miss: the caller answers not-found as before). */
export async function guestPolicyState(id: string, token: string): Promise<GuestPolicyState | null> {
  if (!token || !isUuid(id)) return null;
  const seat = await findSeatBooking(id, token);
  if (seat) return { startsAt: seat.startsAt, rescheduleCount: 0, policy: await policyOfEventType(seat.eventTypeId) };
  const db = await getDb();
  const [row] = await db
    .select({ startsAt: events.startsAt, rescheduleCount: events.rescheduleCount, eventTypeId: events.eventTypeId })
    .from(events)
    .where(
      and(
        eq(events.id, id),
        eq(events.bookingTokenHash, hashBookingToken(token)),
        sql`${events.guestEmail} is not null`,
      ),
    )
    .limit(1);
  if (!row) return null;
  return {
    startsAt: row.startsAt,
    rescheduleCount: row.rescheduleCount,
    policy: await policyOfEventType(row.eventTypeId, db),
  };
}
