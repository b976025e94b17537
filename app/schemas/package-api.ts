import { z } from "zod";
import type { Package } from "../../db/schema";
import { MAX_CALENDARS, packageFields, parsePrice, type PackageInput } from "./package-form";

/** A package in the legacy field names (docs/legacy-api.md): price is 'Free' or a number of dollars per month. */
export function packageJson(pkg: Omit<Package, "createdAt" | "updatedAt">) {
  return {
    _id: pkg.id,
    name: pkg.name,
    price: pkg.priceCents === 0 ? "Free" : pkg.priceCents / 100,
    accessType: pkg.accessType,
    activeEvent: pkg.activeEvent,
    calender: pkg.calender,
    goupEvent: pkg.goupEvent,
    notificationStatus: pkg.notificationStatus,
    oneToOne: pkg.oneToOne,
  };
}

/** The answer of the admin's DELETE paths: a MongoDB-style delete result, because the legacy client calls res.json() on every 200. */
export const deletedOne = { acknowledged: true, deletedCount: 1 } as const;

export const deletedJsonSchema = z
  .object({ acknowledged: z.literal(true), deletedCount: z.literal(1) })
  .meta({ id: "DeleteResult", description: "What was deleted (always one: an unknown id is a 404)." });

/** What packageJson answers, for the OpenAPI document. */
export const packageJsonSchema = z
  .object({
    _id: z.string(),
    name: z.string(),
    price: z.union([z.literal("Free"), z.number()]).meta({ description: "'Free' or dollars per month." }),
    accessType: z.string(),
    activeEvent: z.string(),
    calender: z.number(),
    goupEvent: z.string(),
    notificationStatus: z.string(),
    oneToOne: z.string(),
  })
  .meta({ id: "Package" });

const PRICE_MESSAGE = "Enter a price in dollars (e.g. 10 or 9.99) or Free.";

/** A JSON price is text as in the form ("9.99", "Free") or a number of dollars (9.99); a number is read as its decimal text. */
const priceText = (price: unknown) =>
  typeof price === "number" ? String(price) : typeof price === "string" ? price : undefined;

const CALENDARS_MESSAGE = "Calendars: enter a whole number, 0 or more.";

/**
 * The legacy admin form sends `calender` as the text typed ("5", or "" when left blank):
 * digits as text count as the number, blank or null as 0 (the form's default, "none").
 */
function calendarCount(value: unknown): { ok: true; count: number } | { ok: false; message: string } {
  if (value === undefined || value === null) return { ok: true, count: 0 };
  const text = typeof value === "string" ? value.trim() : null;
  if (text === "") return { ok: true, count: 0 };
  const count = typeof value === "number" ? value : text !== null && /^\d{1,9}$/.test(text) ? Number(text) : NaN;
  if (!Number.isInteger(count) || count < 0) return { ok: false, message: CALENDARS_MESSAGE };
  if (count > MAX_CALENDARS) return { ok: false, message: `Calendars: at most ${MAX_CALENDARS}.` };
  return { ok: true, count };
}

/**
 * POST /packages and PUT /packages/{id}: the package form's own field rules (package-form.ts),
 * except that `price` may also be a JSON number and `calender` digits as text or blank. PUT replaces the whole package: fields left
 * out take the form's defaults (empty text, 0 calendars, Free).
 */
export const packageBodyFields = packageFields.extend({
  price: z
    .union([z.number(), z.string().max(32, PRICE_MESSAGE)], { error: PRICE_MESSAGE })
    .optional()
    .superRefine((value, ctx) => {
      const parsed = parsePrice(priceText(value));
      if (!parsed.ok) ctx.addIssue({ code: "custom", message: parsed.message });
    })
    .meta({ description: "'Free', or dollars per month as a number or text (at most 2 decimals).", example: 9.99 }),
  calender: z
    .union([z.number(), z.string().max(32, CALENDARS_MESSAGE), z.null()], { error: CALENDARS_MESSAGE })
    .optional()
    .transform((value, ctx) => {
      const parsed = calendarCount(value);
      if (parsed.ok) return parsed.count;
      ctx.addIssue({ code: "custom", message: parsed.message });
      return z.NEVER;
    })
    .meta({
      description: `Calendars, 0 to ${MAX_CALENDARS}: a whole number, or its digits as text ("5"); blank, null or left out is 0.`,
      example: 5,
    }),
});

export const packageBody = packageBodyFields
  .transform(({ price, ...rest }): PackageInput => {
    const parsed = parsePrice(priceText(price));
    return { ...rest, priceCents: parsed.ok ? parsed.cents : 0 };
  })
  .meta({ id: "PackageInput" });
