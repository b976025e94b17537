// The production HTTP server: security headers, a same-origin check for writes, a body size
// limit and static files in front of the Remix request handler. See docs/decisions/001.
import crypto from "node:crypto";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler } from "@remix-run/express";
import compression from "compression";
import cors from "cors";
import express from "express";
import helmet from "helmet";

const MAX_BODY_BYTES = Number(process.env.MAX_BODY_BYTES ?? 1024 * 1024);
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

// Tests only: fake third-party services (Google) at the network boundary.
if (process.env.MOCKS === "true") await import("./tests/mocks/index.mjs");

const build = await import(pathToFileURL(path.resolve("build/index.js")).href);

let info;
try {
  info = await build.entry.module.startup();
} catch (error) {
  if (error?.name === "EnvError") {
    console.error(error.message);
    process.exit(1);
  }
  console.error("Could not start:", error);
  process.exit(1);
}

const chatOrigin = info.chatWidgetUrl ? new URL(info.chatWidgetUrl).origin : null;
const appOrigin = info.appUrl ? new URL(info.appUrl).origin : null;
// Stripe.js (the card form) loads from js.stripe.com, frames its fields from there and talks
// to api.stripe.com; allowed only when payments are configured.
const stripeScripts = info.stripe ? ["https://js.stripe.com"] : [];
const stripeFrames = info.stripe ? ["https://js.stripe.com", "https://hooks.stripe.com"] : [];
const stripeConnect = info.stripe ? ["https://api.stripe.com"] : [];

function jsonError(res, status, code, message) {
  res.status(status);
  // JSON clients (a JSON body or a bearer token) get the JSON API's error shape whatever they Accept.
  const jsonClient = Boolean(res.req.is("application/json")) || /^Bearer\s/i.test(res.req.get("authorization") ?? "");
  if (res.req.accepts(["html", "json"]) === "json" || res.req.path.startsWith("/api/") || jsonClient) {
    res.json({ error: { code, message } });
  } else {
    res.type("text/plain").send(message);
  }
}

function trustProxySetting(value) {
  if (value === "true") return true;
  if (value === "false") return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value.split(",").map((s) => s.trim());
}

const app = express();
app.disable("x-powered-by");
app.set("trust proxy", trustProxySetting(info.trustProxy));

app.use((req, res, next) => {
  res.locals.cspNonce = crypto.randomBytes(16).toString("base64");
  // Only a booking page asked for with ?embed=1 may be framed, by any site; everything else
  // refuses every frame (CSP frame-ancestors 'none' and X-Frame-Options DENY). Decision 019.
  // The path as Remix will route it (the adapter prefixes the origin the same way).
  let url = null;
  try {
    url = new URL(`http://localhost${req.originalUrl}`);
  } catch {
    url = null;
  }
  res.locals.framable = url ? build.entry.module.isFramableRequest(url.pathname, url.search) : false;
  if (!res.locals.framable) res.setHeader("X-Frame-Options", "DENY");
  // The app reads the client address from here; never from what the client sent.
  req.headers["x-client-ip"] = req.ip ?? "unknown";
  next();
});

app.use(
  helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        "default-src": ["'self'"],
        "script-src": ["'self'", (_req, res) => `'nonce-${res.locals.cspNonce}'`, ...(chatOrigin ? [chatOrigin] : []), ...stripeScripts],
        "style-src": ["'self'", "'unsafe-inline'"],
        "img-src": ["'self'", "data:", "https:"],
        "font-src": ["'self'", "data:"],
        "connect-src": ["'self'", ...(chatOrigin ? [chatOrigin] : []), ...stripeConnect, ...(info.production ? [] : ["ws:"])],
        "frame-src": ["'self'", ...(chatOrigin ? [chatOrigin] : []), ...stripeFrames],
        "form-action": ["'self'", "https://accounts.google.com"],
        "base-uri": ["'self'"],
        "object-src": ["'none'"],
        "frame-ancestors": [(_req, res) => (res.locals.framable ? "*" : "'none'")],
      },
    },
    strictTransportSecurity: info.production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    // Set above, per request: a framable booking page must not send it.
    xFrameOptions: false,
    crossOriginEmbedderPolicy: false,
  }),
);

