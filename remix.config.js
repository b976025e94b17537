/** @type {import('@remix-run/dev').AppConfig} */
export default {
  // A route's `NAME.server.ts` beside it holds the server-only names it uses (docs/decisions/122): not a route.
  ignoredRouteFiles: ["**/.*", "**/*.test.{ts,tsx}", "**/*.server.ts"],
  serverModuleFormat: "esm",
  // Stripe's browser packages use directory imports Node's ESM loader refuses: bundle them.
  serverDependenciesToBundle: [/^@stripe\/stripe-js/, /^@stripe\/react-stripe-js/],
  tailwind: true,
  postcss: true,
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: true,
  },
};
