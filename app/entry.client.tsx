import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { CHROME_ATTRIBUTE, loadSiteChrome } from "./components/site-chrome-loader";

function hydrate() {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <RemixBrowser />
      </StrictMode>,
    );
  });
}

// A page with the site's navbar or footer hydrates once their module is here (see
// app/components/site-chrome-loader.ts); a booking page never loads it.
const chrome = document.body.getAttribute(CHROME_ATTRIBUTE);
if (chrome === "site" || chrome === "app") loadSiteChrome().then(hydrate, hydrate);
else hydrate();
