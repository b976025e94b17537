/**
 * Money as people read it (docs/decisions/107), without zod: the booking page formats its price
 * on the server, and this module may reach browsers.
 */

/** Currencies of CURRENCIES (./price.ts) whose amount is in whole units (Stripe's zero-decimal list). */
export const ZERO_DECIMAL = new Set<string>(["jpy", "krw", "clp", "isk"]);

/** An amount in minor units for people: "$25.00", "¥3,000". */
export function formatMoney(amount: number, currency: string, locale = "en-US"): string {
  const units = ZERO_DECIMAL.has(currency.toLowerCase()) ? amount : amount / 100;
  try {
    return new Intl.NumberFormat(locale, { style: "currency", currency: currency.toUpperCase() }).format(units);
  } catch {
    return `${units} ${currency.toUpperCase()}`;
  }
}

/** What the host's view of a paid booking says of its payment (docs/decisions/107). */
export const PAYMENT_STATE_LABELS: Record<
  "awaiting" | "paid" | "failed" | "expired" | "released" | "refund_due" | "refunded" | "refund_not_due",
  string
> = {
  awaiting: "Awaiting payment",
  paid: "Paid",
  failed: "Payment failed (time released)",
  expired: "Not paid in time (time released)",
  released: "Cancelled before payment",
  refund_due: "Refund under way",
  refunded: "Refunded",
  refund_not_due: "Refund not due",
};
