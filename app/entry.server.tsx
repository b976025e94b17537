import { PassThrough } from "node:stream";
import type { AppLoadContext, EntryContext, HandleDocumentRequestFunction } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { NonceContext } from "./components/nonce";
import { startJobs, stopJobs } from "./jobs/index.server";
import { closeDatabase, startDatabase } from "./utils/db.server";
import { env } from "./utils/env.server";
import { openApiDocument } from "./utils/openapi/document.server";

export const streamTimeout = 5_000;

const handleRequest: HandleDocumentRequestFunction = (
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) => {
  const nonce = loadContext.cspNonce ?? "";
  // Crawlers get the whole document at once; browsers get the shell as soon as it is ready.
  const readyEvent = isbot(request.headers.get("user-agent") ?? "") ? "onAllReady" : "onShellReady";
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={streamTimeout} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        [readyEvent]() {
          shellRendered = true;
          const body = new PassThrough();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(
            new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
};
export default handleRequest;

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  console.error(error);
}

/**
 * Called by server.mjs before it listens: validates the configuration (a bad one stops the
 * start with a clear message), opens, migrates and seeds the database, then starts the job
 * runner (reminders, outbox retries; docs/decisions/022).
 */
export async function startup() {
  const e = env();
  const db = await startDatabase();
  const jobs = startJobs();
  return {
    jobs,
    databaseKind: db.kind,
    demoAccounts: db.demoAccounts,
    port: e.PORT,
    production: e.NODE_ENV === "production",
    trustProxy: e.TRUST_PROXY,
    appUrl: e.APP_URL ?? null,
    chatWidgetUrl: e.CHAT_WIDGET_URL ?? null,
    googleSignIn: Boolean(e.GOOGLE_CLIENT_ID),
    stripe: Boolean(e.STRIPE_SECRET_KEY && e.STRIPE_PUBLISHABLE_KEY),
    corsOrigins: e.CORS_ORIGINS,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    shutdownDelayMs: e.SHUTDOWN_DELAY_MS,
    /** The JSON paths as OpenAPI templates (/event/{id}): CORS applies to these only. */
    apiPaths: Object.keys(openApiDocument().paths ?? {}),
  };
}

/** server.mjs asks this which requests another site may frame (docs/decisions/019). */
export { isFramableRequest } from "./utils/embed";

/** server.mjs wraps each request in this, so per-request values are computed once. */
export { runInRequestScope } from "./utils/request-scope.server";

/** server.mjs calls this at SIGTERM: the job runner takes no new work; resolves when its work in flight is done. */
export function stopTakingWork(): Promise<void> {
  return stopJobs();
}

export async function shutdown() {
  // The jobs' work in flight finishes (a few seconds at most) before the database closes.
  await stopJobs();
  await closeDatabase();
}
