import { z } from "zod";
import type { Package } from "../../db/schema";
import { packageFields, parsePrice, type PackageInput } from "./package-form";

/** A package in the spec's field names: price is 'Free' or a number of dollars per month. */
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
const priceText = (price: unknown) => (typeof price === "number" ? String(price) : typeof price === "string" ? price : undefined);

/**
 * POST /packages and PUT /packages/{id}: the package form's own field rules (package-form.ts),
 * except that `price` may also be a JSON number. PUT replaces the whole package: fields left
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
});

export const packageBody = packageBodyFields
  .transform(({ price, ...rest }): PackageInput => {
    const parsed = parsePrice(priceText(price));
    return { ...rest, priceCents: parsed.ok ? parsed.cents : 0 };
  })
  .meta({ id: "PackageInput" });
