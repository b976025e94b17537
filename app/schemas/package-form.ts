import { z } from "zod";
import { plainText } from "./input-rules";
import { MESSAGES } from "~/messages";
import { formatDollars } from "./packages";

/**
 * The admin's package form (Add Package / Update Package), shared by the browser (instant
 * feedback) and the server (the decision). Prices are typed in dollars ("10", "9.99" or
 * "Free") and stored in cents, so no float ever reaches the database.
 */

export const MAX_PACKAGE_NAME = 80;
export const MAX_PACKAGE_TEXT = 500;
export const MAX_ACCESS_TYPE = 2000;
/** $100,000 a month: far above any real plan, far below the integer column's limit. */
export const MAX_PRICE_CENTS = 10_000_000;
export const MAX_CALENDARS = 1000;

export const PRICE_HINT = "In dollars per month, e.g. 10 or 9.99. Leave empty or type Free for a free plan.";

export type PriceParse = { ok: true; cents: number } | { ok: false; message: string };

/**
 * '' or 'Free' (any case) → 0 cents; '10', '9.9', '9.99', '$10' → cents; anything else
 * (negative, three decimals, letters, exponent notation) is refused with the reason.
 */
export function parsePrice(input: string | null | undefined): PriceParse {
  const text = (input ?? "").trim().replace(/^\$\s*/, "");
  if (text === "" || /^free$/i.test(text)) return { ok: true, cents: 0 };
  if (/^-/.test(text)) return { ok: false, message: "The price cannot be negative." };
  const match = /^(\d+)(?:\.(\d*))?$/.exec(text);
  if (!match) return { ok: false, message: "Enter a price in dollars (e.g. 10 or 9.99) or Free." };
  const [, whole, fraction = ""] = match;
  if (fraction.length > 2) return { ok: false, message: "Use at most 2 decimals (cents)." };
  // Whole dollars are checked as text first, so "99999999999999999999" never becomes a float.
  if (whole.replace(/^0+/, "").length > 8) return { ok: false, message: "That price is too high." };
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  if (cents > MAX_PRICE_CENTS) return { ok: false, message: "That price is too high." };
  return { ok: true, cents };
}

/** The admin list's price: '$10/month', '$9.99/month', or 'Free' ("'${price}/month' when numeric"). */
export function formatMonthlyPrice(priceCents: number): string {
  return priceCents === 0 ? "Free" : `$${formatDollars(priceCents)}/month`;
}

/** What the price field shows when a package is edited: 'Free' or the dollars ('10', '9.99'). */
export function priceInputValue(priceCents: number): string {
  return priceCents === 0 ? "Free" : formatDollars(priceCents);
}

const text = (label: string, max: number) =>
  plainText(z.string().trim().max(max, `${label}: use at most ${max} characters.`), label)
    .optional()
    .transform((v) => v ?? "");

/** The plain field object, for conform's getZodConstraint (which cannot look through the root transform). */
export const packageFields = z.object({
  name: plainText(
    z
      .string({ error: MESSAGES.packageNameRequired })
      .trim()
      .min(1, MESSAGES.packageNameRequired)
      .max(MAX_PACKAGE_NAME, `Use at most ${MAX_PACKAGE_NAME} characters.`),
    "The package's name",
  ),
  price: z
    .string()
    .max(32, "Enter a price in dollars (e.g. 10 or 9.99) or Free.")
    .optional()
    .superRefine((value, ctx) => {
      const parsed = parsePrice(value);
      if (!parsed.ok) ctx.addIssue({ code: "custom", message: parsed.message });
    }),
  accessType: text("Access type", MAX_ACCESS_TYPE),
  activeEvent: text("Active events", MAX_PACKAGE_TEXT),
  calender: z
    .number({ error: "Calendars: enter a whole number, 0 or more." })
    .int("Calendars: enter a whole number, 0 or more.")
    .min(0, "Calendars: enter a whole number, 0 or more.")
    .max(MAX_CALENDARS, `Calendars: at most ${MAX_CALENDARS}.`)
    .optional()
    .transform((v) => v ?? 0),
  goupEvent: text("Group events", MAX_PACKAGE_TEXT),
  notificationStatus: text("Notifications", MAX_PACKAGE_TEXT),
  oneToOne: text("One-to-one events", MAX_PACKAGE_TEXT),
});

/** The parsed form: every column of a package, the price in cents. */
export const packageSchema = packageFields.transform(({ price, ...rest }) => {
  const parsed = parsePrice(price);
  return { ...rest, priceCents: parsed.ok ? parsed.cents : 0 };
});

export type PackageInput = z.output<typeof packageSchema>;
