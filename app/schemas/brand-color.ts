import { z } from "zod";
import { checkBrandColor } from "./contrast";

/** The brand colour's zod schemas (decision 108); the check itself is in ./contrast (no zod, for the pages' bundles). */

function checked(value: string | null | undefined, ctx: z.RefinementCtx): string | null {
  if (value === undefined || value === null || value.trim() === "") return null;
  const result = checkBrandColor(value);
  if (!result.ok) {
    ctx.addIssue({ code: "custom", message: result.message });
    return z.NEVER;
  }
  return result.color;
}

/** A form's brand colour: a checked `#rrggbb`, or null when left empty (the site's own colour). */
export const brandColorField = z.union([z.string(), z.null()]).optional().transform(checked);

/** `brandColor` as the profile and team resources give it. */
export const brandColorJson = z.string().nullable().meta({
  description: "The booking pages' colour as #rrggbb (white text reads at least 4.5:1 on it); null for the default.",
  example: "#0f766e",
});

/** PATCH /api/me and /api/teams/{id} (decision 108): `brandColor` a hex code, or null for the site's. */
export const brandColorBody = z.strictObject({
  brandColor: z
    .union([z.string(), z.null()], { error: "Send brandColor as a hex code such as #0f766e, or null." })
    .transform(checked),
});
