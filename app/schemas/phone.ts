import { parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js";

/**
 * Phone numbers for text messages (docs/decisions/090): whatever common format a person types,
 * stored in E.164. A number without a country code needs the server's SMS_DEFAULT_COUNTRY.
 * Server-side only: the metadata is too heavy for the booking page's JavaScript.
 */

export const PHONE_MAX = 40;

export const PHONE_MESSAGES = {
  invalid: "Give a valid mobile number with its country code, such as +1 415 555 2671.",
  tooLong: `Use at most ${PHONE_MAX} characters.`,
} as const;

/** The number in E.164 (+14155552671), or null when it is not a valid phone number. */
export function toE164(input: string, defaultCountry?: string | null): string | null {
  const raw = input.trim();
  if (!raw || raw.length > PHONE_MAX || !/^[0-9+()\-.\s/]+$/.test(raw)) return null;
  // 00 is the international prefix in most of the world.
  const text = raw.startsWith("00") ? `+${raw.slice(2)}` : raw;
  const parsed = parsePhoneNumberFromString(text, (defaultCountry || undefined) as CountryCode | undefined);
  return parsed?.isValid() ? parsed.number : null;
}

/** A form's or body's phone: empty is none; else E.164 or the message to show. */
export function parsePhone(
  input: string | null | undefined,
  defaultCountry?: string | null,
): { ok: true; phone: string | null } | { ok: false; message: string } {
  if (input === null || input === undefined || input.trim() === "") return { ok: true, phone: null };
  if (input.length > PHONE_MAX) return { ok: false, message: PHONE_MESSAGES.tooLong };
  const phone = toE164(input, defaultCountry);
  return phone ? { ok: true, phone } : { ok: false, message: PHONE_MESSAGES.invalid };
}
