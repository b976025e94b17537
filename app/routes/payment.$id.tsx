import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import {
  confirmPayment,
  data,
  env,
  getPackage,
  MINIMUM_CHARGE_CENTS,
  PaymentError,
  paymentIntentFor,
  readFormData,
  redirectWithError,
  requireUser,
} from "./payment.$id.server";
import { Link, useLoaderData } from "@remix-run/react";
import { CircleCheck, CreditCard, Info } from "~/components/icons";
import type { ReactNode } from "react";
import { z } from "zod";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PaymentForm } from "~/components/payment-form";
import { buttonClass } from "~/components/ui/button";
import { MESSAGES } from "~/messages";
import { formatDollars, formatPrice } from "~/schemas/packages";
import { can } from "~/utils/permissions";
import { notFound } from "~/utils/responses";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Pay for ${data.package.name} | Scheduler` : "Payment | Scheduler" },
];

// Package ids are uuids; anything else is no page at all (and never reaches the database).
const ParamsSchema = z.object({ id: z.guid() });

export async function loader({ request, params }: LoaderFunctionArgs) {
  const parsed = ParamsSchema.safeParse(params);
  if (!parsed.success) notFound();
  // Visitors go to sign-in and come back here afterwards.
  const user = await requireUser(request);
  // Admins can't buy: back to the pricing page with the product's error (works without JavaScript).
  if (!can(user, "package:buy")) throw await redirectWithError("/pricing", MESSAGES.adminCantPay);
  const pkg = await getPackage(parsed.data.id);
  if (!pkg) notFound();
  const e = env();
  const base = { package: { id: pkg.id, name: pkg.name, priceCents: pkg.priceCents } };
  const configured = Boolean(e.STRIPE_SECRET_KEY && e.STRIPE_PUBLISHABLE_KEY);
  if (pkg.priceCents === 0 || !configured)
    return { ...base, payment: { state: configured ? "free" : "not_configured" } as const };
  if (pkg.priceCents < MINIMUM_CHARGE_CENTS) return { ...base, payment: { state: "below_minimum" } as const };
  try {
    // The amount comes from the database, never from the browser; reloading reuses the intent.
    const intent = await paymentIntentFor({ id: user.id, email: user.email, name: user.name }, pkg);
    return {
      ...base,
      payment: {
        state: "ready" as const,
        publishableKey: e.STRIPE_PUBLISHABLE_KEY as string,
        clientSecret: intent.clientSecret,
        paymentIntentId: intent.id,
        buyer: { name: user.name, email: user.email },
      },
    };
  } catch (error) {
    if (!(error instanceof PaymentError)) throw error;
    return { ...base, payment: { state: "unavailable" as const, message: error.message } };
  }
}

/** The browser reports a card payment: the server asks Stripe and records it (once). */
export async function action({ request, params }: ActionFunctionArgs) {
  const parsed = ParamsSchema.safeParse(params);
  if (!parsed.success) notFound();
  const user = await requireUser(request);
  const form = await readFormData(request);
  if (!can(user, "package:buy")) {
    return data({ ok: false as const, error: MESSAGES.adminCantPay }, { status: 403 });
  }
  const paymentIntentId = form.get("paymentIntentId");
  if (form.get("intent") !== "confirm" || typeof paymentIntentId !== "string") {
    return data({ ok: false as const, error: "Nothing to confirm." }, { status: 400 });
  }
  try {
    const done = await confirmPayment(user.id, paymentIntentId);
    return {
      ok: true as const,
      transactionId: done.transactionId,
      until: done.professionalUntil
        ? done.professionalUntil.toLocaleDateString("en-US", { dateStyle: "long", timeZone: user.timeZone })
        : null,
    };
  } catch (error) {
    if (!(error instanceof PaymentError)) throw error;
    const status =
      error.code === "provider"
        ? 503
        : error.code === "not_found" || error.code === "not_yours"
          ? 404
          : error.code === "not_succeeded"
            ? 402
            : 422;
    return data({ ok: false as const, error: error.message }, { status });
  }
}

function Notice({
  icon: Icon,
  tone,
  title,
  children,
}: {
  icon: typeof Info;
  tone: "info" | "success";
  title: string;
  children: ReactNode;
}) {
  const styles = tone === "success" ? "border-green-200 bg-green-50" : "border-amber-200 bg-amber-50";
  const iconClass = tone === "success" ? "text-green-700" : "text-amber-700";
  return (
    <div className={`flex gap-3 rounded-xl border p-5 ${styles}`} data-testid="payment-notice">
      <Icon className={`mt-0.5 h-5 w-5 shrink-0 ${iconClass}`} aria-hidden />
      <div className="min-w-0">
        <h2 className="font-semibold text-neutral-900">{title}</h2>
        <div className="mt-1 space-y-3 text-sm text-neutral-700">{children}</div>
      </div>
    </div>
  );
}

export default function Payment() {
  const { package: pkg, payment } = useLoaderData<typeof loader>();
  const free = pkg.priceCents === 0;
  return (
    <div className="bg-neutral-50">
      <div className="mx-auto grid max-w-content gap-8 px-4 py-10 sm:px-6 sm:py-16 lg:grid-cols-[1fr_22rem] lg:gap-12">
        <section aria-labelledby="payment-heading" className="min-w-0">
          <Link to="/pricing" className="text-sm font-medium text-brand-700 hover:underline">
            ← Back to pricing
          </Link>
          <h1 id="payment-heading" className="mt-4 text-2xl font-bold text-neutral-900 sm:text-3xl">
            {`Pay for ${pkg.name} package.`}
          </h1>
          <p className="mt-2 text-neutral-600">
            {free ? "This package costs nothing." : `${formatPrice(pkg.priceCents)}, billed monthly by card.`}
          </p>
          <div className="mt-8">
            {free ? (
              <Notice icon={CircleCheck} tone="success" title={`${pkg.name} is already included`}>
                <p>Every account has the {pkg.name} package at no cost, so there is nothing to pay.</p>
                <p>
                  <Link to="/dashboard" className={buttonClass("primary")}>
                    Go to your dashboard
                  </Link>
                </p>
              </Notice>
            ) : payment.state === "ready" ? (
              <PaymentForm
                publishableKey={payment.publishableKey}
                clientSecret={payment.clientSecret}
                paymentIntentId={payment.paymentIntentId}
                buyer={payment.buyer}
                amountLabel={`${formatDollars(pkg.priceCents)} $`}
              />
            ) : payment.state === "unavailable" ? (
              <Notice icon={CreditCard} tone="info" title="Card payments are unavailable right now">
                <p>{payment.message}</p>
              </Notice>
            ) : payment.state === "below_minimum" ? (
              <Notice icon={CreditCard} tone="info" title="This package can't be paid by card">
                <p>Card payments start at $0.50. Nothing has been charged.</p>
              </Notice>
            ) : (
              <Notice icon={Info} tone="info" title="Card payments are not available on this server yet">
                <p>
                  This server has no payment provider set up, so the {pkg.name} package can't be bought here for now.
                  Nothing has been charged and your account is unchanged.
                </p>
                <p>
                  <Link to="/pricing" className={buttonClass("secondary")}>
                    Compare packages
                  </Link>
                </p>
              </Notice>
            )}
          </div>
        </section>
        <aside
          aria-labelledby="billing-heading"
          className="h-fit rounded-xl border border-neutral-200 bg-surface p-6 shadow-sm"
        >
          <h2 id="billing-heading" className="text-lg font-semibold text-neutral-900">
            Monthly Billing
          </h2>
          <dl className="mt-4 divide-y divide-neutral-200 text-sm">
            <div className="flex items-baseline justify-between gap-4 py-3">
              <dt className="text-neutral-600">Total Charge</dt>
              <dd
                className="text-xl font-bold text-neutral-900"
                data-testid="total-charge"
              >{`${formatDollars(pkg.priceCents)} $`}</dd>
            </div>
            <div className="flex items-baseline justify-between gap-4 py-3">
              <dt className="text-neutral-600">Package type</dt>
              <dd className="font-medium text-neutral-900" data-testid="package-type">
                {pkg.name}
              </dd>
            </div>
          </dl>
        </aside>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
