import { transaction } from "~/server/transaction.server";
import { and, asc, desc, eq, or, sql } from "drizzle-orm";
import { bookingEvents, events, type Event } from "../../db/schema";
import { getDb } from "~/server/db.server";
import { hashBookingToken, hostOf, when, type BookingHost } from "./booking-request.server";
import { isUuid, notify, withInvitees, type HostEvent, type Transaction } from "./event.server";
import { actsAsHost } from "./booking-access.server";

/**
 * Bookings that wait for their host's approval (decision 040). A pending booking is an events row
 * with status `pending`: the no-overlap constraint (every status but cancelled) holds its slot,
 * so two guests racing for it are decided by the database as for any booking. Approving makes
 * the row (and a collective booking's co-host rows) `confirmed`; declining, or the hold running
 * out, makes them `cancelled` with `declined_at`, which frees the slot. Each decision locks the
 * row and checks it is still pending, so two answers (the host's click, the job's expiry, a
 * second server) give one decision and one `not-pending`.
 */

/**
 * A request the host has not answered, or one cancelled while it waited: its hold is still set
 * (approving clears it; declining and running out set declined_at instead).
 */
export function isUnansweredRequest(event: Pick<Event, "holdUntil" | "declinedAt">): boolean {
  return event.holdUntil !== null && event.declinedAt === null;
}

/**
 * Who decides: the host (bearer or session) or a manager of the event type's team (decision 062),
 * the holder of the host's mailed link, or the job runner when the hold ran out.
 */
export type ApprovalActor = { hostId: string } | { approvalToken: string } | { expired: true };

export type Decision = "approve" | "decline";

export type DecisionResult =
  | { ok: true; booking: HostEvent; host: BookingHost; before: Event }
  | { ok: false; reason: "not-found" | "not-pending" };

type Within = (tx: Transaction, result: Extract<DecisionResult, { ok: true }>) => Promise<void>;

function actorFilter(actor: ApprovalActor) {
  if ("hostId" in actor) return actsAsHost(actor.hostId);
  if ("approvalToken" in actor) return eq(events.approvalTokenHash, hashBookingToken(actor.approvalToken));
  return sql`true`;
}

/**
 * Approves or declines pending booking `id`. A request whose hold has run out can no longer be
 * approved (the job declines it); the job itself skips a row another server holds.
 */
export async function decideBooking(
  id: string,
  actor: ApprovalActor,
  decision: Decision,
  now: Date,
  within?: Within,
): Promise<DecisionResult> {
  if (!isUuid(id)) return { ok: false, reason: "not-found" };
  if ("approvalToken" in actor && !actor.approvalToken) return { ok: false, reason: "not-found" };
  const db = await getDb();
  return transaction(db, async (tx): Promise<DecisionResult> => {
    const query = tx
      .select()
      .from(events)
      .where(
        and(
          eq(events.id, id),
          sql`${events.guestEmail} is not null`,
          sql`${events.bookingId} is null`,
          actorFilter(actor),
        ),
      )
      .limit(1);
    const [current] = "expired" in actor ? await query.for("update", { skipLocked: true }) : await query.for("update");
    if (!current) return { ok: false, reason: "not-found" };
    if (current.status !== "pending") return { ok: false, reason: "not-pending" };
    const lapsed = current.holdUntil !== null && current.holdUntil.getTime() <= now.getTime();
    if ("expired" in actor ? !lapsed : decision === "approve" && lapsed) return { ok: false, reason: "not-pending" };
    const change =
      decision === "approve"
        ? { status: "confirmed" as const, holdUntil: null, updatedAt: now }
        : {
            status: "cancelled" as const,
            holdUntil: null,
            declinedAt: now,
            sequence: sql`${events.sequence} + 1`,
            updatedAt: now,
          };
    const rows = await tx
      .update(events)
      .set(change)
      .where(and(or(eq(events.id, id), eq(events.bookingId, id)), eq(events.status, "pending")))
      .returning();
    const updated = rows.find((r) => r.id === id) ?? current;
    const host = await hostOf(tx, current.hostId);
    if ("hostId" in actor && actor.hostId !== current.hostId) {
      // A team's owner or admin answered a member's request: the member hears it (decision 062).
      await notify(
        tx,
        current.hostId,
        `${decision === "approve" ? "Request approved" : "Request declined"} by a team admin: ${current.eventName} with ${current.guestName ?? "a guest"} on ${when(current.startsAt, host.timeZone)}`,
        { eventId: current.id },
      );
    }
    if ("expired" in actor) {
      // The host hears that the time is free again (the guest by mail, from the record).
      await notify(
        tx,
        current.hostId,
        `Request expired: ${current.eventName} with ${current.guestName ?? "a guest"} on ${when(current.startsAt, host.timeZone)} was not answered in time`,
        { eventId: current.id },
      );
    }
    const [booking] = await withInvitees(tx, [updated]);
    const result = { ok: true as const, booking, host, before: current };
    await within?.(tx, result);
    return result;
  });
}

/** An events row that is a pending booking whose hold ran out by `now` (also the job's due check, decision 135). */
export const pendingHoldLapsed = (now: Date) =>
  and(
    sql`${events.holdUntil} is not null`,
    sql`${events.holdUntil} <= ${now.toISOString()}::timestamptz`,
    eq(events.status, "pending"),
    sql`${events.bookingId} is null`,
  );

/** Pending bookings whose hold ran out by `now`, oldest deadline first (the job declines them one by one). */
export async function lapsedPendingBookings(now: Date, limit = 50): Promise<string[]> {
  const db = await getDb();
  const rows = await db
    .select({ id: events.id })
    .from(events)
    .where(pendingHoldLapsed(now))
    .orderBy(asc(events.holdUntil))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** The latest `requested` record's snapshot of booking `eventId` (its guest's links live there, decision 030). */
export async function requestedSnapshot(tx: Transaction, eventId: string): Promise<Record<string, unknown> | null> {
  const [row] = await tx
    .select({ payload: bookingEvents.payload })
    .from(bookingEvents)
    .where(and(eq(bookingEvents.eventId, eventId), eq(bookingEvents.kind, "requested")))
    .orderBy(desc(bookingEvents.createdAt))
    .limit(1);
  return row?.payload ?? null;
}

/** What the host's approve/decline link page shows: the booking its token opens, or null (404 alike for every miss). */
export async function findByApprovalToken(
  id: string,
  token: string,
): Promise<(HostEvent & { hostName: string; hostTimeZone: string }) | null> {
  if (!token || !isUuid(id)) return null;
  const db = await getDb();
  const [row] = await db
    .select()
    .from(events)
    .where(and(eq(events.id, id), eq(events.approvalTokenHash, hashBookingToken(token))))
    .limit(1);
  if (!row) return null;
  const [booking] = await withInvitees(db, [row]);
  const host = await transaction(db, (tx) => hostOf(tx, row.hostId));
  return { ...booking, hostName: host.name || host.email, hostTimeZone: host.timeZone };
}

/** A pending booking moved earlier keeps its hold no later than its new start; answers the hold. */
export async function clampHold(tx: Transaction, id: string): Promise<Date | null> {
  const [row] = await tx
    .update(events)
    .set({ holdUntil: sql`least(${events.holdUntil}, ${events.startsAt})` })
    .where(and(eq(events.id, id), eq(events.status, "pending")))
    .returning({ holdUntil: events.holdUntil });
  return row?.holdUntil ?? null;
}
