import { z } from "zod";

/**
 * SCIM 2.0 (RFC 7643 resources, RFC 7644 protocol) as this app speaks it (decision 069): the
 * bodies it accepts, the resources it answers, the one filter form it understands, and its
 * error body. Pure: the routes (app/routes/scim.v2.*) and the service use these.
 */

export const SCIM_CONTENT_TYPE = "application/scim+json";
export const SCIM_USER_SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:User";
export const SCIM_GROUP_SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:Group";
export const SCIM_LIST_SCHEMA = "urn:ietf:params:scim:api:messages:2.0:ListResponse";
export const SCIM_PATCH_SCHEMA = "urn:ietf:params:scim:api:messages:2.0:PatchOp";
export const SCIM_ERROR_SCHEMA = "urn:ietf:params:scim:api:messages:2.0:Error";
export const SCIM_SPC_SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig";

/** RFC 7644 §3.12 scimType values this app answers with. */
export type ScimType =
  "invalidFilter" | "uniqueness" | "invalidSyntax" | "invalidPath" | "invalidValue" | "mutability" | "noTarget";

/** The error body of RFC 7644 §3.12: `status` is a string. */
export function scimErrorBody(status: number, detail: string, scimType?: ScimType) {
  return { schemas: [SCIM_ERROR_SCHEMA], status: String(status), ...(scimType ? { scimType } : {}), detail };
}

/** Identity providers send booleans as strings at times ("False" from some): both are read. */
export const scimBoolean = z.union([
  z.boolean(),
  z
    .string()
    .refine((v) => /^(true|false)$/i.test(v), "a boolean")
    .transform((v) => v.toLowerCase() === "true"),
]);

const text = (max: number) => z.string().trim().max(max);

const nameSchema = z
  .object({
    formatted: text(200).optional(),
    givenName: text(100).optional(),
    familyName: text(100).optional(),
  })
  .passthrough();

const emailSchema = z
  .object({ value: z.string().trim().max(254), primary: scimBoolean.optional(), type: z.string().optional() })
  .passthrough();

/** POST and PUT /Users: userName is the person's e-mail address (the account's e-mail). */
export const scimUserBody = z
  .object({
    schemas: z.array(z.string()).optional(),
    userName: z.string().trim().min(1).max(254),
    externalId: text(200).optional().nullable(),
    name: nameSchema.optional(),
    displayName: text(200).optional(),
    emails: z.array(emailSchema).max(20).optional(),
    active: scimBoolean.optional(),
  })
  .passthrough();
export type ScimUserBody = z.output<typeof scimUserBody>;

/** PATCH (RFC 7644 §3.5.2): `op` is matched without regard to case (some providers send "Replace"). */
export const scimPatchBody = z.object({
  schemas: z
    .array(z.string())
    .refine((s) => s.includes(SCIM_PATCH_SCHEMA), `schemas must include ${SCIM_PATCH_SCHEMA}`),
  Operations: z
    .array(
      z.object({
        op: z
          .string()
          .transform((v) => v.toLowerCase())
          .pipe(z.enum(["add", "remove", "replace"])),
        path: z.string().max(200).optional(),
        value: z.unknown().optional(),
      }),
    )
    .min(1)
    .max(100),
});
export type ScimPatchOperation = z.output<typeof scimPatchBody>["Operations"][number];

const memberRef = z.object({ value: z.string().max(100), display: z.string().optional() }).passthrough();

/** POST and PUT /Groups: a team (displayName its name), members by user id. */
export const scimGroupBody = z
  .object({
    schemas: z.array(z.string()).optional(),
    displayName: z.string().trim().min(1).max(80),
    externalId: text(200).optional().nullable(),
    members: z.array(memberRef).max(500).optional(),
  })
  .passthrough();
export type ScimGroupBody = z.output<typeof scimGroupBody>;
export const scimMembersValue = z.array(memberRef).max(500);