// CORS: pages of the origins in CORS_ORIGINS may call the JSON paths with a bearer token.
// Never with cookies (no Access-Control-Allow-Credentials), so the session stays same-site.
const apiPathPatterns = info.apiPaths.map((p) => new RegExp(`^${p.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{[^}]+\}/g, "[^/]+")}$`));
const corsForApi = cors({
  origin: info.corsOrigins,
  methods: ["GET", "HEAD", "POST", "PUT", "DELETE"],
  allowedHeaders: ["Authorization", "Content-Type"],
  exposedHeaders: ["Retry-After", "X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset", "X-Total-Count"],
  maxAge: 600,
});
app.use((req, res, next) => {
  if (!apiPathPatterns.some((re) => re.test(req.path))) return next();
  corsForApi(req, res, next);
});

// ---------------------------------------------------------------------------------------------
// Request hygiene (docs/decisions/023-input-rules.md): what no route can answer is refused here
// with a 4xx before Remix sees it (after the security and CORS headers are set), in the JSON
// error shape on JSON paths:
// - a method no route serves (TRACE, PROPFIND, ...): 405 with Allow;
// - a path with a bad percent escape (/event/%ZZ): 400; a control character in the path or the
//   query (%00, %0A in a path, ...): 400, so no NUL ever reaches a query;
// - an /api/ path that is not in the OpenAPI document: a JSON 404 (not the site's HTML page).
const KNOWN_METHODS = ["GET", "HEAD", "POST", "PUT", "DELETE", "OPTIONS", "PATCH"];
const HTML_API_PATHS = new Set(["/api/docs"]);
/** The path without a trailing slash, as Remix routes it. */
const routed = (rawPath) => (rawPath.length > 1 ? rawPath.replace(/\/$/, "") : rawPath);
const isApiPath = (rawPath) => apiPathPatterns.some((re) => re.test(routed(rawPath)));
function isJsonPath(rawPath) {
  if (HTML_API_PATHS.has(routed(rawPath))) return false;
  return rawPath.startsWith("/api/") || isApiPath(rawPath);
}
function refuse(req, res, status, code, message) {
  if (isJsonPath(req.path)) {
    res.status(status).json({ error: { code, message } });
  } else {
    jsonError(res, status, code, message);
  }
}
const PATH_CONTROL = /\p{Cc}/u;
const QUERY_CONTROL = /(?![\t\n\r])\p{Cc}/u;
app.use((req, res, next) => {
  if (!KNOWN_METHODS.includes(req.method)) {
    res.setHeader("Allow", "GET, HEAD, POST, PUT, DELETE, OPTIONS");
    return refuse(req, res, 405, "method_not_allowed", `${req.method} is not supported here.`);
  }
  let path;
  try {
    path = decodeURIComponent(req.path);
  } catch {
    return refuse(req, res, 400, "bad_request", "The address has a malformed percent escape (%).");
  }
  if (PATH_CONTROL.test(path)) return refuse(req, res, 400, "bad_request", "The address may not contain control characters.");
  const question = req.originalUrl.indexOf("?");
  if (question >= 0) {
    let query;
    try {
      query = [...new URLSearchParams(req.originalUrl.slice(question + 1))].flat().join("");
    } catch {
      query = "";
    }
    if (QUERY_CONTROL.test(query)) return refuse(req, res, 400, "bad_request", "The query string may not contain control characters.");
  }
  if (path.startsWith("/api/") && isJsonPath(req.path) && !isApiPath(req.path)) {
    return refuse(req, res, 404, "not_found", "There is no such JSON path; see /api/openapi.json.");
  }
  next();
});
// A body answered before it was read to the end (a 401, 415 or redirect before the form is
// read) stays paused on a kept-alive connection, and the client's next request on it is never
// answered: once the answer is sent, drop what is left of the body (as Node does for a body
// nobody started reading; its request timeout still bounds an endless one), so the connection
// goes on to its next request.
app.use((req, res, next) => {
  res.on("finish", () => {
    if (req.complete || req.destroyed) return;
    req.removeAllListeners("data");
    req.resume();
  });
  next();
});
// ---------------------------------------------------------------------------------------------

