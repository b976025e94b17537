import type { MailMessage } from "~/schemas/mail-message";
import type { PurchaseFacts } from "~/schemas/purchase";
import { HOST_MAIL_WORDS } from "~/messages/host-mail-words";
import { fill, LOCALES, type Language } from "~/messages/languages";
import { linesToMail } from "./layout";

/** A purchase's facts, and the app's origin: the header's logo and the link to the account's packages. */
export interface ReceiptFacts extends PurchaseFacts {
  origin: string;
}

function money(cents: number, currency: string, locale: string): string {
  return new Intl.NumberFormat(locale, { style: "currency", currency: currency.toUpperCase() }).format(cents / 100);
}

function day(date: Date, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" }).format(date);
}

/** The buyer's receipt for a package bought by card, in the language of their profile (decision 118). */
export function paymentReceiptMail(r: ReceiptFacts): MailMessage {
  const language: Language = r.buyer.language ?? "en";
  const w = HOST_MAIL_WORDS[language];
  const locale = LOCALES[language];
  const amount = money(r.amountCents, r.currency, locale);
  const lines = [
    r.buyer.name
      ? fill(w.receiptThanks, { name: r.buyer.name, amount, pack: r.pack })
      : fill(w.receiptThanksNoName, { amount, pack: r.pack }),
    "",
    fill(w.receiptPackage, { pack: r.pack }),
    fill(w.receiptAmount, { amount, currency: r.currency.toUpperCase() }),
    fill(w.receiptDate, { date: day(r.paidAt, locale) }),
    fill(w.receiptReference, { id: r.transactionId }),
    fill(w.receiptUntil, { date: day(r.until, locale) }),
    "",
    ...(r.receiptUrl ? [fill(w.receiptStripe, { url: r.receiptUrl })] : []),
    fill(w.receiptEvents, { url: `${r.origin}/dashboard` }),
  ];
  return {
    to: r.buyer.email,
    subject: fill(w.receiptSubject, { pack: r.pack, amount }),
    text: lines.join("\n"),
    html: linesToMail(lines, { origin: r.origin, language }, { details: [1] }),
  };
}
