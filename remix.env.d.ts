/// <reference types="@remix-run/dev" />
import "@remix-run/node";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
  interface AppLoadContext {
    cspNonce?: string;
    /** Set when a loader or action met an unavailable database: server.mjs answers 503 (docs/decisions/025). */
    databaseFault?: { unavailable: boolean };
    /** What the page shows of public data: its loaders add the page cache's tags (docs/decisions/105). */
    publicPageTags?: string[];
  }
}
declare module "@remix-run/server-runtime" {
  interface AppLoadContext {
    cspNonce?: string;
    /** Set when a loader or action met an unavailable database: server.mjs answers 503 (docs/decisions/025). */
    databaseFault?: { unavailable: boolean };
    /** What the page shows of public data: its loaders add the page cache's tags (docs/decisions/105). */
    publicPageTags?: string[];
  }
}
