import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiError, getApiUser, methodNotAllowed, unexpectedErrorResponse } from "./api.server";
import { env } from "~/server/env.server";
import { clientIp, hitInProcess, type RateLimitResult } from "~/server/rate-limit.server";

/**
 * Every JSON path is one `apiRoute({ GET, POST, ... })`: it answers the methods it has (405 with
 * Allow for the rest), counts the call against the caller's per-minute budget (429 with
 * Retry-After when spent; counted in this process, no database write: decision 042) and puts X-RateLimit-Limit / -Remaining / -Reset on every answer, and
 * turns a thrown Response (readJson, requireApiUser, ...) into the answer. Anything else thrown
 * becomes the JSON 500 of `unexpectedErrorResponse` (never Remix's HTML error page).
 */

export type ApiMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
export type ApiHandler = (args: LoaderFunctionArgs) => Promise<Response> | Response;

const WINDOW_SECONDS = 60;

/** Whose budget a call spends: the signed-in user (token or session), else the client address. */
async function callerKey(request: Request): Promise<string> {
  try {
    const user = await getApiUser(request);
    if (user) return `api:user:${user.id}`;
  } catch {
    // A dead or malformed token: the handler answers 401; the call still counts for the address.
  }
  return `api:ip:${clientIp(request)}`;
}

function rateLimitHeaders(result: RateLimitResult, limit: number): Record<string, string> {
  return {
    "X-RateLimit-Limit": String(limit),
    "X-RateLimit-Remaining": String(result.remaining),
    "X-RateLimit-Reset": String(result.retryAfterSeconds),
  };
}

function withHeaders(response: Response, headers: Record<string, string>): Response {
  const merged = new Headers(response.headers);
  for (const [name, value] of Object.entries(headers)) merged.set(name, value);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers: merged });
}

export function apiRoute(handlers: Partial<Record<ApiMethod, ApiHandler>>) {
  const allow = (Object.keys(handlers) as ApiMethod[]).filter((m) => handlers[m]);
  async function handle(args: LoaderFunctionArgs): Promise<Response> {
    try {
      return await answer(args);
    } catch (error) {
      if (error instanceof Response) return error;
      return unexpectedErrorResponse(error, args.request);
    }
  }
  async function answer(args: LoaderFunctionArgs): Promise<Response> {
    const method = args.request.method === "HEAD" ? "GET" : (args.request.method as ApiMethod);
    const limit = env().API_RATE_LIMIT_PER_MINUTE;
    const result = hitInProcess(await callerKey(args.request), { limit, windowSeconds: WINDOW_SECONDS });
    const headers = rateLimitHeaders(result, limit);
    if (!result.allowed) {
      return apiError(
        429,
        "rate_limited",
        `Too many requests: at most ${limit} a minute. Try again in ${result.retryAfterSeconds} s.`,
        undefined,
        {
          ...headers,
          "Retry-After": String(result.retryAfterSeconds),
        },
      );
    }
    const handler = handlers[method];
    let response: Response;
    if (!handler) {
      response = methodNotAllowed(allow);
    } else {
      try {
        response = await handler(args);
      } catch (error) {
        response = error instanceof Response ? error : unexpectedErrorResponse(error, args.request);
      }
    }
    return withHeaders(response, headers);
  }
  return { loader: handle, action: handle, methods: allow };
}
