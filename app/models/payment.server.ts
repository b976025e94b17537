import { transaction } from "~/server/transaction.server";
import { count, eq } from "drizzle-orm";
import type Stripe from "stripe";
import { notifications, professionals, users } from "../../db/schema";
import { getDb } from "~/server/db.server";
import { invalidatePublicPages, publicPageTag } from "~/server/page-cache.server";
import { CURRENCY, stripe } from "~/server/stripe.server";
import { isUuid } from "./event.server";
import type { PackageSummary } from "./package.server";
import { recordColumns } from "./admin-professional.server";
import { addMonths } from "./professional.server";
import { insertAuditRow } from "./audit-log.server";
import type { MailMessage } from "~/schemas/mail-message";
import type { PurchaseFacts } from "~/schemas/purchase";
import { queueMail } from "~/server/mail-transport.server";
import { languageOf } from "~/messages/languages";

/** The receipt mail of a purchase (the service composes it: models compose no mail), queued in the purchase's transaction (decision 093). */
export type ReceiptComposer = (facts: PurchaseFacts) => MailMessage;

/** Stripe's receipt page, when the PaymentIntent came with its charge expanded. */
function receiptUrlOf(intent: Stripe.PaymentIntent): string | null {
  const charge = intent.latest_charge;
  const url = charge && typeof charge === "object" ? charge.receipt_url : null;
  return url && /^https:\/\//.test(url) ? url : null;
}

/**
 * Card payments for packages. The browser only ever holds a PaymentIntent's client secret;
 * a person becomes professional only when this server has retrieved the PaymentIntent from
 * Stripe (or received Stripe's signed webhook) and checked it succeeded for the amount and
 * currency the server itself asked for. One professional record per PaymentIntent, however
 * often the confirmation and the webhook arrive, in whatever order.
 */

export type PaymentErrorCode =
  | "not_configured"
  | "not_found"
  | "not_yours"
  | "not_succeeded"
  | "amount_mismatch"
  | "currency_mismatch"
  | "bad_metadata"
  | "provider";

export class PaymentError extends Error {
  constructor(
    readonly code: PaymentErrorCode,
    message: string,
  ) {
    super(message);
    this.name = "PaymentError";
  }
}

interface Buyer {
  id: string;
  email: string;
  name: string;
}

async function client(): Promise<Stripe> {
  const s = await stripe();
  if (!s) throw new PaymentError("not_configured", "Card payments are not configured on this server.");
  return s;
}

function providerError(error: unknown): PaymentError {
  if (error instanceof PaymentError) return error;
  const e = error as { type?: string; message?: string; code?: string };
  if (e?.code === "resource_missing") return new PaymentError("not_found", "That payment does not exist.");
  return new PaymentError(
    "provider",
    "The payment provider could not be reached. Nothing was charged; please try again.",
  );
}

/**
 * The PaymentIntent for this person buying this package at its current price. The
 * idempotency key names the attempt (buyer, package, price, purchases so far), so reloading
 * the page reuses the open intent instead of creating a new one each time; after a purchase
 * the next one gets a fresh intent.
 */
export async function paymentIntentFor(
  buyer: Buyer,
  pkg: PackageSummary,
  receipt?: ReceiptComposer,
): Promise<{ id: string; clientSecret: string }> {
  const s = await client();
  const db = await getDb();
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const [{ n }] = await db.select({ n: count() }).from(professionals).where(eq(professionals.userId, buyer.id));
    let intent: Stripe.PaymentIntent;
    try {
      intent = await s.paymentIntents.create(
        {
          amount: pkg.priceCents,
          currency: CURRENCY,
          automatic_payment_methods: { enabled: true, allow_redirects: "never" },
          description: `${pkg.name} package, one month`,
          receipt_email: buyer.email,
          metadata: { userId: buyer.id, packageId: pkg.id, packageName: pkg.name, amountCents: String(pkg.priceCents) },
        },
        { idempotencyKey: `package-${buyer.id}-${pkg.id}-${pkg.priceCents}-${n}` },
      );
    } catch (error) {
      throw providerError(error);
    }
    // Paid but never fulfilled (the tab closed and no webhook came): fulfil it now, then start
    // a new attempt for the next purchase.
    if (intent.status === "succeeded") {
      await fulfilPaymentIntent(intent, receipt);
      continue;
    }
    if (!intent.client_secret)
      throw new PaymentError("provider", "The payment provider did not return a client secret.");
    return { id: intent.id, clientSecret: intent.client_secret };
  }
  throw new PaymentError("provider", "Could not start a payment; please try again.");
}

