import * as payments from "~/models/payment.server";
import type { PackageSummary } from "~/models/package.server";
import { paymentReceiptMail } from "~/mail/receipt-mail";
import { linkBase } from "~/server/env.server";
import { nudgeOutbox } from "~/server/mail-transport.server";
import { handleBookingPaymentEvent, isBookingPaymentEvent } from "./paid-bookings.server";

/**
 * Card payments with their receipt (decision 093): the model records a purchase once and queues
 * the receipt in the same transaction; this gives it the mail to queue, then nudges the outbox.
 */

const receipt: payments.ReceiptComposer = (facts) => paymentReceiptMail({ ...facts, origin: linkBase() });

async function thenSend<T>(work: Promise<T>): Promise<T> {
  const result = await work;
  nudgeOutbox();
  return result;
}

export function paymentIntentFor(buyer: { id: string; email: string; name: string }, pkg: PackageSummary) {
  return thenSend(payments.paymentIntentFor(buyer, pkg, receipt));
}

export function confirmPayment(buyerId: string, paymentIntentId: string) {
  return thenSend(payments.confirmPayment(buyerId, paymentIntentId, receipt));
}

/** Stripe's webhook: verified once, then a paid booking's event (docs/decisions/107) or a package's. */
export async function handleWebhook(rawBody: string, signature: string, secret: string) {
  const event = await payments.verifyWebhookEvent(rawBody, signature, secret);
  if (isBookingPaymentEvent(event)) return handleBookingPaymentEvent(event, new Date());
  return thenSend(payments.handlePackageEvent(event, receipt));
}
