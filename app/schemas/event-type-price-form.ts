import { z } from "zod";
import { isCurrencyCode, type Currency } from "./price";
import { parsePriceInput } from "./price-input";
import { eventTypeSchema } from "./scheduling-api";
import { teamEventTypeSchema } from "./team-event-types";

/**
 * The Event Types page's typed price (docs/decisions/116), apart from the JSON body's schemas so the
 * pages that only read event types (the booking page) do not ship them.
 */

export const PRICE_FORM_MESSAGES = {
  amount: "Type the price, e.g. 25.00, or pick No price for a free event type.",
  currency: "Pick the price's currency, or No price for a free event type.",
} as const;

/**
 * The event type form's price (docs/decisions/116): the amount as a person types it in the
 * currency's units ("25.00", "25,00"), answered in minor units like priceField, so the form's
 * schema differs from the JSON body's in this field only.
 */
export const priceFormField = z
  .object(
    {
      amount: z.string({ error: PRICE_FORM_MESSAGES.amount }),
      currency: z
        .string({ error: PRICE_FORM_MESSAGES.currency })
        .trim()
        .toLowerCase()
        .refine(isCurrencyCode, PRICE_FORM_MESSAGES.currency),
    },
    { error: PRICE_FORM_MESSAGES.amount },
  )
  .transform((value, ctx) => {
    const parsed = parsePriceInput(value.amount, value.currency);
    if (parsed.ok) return { amount: parsed.amount, currency: value.currency as Currency };
    ctx.addIssue({ code: "custom", path: ["amount"], message: parsed.message });
    return z.NEVER;
  })
  .nullish();

/**
 * The Event Types page's form (decision 016): the JSON body's rules, but the price is typed in
 * the currency's units ("25.00"), not minor units (docs/decisions/116).
 */
export const eventTypeFormBody = eventTypeSchema(priceFormField);

/** A team's event type form (decision 059): the team body's rules, with the same typed price. */
export const teamEventTypeFormBody = teamEventTypeSchema(priceFormField);
