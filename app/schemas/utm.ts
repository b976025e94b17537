import { isPlainText } from "./input-rules";

/**
 * The booking link's source parameters (decision 079): `utm_*` and `ref` on /{username}/{slug},
 * /team/{team}/{slug} and the embed travel with the booking (events.utm) to the host, the
 * webhooks and the export. Pure and without zod (the booking page's browser code may load it);
 * POST /api/bookings' schema of `utm` is in booking-api.ts.
 */

export const UTM_KEYS = ["utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content", "ref"] as const;
export type UtmKey = (typeof UTM_KEYS)[number];
export type Utm = Partial<Record<UtmKey, string>>;
export const UTM_VALUE_MAX = 200;

export const isUtmKey = (key: string): key is UtmKey => (UTM_KEYS as readonly string[]).includes(key);

/** The stored form: empty values dropped; null when nothing is left. */
export function utmToStore(utm: Utm | undefined | null): Utm | null {
  if (!utm) return null;
  const out: Utm = {};
  for (const key of UTM_KEYS) {
    const value = utm[key];
    if (typeof value === "string" && value !== "") out[key] = value;
  }
  return Object.keys(out).length > 0 ? out : null;
}

/**
 * The source parameters of a page's query or a form post: known keys with a value that passes
 * the rules (others are left out, so a mangled link still books).
 */
export function utmOf(params: Iterable<[string, FormDataEntryValue | string]>): Utm {
  const out: Utm = {};
  for (const [key, value] of params) {
    if (!isUtmKey(key) || key in out || typeof value !== "string") continue;
    if (value !== "" && value.length <= UTM_VALUE_MAX && isPlainText(value)) out[key] = value;
  }
  return out;
}

/** "utm_source=newsletter · ref=partner": one line for people. */
export function utmLabel(utm: Utm | null | undefined): string | null {
  const stored = utmToStore(utm);
  return stored
    ? UTM_KEYS.filter((k) => stored[k])
        .map((k) => `${k}=${stored[k]}`)
        .join(" · ")
    : null;
}