/** A filter this app understands: `attribute eq "value"` (RFC 7644 §3.4.2.2), one clause. */
export interface ScimFilter {
  attribute: string;
  value: string;
}

const FILTER = /^\s*([A-Za-z][\w.:]*)\s+eq\s+"((?:[^"\\]|\\.)*)"\s*$/i;

/** The filter's attribute (lower-cased) and value, or null when it is not one `eq` clause. */
export function parseScimFilter(filter: string): ScimFilter | null {
  const match = FILTER.exec(filter);
  if (!match) return null;
  return { attribute: match[1].toLowerCase(), value: match[2].replace(/\\(.)/g, "$1") };
}

/** startIndex (1-based) and count of a list query (RFC 7644 §3.4.2.4); bad values fall back to the defaults. */
export function scimPage(query: URLSearchParams, max = 200): { startIndex: number; count: number } {
  const start = Number.parseInt(query.get("startIndex") ?? "1", 10);
  const count = Number.parseInt(query.get("count") ?? String(max), 10);
  return {
    startIndex: Number.isFinite(start) && start >= 1 ? start : 1,
    count: Number.isFinite(count) ? Math.min(Math.max(count, 0), max) : max,
  };
}

/** The person's name from a SCIM body: name.formatted, else given + family, else displayName. */
export function nameFromScim(body: {
  name?: { formatted?: string; givenName?: string; familyName?: string };
  displayName?: string;
}): string {
  const formatted = body.name?.formatted?.trim();
  if (formatted) return formatted;
  const parts = [body.name?.givenName, body.name?.familyName].filter((p): p is string => Boolean(p?.trim()));
  if (parts.length) return parts.join(" ").trim();
  return body.displayName?.trim() ?? "";
}

export interface ScimUserRow {
  id: string;
  email: string;
  name: string;
  externalId: string | null;
  active: boolean;
  createdAt: Date;
  updatedAt: Date;
}

/** A user as a SCIM User resource (RFC 7643 §4.1). */
export function toScimUser(row: ScimUserRow, base: string) {
  const [givenName, ...rest] = row.name.split(" ");
  return {
    schemas: [SCIM_USER_SCHEMA],
    id: row.id,
    ...(row.externalId ? { externalId: row.externalId } : {}),
    userName: row.email,
    name: {
      formatted: row.name,
      ...(givenName ? { givenName } : {}),
      ...(rest.length ? { familyName: rest.join(" ") } : {}),
    },
    displayName: row.name || row.email,
    emails: [{ value: row.email, type: "work", primary: true }],
    active: row.active,
    meta: {
      resourceType: "User",
      created: row.createdAt.toISOString(),
      lastModified: row.updatedAt.toISOString(),
      location: `${base}/scim/v2/Users/${row.id}`,
    },
  };
}

export interface ScimGroupRow {
  id: string;
  name: string;
  externalId: string | null;
  createdAt: Date;
  updatedAt: Date;
  members: Array<{ id: string; email: string }>;
}

/** A team as a SCIM Group resource (RFC 7643 §4.2). */
export function toScimGroup(row: ScimGroupRow, base: string, withMembers = true) {
  return {
    schemas: [SCIM_GROUP_SCHEMA],
    id: row.id,
    ...(row.externalId ? { externalId: row.externalId } : {}),
    displayName: row.name,
    ...(withMembers
      ? {
          members: row.members.map((m) => ({ value: m.id, display: m.email, $ref: `${base}/scim/v2/Users/${m.id}` })),
        }
      : {}),
    meta: {
      resourceType: "Group",
      created: row.createdAt.toISOString(),
      lastModified: row.updatedAt.toISOString(),
      location: `${base}/scim/v2/Groups/${row.id}`,
    },
  };
}

/** A ListResponse (RFC 7644 §3.4.2). */
export function scimList<T>(resources: T[], total: number, startIndex: number) {
  return {
    schemas: [SCIM_LIST_SCHEMA],
    totalResults: total,
    startIndex,
    itemsPerPage: resources.length,
    Resources: resources,
  };
}
