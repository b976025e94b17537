import { and, asc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import {
  bookingPayments,
  bookingSeats,
  eventTypes,
  events,
  users,
  type BookingPayment,
  type BookingPaymentState,
} from "../../db/schema";
import { getDb } from "~/server/db.server";
import { transaction } from "~/server/transaction.server";
import { refundDue, refundPolicyOf, type RefundDecision } from "~/scheduling/refund-policy";
import { hashBookingToken, hostOf, when, type BookingHost } from "./booking-request.server";
import { afterHeldSeatLeft, seatBooking, seatPaid, type SeatBooking } from "./booking-seats.server";
import { isUuid, lockHost, notify, withInvitees, type HostEvent, type Transaction } from "./event.server";

/**
 * Paid bookings' payments (docs/decisions/107). A paid booking is an events row `awaiting_payment`
 * (holding its slot like a confirmed one) with a booking_payments row; a collective booking's
 * co-host rows wait with it and follow it (docs/decisions/120). Only the payment's
 * confirmation (Stripe's verified webhook) makes it `confirmed`; a failed payment, the hold
 * running out, or a cancel before paying frees the slot. Every change locks the events row and
 * re-checks its state, so the webhook, its retries and the job give one outcome.
 */

type GuestLinks = { cancelUrl: string | null; rescheduleUrl: string | null };

/**
 * A hold a cancel released before it was paid: its PaymentIntent (null if not made yet) is to be
 * cancelled at Stripe once the cancel is committed.
 */
export type Released = { released: true; paymentIntentId: string | null };

/** A booking's own payment (its events row's), not one of a group session's seats (docs/decisions/123). */
const ofBooking = (eventId: string) => and(eq(bookingPayments.eventId, eventId), isNull(bookingPayments.seatId));

/** Written in the hold's own transaction; `seatId` for a group session's seat (docs/decisions/123). */
export async function recordPaymentHold(
  tx: Transaction,
  input: { eventId: string; seatId?: string | null; amount: number; currency: string; guestLinks: GuestLinks },
): Promise<void> {
  await tx.insert(bookingPayments).values({ ...input, state: "awaiting" });
}

/** `key`: the booking's events row, or the seat (`seat: true`). */
export async function setPaymentIntent(key: string, paymentIntentId: string, seat = false): Promise<void> {
  const db = await getDb();
  await db
    .update(bookingPayments)
    .set({ paymentIntentId })
    .where(seat ? eq(bookingPayments.seatId, key) : ofBooking(key));
}

export async function paymentOfBooking(eventId: string): Promise<BookingPayment | null> {
  if (!isUuid(eventId)) return null;
  const db = await getDb();
  const [row] = await db.select().from(bookingPayments).where(ofBooking(eventId)).limit(1);
  return row ?? null;
}

/** The payment states of these bookings (the host's lists show them). */
export async function paymentStatesOf(eventIds: string[]): Promise<Map<string, BookingPaymentState>> {
  const ids = eventIds.filter(isUuid);
  if (ids.length === 0) return new Map();
  const db = await getDb();
  const rows = await db
    .select({ eventId: bookingPayments.eventId, state: bookingPayments.state })
    .from(bookingPayments)
    .where(and(inArray(bookingPayments.eventId, ids), isNull(bookingPayments.seatId)));
  return new Map(rows.map((r) => [r.eventId, r.state]));
}

export type ConfirmPaymentResult =
  | {
      ok: true;
      confirmed: true;
      booking: HostEvent;
      host: BookingHost;
      links: GuestLinks;
      receiptUrl: string | null;
      alone: boolean;
    }
  | { ok: true; confirmed: false }
  /** The hold was released before the money came: the payment is to be given back. */
  | { ok: false; reason: "released" | "not-found" | "mismatch" };

type ConfirmWithin = (tx: Transaction, result: Extract<ConfirmPaymentResult, { confirmed: true }>) => Promise<void>;

/**
 * Confirms the booking a succeeded PaymentIntent paid for: `awaiting_payment` becomes `confirmed`
 * (a hold that ran out but was not released yet is still the guest's). The amount and currency
 * must be what the hold asked for. Paid before (a replayed webhook): `confirmed: false`.
 */
export async function confirmBookingPayment(
  paymentIntentId: string,
  paid: { bookingId: string; amount: number; currency: string; receiptUrl: string | null },
  now: Date,
  within?: ConfirmWithin,
): Promise<ConfirmPaymentResult> {
  if (!isUuid(paid.bookingId)) return { ok: false, reason: "not-found" };
  const db = await getDb();
  return transaction(db, async (tx): Promise<ConfirmPaymentResult> => {
    const [current] = await tx.select().from(events).where(eq(events.id, paid.bookingId)).for("update");
    const [payment] = await tx
      .select()
      .from(bookingPayments)
      .where(and(ofBooking(paid.bookingId), eq(bookingPayments.paymentIntentId, paymentIntentId)))
      .for("update");
    if (!current || !payment) return { ok: false, reason: "not-found" };
    if (payment.amount !== paid.amount || payment.currency !== paid.currency) return { ok: false, reason: "mismatch" };
    if (payment.state !== "awaiting")
      return payment.state === "paid" ? { ok: true, confirmed: false } : { ok: false, reason: "released" };
    if (current.status !== "awaiting_payment") return { ok: false, reason: "released" };
    const [updated] = await tx
      .update(events)
      .set({ status: "confirmed", holdUntil: null, updatedAt: now })
      .where(eq(events.id, current.id))
      .returning();
    // A collective booking's co-host rows held their hosts' time with it (docs/decisions/120).
    const coHostRows = await tx
      .update(events)
      .set({ status: "confirmed", holdUntil: null, updatedAt: now })
      .where(and(eq(events.bookingId, current.id), eq(events.status, "awaiting_payment")))
      .returning({ hostId: events.hostId });
    await tx
      .update(bookingPayments)
      .set({ state: "paid", paidAt: now, receiptUrl: paid.receiptUrl, guestLinks: null, updatedAt: now })
      .where(ofBooking(current.id));
    const host = await hostOf(tx, current.hostId);
    const bell = (zone: string) =>
      `New paid booking: ${current.eventName} with ${current.guestName ?? "a guest"} on ${when(current.startsAt, zone)}`;
    await notify(tx, current.hostId, bell(host.timeZone), { eventId: current.id });
    for (const row of coHostRows) await notify(tx, row.hostId, bell((await hostOf(tx, row.hostId)).timeZone));
    const [booking] = await withInvitees(tx, [updated]);
    const result = {
      ok: true as const,
      confirmed: true as const,
      booking,
      host,
      links: payment.guestLinks ?? { cancelUrl: null, rescheduleUrl: null },
      receiptUrl: paid.receiptUrl,
      // Co-hosts are mailed too when there are any (a collective booking).
      alone: coHostRows.length === 0,
    };
    await within?.(tx, result);
    return result;
  });
}

/**
 * Frees a paid booking's slot before it was paid: the card failed (`failed`), the hold ran out
 * (`expired`, only once it has). Nobody was told of the hold, so nobody is told of its end.
 * Answers whether this call released it.
 */
export async function releasePaymentHold(
  eventId: string,
  why: "failed" | "expired",
  now: Date,
  paymentIntentId?: string,
): Promise<boolean> {
  if (!isUuid(eventId)) return false;
  const db = await getDb();
  return transaction(db, async (tx) => {
    const query = tx.select().from(events).where(eq(events.id, eventId));
    const [current] = why === "expired" ? await query.for("update", { skipLocked: true }) : await query.for("update");
    if (!current || current.status !== "awaiting_payment") return false;
    if (why === "expired" && (current.holdUntil === null || current.holdUntil.getTime() > now.getTime())) return false;
    const [payment] = await tx
      .update(bookingPayments)
      .set({ state: why, guestLinks: null, updatedAt: now })
      .where(
        and(
          ofBooking(eventId),
          eq(bookingPayments.state, "awaiting"),
          paymentIntentId ? eq(bookingPayments.paymentIntentId, paymentIntentId) : undefined,
        ),
      )
      .returning({ eventId: bookingPayments.eventId });
    if (!payment) return false;
    // The booking's row and, for a collective booking, its co-hosts' rows: every host's time is free again.
    await tx
      .update(events)
      .set({ status: "cancelled", holdUntil: null, updatedAt: now })
      .where(and(or(eq(events.id, eventId), eq(events.bookingId, eventId)), eq(events.status, "awaiting_payment")));
    return true;
  });
}

/** An events row that is a paid booking whose hold ran out by `now` (also the job's due check, decision 135). */
export const paymentHoldLapsed = (now: Date) =>
  and(
    sql`${events.holdUntil} is not null`,
    sql`${events.holdUntil} <= ${now.toISOString()}::timestamptz`,
    eq(events.status, "awaiting_payment"),
  );

/** Paid bookings whose hold ran out by `now`, oldest first (the job releases them one by one). */
export async function lapsedPaymentHolds(
  now: Date,
  limit = 50,
): Promise<Array<{ id: string; paymentIntentId: string | null }>> {
  const db = await getDb();
  return db
    .select({ id: events.id, paymentIntentId: bookingPayments.paymentIntentId })
    .from(events)
    .innerJoin(bookingPayments, and(eq(bookingPayments.eventId, events.id), isNull(bookingPayments.seatId)))
    .where(paymentHoldLapsed(now))
    .orderBy(asc(events.holdUntil))
    .limit(limit);
}

/**
 * In a cancel's transaction: what the booking's payment becomes. Paid: the event type's refund
 * rule decides (`refund_due`, then Stripe is asked after the commit; or `refund_not_due`). Not paid
 * yet: the hold is `released`. Answers the decision, or null for a booking without a payment.
 */
export async function decideRefund(
  tx: Transaction,
  event: { id: string; startsAt: Date; eventTypeId: string | null },
  now: Date,
): Promise<RefundDecision | Released | null> {
  const [payment] = await tx.select().from(bookingPayments).where(ofBooking(event.id)).for("update");
  return payment ? decidePayment(tx, payment, event, now) : null;
}

/** decideRefund's rule for one payment row (a booking's or a seat's). */
async function decidePayment(
  tx: Transaction,
  payment: BookingPayment,
  event: { startsAt: Date; eventTypeId: string | null },
  now: Date,
): Promise<RefundDecision | Released | null> {
  if (payment.state === "awaiting") {
    await tx
      .update(bookingPayments)
      .set({ state: "released", guestLinks: null, updatedAt: now })
      .where(eq(bookingPayments.id, payment.id));
    return { released: true, paymentIntentId: payment.paymentIntentId };
  }
  if (payment.state !== "paid") return null;
  const [type] = event.eventTypeId
    ? await tx
        .select({ refundPolicy: eventTypes.refundPolicy, refundHours: eventTypes.refundHours })
        .from(eventTypes)
        .where(eq(eventTypes.id, event.eventTypeId))
    : [];
  // An event type deleted since: the guest paid for a meeting that will not happen, so in full.
  const decision = refundDue(type ? refundPolicyOf(type) : { type: "full" }, event.startsAt, now);
  await tx
    .update(bookingPayments)
    .set({ state: decision.refund ? "refund_due" : "refund_not_due", updatedAt: now })
    .where(eq(bookingPayments.id, payment.id));
  return decision;
}

/** A hold released before its payment came, paid anyway: owed back in full (`seat`: `key` is a seat's id). */
export async function markRefundDue(key: string, now: Date, seat = false): Promise<void> {
  const db = await getDb();
  await db
    .update(bookingPayments)
    .set({ state: "refund_due", updatedAt: now })
    .where(
      and(
        seat ? eq(bookingPayments.seatId, key) : ofBooking(key),
        inArray(bookingPayments.state, ["failed", "expired", "released"]),
      ),
    );
}

/** A payment owed back whose refund Stripe has not made yet (also the job's due check, decision 135). */
export const refundIsDue = () => eq(bookingPayments.state, "refund_due");

/** Payments owed back whose refund Stripe has not made yet (just decided, or a failed try). */
export async function refundsDue(
  limit = 20,
): Promise<Array<{ id: string; eventId: string; seatId: string | null; paymentIntentId: string | null }>> {
  const db = await getDb();
  return db
    .select({
      id: bookingPayments.id,
      eventId: bookingPayments.eventId,
      seatId: bookingPayments.seatId,
      paymentIntentId: bookingPayments.paymentIntentId,
    })
    .from(bookingPayments)
    .where(refundIsDue())
    .orderBy(asc(bookingPayments.updatedAt))
    .limit(limit);
}

/** `paymentId`: the booking_payments row's own id. */
export async function markRefunded(paymentId: string, refundId: string, now: Date): Promise<void> {
  const db = await getDb();
  await db
    .update(bookingPayments)
    .set({ state: "refunded", refundId, refundedAt: now, updatedAt: now })
    .where(and(eq(bookingPayments.id, paymentId), eq(bookingPayments.state, "refund_due")));
}

/** What the guest's payment step shows: the booking its token opens, with its payment; null alike for every miss. */
export async function paymentStepOf(id: string, token: string) {
  if (!token || !isUuid(id)) return null;
  return (await bookingPaymentStep(id, token)) ?? (await seatPaymentStep(id, token));
}

async function bookingPaymentStep(id: string, token: string) {
  const db = await getDb();
  const [row] = await db
    .select({
      id: events.id,
      eventName: events.eventName,
      startsAt: events.startsAt,
      endsAt: events.endsAt,
      status: events.status,
      holdUntil: events.holdUntil,
      guestName: events.guestName,
      guestEmail: events.guestEmail,
      guestTimeZone: events.guestTimeZone,
      eventTypeId: events.eventTypeId,
      state: bookingPayments.state,
      amount: bookingPayments.amount,
      currency: bookingPayments.currency,
      paymentIntentId: bookingPayments.paymentIntentId,
      receiptUrl: bookingPayments.receiptUrl,
      hostName: sql<string>`coalesce(nullif(${users.name}, ''), ${users.email})`,
    })
    .from(events)
    .innerJoin(bookingPayments, and(eq(bookingPayments.eventId, events.id), isNull(bookingPayments.seatId)))
    .innerJoin(users, eq(users.id, events.hostId))
    .where(and(eq(events.id, id), eq(events.bookingTokenHash, hashBookingToken(token))))
    .limit(1);
  return row ?? null;
}

/* ---- A group session's paid seats (docs/decisions/123): one payment per seat. ---- */

export type ConfirmSeatPaymentResult =
  | { ok: true; confirmed: true; booking: SeatBooking; host: BookingHost; links: GuestLinks; receiptUrl: string | null }
  | { ok: true; confirmed: false }
  | { ok: false; reason: "released" | "not-found" | "mismatch" };

type SeatConfirmWithin = (
  tx: Transaction,
  result: Extract<ConfirmSeatPaymentResult, { confirmed: true }>,
) => Promise<void>;

/** The seat, its session and its payment, locked in the seat paths' order (host, seat, session). */
async function lockSeat(tx: Transaction, seatId: string, skipLocked = false) {
  const [first] = await tx
    .select({ hostId: events.hostId })
    .from(bookingSeats)
    .innerJoin(events, eq(events.id, bookingSeats.eventId))
    .where(eq(bookingSeats.id, seatId));
  if (!first) return null;
  await lockHost(tx, first.hostId);
  const seatQuery = tx.select().from(bookingSeats).where(eq(bookingSeats.id, seatId));
  const [seat] = skipLocked ? await seatQuery.for("update", { skipLocked: true }) : await seatQuery.for("update");
  if (!seat) return null;
  const [session] = await tx.select().from(events).where(eq(events.id, seat.eventId)).for("update");
  const [payment] = await tx.select().from(bookingPayments).where(eq(bookingPayments.seatId, seatId)).for("update");
  return session && payment ? { seat, session, payment } : null;
}

/**
 * Confirms the seat a succeeded PaymentIntent paid for: the seat becomes `confirmed` and joins the
 * session's attendees (a session only held seats opened is confirmed with it), the payment `paid`,
 * the host's bell rings. A replay: `confirmed: false`.
 */
export async function confirmSeatPayment(
  paymentIntentId: string,
  paid: { seatId: string; amount: number; currency: string; receiptUrl: string | null },
  now: Date,
  within?: SeatConfirmWithin,
): Promise<ConfirmSeatPaymentResult> {
  if (!isUuid(paid.seatId)) return { ok: false, reason: "not-found" };
  const db = await getDb();
  return transaction(db, async (tx): Promise<ConfirmSeatPaymentResult> => {
    const locked = await lockSeat(tx, paid.seatId);
    if (!locked || locked.payment.paymentIntentId !== paymentIntentId) return { ok: false, reason: "not-found" };
    const { seat, session, payment } = locked;
    if (payment.amount !== paid.amount || payment.currency !== paid.currency) return { ok: false, reason: "mismatch" };
    if (payment.state !== "awaiting")
      return payment.state === "paid" ? { ok: true, confirmed: false } : { ok: false, reason: "released" };
    if (seat.status !== "awaiting_payment" || session.status === "cancelled") return { ok: false, reason: "released" };
    const joined = await seatPaid(tx, session, seat.id, now);
    await tx
      .update(bookingPayments)
      .set({ state: "paid", paidAt: now, receiptUrl: paid.receiptUrl, guestLinks: null, updatedAt: now })
      .where(eq(bookingPayments.id, payment.id));
    const host = await hostOf(tx, session.hostId);
    await notify(
      tx,
      session.hostId,
      `New paid booking: ${session.eventName} with ${seat.name} on ${when(session.startsAt, host.timeZone)}`,
      { eventId: session.id },
    );
    const result = {
      ok: true as const,
      confirmed: true as const,
      booking: seatBooking(joined.session, joined.seat, joined.live),
      host,
      links: payment.guestLinks ?? { cancelUrl: null, rescheduleUrl: null },
      receiptUrl: paid.receiptUrl,
    };
    await within?.(tx, result);
    return result;
  });
}

/**
 * Frees a held seat before it was paid (`failed`: the card failed; `expired`: its hold ran out, only
 * once it has): its places are free again; a session only held seats opened goes with its last one.
 * Nobody was told of the hold, so nobody is told of its end. Answers whether this call released it.
 */
export async function releaseSeatHold(
  seatId: string,
  why: "failed" | "expired",
  now: Date,
  paymentIntentId?: string,
): Promise<boolean> {
  if (!isUuid(seatId)) return false;
  const db = await getDb();
  return transaction(db, async (tx) => {
    const locked = await lockSeat(tx, seatId, why === "expired");
    if (!locked || locked.seat.status !== "awaiting_payment" || locked.payment.state !== "awaiting") return false;
    if (paymentIntentId && locked.payment.paymentIntentId !== paymentIntentId) return false;
    const holdUntil = locked.seat.holdUntil;
    if (why === "expired" && (holdUntil === null || holdUntil.getTime() > now.getTime())) return false;
    await tx
      .update(bookingPayments)
      .set({ state: why, guestLinks: null, updatedAt: now })
      .where(eq(bookingPayments.id, locked.payment.id));
    await tx
      .update(bookingSeats)
      .set({ status: "cancelled", cancelledAt: now, holdUntil: null, updatedAt: now })
      .where(eq(bookingSeats.id, seatId));
    await afterHeldSeatLeft(tx, locked.session, now);
    return true;
  });
}

/** A held seat whose hold ran out by `now` (also the job's due check, decision 135). */
export const seatHoldLapsed = (now: Date) =>
  and(
    sql`${bookingSeats.holdUntil} is not null`,
    sql`${bookingSeats.holdUntil} <= ${now.toISOString()}::timestamptz`,
    eq(bookingSeats.status, "awaiting_payment"),
  );

/** Held seats whose hold ran out by `now`, oldest first. */
export async function lapsedSeatHolds(
  now: Date,
  limit = 50,
): Promise<Array<{ seatId: string; paymentIntentId: string | null }>> {
  const db = await getDb();
  return db
    .select({ seatId: bookingSeats.id, paymentIntentId: bookingPayments.paymentIntentId })
    .from(bookingSeats)
    .innerJoin(bookingPayments, eq(bookingPayments.seatId, bookingSeats.id))
    .where(seatHoldLapsed(now))
    .orderBy(asc(bookingSeats.holdUntil))
    .limit(limit);
}

/** In a seat's cancel transaction: what its payment becomes (decideRefund's rule, for the seat's payment). */
export async function decideSeatRefund(
  tx: Transaction,
  seat: { id: string; startsAt: Date; eventTypeId: string | null },
  now: Date,
): Promise<RefundDecision | Released | null> {
  const [payment] = await tx.select().from(bookingPayments).where(eq(bookingPayments.seatId, seat.id)).for("update");
  return payment ? decidePayment(tx, payment, seat, now) : null;
}

/**
 * In a whole session's cancel transaction (its host or an admin): every seat's payment, by the
 * refund rule (paid seats) or released (held seats). Answers how many were paid and how many held,
 * with the held ones' PaymentIntents (to be cancelled at Stripe after the commit).
 */
export async function decideSessionRefunds(
  tx: Transaction,
  session: { id: string; startsAt: Date; eventTypeId: string | null },
  now: Date,
): Promise<{ paid: number; released: number; releasedIntents: string[] }> {
  const payments = await tx
    .select()
    .from(bookingPayments)
    .where(and(eq(bookingPayments.eventId, session.id), sql`${bookingPayments.seatId} is not null`))
    .for("update");
  const counts = { paid: 0, released: 0, releasedIntents: [] as string[] };
  for (const payment of payments) {
    const decision = await decidePayment(tx, payment, session, now);
    if (decision && "released" in decision) {
      counts.released += 1;
      if (decision.paymentIntentId) counts.releasedIntents.push(decision.paymentIntentId);
    } else if (decision) counts.paid += 1;
  }
  return counts;
}

/** A seat's payment step: the seat its token opens (its id, or its session's), with its payment. */
async function seatPaymentStep(id: string, token: string) {
  const db = await getDb();
  const [row] = await db
    .select({
      id: bookingSeats.id,
      eventName: events.eventName,
      startsAt: events.startsAt,
      endsAt: events.endsAt,
      sessionStatus: events.status,
      seatStatus: bookingSeats.status,
      holdUntil: bookingSeats.holdUntil,
      guestName: bookingSeats.name,
      guestEmail: bookingSeats.email,
      guestTimeZone: bookingSeats.timeZone,
      eventTypeId: events.eventTypeId,
      state: bookingPayments.state,
      amount: bookingPayments.amount,
      currency: bookingPayments.currency,
      paymentIntentId: bookingPayments.paymentIntentId,
      receiptUrl: bookingPayments.receiptUrl,
      hostName: sql<string>`coalesce(nullif(${users.name}, ''), ${users.email})`,
    })
    .from(bookingSeats)
    .innerJoin(events, eq(events.id, bookingSeats.eventId))
    .innerJoin(bookingPayments, eq(bookingPayments.seatId, bookingSeats.id))
    .innerJoin(users, eq(users.id, events.hostId))
    .where(
      and(
        eq(bookingSeats.tokenHash, hashBookingToken(token)),
        sql`(${bookingSeats.id} = ${id} or ${bookingSeats.eventId} = ${id})`,
      ),
    )
    .limit(1);
  if (!row) return null;
  const { sessionStatus, seatStatus, ...rest } = row;
  return { ...rest, status: sessionStatus === "cancelled" ? ("cancelled" as const) : seatStatus };
}
