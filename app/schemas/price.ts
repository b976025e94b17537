import { z } from "zod";

/**
 * A paid event type's price (docs/decisions/107): an amount in the currency's minor units (cents
 * for USD; yen for JPY, which has none) and an ISO 4217 code Stripe charges in. The list is
 * Stripe's commonly settled presentment currencies; codes are kept lower case, as Stripe writes
 * them, and accepted in any case.
 */
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

/** Currencies whose amount is in whole units (Stripe's zero-decimal list, those above). */
export const ZERO_DECIMAL = new Set<string>(["jpy", "krw", "clp", "isk"]);

/** Stripe's largest amount (eight digits). */
export const MAX_PRICE_AMOUNT = 99_999_999;

const currencyMessage = `price.currency: an ISO 4217 code such as usd or eur (one of ${CURRENCIES.join(", ")}).`;
const amountMessage = `price.amount: a whole number of the currency's minor units (cents), from 1 to ${MAX_PRICE_AMOUNT}.`;

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
        .refine((c): c is Currency => (CURRENCIES as readonly string[]).includes(c), currencyMessage)
        .meta({ description: "ISO 4217, any case; answered lower case.", example: "usd" }),
    },
    { error: "price: { amount, currency } or null." },
  )
  .nullish()
  .meta({
    description:
      "Guests pay this by card when they book (one-to-one event types without approval only); null or left out: free.",
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

/** An amount in minor units for people: "$25.00", "¥3,000". */
export function formatMoney(amount: number, currency: string, locale = "en-US"): string {
  const units = ZERO_DECIMAL.has(currency.toLowerCase()) ? amount : amount / 100;
  try {
    return new Intl.NumberFormat(locale, { style: "currency", currency: currency.toUpperCase() }).format(units);
  } catch {
    return `${units} ${currency.toUpperCase()}`;
  }
}

/** What the host's view of a paid booking says of its payment (docs/decisions/107). */
export const PAYMENT_STATE_LABELS: Record<
  "awaiting" | "paid" | "failed" | "expired" | "released" | "refund_due" | "refunded" | "refund_not_due",
  string
> = {
  awaiting: "Awaiting payment",
  paid: "Paid",
  failed: "Payment failed (time released)",
  expired: "Not paid in time (time released)",
  released: "Cancelled before payment",
  refund_due: "Refund under way",
  refunded: "Refunded",
  refund_not_due: "Refund not due",
};
