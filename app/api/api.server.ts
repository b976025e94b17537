import { randomUUID } from "node:crypto";
import type { z } from "zod";
import { userOfApiToken } from "~/models/api-token.server";
import { getUser, type AuthUser } from "~/utils/auth.server";
import { DATABASE_RETRY_AFTER_SECONDS } from "~/server/database-unavailable";
import { noteDatabaseFault } from "~/server/db.server";
import { oncePerRequest } from "~/server/request-scope.server";

/**
 * The JSON paths' plumbing: one error shape (the JSON contract: docs/decisions/012), one way to read a JSON
 * body, one way to find the caller (a bearer token or the browser session).
 */

export type FieldErrors = Record<string, string[]>;

/** `{ error: { code, message, fields? } }` with the given status. */
export function apiError(
  status: number,
  code: string,
  message: string,
  fields?: FieldErrors,
  headers?: HeadersInit,
): Response {
  return Response.json({ error: fields ? { code, message, fields } : { code, message } }, { status, headers });
}

/**
 * The last resort of every JSON path: an error nobody expected (a bug, never client input,
 * which the schemas refuse with a 4xx) answers the error shape with 500 `internal_error` and a
 * request id that is also in the server log, so a report can be matched with its stack trace.
 * The one place to add other mappings of unexpected errors (docs/decisions/023).
 */
export function unexpectedErrorResponse(error: unknown, request: Request): Response {
  // A database that is down or unreachable answers 503 with Retry-After, never 500 (docs/decisions/025).
  if (noteDatabaseFault(error)) return databaseUnavailable();
  const requestId = randomUUID();
  let path = request.url;
  try {
    path = new URL(request.url).pathname;
  } catch {
    // keep the raw URL
  }
  console.error(`[request ${requestId}] ${request.method} ${path} failed:`, error);
  return Response.json(
    {
      error: {
        code: "internal_error",
        message: `Something went wrong on our side. Quote request id ${requestId} when reporting it.`,
        requestId,
      },
    },
    { status: 500, headers: { "X-Request-Id": requestId, "Cache-Control": "no-store" } },
  );
}

function databaseUnavailable(): Response {
  return apiError(
    503,
    "database_unavailable",
    `The service is briefly unavailable. Try again in ${DATABASE_RETRY_AFTER_SECONDS} s.`,
    undefined,
    {
      "Retry-After": String(DATABASE_RETRY_AFTER_SECONDS),
      "Cache-Control": "no-store",
    },
  );
}

/** server.mjs refuses larger bodies by Content-Length; this also covers chunked bodies. */
const MAX_BODY_BYTES = Number(process.env.MAX_BODY_BYTES ?? 1024 * 1024);

/** 405 for a method the path does not serve. */
export function methodNotAllowed(allow: string[]): Response {
  return apiError(405, "method_not_allowed", `Use ${allow.join(" or ")} on this path.`, undefined, {
    Allow: allow.join(", "),
  });
}

/** zod issues keyed by their field path ("targetedEmail.email2"); a whole-body issue is under "body". */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join(".") || "body";
    (fields[key] ??= []).push(issue.message);
  }
  return fields;
}

const DRAIN_BYTES = 8 * 1024 * 1024;

async function discardRest(reader: ReadableStreamDefaultReader<Uint8Array>, limit: number): Promise<void> {
  let dropped = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    dropped += value.byteLength;
    if (dropped > limit) {
      await reader.cancel();
      return;
    }
  }
}

export async function readBody(request: Request): Promise<string> {
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      // Read (and drop) a little more so a client still sending gets the 413 rather than a
      // reset connection; past that, cut it off.
      await discardRest(reader, DRAIN_BYTES);
      throw apiError(413, "payload_too_large", `The request body is larger than ${MAX_BODY_BYTES} bytes.`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * A JSON body validated by `schema`; throws the error Response otherwise: 415 for another
 * content type, 413 for a body over the limit, 400 `invalid_json` for a body that does not
 * parse, 400 `invalid_input` (with `fields`) for one that does not validate.
 */
export async function readJson<S extends z.ZodType>(request: Request, schema: S): Promise<z.output<S>> {
  const type = (request.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
  if (type !== "application/json") {
    throw apiError(415, "unsupported_media_type", "Send the body as application/json.");
  }
  const text = await readBody(request);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw apiError(400, "invalid_json", "The request body is not valid JSON.");
  }
  return checkJson(schema, value);
}

/** A JSON value already read, validated by `schema`; throws 400 `invalid_input` (with `fields`) otherwise. */
export async function checkJson<S extends z.ZodType>(schema: S, value: unknown): Promise<z.output<S>> {
  const parsed = await schema.safeParseAsync(value);
  if (!parsed.success) {
    throw apiError(400, "invalid_input", "Check the highlighted fields.", fieldErrors(parsed.error));
  }
  return parsed.data;
}

function bearerToken(request: Request): string | null | undefined {
  const header = request.headers.get("authorization");
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1] : null;
}

/**
 * The caller: the owner of a live bearer token, else the browser session's user, else null.
 * A bearer header that is malformed or names no live token is refused outright (401), never
 * quietly treated as the cookie's user.
 */
export async function getApiUser(request: Request): Promise<AuthUser | null> {
  const token = bearerToken(request);
  if (token === undefined) return getUser(request);
  const user = token ? await oncePerRequest(`api-token:${token}`, () => userOfApiToken(token)) : null;
  if (!user)
    throw apiError(401, "unauthorized", "The token is invalid or has expired.", undefined, {
      "WWW-Authenticate": "Bearer",
    });
  return user;
}

/** The caller, or a 401. */
export async function requireApiUser(request: Request): Promise<AuthUser> {
  const user = await getApiUser(request);
  if (!user) {
    throw apiError(401, "unauthorized", "Sign in or send Authorization: Bearer <token>.", undefined, {
      "WWW-Authenticate": "Bearer",
    });
  }
  return user;
}

/** Whether a path's e-mail names the caller (e-mails compare case-insensitively). */
export function isSelf(user: AuthUser, email: string): boolean {
  return user.email.toLowerCase() === email.trim().toLowerCase();
}
