import type Stripe from "stripe";
import { PaymentError, providerError, receiptUrlOf, stripeClient } from "~/models/payment.server";
import {
  confirmBookingPayment,
  confirmSeatPayment,
  lapsedPaymentHolds,
  lapsedSeatHolds,
  markRefundDue,
  releasePaymentHold,
  releaseSeatHold,
} from "~/models/booking-payment.server";
import { recordBookingEvent } from "~/models/booking-events.server";
import { cancelBookingCharge, refundDueBookings } from "./booking-charges.server";
import { nudgeBookingEvents, type Told } from "./bookings.server";

/**
 * Paid bookings' payment events (docs/decisions/107). Only Stripe's verified webhook confirms a
 * booking: its PaymentIntent is fetched fresh from Stripe (an event may be late, replayed or
 * forged from an old signed payload) and must have succeeded for the amount and currency the
 * hold asked for. The confirmation writes the booking's `created` record in its transaction, so
 * the mails (with the receipt link), webhooks and calendar writes leave then, not at the hold.
 */

/** Whether a verified Stripe event is about a paid booking (its PaymentIntent names one). */
export function isBookingPaymentEvent(event: Stripe.Event): boolean {
  if (!event.type.startsWith("payment_intent.")) return false;
  const object = event.data.object as { metadata?: Record<string, string> | null };
  return Boolean(object.metadata?.bookingId);
}

export async function handleBookingPaymentEvent(event: Stripe.Event, now: Date): Promise<{ handled: boolean }> {
  const sent = event.data.object as Stripe.PaymentIntent;
  if (event.type !== "payment_intent.succeeded" && event.type !== "payment_intent.payment_failed")
    return { handled: false };
  let intent: Stripe.PaymentIntent;
  try {
    intent = await (await stripeClient()).paymentIntents.retrieve(sent.id, { expand: ["latest_charge"] });
  } catch (error) {
    throw providerError(error);
  }
  const bookingId = intent.metadata?.bookingId;
  if (!bookingId) throw new PaymentError("bad_metadata", "This payment was not started by this site.");
  const seatId = intent.metadata?.seatId;
  if (seatId) return handleSeatPayment(event, intent, seatId, now);
  if (intent.status !== "succeeded") {
    // A failed attempt frees the slot; a retried card would need a new booking.
    if (event.type !== "payment_intent.payment_failed") return { handled: false };
    const released = await releasePaymentHold(bookingId, "failed", now, intent.id);
    if (released) void cancelBookingCharge(intent.id);
    return { handled: released };
  }
  const result = await confirmBookingPayment(
    intent.id,
    { bookingId, amount: intent.amount, currency: intent.currency, receiptUrl: receiptUrlOf(intent) },
    now,
    async (tx, r) => {
      await recordBookingEvent(tx, {
        kind: "created",
        eventId: r.booking.id,
        actor: "guest",
        newStartsAt: r.booking.startsAt,
        newEndsAt: r.booking.endsAt,
        payload: {
          tell: "booking",
          booking: r.booking,
          host: r.host,
          to: r.booking.invitees,
          links: r.links,
          alone: r.alone,
          ...(r.receiptUrl ? { receiptUrl: r.receiptUrl } : {}),
        } satisfies Told,
      });
    },
  );
  return settleConfirmation(result, { key: bookingId, seat: false }, now);
}

/**
 * A group session's seat (docs/decisions/123): the seat's own payment confirms or frees the seat.
 * Confirmed, the seat's `created` record (with the seat) is written in that transaction, as a free
 * seat's is at its booking: its guest's invitation with the receipt, the host's mail, the other
 * guests' lists, webhooks, calendars and workflows go then, never at the hold.
 */
async function handleSeatPayment(
  event: Stripe.Event,
  intent: Stripe.PaymentIntent,
  seatId: string,
  now: Date,
): Promise<{ handled: boolean }> {
  if (intent.status !== "succeeded") {
    if (event.type !== "payment_intent.payment_failed") return { handled: false };
    const released = await releaseSeatHold(seatId, "failed", now, intent.id);
    if (released) void cancelBookingCharge(intent.id);
    return { handled: released };
  }
  const result = await confirmSeatPayment(
    intent.id,
    { seatId, amount: intent.amount, currency: intent.currency, receiptUrl: receiptUrlOf(intent) },
    now,
    async (tx, r) => {
      await recordBookingEvent(tx, {
        kind: "created",
        eventId: r.booking.session.id,
        seatId: r.booking.id,
        actor: "guest",
        newStartsAt: r.booking.startsAt,
        newEndsAt: r.booking.endsAt,
        payload: {
          tell: "booking",
          booking: r.booking,
          host: r.host,
          to: r.booking.invitees,
          links: r.links,
          alone: true,
          ...(r.receiptUrl ? { receiptUrl: r.receiptUrl } : {}),
        } satisfies Told,
      });
    },
  );
  return settleConfirmation(result, { key: seatId, seat: true }, now);
}

/**
 * The webhook's answer once a booking's or a seat's payment was confirmed or refused: confirmed,
 * its records leave now; a wrong amount or an unknown intent is an error; paid after its hold was
 * released (its places may be someone else's now), it is given back in full.
 */
async function settleConfirmation(
  result: { ok: true; confirmed: boolean } | { ok: false; reason: string },
  paid: { key: string; seat: boolean },
  now: Date,
): Promise<{ handled: boolean }> {
  if (result.ok) {
    if (result.confirmed) nudgeBookingEvents();
    return { handled: result.confirmed };
  }
  if (result.reason === "mismatch")
    throw new PaymentError("amount_mismatch", "The amount paid does not match the booking's price.");
  if (result.reason === "not-found")
    throw new PaymentError("bad_metadata", "This payment was not started by this site.");
  await markRefundDue(paid.key, now, paid.seat);
  await refundDueBookings(now);
  return { handled: true };
}

/**
 * The job: releases every paid booking (and every group session's paid seat) whose 15 minutes ran out unpaid (its PaymentIntent is
 * cancelled so it can no longer be paid), then retries refunds still due. Answers how many holds
 * were released.
 */
export async function expirePaymentHolds(now: Date): Promise<number> {
  let released = 0;
  for (const hold of await lapsedPaymentHolds(now)) {
    if (await releasePaymentHold(hold.id, "expired", now)) {
      released += 1;
      await cancelBookingCharge(hold.paymentIntentId);
    }
  }
  for (const hold of await lapsedSeatHolds(now)) {
    if (await releaseSeatHold(hold.seatId, "expired", now)) {
      released += 1;
      await cancelBookingCharge(hold.paymentIntentId);
    }
  }
  await refundDueBookings(now);
  return released;
}
