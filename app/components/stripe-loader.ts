import type { Stripe } from "@stripe/stripe-js";
import { loadStripe } from "@stripe/stripe-js/pure";
import { useEffect, useState } from "react";

/**
 * Stripe.js for a publishable key, loaded in the browser only, after hydration (the package
 * checkout and a paid booking's payment step share it); the error to show when it cannot load.
 */
export function useStripeJs(publishableKey: string): {
  stripe: Promise<Stripe | null> | null;
  loadError: string | null;
} {
  const [stripe, setStripe] = useState<Promise<Stripe | null> | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  useEffect(() => {
    const promise = loadStripe(publishableKey);
    promise.catch(() => setLoadError("The card form could not be loaded. Check your connection and reload the page."));
    setStripe(promise);
  }, [publishableKey]);
  return { stripe, loadError };
}