export interface Fulfilment {
  transactionId: string;
  pack: string;
  professionalUntil: Date | null;
  /** false when this PaymentIntent had been fulfilled before (a replay or the other path). */
  created: boolean;
}

/** Checks a PaymentIntent Stripe returned and records the purchase once. */
export async function fulfilPaymentIntent(
  intent: Stripe.PaymentIntent,
  receipt?: ReceiptComposer,
): Promise<Fulfilment> {
  if (intent.status !== "succeeded") {
    throw new PaymentError("not_succeeded", intent.last_payment_error?.message ?? "The payment has not gone through.");
  }
  const { userId, packageId, packageName, amountCents } = intent.metadata ?? {};
  if (!userId || !isUuid(userId) || !packageName || !amountCents || !/^\d+$/.test(amountCents)) {
    throw new PaymentError("bad_metadata", "This payment was not started by this site.");
  }
  if (intent.currency !== CURRENCY)
    throw new PaymentError("currency_mismatch", "The payment was made in the wrong currency.");
  const expected = Number(amountCents);
  if (intent.amount !== expected || (intent.amount_received ?? expected) !== expected) {
    throw new PaymentError("amount_mismatch", "The amount paid does not match the package price.");
  }

  const db = await getDb();
  return transaction(db, async (tx) => {
    // One buyer's fulfilments run one at a time, so "until" stacks correctly.
    const [buyer] = await tx
      .select({
        id: users.id,
        name: users.name,
        email: users.email,
        role: users.role,
        until: users.professionalUntil,
        mailLanguage: users.mailLanguage,
      })
      .from(users)
      .where(eq(users.id, userId))
      .for("update");
    if (!buyer) throw new PaymentError("bad_metadata", "The buyer's account no longer exists.");
    const now = new Date();
    const [inserted] = await tx
      .insert(professionals)
      .values({
        userId: buyer.id,
        packageId: packageId && isUuid(packageId) ? packageId : null,
        name: buyer.name || buyer.email,
        email: buyer.email,
        status: "professional",
        transactionId: intent.id,
        pack: packageName,
        amountCents: intent.amount,
        currency: intent.currency,
        issuedAt: now,
      })
      .onConflictDoNothing({ target: professionals.transactionId })
      .returning({ id: professionals.id });
    if (!inserted) {
      return { transactionId: intent.id, pack: packageName, professionalUntil: buyer.until, created: false };
    }
    const start = buyer.until && buyer.until.getTime() > now.getTime() ? buyer.until : now;
    const until = addMonths(start);
    await tx
      .update(users)
      .set({ role: buyer.role === "admin" ? "admin" : "professional", professionalUntil: until })
      .where(eq(users.id, buyer.id));
    // Audited in the purchase's transaction (decision 070): the record, and the account's package.
    const audit = { actorId: buyer.id, actorEmail: buyer.email, ip: null, userAgent: null };
    await insertAuditRow(
      {
        ...audit,
        action: "professional.created",
        targetType: "professional",
        targetId: inserted.id,
        before: null,
        after: { pack: packageName, amountCents: intent.amount, currency: intent.currency, transactionId: intent.id },
      },
      tx,
    );
    await insertAuditRow(
      {
        ...audit,
        action: "user.package_changed",
        targetType: "user",
        targetId: buyer.id,
        before: { role: buyer.role, professionalUntil: buyer.until?.toISOString() ?? null },
        after: {
          role: buyer.role === "admin" ? "admin" : "professional",
          professionalUntil: until.toISOString(),
          pack: packageName,
        },
      },
      tx,
    );
    await tx.insert(notifications).values({
      userId: buyer.id,
      notification: `Payment received for the ${packageName} package: no event limit until ${until.toISOString().slice(0, 10)}.`,
    });
    if (receipt)
      await queueMail(
        tx,
        receipt({
          buyer: { name: buyer.name, email: buyer.email, language: languageOf(buyer.mailLanguage) ?? "en" },
          pack: packageName,
          amountCents: intent.amount,
          currency: intent.currency,
          paidAt: now,
          until,
          transactionId: intent.id,
          receiptUrl: receiptUrlOf(intent),
        }),
      );
    // A paid host's pages leave out "Powered by" (decision 108): their cached copies go at the commit.
    invalidatePublicPages([publicPageTag.host(buyer.id)]);
    return { transactionId: intent.id, pack: packageName, professionalUntil: until, created: true };
  });
}

