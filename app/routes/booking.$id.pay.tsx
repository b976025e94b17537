import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import {
  bookingPathOfEventType,
  clientSecretOf,
  env,
  guestPageHeaders,
  guestZone,
  PaymentError,
  paymentStepOf,
  redirect,
} from "./booking.$id.pay.server";
import { useLoaderData } from "@remix-run/react";
import { Info } from "~/components/icons";
import { BookingPaymentForm } from "~/components/booking-payment-form";
import { BookingSummary, GuestPage } from "~/components/booking-summary";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { formatMoney } from "~/schemas/price";
import { formatInZone } from "~/scheduling/zoned-time";
import { pageMeta } from "~/utils/page-meta";
import { notFound } from "~/utils/responses";

/**
 * /booking/{id}/pay?token=: a paid booking's payment step (docs/decisions/107), where the booking
 * form sends the guest. The slot is held for 15 minutes; the card is paid in Stripe's Payment
 * Element (this page alone loads Stripe.js). Only Stripe's signed webhook confirms the booking:
 * coming back here (Stripe's redirect included) shows what the server knows, and once it is paid
 * the page goes on to the booking's confirmation. A wrong token is the site's 404.
 */

export const handle = { chrome: "booking" };

export const meta: MetaFunction = () => [
  ...pageMeta({ title: "Pay for your booking | Scheduler", description: "Pay to confirm your booking." }),
  { name: "robots", content: "noindex" },
  { name: "referrer", content: "same-origin" },
];

export const headers = guestPageHeaders;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const token = url.searchParams.get("token") ?? "";
  const step = await paymentStepOf(params.id ?? "", token);
  if (!step) notFound();
  const path = await bookingPathOfEventType(step.eventTypeId);
  const bookedUrl = path ? `${path}/booked/${step.id}?token=${encodeURIComponent(token)}` : null;
  if (step.state === "paid" && step.status === "confirmed" && bookedUrl) throw redirect(bookedUrl);
  const zone = guestZone(request, step);
  const start = formatInZone(step.startsAt, zone);
  const end = formatInZone(step.endsAt, zone);
  const until = step.holdUntil ? formatInZone(step.holdUntil, zone) : null;
  const base = {
    summary: {
      title: step.eventName,
      hostName: step.hostName,
      date: start.date,
      timeRange: `${start.time} – ${end.time}`,
      zone: `${zone.replace(/_/g, " ")} (${start.zoneName})`,
      status: step.status,
    },
    amountLabel: formatMoney(step.amount, step.currency),
    holdUntil: until ? until.time : null,
    returnUrl: url.toString(),
    // Stripe sends the guest back here after a redirecting payment method: it is not the confirmation.
    returned: url.searchParams.has("redirect_status"),
  };
  const e = env();
  const live = step.status === "awaiting_payment" && step.state === "awaiting" && step.paymentIntentId;
  if (!live || !e.STRIPE_PUBLISHABLE_KEY) return { ...base, state: step.state, payment: null };
  try {
    const clientSecret = await clientSecretOf(step.paymentIntentId as string);
    return { ...base, state: step.state, payment: { publishableKey: e.STRIPE_PUBLISHABLE_KEY, clientSecret } };
  } catch (error) {
    if (!(error instanceof PaymentError)) throw error;
    return { ...base, state: step.state, payment: null, unavailable: error.message };
  }
}

/** What the page says once the hold is over, by the payment's state. */
const ENDED: Record<string, { heading: string; text: string }> = {
  awaiting: {
    heading: "This hold has ended",
    text: "The time was released. Nothing was charged; book again to pick a time.",
  },
  paid: { heading: "Paid", text: "Your payment went through." },
  failed: {
    heading: "The payment did not go through",
    text: "The card payment failed, so the time was released. Nothing was charged; book again to pick a time.",
  },
  expired: {
    heading: "This hold has ended",
    text: "The time was released because it was not paid within 15 minutes. Nothing was charged; book again to pick a time.",
  },
  released: { heading: "Cancelled", text: "This booking was cancelled before it was paid. Nothing was charged." },
  refund_due: { heading: "Cancelled", text: "This booking was cancelled; your payment is being refunded." },
  refunded: {
    heading: "Cancelled and refunded",
    text: "This booking was cancelled and your payment refunded in full.",
  },
  refund_not_due: {
    heading: "Cancelled",
    text: "This booking was cancelled too close to its start for a refund under the host's refund rule.",
  },
};

function Notice({ children }: { children: React.ReactNode }) {
  return (
    <div role="status" className="flex gap-3 rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-950">
      <Info className="mt-0.5 h-5 w-5 shrink-0" aria-hidden />
      <div className="space-y-2">{children}</div>
    </div>
  );
}

export default function PayForBooking() {
  const data = useLoaderData<typeof loader>();
  const { summary, state, payment, amountLabel, holdUntil } = data;
  if (state !== "awaiting" || summary.status !== "awaiting_payment") {
    const ended = ENDED[state];
    const live = summary.status === "confirmed";
    return (
      <GuestPage eyebrow="Your booking" heading={live ? "Paid and confirmed" : ended.heading}>
        <Notice>
          <p data-testid="payment-ended">
            {live
              ? "Your payment went through and your booking is confirmed; the confirmation is in your mailbox."
              : ended.text}
          </p>
        </Notice>
        <BookingSummary booking={summary} strike={!live} />
      </GuestPage>
    );
  }
  return (
    <GuestPage eyebrow="One step left" heading={`Pay ${amountLabel} to confirm`}>
      <BookingSummary booking={summary} />
      <p className="text-sm text-neutral-800" data-testid="hold-notice">
        {`We hold this time for you${holdUntil ? ` until ${holdUntil}` : " for 15 minutes"}. Your booking is confirmed as soon as the payment goes through.`}
      </p>
      {data.returned ? (
        <Notice>
          <p>We are waiting for the payment provider to confirm your payment. This page updates when it does.</p>
        </Notice>
      ) : null}
      {payment ? (
        <>
          <noscript>
            <Notice>
              <p data-testid="needs-javascript">
                Card payment is provided by Stripe and needs JavaScript. Turn JavaScript on and reload this page to pay;
                your time stays held until then. Nothing has been charged.
              </p>
            </Notice>
          </noscript>
          <BookingPaymentForm
            publishableKey={payment.publishableKey}
            clientSecret={payment.clientSecret}
            amountLabel={amountLabel}
            returnUrl={data.returnUrl}
          />
        </>
      ) : (
        <Notice>
          <p>
            {"unavailable" in data && data.unavailable
              ? data.unavailable
              : "Card payments are not available right now."}
          </p>
        </Notice>
      )}
    </GuestPage>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
