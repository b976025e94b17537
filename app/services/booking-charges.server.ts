import type Stripe from "stripe";
import { PaymentError, providerError, stripeClient } from "~/models/payment.server";
import { markRefunded, refundsDue, setPaymentIntent } from "~/models/booking-payment.server";

/**
 * What paid bookings ask Stripe (docs/decisions/107): the PaymentIntent of a hold, a refund, the
 * cancel of an intent whose hold is gone. The amount and currency always come from the database.
 */

export interface BookingCharge {
  /** The booking's events row (a seat's: its session's). */
  bookingId: string;
  /** A group session's seat (docs/decisions/123): the payment is the seat's. */
  seatId?: string;
  amount: number;
  currency: string;
  description: string;
  guestEmail: string;
}

/** The hold's PaymentIntent (one per booking, by its idempotency key); answers its client secret. */
export async function startBookingCharge(charge: BookingCharge): Promise<{ id: string; clientSecret: string }> {
  const s = await stripeClient();
  let intent: Stripe.PaymentIntent;
  try {
    intent = await s.paymentIntents.create(
      {
        amount: charge.amount,
        currency: charge.currency,
        automatic_payment_methods: { enabled: true, allow_redirects: "never" },
        description: charge.description,
        receipt_email: charge.guestEmail,
        metadata: {
          bookingId: charge.bookingId,
          ...(charge.seatId ? { seatId: charge.seatId } : {}),
          amount: String(charge.amount),
          currency: charge.currency,
        },
      },
      { idempotencyKey: charge.seatId ? `seat-${charge.seatId}` : `booking-${charge.bookingId}` },
    );
  } catch (error) {
    throw providerError(error);
  }
  if (!intent.client_secret) throw new PaymentError("provider", "The payment provider did not return a client secret.");
  if (charge.seatId) await setPaymentIntent(charge.seatId, intent.id, true);
  else await setPaymentIntent(charge.bookingId, intent.id);
  return { id: intent.id, clientSecret: intent.client_secret };
}

/** The client secret of a hold's PaymentIntent, for its payment step page. */
export async function clientSecretOf(paymentIntentId: string): Promise<string> {
  try {
    const intent = await (await stripeClient()).paymentIntents.retrieve(paymentIntentId);
    if (!intent.client_secret)
      throw new PaymentError("provider", "The payment provider did not return a client secret.");
    return intent.client_secret;
  } catch (error) {
    throw providerError(error);
  }
}

/** A released hold's intent can no longer be paid (best effort: a late payment is refunded anyway). */
export async function cancelBookingCharge(paymentIntentId: string | null): Promise<void> {
  if (!paymentIntentId) return;
  try {
    await (await stripeClient()).paymentIntents.cancel(paymentIntentId);
  } catch (error) {
    console.warn(`paid bookings: could not cancel ${paymentIntentId}: ${(error as Error).message}`);
  }
}

/**
 * Gives back, through Stripe's Refunds API, every payment a cancel (or a hold released before its
 * payment came) left `refund_due`. One refund per booking, by its idempotency key; a failure
 * stays due and the job runner tries again. Answers how many were refunded.
 */
export async function refundDueBookings(now: Date): Promise<number> {
  const due = await refundsDue();
  if (due.length === 0) return 0;
  let s: Stripe;
  try {
    s = await stripeClient();
  } catch {
    return 0;
  }
  let done = 0;
  for (const { id, eventId, seatId, paymentIntentId } of due) {
    if (!paymentIntentId) continue;
    try {
      // One refund per booking, or per seat of a group session (docs/decisions/123).
      const refund = await s.refunds.create(
        { payment_intent: paymentIntentId, metadata: { bookingId: eventId, ...(seatId ? { seatId } : {}) } },
        { idempotencyKey: seatId ? `seat-refund-${seatId}` : `booking-refund-${eventId}` },
      );
      await markRefunded(id, refund.id, now);
      done += 1;
    } catch (error) {
      console.warn(`paid bookings: refund of ${eventId} failed (tried again later): ${(error as Error).message}`);
    }
  }
  return done;
}
