import { z } from "zod";
import { isPlainText, plainText } from "./input-rules";
import { ReviewSchema } from "./review-form";
import { professionalRecordSchema } from "./admin-api";

/**
 * The bodies and answers of POST /reviews, POST /create-payment-intent, POST
 * /users/professional and PUT /users/professional/{email}: the routes validate with these
 * schemas and the OpenAPI document (openapi/payments.ts) describes them with the same ones.
 */

const email = plainText(z.string().trim().max(254, "Use at most 254 characters."), "The e-mail");

/** POST /reviews: the Give Review form's fields; `email`, when sent, must be the caller's. */
export const reviewBody = ReviewSchema.extend({
  // The legacy client sends an empty string for "no image" (docs/legacy-api.md).
  imageUrl: z.union([z.literal(""), ReviewSchema.shape.imageUrl.unwrap()]).optional(),
  email: email
    .optional()
    .meta({ description: "Ignored when it is the caller's own; another account's e-mail is a 403." }),
}).meta({ id: "ReviewInput" });

export const reviewJson = z
  .object({
    _id: z.string(),
    imageUrl: z.string().meta({ description: "Empty when the review has no image." }),
    rating: z.number().int().min(1).max(5),
    name: z.string(),
    email: z.string(),
    review: z.string(),
  })
  .meta({ id: "Review" });

/** A price as clients send it: dollars (10 or 10.5), or the text 'Free' or '10'. */
const price = z
  .union([
    z.number().min(0, "A price is never negative.").max(1_000_000, "That price is too high."),
    z
      .string()
      .trim()
      .regex(/^(free|\d{1,7}(\.\d{1,2})?)$/i, "Send the price in dollars, or 'Free'."),
  ])
  .meta({
    description:
      "The price the client showed, in dollars (or 'Free'). Only compared with the package's current price, never charged.",
  });

/**
 * POST /create-payment-intent. The legacy client sends `{ name, price }`; the amount charged is
 * always the package's price in the database.
 */
export const createPaymentIntentBody = z
  .object({
    packageId: z.guid("Send the package's _id.").optional(),
    name: plainText(
      z.string().trim().min(1, "Send the package's name.").max(100, "Use at most 100 characters."),
      "The package's name",
    ).optional(),
    price: price.optional(),
  })
  .refine((b) => b.packageId !== undefined || b.name !== undefined, {
    message: "Send the package's _id or its name.",
    path: ["packageId"],
  })
  .meta({ id: "PaymentIntentInput" });

/** The price as cents, for comparing with the database ('Free' is 0). */
export function priceCentsOf(value: number | string): number {
  if (typeof value === "string" && value.trim().toLowerCase() === "free") return 0;
  return Math.round(Number(value) * 100);
}

export const packageRefJson = z.object({
  _id: z.string(),
  name: z.string(),
  price: z.union([z.number(), z.literal("Free")]).meta({ description: "Dollars per month, or 'Free'." }),
});

export const paymentIntentJson = z
  .object({
    clientSecret: z.string().meta({ description: "For Stripe.js to confirm the card payment." }),
    paymentIntentId: z.string().meta({ example: "pi_3Nx..." }),
    amount: z.number().int().meta({ description: "In cents: the package's price in the database." }),
    currency: z.literal("usd"),
    package: packageRefJson,
  })
  .meta({ id: "PaymentIntent" });

/**
 * POST /users/professional: the legacy client's professional record (docs/legacy-api.md). Only `transactionId` (a
 * PaymentIntent id) is used: the server asks Stripe about it. `email`, when sent, must be the
 * caller's; the other fields are accepted and ignored (the server's own values are recorded).
 */
export const professionalRecordBody = z
  .object({
    transactionId: z
      .string({ error: "Send the PaymentIntent id (pi_...) as transactionId." })
      .trim()
      .min(1, "Send the PaymentIntent id (pi_...) as transactionId.")
      .max(255, "That is not a PaymentIntent id.")
      .refine((v) => isPlainText(v), "That is not a PaymentIntent id."),
    email: email.optional(),
    name: plainText(z.string().max(200, "Use at most 200 characters."), "The name").optional(),
    status: plainText(z.string().max(50, "Use at most 50 characters."), "The status").optional(),
    pack: plainText(z.string().max(100, "Use at most 100 characters."), "The package").optional(),
    issuedDate: plainText(z.string().max(100, "Use at most 100 characters."), "issuedDate").optional(),
  })
  .meta({ id: "ProfessionalRecordInput" });

/** GET /professional's record plus when the buyer's professional status ends. */
export const professionalRecordJson = professionalRecordSchema
  .extend({
    professionalUntil: z
      .string()
      .nullable()
      .meta({ description: "When professional status ends (ISO 8601); null for no end." }),
  })
  .meta({ id: "ProfessionalPurchase" });

export const professionalRefreshJson = z
  .object({
    modifiedCount: z.union([z.literal(0), z.literal(1)]).meta({ description: "1 when the stored role changed." }),
    professional: z.boolean().meta({ description: "Whether the account is professional now." }),
  })
  .meta({ id: "ProfessionalRefresh" });
