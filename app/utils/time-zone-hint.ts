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
 */
export const TIME_ZONE_HINT_SCRIPT = `(function(){try{var z=Intl.DateTimeFormat().resolvedOptions().timeZone;var c=document.cookie.match(/(?:^|; )${TIME_ZONE_COOKIE}=([^;]*)/);if(z&&(!c||decodeURIComponent(c[1])!==z)){document.cookie="${TIME_ZONE_COOKIE}="+encodeURIComponent(z)+"; Path=/; Max-Age=31536000; SameSite=Lax"}}catch(e){}})();`;
