import { z } from "zod";
import { AUDIT_ACTIONS, auditLogPage, deleteAccountBody, eraseGuestBody } from "~/schemas/audit";
import { brandColorBody } from "~/schemas/brand-color";
import { profileJsonSchema } from "~/schemas/profile";
import { body, errors, json, noContent, signedIn, type ZodOpenApiPathsObject } from "./common";

/** The audit log (decision 070) and data rights (decision 071). */

const auditQuery = z.object({
  actor: z.string().optional().meta({ description: "The actor's e-mail or account id." }),
  action: z.enum(AUDIT_ACTIONS).optional().meta({ description: "One action (see the enum)." }),
  from: z.string().optional().meta({ description: "From this instant or date (ISO 8601), inclusive." }),
  to: z.string().optional().meta({ description: "Up to this instant, or the end of this date (ISO 8601)." }),
  cursor: z.string().optional().meta({ description: "The nextCursor of the previous page." }),
  limit: z.string().optional().meta({ description: "Entries per page, 1-500 (default 50)." }),
});

export const paths: ZodOpenApiPathsObject = {
  "/api/admin/audit-log": {
    get: {
      operationId: "listAuditLog",
      summary:
        "The audit log, newest first, filtered and paged (admin); with Accept: text/csv every matching entry as CSV.",
      tags: ["Admin"],
      security: signedIn,
      requestParams: { query: auditQuery },
      responses: {
        "200": {
          ...json("One page and the cursor of the next (null on the last).", auditLogPage),
          content: {
            "application/json": { schema: auditLogPage },
            "text/csv": { schema: z.string().meta({ description: "Every matching entry, header first." }) },
          },
        },
        ...errors(400, 401, 403),
      },
    },
  },
  "/api/admin/erase-guest": {
    post: {
      operationId: "eraseGuest",
      summary:
        "Replaces a guest's name, e-mail, answers and notes everywhere (admin); bookings counts how many bookings and seats changed.",
      tags: ["Admin"],
      security: signedIn,
      requestBody: body(eraseGuestBody),
      responses: {
        "200": json("Erased.", z.object({ bookings: z.number().int() })),
        ...errors(400, 401, 403, 409),
      },
    },
  },
  "/api/me/export": {
    get: {
      operationId: "exportMyData",
      summary: "Everything about the caller as one JSON file, table by table (secrets left out).",
      tags: ["Account"],
      security: signedIn,
      responses: {
        "200": json(
          "format, exportedAt, and tables: each table's rows of the caller.",
          z.object({
            format: z.number().int(),
            exportedAt: z.string(),
            tables: z.record(z.string(), z.array(z.record(z.string(), z.unknown()))),
          }),
        ),
        ...errors(401, 404),
      },
    },
  },
  "/api/me": {
    get: {
      operationId: "getMyProfile",
      summary: "The caller's profile, with the booking pages' brand colour and the host's logo URL.",
      tags: ["Account"],
      security: signedIn,
      responses: { "200": json("The profile.", profileJsonSchema), ...errors(401, 404) },
    },
    patch: {
      operationId: "updateMyProfile",
      summary:
        "Sets the booking pages' brand colour (#rrggbb, #rgb or without #), or null for the default. A colour on which white text reads below 4.5:1 (WCAG AA) is 400 invalid_input, with the ratio in fields.brandColor.",
      tags: ["Account"],
      security: signedIn,
      requestBody: body(brandColorBody),
      responses: { "200": json("The profile.", profileJsonSchema), ...errors(400, 401, 404, 413, 415) },
    },
    delete: {
      operationId: "deleteMyAccount",
      summary:
        "Deletes the caller's account after a check: password, or confirmEmail for an account without a password; upcoming bookings are cancelled and their guests told.",
      tags: ["Account"],
      security: signedIn,
      requestBody: body(deleteAccountBody),
      responses: {
        "202": json(
          "Deleted; the guests' mail leaves through the job runner.",
          z.object({ cancelledBookings: z.number().int() }),
        ),
        ...errors(400, 401, 404, 409),
      },
    },
  },
  "/api/me/logo": {
    post: {
      operationId: "uploadMyLogo",
      summary:
        "Sets the caller's own logo (decision 117), as a team's: multipart/form-data with the image in field `logo`, checked like a profile photo (JPEG, PNG or WebP by its bytes, at most 5 MB and 40 megapixels), fitted whole into a square and stored as WebP without metadata. The host's public page and booking pages show it in place of the photo, and the guests' mails at their top. 413 over 5 MB, 422 invalid_image for a file that is no readable JPEG, PNG or WebP, 400 without a file, 415 for a body that is not multipart.",
      tags: ["Account"],
      security: signedIn,
      requestBody: {
        required: true,
        content: {
          "multipart/form-data": {
            schema: z.object({ logo: z.string().meta({ format: "binary", description: "The image file." }) }),
          },
        },
      },
      responses: {
        "200": json("The profile, with its new logoUrl.", profileJsonSchema),
        ...errors(400, 401, 413, 415, 422),
      },
    },
    delete: {
      operationId: "deleteMyLogo",
      summary: "Removes the caller's own logo (204 also when there was none).",
      tags: ["Account"],
      security: signedIn,
      responses: { "204": noContent, ...errors(401) },
    },
  },
};