/** The browser says its card payment went through: ask Stripe, never the browser. */
export async function confirmPayment(
  buyerId: string,
  paymentIntentId: string,
  receipt?: ReceiptComposer,
): Promise<Fulfilment> {
  if (!/^pi_[A-Za-z0-9]{6,}$/.test(paymentIntentId))
    throw new PaymentError("not_found", "That payment does not exist.");
  let intent: Stripe.PaymentIntent;
  try {
    intent = await (await client()).paymentIntents.retrieve(paymentIntentId, { expand: ["latest_charge"] });
  } catch (error) {
    throw providerError(error);
  }
  if (intent.metadata?.userId !== buyerId) throw new PaymentError("not_yours", "That payment does not exist.");
  return fulfilPaymentIntent(intent, receipt);
}

/** The professional record a PaymentIntent created, in the legacy field names, or null. */
export async function professionalRecordOf(transactionId: string) {
  const db = await getDb();
  const [row] = await db
    .select({ ...recordColumns, status: professionals.status })
    .from(professionals)
    .where(eq(professionals.transactionId, transactionId))
    .limit(1);
  return row ?? null;
}

/** Seconds a webhook's signature timestamp may be old (Stripe's default). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/**
 * Stripe's webhook: the signature is checked over the raw body. For a succeeded
 * PaymentIntent the current state is fetched from Stripe (events can arrive late or out of
 * order) and fulfilled; other events are acknowledged and ignored.
 */
export async function handleWebhook(
  rawBody: string,
  signature: string,
  secret: string,
  receipt?: ReceiptComposer,
): Promise<{ handled: boolean }> {
  return handlePackageEvent(await verifyWebhookEvent(rawBody, signature, secret), receipt);
}

/** The event in a webhook's body once its signature checks out (else Stripe's verification error). */
export async function verifyWebhookEvent(rawBody: string, signature: string, secret: string): Promise<Stripe.Event> {
  return (await client()).webhooks.constructEvent(rawBody, signature, secret, WEBHOOK_TOLERANCE_SECONDS);
}

/** A verified event about a package purchase: a succeeded PaymentIntent is fulfilled, the rest ignored. */
export async function handlePackageEvent(
  event: Stripe.Event,
  receipt?: ReceiptComposer,
): Promise<{ handled: boolean }> {
  const s = await client();
  if (event.type !== "payment_intent.succeeded") return { handled: false };
  const sent = event.data.object as Stripe.PaymentIntent;
  let intent: Stripe.PaymentIntent;
  try {
    intent = await s.paymentIntents.retrieve(sent.id, { expand: ["latest_charge"] });
  } catch (error) {
    throw providerError(error);
  }
  await fulfilPaymentIntent(intent, receipt);
  return { handled: true };
}

/** Stripe's client for the other payment flows (paid bookings), with this module's errors. */
export function stripeClient(): Promise<Stripe> {
  return client();
}

export { providerError, receiptUrlOf };
