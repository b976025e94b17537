/** IANA time zones, shared by server and browser (pure: Intl only). */

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

/**
 * ICU still reports some zones by their old names (Intl answers "Asia/Calcutta" for India): the
 * names people know today, as the IANA database spells them. Every runtime that knows the old
 * name accepts the new one too.
 */
const CURRENT_NAMES: Record<string, string> = {
  "Africa/Asmera": "Africa/Asmara",
  "America/Buenos_Aires": "America/Argentina/Buenos_Aires",
  "America/Catamarca": "America/Argentina/Catamarca",
  "America/Coral_Harbour": "America/Atikokan",
  "America/Cordoba": "America/Argentina/Cordoba",
  "America/Godthab": "America/Nuuk",
  "America/Indianapolis": "America/Indiana/Indianapolis",
  "America/Jujuy": "America/Argentina/Jujuy",
  "America/Louisville": "America/Kentucky/Louisville",
  "America/Mendoza": "America/Argentina/Mendoza",
  "Asia/Calcutta": "Asia/Kolkata",
  "Asia/Katmandu": "Asia/Kathmandu",
  "Asia/Rangoon": "Asia/Yangon",
  "Asia/Saigon": "Asia/Ho_Chi_Minh",
  "Atlantic/Faeroe": "Atlantic/Faroe",
  "Europe/Kiev": "Europe/Kyiv",
  "Pacific/Enderbury": "Pacific/Kanton",
  "Pacific/Ponape": "Pacific/Pohnpei",
  "Pacific/Truk": "Pacific/Chuuk",
};

/** The zone's current IANA name ("Asia/Calcutta" -> "Asia/Kolkata"); other names unchanged. */
export function currentZoneName(zone: string): string {
  const name = CURRENT_NAMES[zone];
  return name && isTimeZone(name) ? name : zone;
}

/** Every zone to offer in a picker, "UTC" first, by current names, sorted. */
export function timeZoneNames(): string[] {
  const names = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  const current = [...new Set(names.filter((n) => n !== "UTC").map(currentZoneName))].sort();
  return ["UTC", ...current];
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

/** "3:00 PM" / "15:00" of an instant in `zone`, in the guest's locale (the booking page and the guest's change pages). */
export function timeIn(ms: number, zone: string, clock24: boolean, locale: string): string {
  return new Intl.DateTimeFormat(locale, {
    timeZone: zone,
    hour: "numeric",
    minute: "2-digit",
    hourCycle: clock24 ? "h23" : "h12",
  }).format(ms);
}
