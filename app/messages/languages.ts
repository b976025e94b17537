/**
 * The languages guests see the booking pages and their mails in (docs/decisions/088): the codes,
 * how one is chosen for a request, and the two tiny helpers every catalogue entry goes through.
 * No catalogue is imported here: the booking page's browser code uses this module, and its words
 * come in the loader's data (the JavaScript budget, docs/benchmarks.md).
 */

export const LANGUAGES = ["en", "es", "de", "fr", "pt-BR"] as const;
export type Language = (typeof LANGUAGES)[number];

/** Each language's own name, for the event type form's choice. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: "English",
  es: "Español",
  de: "Deutsch",
  fr: "Français",
  "pt-BR": "Português (Brasil)",
};

/** The Intl locale each language formats dates, times and plurals in. */
export const LOCALES: Record<Language, string> = {
  en: "en-US",
  es: "es-ES",
  de: "de-DE",
  fr: "fr-FR",
  "pt-BR": "pt-BR",
};

/**
 * A language tag as a guest or a client writes it ("es", "ES-mx", "pt", "pt_BR", "de-AT") to one
 * of ours, or null. Any Portuguese is Brazil's: the only Portuguese we write.
 */
export function languageOf(tag: string | null | undefined): Language | null {
  if (!tag || tag.length > 35) return null;
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
  if (primary === "pt") return "pt-BR";
  return (LANGUAGES as readonly string[]).includes(primary) ? (primary as Language) : null;
}

/** Accept-Language's tags, the most wanted first (ties in the header's order); q=0 ones dropped. */
function rankedTags(header: string | null | undefined): string[] {
  if (!header || header.length > 1000) return [];
  return header
    .split(",")
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const weight = q === undefined ? 1 : Number(q.slice(2));
      return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.weight > 0 && entry.tag !== "")
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map((entry) => entry.tag);
}

/** The first of ours in an Accept-Language header, by its q weights (q=0 is refused), or null. */
export function acceptedLanguage(header: string | null | undefined): Language | null {
  for (const tag of rankedTags(header)) {
    const language = languageOf(tag);
    if (language) return language;
  }
  return null;
}

/**
 * Countries with one time zone (for nearly all of their people), by ISO 3166 code. A country
 * with several (the United States, Canada, Brazil, Mexico, Australia, Russia, Indonesia…) is
 * left out: its guess would be wrong for many.
 */
export const COUNTRY_ZONES: Record<string, string> = {
  AE: "Asia/Dubai",
  AR: "America/Argentina/Buenos_Aires",
  AT: "Europe/Vienna",
  BE: "Europe/Brussels",
  BG: "Europe/Sofia",
  CH: "Europe/Zurich",
  CN: "Asia/Shanghai",
  CO: "America/Bogota",
  CZ: "Europe/Prague",
  DE: "Europe/Berlin",
  DK: "Europe/Copenhagen",
  EG: "Africa/Cairo",
  ES: "Europe/Madrid",
  FI: "Europe/Helsinki",
  FR: "Europe/Paris",
  GB: "Europe/London",
  GR: "Europe/Athens",
  HK: "Asia/Hong_Kong",
  HU: "Europe/Budapest",
  IE: "Europe/Dublin",
  IL: "Asia/Jerusalem",
  IN: "Asia/Kolkata",
  IT: "Europe/Rome",
  JP: "Asia/Tokyo",
  KE: "Africa/Nairobi",
  KR: "Asia/Seoul",
  LU: "Europe/Luxembourg",
  NG: "Africa/Lagos",
  NL: "Europe/Amsterdam",
  NO: "Europe/Oslo",
  NZ: "Pacific/Auckland",
  PE: "America/Lima",
  PH: "Asia/Manila",
  PL: "Europe/Warsaw",
  PT: "Europe/Lisbon",
  RO: "Europe/Bucharest",
  SA: "Asia/Riyadh",
  SE: "Europe/Stockholm",
  SG: "Asia/Singapore",
  TH: "Asia/Bangkok",
  TR: "Europe/Istanbul",
  TW: "Asia/Taipei",
  UA: "Europe/Kyiv",
  UY: "America/Montevideo",
  VN: "Asia/Ho_Chi_Minh",
  ZA: "Africa/Johannesburg",
};

/**
 * A first visitor's likely zone from Accept-Language (docs/decisions/091): the most wanted tag
 * that names a region decides. A one-zone country gives its zone ("de-DE" Europe/Berlin); any
 * other region ("en-US") gives none, and neither does a header without a region ("de").
 */
export function zoneFromAcceptLanguage(header: string | null | undefined): string | null {
  for (const tag of rankedTags(header)) {
    const region = tag
      .split("-")
      .slice(1)
      .find((part) => /^[A-Za-z]{2}$/.test(part));
    if (region) return COUNTRY_ZONES[region.toUpperCase()] ?? null;
  }
  return null;
}

/** `?lang=`, then Accept-Language, then the event type's default, then English; an unknown value is skipped. */
export function chooseLanguage(sources: {
  query?: string | null;
  acceptLanguage?: string | null;
  fallback?: string | null;
}): Language {
  return languageOf(sources.query) ?? acceptedLanguage(sources.acceptLanguage) ?? languageOf(sources.fallback) ?? "en";
}

/** The locale's own clock when the guest has not chosen one: 12-hour for English (US), 24-hour for the others. */
export function defaultClock24(language: Language): boolean {
  const cycle = new Intl.DateTimeFormat(LOCALES[language], { hour: "numeric" }).resolvedOptions().hourCycle;
  return cycle === "h23" || cycle === "h24";
}

/** The cookie that remembers the guest's clock ("12" or "24") across booking pages. */
export const CLOCK_COOKIE = "clock";

/** "24" or "12" from the clock cookie, else null. */
export function clockCookie(cookieHeader: string | null | undefined): "12" | "24" | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(";")) {
    const [name, value] = part.trim().split("=");
    if (name === CLOCK_COOKIE && (value === "12" || value === "24")) return value;
  }
  return null;
}

/** A plural entry: the forms Intl.PluralRules names for the language ("one", "other", and "many" where it has one). */
export type Plural = { one: string; other: string; many?: string; zero?: string; two?: string; few?: string };

/** "{name}" placeholders filled; an unknown one stays as written. */
export function fill(template: string, values: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}

const pluralRules = new Map<string, Intl.PluralRules>();

/** The plural form for `count` in `language`, filled with {count} (in the locale's digits) and the values. */
export function plural(
  language: Language,
  forms: Plural,
  count: number,
  values: Record<string, string | number> = {},
): string {
  const locale = LOCALES[language];
  let rules = pluralRules.get(locale);
  if (!rules) {
    rules = new Intl.PluralRules(locale);
    pluralRules.set(locale, rules);
  }
  const form = forms[rules.select(count)] ?? forms.other;
  return fill(form, { count: count.toLocaleString(locale), ...values });
}
