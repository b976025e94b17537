import type { ActionFunctionArgs } from "@remix-run/node";
import { PaymentError } from "~/models/payment.server";
import { handleWebhook } from "~/services/payments.server";
import { unexpectedErrorResponse } from "~/api/api.server";
import { env } from "~/server/env.server";

/**
 * POST /stripe/webhook: Stripe's signed events. The signature is verified over the raw body
 * (tolerance 300 s). Answers: 400 for a missing or bad signature (nothing done), 200 once
 * handled or deliberately ignored, 503 when Stripe could not be asked (Stripe retries).
 */

function error(status: number, code: string, message: string) {
  return Response.json({ error: { code, message } }, { status });
}

export async function action({ request }: ActionFunctionArgs) {
  try {
    return await receive(request);
  } catch (e) {
    return unexpectedErrorResponse(e, request);
  }
}

async function receive(request: Request): Promise<Response> {
  if (request.method !== "POST") return error(405, "method_not_allowed", "Use POST.");
  const secret = env().STRIPE_WEBHOOK_SECRET;
  if (!secret || !env().STRIPE_SECRET_KEY)
    return error(404, "not_configured", "Stripe webhooks are not configured on this server.");
  const signature = request.headers.get("stripe-signature");
  if (!signature) return error(400, "missing_signature", "The Stripe-Signature header is missing.");
  const body = await request.text();
  try {
    const { handled } = await handleWebhook(body, signature, secret);
    return Response.json({ received: true, handled });
  } catch (e) {
    if (e instanceof PaymentError) {
      if (e.code === "provider") return error(503, "provider_unavailable", e.message);
      // A genuine Stripe event for a payment this site will not honour (wrong amount, not
      // started here): acknowledged, so Stripe does not retry it for days, and logged.
      console.warn(`Stripe webhook refused: ${e.code}: ${e.message}`);
      return Response.json({ received: true, handled: false, refused: e.code });
    }
    const type = (e as { type?: string })?.type;
    if (type === "StripeSignatureVerificationError" || e instanceof SyntaxError) {
      return error(400, "bad_signature", "The webhook signature could not be verified.");
    }
    throw e;
  }
}

export function loader() {
  return error(405, "method_not_allowed", "Use POST.");
}
