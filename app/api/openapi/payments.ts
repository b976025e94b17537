import {
  createPaymentIntentBody,
  paymentIntentJson,
  professionalRecordBody,
  professionalRecordJson,
  professionalRefreshJson,
  reviewBody,
  reviewJson,
} from "~/schemas/payment-api";
import { body, emailParam, errors, errorSchema, json, signedIn, type ZodOpenApiPathsObject } from "./common";

/** An error response with the shared error body and this description. */
function error(description: string) {
  return { description, content: { "application/json": { schema: errorSchema } } };
}

const unavailable = error("payments_unavailable: Stripe is not configured on this server, or cannot be reached now.");

/** Giving a review, paying for a package and the professional status it buys. */
export const paths: ZodOpenApiPathsObject = {
  "/reviews": {
    post: {
      operationId: "createReview",
      summary: "Give a review as the caller (not for admins); shares the review form's rate limit.",
      tags: ["Reviews"],
      security: signedIn,
      requestBody: body(reviewBody),
      responses: {
        "201": json("The review, in GET /reviews's shape.", reviewJson),
        ...errors(400, 401, 403, 413, 415),
      },
    },
  },
  "/create-payment-intent": {
    post: {
      operationId: "createPaymentIntent",
      summary: "Start (or resume) paying for a package; the amount is the package's price in the database.",
      description:
        'Name the package by `packageId` or `name` (any case). A `price` the client shows is compared with the current price (409 `price_changed`), never charged. 409 `nothing_to_pay` for a free package; 403 for admins ("Admin can\'t make payment"); 503 `payments_unavailable` when Stripe is not configured or not reachable.',
      tags: ["Payments"],
      security: signedIn,
      requestBody: body(createPaymentIntentBody),
      responses: {
        "200": json("The PaymentIntent's client secret and what it charges.", paymentIntentJson),
        ...errors(400, 401, 403, 404, 409, 413, 415),
        "503": unavailable,
      },
    },
  },
  "/users/professional": {
    post: {
      operationId: "recordProfessionalPayment",
      summary:
        "Record the caller's paid PaymentIntent (transactionId) as a professional record, once; verified with Stripe.",
      description:
        "Only `transactionId` is used; the server retrieves the PaymentIntent from Stripe and checks it is the caller's, succeeded, and for the amount it asked. 201 when this call recorded it, 200 when it was recorded before. 402 `payment_not_completed` when not paid; 404 for an unknown or someone else's PaymentIntent; 422 `payment_mismatch` when paid differently than asked.",
      tags: ["Payments"],
      security: signedIn,
      requestBody: body(professionalRecordBody),
      responses: {
        "200": json("Already recorded: the record.", professionalRecordJson),
        "201": json("Recorded by this call: the record.", professionalRecordJson),
        "402": error("payment_not_completed: the payment has not gone through."),
        ...errors(400, 401, 403, 404, 413, 415),
        "422": error("payment_mismatch: paid, but not in the amount or currency this server asked for."),
        "503": unavailable,
      },
    },
  },
  "/users/professional/{email}": {
    put: {
      operationId: "refreshProfessionalStatus",
      summary: "Recompute an account's professional status from its verified payments (oneself, or an admin).",
      tags: ["Payments"],
      security: signedIn,
      requestParams: { path: emailParam },
      responses: {
        "200": json("Whether the stored role changed, and the status now.", professionalRefreshJson),
        ...errors(401, 403, 404),
      },
    },
  },
};
