import type { ActionFunctionArgs } from "@remix-run/node";
import { MESSAGES } from "~/messages";
import { getPackage, getPackageByName } from "~/models/package.server";
import { PaymentError } from "~/models/payment.server";
import { paymentIntentFor } from "~/services/payments.server";
import { apiError, readJson, requireApiUser } from "~/api/api.server";
import { apiRoute } from "~/api/api-route.server";
import { createPaymentIntentBody, priceCentsOf } from "~/schemas/payment-api";
import { paymentErrorResponse } from "~/api/payment-api.server";
import { formatDollars, formatPrice } from "~/schemas/packages";
import { can } from "~/utils/permissions";
import { CURRENCY, MINIMUM_CHARGE_CENTS } from "~/server/stripe.server";

/**
 * POST /create-payment-intent: the PaymentIntent for buying a package, as the payment page
 * makes it (same idempotency: repeating the call reuses the open intent). The client names the
 * package; the amount is the database's price. A `price` the client shows is only compared:
 * if it is not the current price the client is told (409) instead of being charged otherwise.
 */
async function POST({ request }: ActionFunctionArgs) {
  const user = await requireApiUser(request);
  if (!can(user, "package:buy")) return apiError(403, "forbidden", MESSAGES.adminCantPay);
  const input = await readJson(request, createPaymentIntentBody);
  const pkg = input.packageId ? await getPackage(input.packageId) : await getPackageByName(input.name ?? "");
  if (!pkg) return apiError(404, "not_found", "There is no such package.");
  if (input.packageId && input.name !== undefined && input.name.toLowerCase() !== pkg.name.toLowerCase()) {
    return apiError(400, "invalid_input", "Check the highlighted fields.", {
      name: [`The package ${input.packageId} is called ${pkg.name}.`],
    });
  }
  if (input.price !== undefined && priceCentsOf(input.price) !== pkg.priceCents) {
    return apiError(
      409,
      "price_changed",
      `The price of the ${pkg.name} package is now ${formatPrice(pkg.priceCents)}; nothing was charged.`,
    );
  }
  if (pkg.priceCents === 0)
    return apiError(409, "nothing_to_pay", `The ${pkg.name} package is free: there is nothing to pay.`);
  if (pkg.priceCents < MINIMUM_CHARGE_CENTS) {
    return apiError(
      409,
      "below_minimum",
      `Card payments start at $0.50; the ${pkg.name} package costs $${formatDollars(pkg.priceCents)}.`,
    );
  }
  try {
    const intent = await paymentIntentFor({ id: user.id, email: user.email, name: user.name }, pkg);
    return Response.json({
      clientSecret: intent.clientSecret,
      paymentIntentId: intent.id,
      amount: pkg.priceCents,
      currency: CURRENCY,
      package: { _id: pkg.id, name: pkg.name, price: pkg.priceCents / 100 },
    });
  } catch (error) {
    if (error instanceof PaymentError) return paymentErrorResponse(error);
    throw error;
  }
}

export const { loader, action } = apiRoute({ POST });
