import { z } from "zod";
import { plainText } from "./input-rules";

export interface ProfessionalRecordRow {
  id: string;
  name: string;
  email: string;
  pack: string;
  issuedAt: Date;
  /** The payment's id, for GET /professional. */
  transactionId: string;
}

export interface AdminUserRow {
  id: string;
  name: string;
  email: string;
  role: "user" | "professional" | "admin";
}

/**
 * The admin JSON paths' shapes (GET /users, PUT /users/admin|user/{email}, GET /professional):
 * the query the lists accept and what they answer, in the legacy field names (docs/legacy-api.md). The routes
 * validate with these schemas and the OpenAPI document describes itself with the same ones.
 */

export const DEFAULT_LIST_LIMIT = 100;
export const MAX_LIST_LIMIT = 500;
export const MAX_SEARCH = 200;

/** A whole number written in decimal digits only ("10"; not "1e1", "0x10", " 10" or "-1"). */
const count = (label: string, min: number, max: number) =>
  z
    .string()
    .regex(/^\d{1,9}$/, `${label}: a whole number from ${min} to ${max}.`)
    .transform(Number)
    .pipe(
      z
        .number()
        .min(min, `${label}: a whole number from ${min} to ${max}.`)
        .max(max, `${label}: a whole number from ${min} to ${max}.`),
    );

/** `?limit=` (default 100, at most 500) and `?offset=` (default 0). */
export const pageQuery = z.object({
  limit: count("limit", 1, MAX_LIST_LIMIT)
    .optional()
    .transform((v) => v ?? DEFAULT_LIST_LIMIT)
    .meta({
      description: `How many to answer (default ${DEFAULT_LIST_LIMIT}, at most ${MAX_LIST_LIMIT}).`,
      example: "100",
    }),
  offset: count("offset", 0, 1_000_000_000 - 1)
    .optional()
    .transform((v) => v ?? 0)
    .meta({ description: "How many to skip (default 0).", example: "0" }),
});

/** GET /users: paging plus `?q=`, a part of the name or e-mail (case-insensitive; % and _ are literal). */
export const usersQuery = pageQuery.extend({
  q: plainText(z.string().max(MAX_SEARCH, `q: use at most ${MAX_SEARCH} characters.`), "q")
    .optional()
    .transform((v) => (v ?? "").trim())
    .meta({ description: "Part of a name or e-mail.", example: "smith" }),
});

/** An account in GET /users: `role` is "admin" or null (truthy means admin); `professional` is the effective role. */
export const adminUserSchema = z
  .object({
    _id: z.string(),
    name: z.string(),
    email: z.string(),
    role: z.literal("admin").nullable().meta({ description: '"admin" for an admin, null otherwise.' }),
    professional: z.boolean().meta({ description: "A paid package is running (false for an admin)." }),
  })
  .meta({ id: "AdminUser" });

export function adminUserJson(row: AdminUserRow): z.infer<typeof adminUserSchema> {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    role: row.role === "admin" ? "admin" : null,
    professional: row.role === "professional",
  };
}

/** PUT /users/admin|user/{email}: 1 when the role changed, 0 when it already was so. */
export const modifiedCountSchema = z
  .object({ modifiedCount: z.union([z.literal(0), z.literal(1)]) })
  .meta({ id: "ModifiedCount" });

/** A payment record in GET /professional. */
export const professionalRecordSchema = z
  .object({
    _id: z.string(),
    name: z.string(),
    email: z.string(),
    pack: z.string().meta({ description: "The package's name at the time of purchase." }),
    issuedDate: z.string().meta({ description: "When it was paid, ISO 8601.", example: "2026-05-01T09:30:00.000Z" }),
    status: z.literal("professional"),
    transactionId: z.string(),
  })
  .meta({ id: "ProfessionalRecord" });

export function professionalRecordJson(row: ProfessionalRecordRow): z.infer<typeof professionalRecordSchema> {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    pack: row.pack,
    issuedDate: row.issuedAt.toISOString(),
    status: "professional",
    transactionId: row.transactionId,
  };
}
