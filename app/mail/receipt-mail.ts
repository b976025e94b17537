import type { MailMessage } from "~/schemas/mail-message";
import type { PurchaseFacts } from "~/schemas/purchase";
import { linesToMail } from "./layout";

/** A purchase's facts, and the app's origin: the header's logo and the link to the account's packages. */
export interface ReceiptFacts extends PurchaseFacts {
  origin: string;
}

function money(cents: number, currency: string): string {
  return new Intl.NumberFormat("en-US", { style: "currency", currency: currency.toUpperCase() }).format(cents / 100);
}

function day(date: Date): string {
  return new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" }).format(date);
}

/** The buyer's receipt for a package bought by card. */
export function paymentReceiptMail(r: ReceiptFacts): MailMessage {
  const amount = money(r.amountCents, r.currency);
  const lines = [
    `Thank you${r.buyer.name ? `, ${r.buyer.name}` : ""}: we received your payment of ${amount} for the ${r.pack} package.`,
    "",
    `Package: ${r.pack}, one month`,
    `Amount: ${amount} (${r.currency.toUpperCase()})`,
    `Date: ${day(r.paidAt)} (UTC)`,
    `Payment reference: ${r.transactionId}`,
    `No event limit until: ${day(r.until)}`,
    "",
    ...(r.receiptUrl ? [`Stripe's receipt: ${r.receiptUrl}`] : []),
    `Your events: ${r.origin}/dashboard`,
  ];
  return {
    to: r.buyer.email,
    subject: `Receipt: ${r.pack} package, ${amount}`,
    text: lines.join("\n"),
    html: linesToMail(lines, { origin: r.origin }, { details: [1] }),
  };
}
