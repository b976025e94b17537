// The site's navbar and footer (./site-chrome) are loaded on demand, so that pages without them
// (the booking chrome) never download them. The browser loads the module before hydrating a page
// that shows them (app/entry.client.tsx), so hydration renders them straight away: a component
// suspending outside a Suspense boundary while hydrating makes React give up on the server's
// HTML (error 418) and render the whole page again.
type SiteChrome = typeof import("./site-chrome");

let loaded: SiteChrome | null = null;
let loading: Promise<SiteChrome> | null = null;

export function loadSiteChrome(): Promise<SiteChrome> {
  loading ??= import("./site-chrome").then((module) => (loaded = module));
  return loading;
}

/** The module when it has loaded, else null. */
export function loadedSiteChrome(): SiteChrome | null {
  return loaded;
}

/** The attribute of <body> that says which chrome the page shows ("site", "app", "booking", "none"). */
export const CHROME_ATTRIBUTE = "data-chrome";
