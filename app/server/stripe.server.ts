import type Stripe from "stripe";
import { env } from "./env.server";

/** Whether card payments are configured on this server (both Stripe keys given). */
export function paymentsConfigured(): boolean {
  const e = env();
  return Boolean(e.STRIPE_SECRET_KEY && e.STRIPE_PUBLISHABLE_KEY);
}

/**
 * The Stripe client, or null when payments are not configured. STRIPE_API_BASE points it at
 * another host (the tests' local fake Stripe); the SDK accepts host, port and protocol. The SDK
 * is loaded on first use: importing it costs a server start about 0.2 s of CPU (docs/decisions/136).
 */
let cached: { key: string; client: Stripe } | undefined;

export async function stripe(): Promise<Stripe | null> {
  const e = env();
  const key = e.STRIPE_SECRET_KEY;
  if (!key || !paymentsConfigured()) return null;
  if (cached?.key === key) return cached.client;
  const { default: Stripe } = await import("stripe");
  const base = e.STRIPE_API_BASE ? new URL(e.STRIPE_API_BASE) : null;
  const client = new Stripe(key, {
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
  cached = { key, client };
  return client;
}

/** The only currency packages are priced in. */
export const CURRENCY = "usd";

/** Stripe's minimum charge in US cents; cheaper paid packages cannot be bought by card. */
export const MINIMUM_CHARGE_CENTS = 50;
