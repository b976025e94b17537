import { z } from "zod";
import {
  adminUserSchema,
  modifiedCountSchema,
  pageQuery,
  professionalRecordSchema,
  usersQuery,
} from "~/schemas/admin-api";
import { deletedJsonSchema, packageBody, packageJsonSchema } from "~/schemas/package-api";
import { body, emailParam, errors, idParam, json, signedIn, type ZodOpenApiPathsObject } from "./common";

/**
 * The admin's JSON paths (decision 013): accounts and their admin role, professional records,
 * package writes. All need an admin: 401 without credentials, 403 for anyone else.
 */

const totalCount = {
  "X-Total-Count": { description: "How many match, across all pages.", schema: { type: "integer" as const } },
};

function list(description: string, schema: z.ZodType) {
  const response = json(description, z.array(schema));
  return { ...response, headers: { ...response.headers, ...totalCount } };
}

/**
 * The legacy GET /professional/{email} and DELETE /professional/{id} are one path template
 * (OpenAPI forbids two that differ only in the parameter's name): GET is described with the
 * read paths under `{email}`; DELETE goes on the same template, the segment being the record's id.
 */
const professionalIdParam = z.object({
  email: z.string().meta({
    description: "For DELETE: the professional record's _id (a UUID).",
    example: "0b6f3c1e-2a47-4d8e-9c1f-6a2b3c4d5e6f",
  }),
});

export const paths: ZodOpenApiPathsObject = {
  "/users": {
    get: {
      operationId: "listUsers",
      summary: "Accounts in sign-up order, searchable and paged (admin).",
      tags: ["Admin"],
      security: signedIn,
      requestParams: { query: usersQuery },
      responses: { "200": list('The accounts; role is "admin" or null.', adminUserSchema), ...errors(400, 401, 403) },
    },
  },
  "/users/admin/{email}": {
    put: {
      operationId: "promoteToAdmin",
      summary: "Makes the account an admin (admin); no body needed.",
      tags: ["Admin"],
      security: signedIn,
      requestParams: { path: emailParam },
      responses: {
        "200": json("modifiedCount 1 when promoted, 0 when already an admin.", modifiedCountSchema),
        ...errors(401, 403, 404),
      },
    },
  },
  "/users/user/{email}": {
    put: {
      operationId: "demoteAdmin",
      summary: "Takes the admin role away (admin); never from the last admin; no body needed.",
      tags: ["Admin"],
      security: signedIn,
      requestParams: { path: emailParam },
      responses: {
        "200": json("modifiedCount 1 when demoted, 0 when not an admin.", modifiedCountSchema),
        ...errors(401, 403, 404, 409),
      },
    },
  },
  "/professional": {
    get: {
      operationId: "listProfessionalRecords",
      summary: "Payment records, newest first, paged (admin only, decision 013).",
      tags: ["Admin"],
      security: signedIn,
      requestParams: { query: pageQuery },
      responses: { "200": list("The professional records.", professionalRecordSchema), ...errors(400, 401, 403) },
    },
  },
  "/professional/{email}": {
    delete: {
      operationId: "deleteProfessionalRecord",
      summary: "Removes a professional record and recomputes its buyer's status (admin).",
      tags: ["Admin"],
      security: signedIn,
      requestParams: { path: professionalIdParam },
      responses: {
        "200": json(
          "Deleted: a MongoDB-style delete result (the legacy client calls res.json() on success).",
          deletedJsonSchema,
        ),
        ...errors(401, 403, 404),
      },
    },
  },
  "/packages": {
    post: {
      operationId: "createPackage",
      summary: "Adds a package with the package form's rules (admin).",
      tags: ["Packages"],
      security: signedIn,
      requestBody: body(packageBody),
      responses: {
        "200": json("The new package (200, the status the legacy client checks for).", packageJsonSchema),
        ...errors(400, 401, 403, 409, 413, 415),
      },
    },
  },
  "/packages/{id}": {
    put: {
      operationId: "updatePackage",
      summary: "Replaces a package; fields left out take the form's defaults (admin).",
      tags: ["Packages"],
      security: signedIn,
      requestParams: { path: idParam },
      requestBody: body(packageBody),
      responses: {
        "200": json("The package as saved.", packageJsonSchema),
        ...errors(400, 401, 403, 404, 409, 413, 415),
      },
    },
    delete: {
      operationId: "deletePackage",
      summary: "Deletes a package; records that bought it keep its name (admin).",
      tags: ["Packages"],
      security: signedIn,
      requestParams: { path: idParam },
      responses: {
        "200": json(
          "Deleted: a MongoDB-style delete result (the legacy client calls res.json() on success).",
          deletedJsonSchema,
        ),
        ...errors(401, 403, 404),
      },
    },
  },
};
