import type { LoaderFunctionArgs } from "@remix-run/node";
import type { z } from "zod";
import { scimTokenHolder } from "~/models/scim.server";
import { SCIM_CONTENT_TYPE, scimErrorBody, type ScimType } from "~/schemas/scim";
import { noteDatabaseFault } from "~/server/db.server";
import { linkBase } from "~/server/env.server";
import { clientIp, hitInProcess } from "~/server/rate-limit.server";
import { readBody } from "./api.server";

/**
 * SCIM's plumbing (RFC 7644, decision 069): its own error body and media type, the SCIM bearer
 * token (not a person's API token), and one wrapper per route like apiRoute's.
 */

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
export type ScimCaller = { tokenMaker: string | null; base: string };
type Handler = (args: LoaderFunctionArgs, caller: ScimCaller) => Promise<Response>;

const HEADERS = { "Content-Type": SCIM_CONTENT_TYPE, "Cache-Control": "no-store" };

/** A SCIM answer: the body as application/scim+json. */
export function scimJson(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { ...HEADERS, ...headers } });
}

/** RFC 7644 §3.12's error: `{ schemas: [Error], status: "404", scimType?, detail }`. */
export function scimError(status: number, detail: string, scimType?: ScimType, headers: Record<string, string> = {}) {
  return scimJson(scimErrorBody(status, detail, scimType), status, headers);
}

/** The body, parsed and validated; throws a SCIM 400 (invalidSyntax / invalidValue) or 415 otherwise. */
export async function readScimJson<S extends z.ZodType>(request: Request, schema: S): Promise<z.output<S>> {
  const type = (request.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
  if (type !== SCIM_CONTENT_TYPE && type !== "application/json") {
    throw scimError(415, `Send the body as ${SCIM_CONTENT_TYPE}.`);
  }
  let value: unknown;
  try {
    value = JSON.parse(await readBody(request));
  } catch (error) {
    if (error instanceof Response) throw scimError(error.status, "The request body is too large.");
    throw scimError(400, "The request body is not valid JSON.", "invalidSyntax");
  }
  const parsed = await schema.safeParseAsync(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.join(".") || "body";
    throw scimError(400, `${where}: ${issue?.message ?? "invalid"}`, "invalidValue");
  }
  return parsed.data;
}

const PER_MINUTE = 600;

/** One SCIM route: its methods (405 otherwise), the SCIM token (401), a per-address budget, SCIM errors. */
export function scimRoute(handlers: Partial<Record<Method, Handler>>) {
  const allow = Object.keys(handlers) as Method[];
  async function handle(args: LoaderFunctionArgs): Promise<Response> {
    const method = args.request.method === "HEAD" ? "GET" : (args.request.method as Method);
    try {
      const header = args.request.headers.get("authorization") ?? "";
      const token = /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1] ?? "";
      const limited = hitInProcess(`scim:${clientIp(args.request)}`, { limit: PER_MINUTE, windowSeconds: 60 });
      if (!limited.allowed) {
        return scimError(429, "Too many requests.", undefined, { "Retry-After": String(limited.retryAfterSeconds) });
      }
      const holder = token ? await scimTokenHolder(token) : null;
      if (!holder) {
        return scimError(401, "A valid SCIM bearer token is required.", undefined, {
          "WWW-Authenticate": 'Bearer realm="SCIM"',
        });
      }
      const handler = handlers[method];
      if (!handler)
        return scimError(405, `Use ${allow.join(", ")} on this path.`, undefined, { Allow: allow.join(", ") });
      return await handler(args, { tokenMaker: holder.createdBy, base: linkBase(args.request) });
    } catch (error) {
      if (error instanceof Response) return error;
      if (noteDatabaseFault(error))
        return scimError(503, "The service is briefly unavailable.", undefined, { "Retry-After": "5" });
      console.error(`SCIM ${args.request.method} ${new URL(args.request.url).pathname} failed:`, error);
      return scimError(500, "Something went wrong on our side.");
    }
  }
  return { loader: handle, action: handle };
}
