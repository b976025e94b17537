import { z } from "zod";
import type {
  ZodOpenApiOperationObject,
  ZodOpenApiPathsObject,
  ZodOpenApiResponseObject,
  ZodOpenApiResponsesObject,
} from "zod-openapi";

/**
 * Building blocks for the OpenAPI document (GET /api/openapi.json). Each group of JSON paths
 * describes itself in a module of this folder that exports `paths`; document.server.ts merges
 * them. Request bodies are the very zod schemas the routes validate with; responses are zod
 * schemas of what the routes answer.
 */

export type { ZodOpenApiOperationObject, ZodOpenApiPathsObject };

export const errorSchema = z
  .object({
    error: z.object({
      code: z.string().meta({ example: "invalid_input" }),
      message: z.string().meta({ example: "Check the highlighted fields." }),
      fields: z
        .record(z.string(), z.array(z.string()))
        .optional()
        .meta({ description: "Per-field messages, keyed by the field's path (e.g. targetedEmail.email2)." }),
      field: z.string().optional().meta({
        description: "403 locked_field only: the field a managed event type's team locks (decision 059).",
      }),
      requestId: z.string().optional().meta({
        description: "500 internal_error only: the id under which the server logged the error (also in X-Request-Id).",
      }),
    }),
  })
  .meta({ id: "Error", description: "Every error of every JSON path has this shape." });

const ERROR_TEXT: Record<number, string> = {
  400: "Bad input: invalid_json, or invalid_input with `fields`.",
  401: "No credentials, or a token that is malformed, revoked or expired.",
  403: "Signed in, but not allowed.",
  404: "No such resource (or not yours).",
  409: "Conflicts with the current state.",
  413: "The body is larger than the limit.",
  415: "The body is not application/json.",
  422: "Well-formed, but refused: e.g. invalid_hosts (a host who is not a member of the team).",
};

const rateLimitHeaders = {
  "X-RateLimit-Limit": {
    description: "Calls allowed per minute for this caller.",
    schema: { type: "integer" as const },
  },
  "X-RateLimit-Remaining": { description: "Calls left in the current minute.", schema: { type: "integer" as const } },
  "X-RateLimit-Reset": { description: "Seconds until the budget is full again.", schema: { type: "integer" as const } },
};

/** Error responses with the shared error body; 429 (with Retry-After) is added to every operation. */
export function errors(...statuses: number[]): ZodOpenApiResponsesObject {
  const out: ZodOpenApiResponsesObject = {};
  for (const status of statuses) {
    out[`${status}` as `4${string}`] = {
      description: ERROR_TEXT[status] ?? "Error.",
      content: { "application/json": { schema: errorSchema } },
    };
  }
  out["429"] = {
    description: "Too many calls; wait Retry-After seconds.",
    headers: { "Retry-After": { description: "Seconds to wait.", schema: { type: "integer" } }, ...rateLimitHeaders },
    content: { "application/json": { schema: errorSchema } },
  };
  // Never for what a client sent (docs/decisions/023-input-rules.md): a bug, with its log id.
  out["500"] = {
    description:
      "An unexpected error on the server (never bad input): internal_error with a requestId that is also in the server log.",
    headers: {
      "X-Request-Id": { description: "The id under which the error was logged.", schema: { type: "string" } },
    },
    content: { "application/json": { schema: errorSchema } },
  };
  return out;
}

/** A JSON success response. */
export function json(description: string, schema: z.ZodType): ZodOpenApiResponseObject {
  return { description, headers: rateLimitHeaders, content: { "application/json": { schema } } };
}

/** A JSON request body, validated by `schema` on the server. */
export function body(schema: z.ZodType): NonNullable<ZodOpenApiOperationObject["requestBody"]> {
  return { required: true, content: { "application/json": { schema } } };
}

export const noContent: ZodOpenApiResponseObject = { description: "Done; no body.", headers: rateLimitHeaders };

/** Security: a bearer token (or, from the site's own pages, the session cookie). */
export const signedIn: Array<Record<string, string[]>> = [{ bearer: [] }, { session: [] }];
/** No auth needed; a token or session is still read when sent. */
export const open: Array<Record<string, string[]>> = [{}, { bearer: [] }, { session: [] }];

export const emailParam = z.object({
  email: z.string().meta({ description: "An account's e-mail.", example: "host@example.com" }),
});
export const idParam = z.object({
  id: z.string().meta({ description: "The resource's _id (a UUID).", example: "0b6f3c1e-2a47-4d8e-9c1f-6a2b3c4d5e6f" }),
});
