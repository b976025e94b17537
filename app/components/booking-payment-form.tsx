import { Elements, PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import { useStripeJs } from "./stripe-loader";
import { makeIcon } from "~/components/icon";
import lockDrawing from "lucide/dist/esm/icons/lock.mjs";
import { useEffect, useState, type FormEvent } from "react";
import { useRevalidator } from "@remix-run/react";
import { Button } from "~/components/ui/button";

const Lock = makeIcon(lockDrawing, "lock");

/**
 * A paid booking's card step (docs/decisions/107): Stripe's Payment Element with the hold's client
 * secret. Stripe.js is loaded here only, after hydration, so the booking page itself carries none
 * of it. Paying does not confirm the booking: the page then waits for the server, which hears it
 * from Stripe's signed webhook, and shows the confirmation when the loader says so.
 */
export function BookingPaymentForm(props: {
  publishableKey: string;
  clientSecret: string;
  amountLabel: string;
  returnUrl: string;
}) {
  const { stripe, loadError } = useStripeJs(props.publishableKey);
  return (
    <div>
      {loadError ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
          {loadError}
        </p>
      ) : null}
      <Elements stripe={stripe} options={{ clientSecret: props.clientSecret }}>
        <PayForm {...props} />
      </Elements>
    </div>
  );
}

function PayForm({ amountLabel, returnUrl }: { amountLabel: string; returnUrl: string }) {
  const stripe = useStripe();
  const elements = useElements();
  const revalidator = useRevalidator();
  const [ready, setReady] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [paid, setPaid] = useState(false);

  // Paid: ask the server again every two seconds until the webhook has confirmed the booking.
  useEffect(() => {
    if (!paid) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") revalidator.revalidate();
    }, 2000);
    return () => clearInterval(timer);
  }, [paid, revalidator]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!stripe || !elements || busy) return;
    setBusy(true);
    setError(null);
    const result = await stripe.confirmPayment({
      elements,
      redirect: "if_required",
      confirmParams: { return_url: returnUrl },
    });
    setBusy(false);
    if (result.error) {
      setError(result.error.message ?? "The payment did not go through.");
      return;
    }
    setPaid(true);
  }

  if (paid)
    return (
      <p
        role="status"
        data-testid="payment-processing"
        className="rounded-lg border border-neutral-200 bg-neutral-50 p-4 text-sm text-neutral-900"
      >
        Payment sent. Confirming your booking with the payment provider…
      </p>
    );
  return (
    <form onSubmit={onSubmit} className="space-y-4" aria-label="Card payment">
      <div className="rounded-lg border border-neutral-300 bg-white p-3">
        <PaymentElement onReady={() => setReady(true)} />
      </div>
      {error ? (
        <p role="alert" data-testid="payment-error" className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
      <Button type="submit" className="w-full sm:w-auto" disabled={!ready || !stripe || busy} pending={busy}>
        <Lock className="h-4 w-4" aria-hidden />
        {`Pay ${amountLabel}`}
      </Button>
    </form>
  );
}
