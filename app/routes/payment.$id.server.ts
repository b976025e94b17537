/**
 * The server-only names payment.$id.tsx uses, through one module: the browser build keeps an
 * empty stand-in for each server module a route file names, and one other routes name too is a
 * chunk of its own the page requests (docs/decisions/122).
 */
export { data } from "@remix-run/node";
export { getPackage } from "~/models/package.server";
export { PaymentError } from "~/models/payment.server";
export { confirmPayment, paymentIntentFor } from "~/services/payments.server";
export { requireUser } from "~/utils/auth.server";
export { env } from "~/server/env.server";
export { readFormData } from "~/utils/request.server";
export { MINIMUM_CHARGE_CENTS } from "~/server/stripe.server";
export { redirectWithError } from "~/utils/toast.server";
