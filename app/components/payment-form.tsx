import { useFetcher } from "@remix-run/react";
import { CardElement, Elements, useElements, useStripe } from "@stripe/react-stripe-js";
import { useStripeJs } from "./stripe-loader";
import { makeIcon } from "~/components/icon";
import circleCheckDrawing from "lucide/dist/esm/icons/circle-check.mjs";
import circleAlertDrawing from "lucide/dist/esm/icons/circle-alert.mjs";
import lockDrawing from "lucide/dist/esm/icons/lock.mjs";
import { useState, type FormEvent } from "react";
import { MESSAGES } from "~/messages";
import { Field } from "./forms";
import { Button } from "~/components/ui/button";

const CircleCheck = makeIcon(circleCheckDrawing, "circle-check");
const CircleAlert = makeIcon(circleAlertDrawing, "circle-exclamation-point");
const Lock = makeIcon(lockDrawing, "lock");

/**
 * The card form: Stripe Elements on the page, confirmation with the client secret the
 * server created, then the server is asked to verify the payment with Stripe. The browser's
 * word is never enough: only the server's answer shows success.
 */

export interface PaymentFormProps {
  publishableKey: string;
  clientSecret: string;
  paymentIntentId: string;
  buyer: { name: string; email: string };
  amountLabel: string;
}

type ConfirmReply = { ok: true; transactionId: string; until: string | null } | { ok: false; error: string };

export function PaymentForm(props: PaymentFormProps) {
  const { stripe, loadError } = useStripeJs(props.publishableKey);
  return (
    <div>
      <noscript>
        <p className="rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900">
          The card form is provided by Stripe and needs JavaScript. Turn JavaScript on to pay; nothing has been charged.
        </p>
      </noscript>
      {loadError ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
          {loadError}
        </p>
      ) : null}
      <Elements stripe={stripe} options={{ clientSecret: props.clientSecret }}>
        <CardForm {...props} />
      </Elements>
    </div>
  );
}

function CardForm({ clientSecret, paymentIntentId, buyer, amountLabel }: PaymentFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const fetcher = useFetcher<ConfirmReply>();
  const [name, setName] = useState(buyer.name);
  const [cardReady, setCardReady] = useState(false);
  const [processing, setProcessing] = useState(false);
  const [providerError, setProviderError] = useState<string | null>(null);

  const verifying = fetcher.state !== "idle";
  const reply = fetcher.state === "idle" ? fetcher.data : undefined;
  const busy = processing || verifying;
  const ready = Boolean(stripe && elements && clientSecret && cardReady);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!stripe || !elements || busy) return;
    const card = elements.getElement(CardElement);
    if (!card) return;
    setProcessing(true);
    setProviderError(null);
    const result = await stripe.confirmCardPayment(clientSecret, {
      payment_method: { card, billing_details: { name: name.trim() || buyer.email, email: buyer.email } },
    });
    setProcessing(false);
    const alreadyPaid = result.error?.payment_intent?.status === "succeeded";
    if (result.error && !alreadyPaid) {
      setProviderError(result.error.message ?? "The payment did not go through.");
      return;
    }
    // Paid at Stripe: now the server checks it with Stripe and records it.
    fetcher.submit(
      { intent: "confirm", paymentIntentId: result.paymentIntent?.id ?? paymentIntentId },
      { method: "post" },
    );
  }

  if (reply?.ok) {
    return (
      <div className="rounded-xl border border-green-200 bg-green-50 p-6" role="status" data-testid="payment-success">
        <div className="flex gap-3">
          <CircleCheck className="mt-0.5 h-6 w-6 shrink-0 text-green-700" aria-hidden />
          <div className="min-w-0">
            <p className="text-lg font-semibold text-green-900">{MESSAGES.paymentCompleted}</p>
            <p className="mt-1 break-all text-sm text-green-900">
              Transaction id:{" "}
              <span className="font-mono" data-testid="transaction-id">
                {reply.transactionId}
              </span>
            </p>
            {reply.until ? (
              <p className="mt-1 text-sm text-green-900">You have no event limit until {reply.until}.</p>
            ) : null}
            <a href="/dashboard" className="mt-4 inline-block text-sm font-semibold text-green-900 underline">
              Go to your dashboard
            </a>
          </div>
        </div>
      </div>
    );
  }

  const error = providerError ?? (reply && !reply.ok ? reply.error : null);
  return (
    <form
      onSubmit={onSubmit}
      className="space-y-5 rounded-xl border border-neutral-200 bg-surface p-6 shadow-sm"
      aria-busy={busy}
      noValidate
    >
      <Field
        label="Name on card"
        inputProps={{
          name: "name",
          value: name,
          onChange: (e) => setName(e.target.value),
          autoComplete: "cc-name",
          maxLength: 200,
        }}
        errors={undefined}
      />
      <div>
        <p className="mb-1.5 block text-sm font-medium text-neutral-800" id="card-label">
          Card
        </p>
        <div
          className="rounded-lg border border-neutral-300 bg-surface px-3 py-3 focus-within:border-brand-600 focus-within:ring-2 focus-within:ring-brand-600/30"
          aria-labelledby="card-label"
          data-testid="card-element"
        >
          <CardElement
            options={{ hidePostalCode: true, style: { base: { fontSize: "16px", color: cardTextColor() } } }}
            onReady={() => setCardReady(true)}
            onChange={() => setProviderError(null)}
          />
        </div>
        <p className="mt-1.5 flex items-center gap-1.5 text-xs text-neutral-600">
          <Lock className="h-3.5 w-3.5" aria-hidden /> Card details go straight to Stripe; this site never sees them.
        </p>
      </div>
      {error ? (
        <p
          role="alert"
          className="flex gap-2 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-700"
          data-testid="payment-error"
        >
          <CircleAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden /> {error}
        </p>
      ) : null}
      <Button type="submit" className="w-full" pending={busy} disabled={!ready || busy}>
        {busy ? (verifying ? "Checking the payment…" : "Processing…") : `Pay ${amountLabel}`}
      </Button>
    </form>
  );
}

/** The card field's text in the page's own text colour: its frame cannot read our theme (decision 108). */
function cardTextColor(): string {
  return typeof document === "undefined" ? "#171717" : getComputedStyle(document.body).color || "#171717";
}
