// The minimal Remix v2 reference app of bench/home.mjs: the same future flags as the app's
// remix.config.js, one root route that renders a static element tree (the home page's markup,
// captured by the bench), the default entry.server. Built by the bench into bench/reference/build.
/** @type {import('@remix-run/dev').AppConfig} */
export default {
  serverModuleFormat: "esm",
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: true,
  },
};
