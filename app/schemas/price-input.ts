import { ZERO_DECIMAL } from "./money";

/**
 * The event type form's price as a person types it (docs/decisions/116): "25.00", "25" or "25,00"
 * in the currency's own units, turned into the JSON API's minor units (docs/decisions/107) and
 * back. Pure and without zod: the form validates in the browser too.
 *
 * Two numbers of decimals are in play. What a person may type is the currency's own, as
 * Intl.NumberFormat knows it (USD 2, JPY 0, HUF 0). What an amount is stored in is Stripe's minor
 * unit (money.ts: none for ZERO_DECIMAL, else hundredths; HUF 3000 is stored as 300000).
 */

/** Stripe's largest amount (eight digits), as in ./price.ts. */
const MAX_AMOUNT = 99_999_999;

/** Longer than any price a person types: refused before looking closer. */
const MAX_INPUT_LENGTH = 32;

export type PriceInputResult = { ok: true; amount: number } | { ok: false; message: string };

/** The decimals a person types for this currency (Intl's own: USD 2, JPY 0, KWD 3); null if unknown. */
export function typedDecimals(currency: string): number | null {
  const code = currency.trim().toUpperCase();
  if (!/^[A-Z]{3}$/.test(code)) return null;
  try {
    const options = new Intl.NumberFormat("en-US", { style: "currency", currency: code }).resolvedOptions();
    return options.maximumFractionDigits ?? null;
  } catch {
    return null;
  }
}

/** The decimals of the currency's stored minor unit (money.ts's rule): 0 for ZERO_DECIMAL, else 2. */
export function minorDecimals(currency: string): number {
  return ZERO_DECIMAL.has(currency.trim().toLowerCase()) ? 0 : 2;
}

function example(decimals: number): string {
  return decimals === 0 ? "3000" : `25.${"0".repeat(decimals)}`;
}

function decimalsText(code: string, decimals: number): string {
  if (decimals === 0) return `${code} prices are whole amounts, with no decimals (e.g. 3000).`;
  return `${code} prices have at most ${decimals} decimal${decimals === 1 ? "" : "s"} (e.g. ${example(decimals)}).`;
}

/** The largest price one can type in the currency, for the "too high" message: "999999.99 USD", "999999 HUF". */
function largest(currency: string): string {
  const step = 10 ** Math.max(0, minorDecimals(currency) - (typedDecimals(currency) ?? 0));
  return `${priceInputValue(MAX_AMOUNT - (MAX_AMOUNT % step), currency)} ${currency.trim().toUpperCase()}`;
}

/**
 * A typed price in the currency's minor units: "25.00" or "25,00" with usd → 2500, "3000" with
 * jpy → 3000, "3000" with huf → 300000. Refused with a message for people: no number, a sign,
 * letters or symbols, thousands separators, more decimals than the currency has, zero, or more
 * than Stripe takes.
 */
export function parsePriceInput(input: string, currency: string): PriceInputResult {
  const typed = typedDecimals(currency);
  if (typed === null) return { ok: false, message: "Pick the price's currency." };
  const code = currency.trim().toUpperCase();
  const minor = minorDecimals(currency);
  const text = input.trim();
  const hint = `Type the price as a number, e.g. ${example(typed)}.`;
  const tooHigh = `That price is too high: at most ${largest(currency)}.`;
  const separators = `Type the price without thousands separators, e.g. 1000${typed ? `.${"0".repeat(typed)}` : ""}.`;
  if (text === "") return { ok: false, message: `${hint} For a free event type, pick No price.` };
  if (text.length > MAX_INPUT_LENGTH) return { ok: false, message: tooHigh };
  if (/^[-\u2212]/.test(text)) return { ok: false, message: "The price cannot be negative." };
  // Digits in groups of three ("1 000", "1,000.00", "1.000,00"): a thousands separator.
  if (/^\d{1,3}(?:[ '\u00a0\u202f.,]\d{3})+(?:[.,]\d*)?$/.test(text) && !/^\d+(?:[.,]\d*)?$/.test(text))
    return { ok: false, message: separators };
  const match = /^(\d*)(?:[.,](\d*))?$/.exec(text);
  if (!match || (match[1] === "" && !match[2])) return { ok: false, message: hint };
  const whole = (match[1] ?? "").replace(/^0+/, "");
  if ((match[2] ?? "").length > typed) {
    // "1,000" with a currency of fewer decimals is a thousands separator rather than decimals.
    return { ok: false, message: /^\d{1,3},\d{3}$/.test(text) && typed < 3 ? separators : decimalsText(code, typed) };
  }
  const fraction = (match[2] ?? "").replace(/0+$/, "");
  if (fraction.length > minor) return { ok: false, message: decimalsText(code, minor) };
  if (whole.length > 9) return { ok: false, message: tooHigh };
  const amount = Number(whole || "0") * 10 ** minor + Number(fraction.padEnd(minor, "0") || "0");
  if (amount === 0)
    return { ok: false, message: "The price must be more than 0. For a free event type, pick No price." };
  if (amount > MAX_AMOUNT) return { ok: false, message: tooHigh };
  return { ok: true, amount };
}

/**
 * A stored amount as the form shows it, ready to be typed again: 2500 usd → "25.00", 3000 jpy →
 * "3000", 300000 huf → "3000". An amount finer than the currency's typed decimals (only the JSON
 * API can store one, e.g. 300050 huf) shows every stored decimal ("3000.50"), never rounded.
 */
export function priceInputValue(amount: number, currency: string): string {
  const minor = minorDecimals(currency);
  const typed = typedDecimals(currency) ?? minor;
  const digits = String(Math.trunc(Math.abs(amount))).padStart(minor + 1, "0");
  const whole = digits.slice(0, digits.length - minor);
  let fraction = digits.slice(digits.length - minor);
  if (fraction.length > typed) {
    const trimmed = fraction.replace(/0+$/, "");
    fraction = trimmed.length > typed ? fraction : fraction.slice(0, typed);
  } else fraction = fraction.padEnd(typed, "0");
  return fraction ? `${whole}.${fraction}` : whole;
}
