import { PassThrough } from "node:stream";
import type { AppLoadContext, EntryContext, HandleDocumentRequestFunction } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { AfterActionContext, NonceContext } from "~/components/nonce";
import { startJobs, stopJobs } from "~/jobs/index.server";
import { DATABASE_RETRY_AFTER_SECONDS, DatabaseUnavailableError } from "~/server/database-unavailable";
import { closeDatabase, noteDatabaseFault, startDatabase } from "~/server/db.server";
import { env } from "~/server/env.server";
import { stopSendingMail } from "~/server/mail-transport.server";
import { apiPathTemplates } from "~/api/openapi/document.server";
import { PAGE_CACHE_MARK, pageCacheMark } from "~/server/page-cache.server";
import { contextForRender } from "~/server/render-routes.server";

export const streamTimeout = 5_000;

const handleRequest: HandleDocumentRequestFunction = (
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) => {
  if (loadContext.databaseFault?.unavailable) return databaseUnavailablePage(request);
  if (responseStatusCode === 200 && !responseHeaders.has("Set-Cookie") && pageCacheAllowed(request, remixContext))
    responseHeaders.set(PAGE_CACHE_MARK, pageCacheMark(loadContext.publicPageTags ?? []));
  const nonce = loadContext.cspNonce ?? "";
  // The whole document at once (written and compressed in one go, docs/decisions/032), unless
  // a loader deferred data (a promise in its data): then browsers get the shell as soon as it
  // is ready and the rest as it comes; crawlers still wait for all of it.
  const streams = !isbot(request.headers.get("user-agent") ?? "") && hasDeferredData(remixContext);
  const readyEvent = streams ? "onShellReady" : "onAllReady";
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <AfterActionContext.Provider value={remixContext.staticHandlerContext.actionData != null}>
          <RemixServer
            context={contextForRender(remixContext, new URL(request.url).pathname)}
            url={request.url}
            abortDelay={streamTimeout}
            nonce={nonce}
          />
        </AfterActionContext.Provider>
      </NonceContext.Provider>,
      {
        nonce,
        [readyEvent]() {
          shellRendered = true;
          const body = new PassThrough();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
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

function hasDeferredData(remixContext: EntryContext): boolean {
  return Object.values(remixContext.staticHandlerContext.loaderData ?? {}).some(
    (data) =>
      data !== null && typeof data === "object" && Object.values(data).some((value) => value instanceof Promise),
  );
}

/**
 * The page's route allows the full-page cache (`handle.pageCache`: true, or a function of the
 * URL). server.mjs stores the page only for a request with nothing personal (docs/decisions/032),
 * with the tags its loaders gave (`tagPublicPage`), and drops it when one of them is invalidated
 * (docs/decisions/105).
 */
function pageCacheAllowed(request: Request, remixContext: EntryContext): boolean {
  const leaf = remixContext.staticHandlerContext.matches.at(-1);
  if (!leaf) return false;
  const handle = remixContext.routeModules[leaf.route.id]?.handle as
    { pageCache?: boolean | ((url: URL) => boolean) } | undefined;
  const allowed = handle?.pageCache;
  return typeof allowed === "function" ? allowed(new URL(request.url)) : allowed === true;
}

export function handleError(error: unknown, { request, context }: { request: Request; context: AppLoadContext }) {
  if (request.signal.aborted) return;
  if (noteDatabaseFault(error)) {
    // handleRequest and handleDataRequest answer 503. An unreachable database is logged once
    // per outage by noteDatabaseFault; a connection lost under a query in one line here.
    if (context.databaseFault) context.databaseFault.unavailable = true;
    if (!(error instanceof DatabaseUnavailableError)) {
      console.error(
        `Database unavailable for ${request.method} ${new URL(request.url).pathname}: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`,
      );
    }
    return;
  }
  console.error(error);
}

const UNAVAILABLE_MESSAGE = `The service is briefly unavailable. Try again in a few seconds.`;

/**
 * When a loader or action met an unavailable database (handleError set
 * loadContext.databaseFault; docs/decisions/025), the answer is 503 with Retry-After instead of
 * Remix's 500: documents get a short page that says to try again (JSON clients the JSON error
 * shape), and a client-side navigation's data keeps Remix's answer, so the error boundary shows.
 */
const unavailableHeaders = () =>
  new Headers({ "Retry-After": String(DATABASE_RETRY_AFTER_SECONDS), "Cache-Control": "no-store" });

function databaseUnavailablePage(request: Request): Response {
  const headers = unavailableHeaders();
  // JSON clients as server.mjs's jsonError tells them: a JSON body, a bearer token, or Accept.
  const accept = request.headers.get("accept") ?? "";
  const wantsJson =
    /^application\/json/i.test(request.headers.get("content-type") ?? "") ||
    /^Bearer\s/i.test(request.headers.get("authorization") ?? "") ||
    (accept.includes("application/json") && !accept.includes("text/html"));
  if (wantsJson)
    return Response.json(
      { error: { code: "database_unavailable", message: UNAVAILABLE_MESSAGE } },
      { status: 503, headers },
    );
  headers.set("Content-Type", "text/html; charset=utf-8");
  return new Response(UNAVAILABLE_PAGE, { status: 503, headers });
}

export function handleDataRequest(response: Response, { context }: { context: AppLoadContext }): Response {
  if (!context.databaseFault?.unavailable) return response;
  const headers = new Headers(response.headers);
  for (const [name, value] of unavailableHeaders()) headers.set(name, value);
  return new Response(response.body, { status: 503, headers });
}

const UNAVAILABLE_PAGE = `<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Briefly unavailable - Scheduler</title></head>
<body style="font-family: system-ui, sans-serif; margin: 0; min-height: 100vh; display: flex; align-items: center; justify-content: center; background: #f8fafc; color: #0f172a">
<main style="max-width: 32rem; padding: 2rem; text-align: center">
<h1 style="font-size: 1.5rem">Scheduler is briefly unavailable</h1>
<p>${UNAVAILABLE_MESSAGE}</p>
<p><a href="" style="color: #4f46e5">Try again</a></p>
</main>
</body>
</html>
`;

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
    headersTimeoutMs: e.HTTP_HEADERS_TIMEOUT_MS,
    requestTimeoutMs: Math.max(e.HTTP_REQUEST_TIMEOUT_MS, e.HTTP_HEADERS_TIMEOUT_MS),
    shutdownDelayMs: e.SHUTDOWN_DELAY_MS,
    pageCacheTtlSeconds: e.PAGE_CACHE_TTL_SECONDS,
    /** The JSON paths as OpenAPI templates (/event/{id}): CORS applies to these only. */
    apiPaths: apiPathTemplates(),
    databaseRetryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS,
  };
}

/** server.mjs asks this which requests another site may frame (docs/decisions/019). */
export { isFramableRequest } from "~/utils/embed";

/**
 * server.mjs answers anonymous visitors' public pages from the page cache, and hands the rest to
 * Remix (docs/decisions/032); every answer's CSP nonce comes from freshNonce.
 */
export { answerFromPageCache, configurePageCache, freshNonce, pageCacheMessage } from "./server/page-cache.server";
export { createRemixHandler } from "./server/remix-handler.server";

/** server.mjs wraps each request in this, so per-request values are computed once. */
export { runInRequestScope } from "~/server/request-scope.server";
// server.mjs: the Cache-Control of every page and JSON answer (decision 063).
export { privateCacheControl } from "~/utils/private-cache.server";

/** server.mjs calls this at SIGTERM: the job runner takes no new work; resolves when its work in flight is done. */
export async function stopTakingWork(): Promise<void> {
  await stopJobs();
  await stopSendingMail();
}

export async function shutdown() {
  // The jobs' work in flight finishes (a few seconds at most), and every mail the SMTP server
  // took is marked sent (decision 063), before the database closes.
  await stopJobs();
  await stopSendingMail();
  await closeDatabase();
}
