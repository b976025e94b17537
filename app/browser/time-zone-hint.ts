import { isTimeZone } from "~/scheduling/time-zone";

/**
 * The browser reports its zone in the `tz` cookie (a client hint set by a tiny inline script,
 * TIME_ZONE_HINT_SCRIPT in app/server/head-scripts.server.ts), so the first HTML the server renders can already use it.
 */
export const TIME_ZONE_COOKIE = "tz";

/** The zone the browser reported in the client-hint cookie, when it is a real zone. */
export function timeZoneHint(cookieHeader: string | null): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name !== TIME_ZONE_COOKIE) continue;
    let value: string;
    try {
      value = decodeURIComponent(rest.join("="));
    } catch {
      return null;
    }
    return isTimeZone(value) ? value : null;
  }
  return null;
}

/** A page that rendered times in a zone it guessed names it here (see TIME_ZONE_HINT_SCRIPT). */
export const TIME_ZONE_GUESS_META = "time-zone-guess";

/** On `<html>` while the booking page's times are in a guessed zone that the browser's will replace. */
export const TIME_ZONE_PENDING_ATTRIBUTE = "data-tz-pending";
