import type { PaymentError } from "~/models/payment.server";
import { apiError } from "./api.server";

/**
 * A PaymentError as the JSON paths answer it; never a 500. Stripe not configured or not
 * reachable: 503 (try later). Unknown or someone else's PaymentIntent: 404 (no hint which).
 * Not paid: 402. Paid, but not what this server asked for: 422.
 */
export function paymentErrorResponse(error: PaymentError): Response {
  switch (error.code) {
    case "not_configured":
      return apiError(503, "payments_unavailable", "Card payments are not set up on this server.");
    case "provider":
      return apiError(503, "payments_unavailable", error.message, undefined, { "Retry-After": "30" });
    case "not_found":
    case "not_yours":
      return apiError(404, "not_found", "That payment does not exist.");
    case "not_succeeded":
      return apiError(402, "payment_not_completed", error.message);
    default:
      return apiError(422, "payment_mismatch", error.message);
  }
}
