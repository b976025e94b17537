// The base of absolute links is configuration (app/server/env.server.ts); re-exported for routes.
export { linkBase } from "~/server/env.server";
import { invariantResponse } from "./responses";

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

export interface ReadFormOptions {
  /** Fields the form sends several times on purpose (checkbox groups, rows); the default is none. */
  repeatable?: (name: string) => boolean;
}

/**
 * Reads a form post, answering what a client got wrong with a 4xx instead of a 500:
 * 405 for another method, 415 for another body type, 400 for a body that does not parse.
 * A field sent more than once counts with its first value (as readQuery does for a query), unless
 * the form declares it `repeatable`: code reading a field as one string (conform, `form.get`)
 * never meets a list (docs/decisions/023-input-rules.md).
 */
export async function readFormData(request: Request, options: ReadFormOptions = {}): Promise<FormData> {
  requirePost(request);
  const type = (request.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
  invariantResponse(
    FORM_TYPES.includes(type),
    "Send the form as application/x-www-form-urlencoded or multipart/form-data.",
    { status: 415 },
  );
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw new Response("The form could not be read.", { status: 400 });
  }
  return firstValues(form, options.repeatable ?? (() => false));
}

function firstValues(form: FormData, repeatable: (name: string) => boolean): FormData {
  const out = new FormData();
  const seen = new Set<string>();
  for (const [name, value] of form) {
    if (seen.has(name) && !repeatable(name)) continue;
    seen.add(name);
    out.append(name, value);
  }
  return out;
}

export function requirePost(request: Request): void {
  invariantResponse(request.method === "POST", "Method not allowed.", { status: 405, headers: { Allow: "POST" } });
}
