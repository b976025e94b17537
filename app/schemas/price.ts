import { z } from "zod";

export { formatMoney, PAYMENT_STATE_LABELS, ZERO_DECIMAL } from "./money";
export { parsePriceInput, priceInputValue } from "./price-input";

/**
 * A paid event type's price (docs/decisions/107): an amount in the currency's minor units (cents
 * for USD; yen for JPY, which has none) and an ISO 4217 code Stripe charges in. The list is
 * Stripe's commonly settled presentment currencies; codes are kept lower case, as Stripe writes
 * them, and accepted in any case.
 */
/**
 * The kinds of event type a price goes with: a one-to-one and the team kinds (docs/decisions/107,
 * 120), whose booking is one held meeting for one guest, and a group, whose guests each pay for
 * their seat (docs/decisions/123). A managed event type's members' copies carry no price.
 */
export const PAYABLE_KINDS = ["one-to-one", "group", "collective", "round-robin"] as const;

export function isPayableKind(kind: string): boolean {
  return (PAYABLE_KINDS as readonly string[]).includes(kind);
}

export const CURRENCIES = [
  "usd",
  "eur",
  "gbp",
  "cad",
  "aud",
  "nzd",
  "chf",
  "sek",
  "nok",
  "dkk",
  "pln",
  "czk",
  "huf",
  "ron",
  "bgn",
  "isk",
  "jpy",
  "sgd",
  "hkd",
  "inr",
  "mxn",
  "brl",
  "zar",
  "aed",
  "ils",
  "thb",
  "myr",
  "php",
  "idr",
  "krw",
  "twd",
  "try",
  "cny",
  "clp",
  "cop",
  "pen",
  "sar",
  "qar",
  "egp",
  "ngn",
  "kes",
] as const;
export type Currency = (typeof CURRENCIES)[number];

/** Stripe's largest amount (eight digits). */
export const MAX_PRICE_AMOUNT = 99_999_999;

const currencyMessage = `price.currency: an ISO 4217 code such as usd or eur (one of ${CURRENCIES.join(", ")}).`;
const amountMessage = `price.amount: a whole number of the currency's minor units (cents), from 1 to ${MAX_PRICE_AMOUNT}.`;

export const isCurrencyCode = (c: string): c is Currency => (CURRENCIES as readonly string[]).includes(c);

export const priceField = z
  .object(
    {
      amount: z
        .number({ error: amountMessage })
        .int(amountMessage)
        .min(1, amountMessage)
        .max(MAX_PRICE_AMOUNT, amountMessage)
        .meta({ description: "In the currency's minor units: 2500 with usd is $25.00; 3000 with jpy is ¥3000." }),
      currency: z
        .string({ error: currencyMessage })
        .trim()
        .toLowerCase()
        .refine(isCurrencyCode, currencyMessage)
        .meta({ description: "ISO 4217, any case; answered lower case.", example: "usd" }),
    },
    { error: "price: { amount, currency } or null." },
  )
  .nullish()
  .meta({
    description:
      "Guests pay this by card when they book (one-to-one, group, collective and round-robin event types without approval; a group's guests each pay for their seat); null or left out: free.",
  });

const refundMessage = 'refundPolicy: { type: "full" }, { type: "none" } or { type: "until", hours: 1 to 8760 }.';

export const refundPolicyField = z
  .object(
    {
      type: z.enum(["full", "none", "until"], { error: refundMessage }),
      hours: z
        .number({ error: "refundPolicy.hours: a whole number of hours from 1 to 8760." })
        .int("refundPolicy.hours: a whole number of hours from 1 to 8760.")
        .min(1, "refundPolicy.hours: a whole number of hours from 1 to 8760.")
        .max(8760, "refundPolicy.hours: a whole number of hours from 1 to 8760.")
        .nullish(),
    },
    { error: refundMessage },
  )
  .superRefine((value, ctx) => {
    if (value.type === "until" && (value.hours === undefined || value.hours === null))
      ctx.addIssue({ code: "custom", path: ["hours"], message: "refundPolicy.hours is required with until." });
    if (value.type !== "until" && value.hours !== undefined && value.hours !== null)
      ctx.addIssue({ code: "custom", path: ["hours"], message: "refundPolicy.hours goes only with until." });
  })
  .default({ type: "full" })
  .meta({
    description:
      "What a cancel of a paid booking refunds, whoever cancels: full, none, or in full up to `hours` before the start.",
  });
