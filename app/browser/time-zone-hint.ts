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
 * (the booking page, when the guest has not picked one). When the cookie was missing or stale and
 * now holds another zone, the script reloads that page at once, before anything is painted, so
 * the guest never sees times in the wrong zone. It reloads at most once: after the reload the
 * cookie already matches, and a browser that keeps no cookie never reloads.
 */
export const TIME_ZONE_GUESS_META = "time-zone-guess";

export const TIME_ZONE_HINT_SCRIPT = `(function(){try{var z=Intl.DateTimeFormat().resolvedOptions().timeZone;var c=document.cookie.match(/(?:^|; )${TIME_ZONE_COOKIE}=([^;]*)/);if(z&&(!c||decodeURIComponent(c[1])!==z)){var v=encodeURIComponent(z);document.cookie="${TIME_ZONE_COOKIE}="+v+"; Path=/; Max-Age=31536000; SameSite=Lax";var g=document.querySelector('meta[name="${TIME_ZONE_GUESS_META}"]');if(g&&g.content!==z&&document.cookie.indexOf("${TIME_ZONE_COOKIE}="+v)>=0)location.reload()}}catch(e){}})();`;
