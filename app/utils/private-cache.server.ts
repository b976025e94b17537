import type { IncomingHttpHeaders } from "node:http";
import { TIME_ZONE_COOKIE } from "~/browser/time-zone-hint";

/**
 * The Cache-Control of an answer (decision 063), decided in one place for every page and JSON
 * answer (server.mjs asks just before the head is written; static files never reach it):
 * - a personal answer (the request carries credentials: a cookie other than the time-zone hint,
 *   or an Authorization header; or the answer sets a cookie) is `private, no-store`, whatever
 *   the route said, so no browser or shared cache keeps a signed-in page or someone's data;
 * - a JSON answer that says nothing is `private, no-store` too (a route that means otherwise,
 *   such as the OpenAPI document, says so);
 * - anything else keeps what the route (or the full-page cache) set: public pages stay cacheable.
 * Returns the value to set, or null to keep the answer's own.
 */
export const PRIVATE_NO_STORE = "private, no-store";

export function privateCacheControl(
  request: IncomingHttpHeaders,
  response: { cacheControl: string | null; contentType: string | null; setsCookie: boolean },
): string | null {
  if (isPersonalRequest(request) || response.setsCookie) return PRIVATE_NO_STORE;
  if (response.cacheControl === null && /^application\/(problem\+)?json\b/i.test(response.contentType ?? ""))
    return PRIVATE_NO_STORE;
  return null;
}

function isPersonalRequest(request: IncomingHttpHeaders): boolean {
  if (request.authorization !== undefined) return true;
  for (const part of (request.cookie ?? "").split(";")) {
    const trimmed = part.trim();
    if (trimmed === "") continue;
    const equals = trimmed.indexOf("=");
    if ((equals < 0 ? trimmed : trimmed.slice(0, equals)) !== TIME_ZONE_COOKIE) return true;
  }
  return false;
}
