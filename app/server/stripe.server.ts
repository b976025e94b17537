import Stripe from "stripe";
import { env } from "./env.server";

/**
 * The Stripe client, or null when payments are not configured. STRIPE_API_BASE points it at
 * another host (the tests' local fake Stripe); the SDK accepts host, port and protocol.
 */
let cached: { key: string; client: Stripe } | undefined;

export function stripe(): Stripe | null {
  const e = env();
  if (!e.STRIPE_SECRET_KEY || !e.STRIPE_PUBLISHABLE_KEY) return null;
  if (cached?.key === e.STRIPE_SECRET_KEY) return cached.client;
  const base = e.STRIPE_API_BASE ? new URL(e.STRIPE_API_BASE) : null;
  const client = new Stripe(e.STRIPE_SECRET_KEY, {
    maxNetworkRetries: 2,
    timeout: 15_000,
    appInfo: { name: "Scheduler" },
    ...(base
      ? {
          host: base.hostname,
          port: Number(base.port || (base.protocol === "https:" ? 443 : 80)),
          protocol: base.protocol === "https:" ? ("https" as const) : ("http" as const),
        }
      : {}),
  });
  cached = { key: e.STRIPE_SECRET_KEY, client };
  return client;
}

/** The only currency packages are priced in. */
export const CURRENCY = "usd";

/** Stripe's minimum charge in US cents; cheaper paid packages cannot be bought by card. */
export const MINIMUM_CHARGE_CENTS = 50;