// Writes from another site are refused when they could ride on the visitor's cookies.
app.use((req, res, next) => {
  if (SAFE_METHODS.has(req.method)) return next();
  const bearerWithoutCookies = /^Bearer\s+\S/i.test(req.get("authorization") ?? "") && !req.get("cookie");
  if (bearerWithoutCookies) return next();
  const origin = req.get("origin");
  if (origin) {
    let host = null;
    try {
      host = new URL(origin).host;
    } catch {
      host = null;
    }
    if (host && (host === req.get("host") || origin === appOrigin)) return next();
    return jsonError(res, 403, "cross_site_request", "Requests from other sites are not allowed.");
  }
  const site = req.get("sec-fetch-site");
  if (site && site !== "same-origin" && site !== "none") {
    return jsonError(res, 403, "cross_site_request", "Requests from other sites are not allowed.");
  }
  next();
});

app.use((req, res, next) => {
  const length = Number(req.get("content-length") ?? 0);
  if (length > MAX_BODY_BYTES) {
    return jsonError(res, 413, "payload_too_large", `The request body is larger than ${MAX_BODY_BYTES} bytes.`);
  }
  next();
});

app.use(compression());
app.use("/build", express.static("public/build", { immutable: true, maxAge: "1y", index: false }));
// The embed script is loaded by other sites' pages: helmet's Cross-Origin-Resource-Policy
// (same-origin) would make the browser refuse it.
app.use("/embed.js", (_req, res, next) => {
  res.setHeader("Cross-Origin-Resource-Policy", "cross-origin");
  next();
});
app.use(express.static("public", { maxAge: "1h", index: false }));

const handleRemix = createRequestHandler({
  build,
  mode: info.production ? "production" : "development",
  getLoadContext: (_req, res) => ({ cspNonce: res.locals.cspNonce }),
});
// One scope per request: the loaders of a page share what they look up (the signed-in user).
app.all("*", (req, res, next) => build.entry.module.runInRequestScope(() => handleRemix(req, res, next)));

const server = app.listen(info.port, () => {
  const url = info.appUrl ?? `http://localhost:${info.port}`;
  console.log(`Scheduler listening on ${url} (database: ${info.databaseKind === "pglite" ? "embedded" : "PostgreSQL"})`);
  if (info.demoAccounts.length > 0) {
    console.log("Demo accounts:");
    for (const a of info.demoAccounts) console.log(`  ${a.role.padEnd(12)} ${a.email.padEnd(22)} ${a.password}`);
  }
});

server.on("error", (error) => {
  console.error(error.code === "EADDRINUSE" ? `Port ${info.port} is already in use: set PORT to a free port.` : error);
  process.exit(1);
});

// Behind a load balancer that keeps idle connections for 60 s, ours must outlive them.
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;

let stopping = false;
async function stop(signal) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: shutting down`);
  // Stop accepting, let requests in flight finish (10 s at most), then close the database.
  const closed = new Promise((resolve) => server.close(resolve));
  server.closeIdleConnections();
  const force = setTimeout(() => server.closeAllConnections(), 10_000);
  force.unref();
  await closed;
  clearTimeout(force);
  try {
    await build.entry.module.shutdown();
  } finally {
    process.exit(0);
  }
}
process.on("SIGTERM", () => stop("SIGTERM"));
process.on("SIGINT", () => stop("SIGINT"));
