import crypto from "node:crypto";
import Stripe from "stripe";
import { afterAll, beforeAll } from "vitest";
import { startFakeStripe } from "../fakes/stripe-server.mjs";
import { startServer, type RunningServer } from "../support/server";
import { ownServerEnv } from "./context";

/**
 * The paid-booking files' set-up (paid-bookings, paid-seats): an app server of their own on the
 * worker's database, talking to the local fake Stripe API (tests/fakes/stripe-server.mjs), and
 * Stripe's two other voices as the tests play them: the browser's Stripe.js paying an intent, and
 * Stripe's webhook, signed as Stripe signs it. Registers its beforeAll/afterAll where it is called.
 */
export interface StripeKeys {
  STRIPE_SECRET_KEY: string;
  STRIPE_PUBLISHABLE_KEY: string;
  STRIPE_WEBHOOK_SECRET: string;
}

const signer = new Stripe("sk_test_signer_only");

/** A PaymentIntent's id, from the client secret the booking answered with. */
export const intentIdOf = (clientSecret: string) => clientSecret.split("_secret_")[0];

export function paidServer(keys: StripeKeys) {
  let fake: Awaited<ReturnType<typeof startFakeStripe>>;
  let server: RunningServer;
  beforeAll(async () => {
    fake = await startFakeStripe();
    server = await startServer(
      ownServerEnv({
        RATE_LIMIT_FACTOR: "100",
        TRUST_PROXY: "loopback",
        STRIPE_API_BASE: fake.url,
        JOBS_POLL_MS: "500",
        ...keys,
      }),
    );
  });
  afterAll(async () => {
    await server?.stop();
    await fake?.close();
  });

  /** Stripe's event of this type for the intent as the fake holds it now. */
  const eventOf = (type: string, intentId: string) => ({
    id: `evt_${crypto.randomBytes(8).toString("hex")}`,
    object: "event",
    type,
    data: { object: fake.intents.get(intentId) },
  });

  return {
    url: () => server.url,
    fake: () => fake,
    eventOf,
    /** The card payment as the browser's Stripe.js makes it (publishable key and client secret). */
    payAtStripe(clientSecret: string, card = "4242424242424242") {
      const body = new URLSearchParams({
        key: keys.STRIPE_PUBLISHABLE_KEY,
        client_secret: clientSecret,
        "payment_method_data[card][number]": card,
      });
      return fetch(`${fake.url}/v1/payment_intents/${intentIdOf(clientSecret)}/confirm`, {
        method: "POST",
        body,
        headers: { "content-type": "application/x-www-form-urlencoded" },
      });
    },
    /** POST /stripe/webhook with this payload, signed with `secret` (the app's, unless a test forges one). */
    webhook(payload: object, secret = keys.STRIPE_WEBHOOK_SECRET) {
      const body = JSON.stringify(payload);
      const signature = signer.webhooks.generateTestHeaderString({ payload: body, secret });
      return fetch(`${server.url}/stripe/webhook`, {
        method: "POST",
        body,
        headers: { "content-type": "application/json", "stripe-signature": signature },
      });
    },
  };
}
