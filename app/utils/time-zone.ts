/**
 * IANA time zones, shared by server and browser. The browser reports its zone in the `tz`
 * cookie (a client hint set by a tiny inline script in root.tsx), so the first HTML the
 * server renders can already use it.
 */
export const TIME_ZONE_COOKIE = "tz";

const valid = new Map<string, boolean>();

/** True for a zone name this runtime's Intl knows (IANA names and their aliases, "UTC"). */
export function isTimeZone(value: unknown): value is string {
  if (typeof value !== "string" || value.length === 0 || value.length > 64) return false;
  let ok = valid.get(value);
  if (ok === undefined) {
    try {
      new Intl.DateTimeFormat("en-US", { timeZone: value });
      ok = true;
    } catch {
      ok = false;
    }
    if (valid.size < 1000) valid.set(value, ok);
  }
  return ok;
}

/** Every zone to offer in a picker, "UTC" first. */
export function timeZoneNames(): string[] {
  const names = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return ["UTC", ...names.filter((n) => n !== "UTC")];
}

let packedNames: string | null = null;

/** timeZoneNames() packed (packTimeZones), computed once per process: the booking page sends it. */
export function packedTimeZoneNames(): string {
  packedNames ??= packTimeZones(timeZoneNames());
  return packedNames;
}

/**
 * A zone list as one short string for a page's loader data: runs of one area share it
 * ("UTC;Africa/Abidjan,Accra;America/Argentina/Buenos_Aires,New_York"), about a third of the
 * JSON array (which repeats "America/" 150 times). unpackTimeZones gives back the same list,
 * in order, so the server's and the browser's renders match.
 */
export function packTimeZones(names: string[]): string {
  const groups: string[] = [];
  let area: string | null = null;
  for (const name of names) {
    const slash = name.indexOf("/");
    const here = slash < 0 ? "" : name.slice(0, slash + 1);
    if (here === area) groups[groups.length - 1] += `,${name.slice(here.length)}`;
    else groups.push(name);
    area = here;
  }
  return groups.join(";");
}

export function unpackTimeZones(packed: string): string[] {
  if (!packed) return [];
  return packed.split(";").flatMap((group) => {
    const slash = group.indexOf("/");
    const area = slash < 0 ? "" : group.slice(0, slash + 1);
    return group
      .slice(area.length)
      .split(",")
      .map((rest) => area + rest);
  });
}

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

type Formatters = { zone: string; date: Intl.DateTimeFormat; time: Intl.DateTimeFormat };
/** Made once per zone: a formatter costs about six times what a format call does. */
const formattersByZone = new Map<string, Formatters>();

/** "Jan 5, 2026" and "3:04 PM" formatters in `timeZone` (UTC when this runtime does not know it). */
export function dateTimeFormatters(timeZone: string): Formatters {
  const zone = isTimeZone(timeZone) ? timeZone : "UTC";
  let formatters = formattersByZone.get(zone);
  if (!formatters) {
    formatters = {
      zone,
      date: new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: zone }),
      time: new Intl.DateTimeFormat("en-US", { timeStyle: "short", timeZone: zone }),
    };
    if (formattersByZone.size < 1000) formattersByZone.set(zone, formatters);
  }
  return formatters;
}
