import { isTimeZone } from "~/scheduling/time-zone";

/**
 * The browser reports its zone in the `tz` cookie (a client hint set by a tiny inline script
 * in root.tsx), so the first HTML the server renders can already use it.
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

/**
 * The inline script that keeps the cookie equal to the browser's zone. It runs before the
 * page paints and costs one cookie write, only when the zone changed.
 *
 * A page that rendered times in a zone it guessed says so in `<meta name="time-zone-guess">`
 * (the booking page, when the guest has not picked one). When the browser's zone is another, the
 * script marks the document `data-tz-pending` (the page hides its times under it, keeping their
 * space) and the page, once hydrated, fetches its data again in the browser's zone: no second
 * document load (decision 091). The mark goes after a few seconds anyway, should scripts never run.
 */
export const TIME_ZONE_GUESS_META = "time-zone-guess";

/** On `<html>` while the booking page's times are in a guessed zone that the browser's will replace. */
export const TIME_ZONE_PENDING_ATTRIBUTE = "data-tz-pending";

export const TIME_ZONE_HINT_SCRIPT = `(function(){try{var z=Intl.DateTimeFormat().resolvedOptions().timeZone;var c=document.cookie.match(/(?:^|; )${TIME_ZONE_COOKIE}=([^;]*)/);if(z&&(!c||decodeURIComponent(c[1])!==z)){document.cookie="${TIME_ZONE_COOKIE}="+encodeURIComponent(z)+"; Path=/; Max-Age=31536000; SameSite=Lax";var g=document.querySelector('meta[name="${TIME_ZONE_GUESS_META}"]');if(g&&g.content!==z){var h=document.documentElement;h.setAttribute("${TIME_ZONE_PENDING_ATTRIBUTE}",z);setTimeout(function(){h.removeAttribute("${TIME_ZONE_PENDING_ATTRIBUTE}")},8000)}}}catch(e){}})();`;
