import type { Language } from "~/messages/languages";
/** What a package purchase's receipt says (decision 093): the payment model fills it, the mail reads it. */
export interface PurchaseFacts {
  /** The buyer, and the language of their mails (docs/decisions/118; English when not given). */
  buyer: { name: string; email: string; language?: Language };
  pack: string;
  amountCents: number;
  currency: string;
  paidAt: Date;
  /** The end of the professional month this payment bought. */
  until: Date;
  transactionId: string;
  /** Stripe's own receipt page, when Stripe gave one. */
  receiptUrl: string | null;
}
