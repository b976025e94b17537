// The production HTTP server: security headers, a same-origin check for writes, a body size
// limit and static files in front of the Remix request handler. See docs/decisions/001.
// .env first, so every module below reads the same environment (scripts/load-env.mjs).
import "./scripts/load-env.mjs";
import cluster from "node:cluster";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { pathToFileURL } from "node:url";
import compression from "compression";
import cors from "cors";
import express from "express";
import helmet from "helmet";

// WEB_CONCURRENCY workers (node:cluster) share the port: by default one per CPU core on
// PostgreSQL, one on the embedded database (a single process owns it). The primary only forks,
// passes signals on and relays page-cache invalidations (docs/decisions/032, 105).
//
// The default heap settings (docs/decisions/032): without a cap a busy process grew to 227-420 MB
// of RSS. But V8 also derives from its limit how far the heap may grow after each full
// collection: the smaller the limit, the less, so the cap alone cost 9-15 % more CPU under load
// (more full collections). A fixed growth of 1.5 times what is live keeps a process near 220 MB
// at about 2 % (measured with bench/pages.mjs). `npm start`,
// `npm run serve` and the Docker image pass them to this process; workers get them here unless
// a cap was given on the command line or in NODE_OPTIONS.
const DEFAULT_HEAP_FLAGS = ["--max-old-space-size=384", "--heap-growing-percent=50"];
const WORKERS = webConcurrency();
if (cluster.isPrimary && WORKERS > 1) {
  runPrimary(WORKERS);
  // The primary runs no app: it stays here until runPrimary exits the process.
  await new Promise(() => {});
}

function webConcurrency() {
  const raw = process.env.WEB_CONCURRENCY;
  const onServer = Boolean(process.env.DATABASE_URL);
  if (raw === undefined || raw === "") return onServer ? os.availableParallelism() : 1;
  const n = Number(raw);
  let problem = null;
  if (!Number.isInteger(n) || n < 1 || n > 64) problem = "must be a whole number from 1 to 64";
  else if (n > 1 && !onServer) problem = "above 1 needs DATABASE_URL (the embedded database belongs to one process)";
  if (problem) {
    console.error(`Invalid configuration:\n  - WEB_CONCURRENCY: ${problem}`);
    process.exit(1);
  }
  return n;
}

function runPrimary(count) {
  const heapGiven = [...process.execArgv, process.env.NODE_OPTIONS ?? ""].some((a) =>
    a.includes("--max-old-space-size"),
  );
  if (!heapGiven) cluster.setupPrimary({ execArgv: [...process.execArgv, ...DEFAULT_HEAP_FLAGS] });
  const alive = new Set();
  const listening = new Set();
  let stopping = false;
  let exitCode = 0;
  const stopAll = (signal) => {
    stopping = true;
    for (const w of alive) w.process.kill(signal);
    if (alive.size === 0) process.exit(exitCode);
  };
  const fork = () => {
    const worker = cluster.fork();
    alive.add(worker);
    worker.on("message", (message) => relayPageCache(worker, message));
    worker.on("listening", () => listening.add(worker));
    worker.on("exit", (code, signal) => {
      alive.delete(worker);
      if (stopping) {
        if (code) exitCode ||= code;
        if (alive.size === 0) process.exit(exitCode);
        return;
      }
      if (!listening.has(worker)) {
        // A worker that could not start (configuration, database): the others would not either.
        exitCode = code || 1;
        stopAll("SIGTERM");
        return;
      }
      console.error(`Worker ${worker.process.pid} exited (${signal ?? code}): starting another`);
      fork();
    });
  };
  // Page-cache invalidations (app/server/page-cache.server.ts): what one worker's write changed
  // goes to every other worker; the writer has already dropped its own entries and does not wait.
  function relayPageCache(worker, message) {
    if (message?.type !== "page-cache:invalidate") return;
    for (const w of alive) if (w !== worker && w.isConnected()) w.send(message);
  }

  for (let i = 0; i < count; i++) fork();
  process.on("SIGTERM", () => stopAll("SIGTERM"));
  process.on("SIGINT", () => stopAll("SIGINT"));
}

// A database connection that breaks mid-query (the server restarts, a proxy drops it) can
// surface inside the driver as a rejection that no request or job awaits. That must not take
// the server down: requests answer 503 until the database is back (docs/decisions/025).
// Any other unhandled rejection still ends the process, as before.
const CONNECTION_ERRORS = new Set([
  "ECONNRESET",
  "ECONNREFUSED",
  "EPIPE",
  "ETIMEDOUT",
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
  "CONNECT_TIMEOUT",
  // PostgreSQL ending the session itself (a terminated backend, a shutdown, a crash restart):
  // admin_shutdown, crash_shutdown, cannot_connect_now, and the connection_exception class.
  "57P01",
  "57P02",
  "57P03",
  "08000",
  "08003",
  "08006",
]);
process.on("unhandledRejection", (reason) => {
  const code = reason && typeof reason === "object" ? (reason.code ?? reason.cause?.code) : undefined;
  if (CONNECTION_ERRORS.has(code)) {
    console.error(`A broken database connection outside any request (${code}): ignored; the next queries reconnect.`);
    return;
  }
  throw reason;
});

const MAX_BODY_BYTES = Number(process.env.MAX_BODY_BYTES ?? 1024 * 1024);
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

// Tests only: fake third-party services (Google) at the network boundary.
if (process.env.MOCKS === "true") await import("./tests/mocks/index.mjs");

const BUILD_PATH = path.resolve("build/index.js");
// `npm run dev` (remix dev --manual) rebuilds into build/ and waits for this server to load the
// new build: a new URL each time, since Node keeps a module it has imported.
const developing = process.env.NODE_ENV === "development";
const importBuild = async () =>
  import(`${pathToFileURL(BUILD_PATH).href}${developing ? `?t=${fs.statSync(BUILD_PATH).mtimeMs}` : ""}`);
let build = await importBuild();

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
  res.locals.cspNonce = build.entry.module.freshNonce();
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
        "script-src": [
          "'self'",
          (_req, res) => `'nonce-${res.locals.cspNonce}'`,
          ...(chatOrigin ? [chatOrigin] : []),
          ...stripeScripts,
        ],
        "style-src": ["'self'", "'unsafe-inline'"],
        "img-src": ["'self'", "data:", "https:"],
        "font-src": ["'self'", "data:"],
        "connect-src": [
          "'self'",
          ...(chatOrigin ? [chatOrigin] : []),
          ...stripeConnect,
          ...(info.production ? [] : ["ws:"]),
        ],
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
const apiPathPatterns = info.apiPaths.map(
  (p) => new RegExp(`^${p.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{[^}]+\}/g, "[^/]+")}$`),
);
const corsForApi = cors({
  origin: info.corsOrigins,
  methods: ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"],
  allowedHeaders: ["Authorization", "Content-Type", "Idempotency-Key"],
  exposedHeaders: [
    "Idempotent-Replayed",
    "Retry-After",
    "X-RateLimit-Limit",
    "X-RateLimit-Remaining",
    "X-RateLimit-Reset",
    "X-Total-Count",
  ],
  maxAge: 600,
});
app.use((req, res, next) => {
  if (!apiPathPatterns.some((re) => re.test(req.path))) return next();
  corsForApi(req, res, next);
});

// Writes from another site are refused when they could ride on the visitor's cookies.
app.use((req, res, next) => {
  if (SAFE_METHODS.has(req.method)) return next();
  const bearerWithoutCookies = /^Bearer\s+\S/i.test(req.get("authorization") ?? "") && !req.get("cookie");
  if (bearerWithoutCookies) return next();
  // One origin rule (decision 063): APP_URL's origin when it is set, whatever Host or
  // X-Forwarded-* a proxy passes on; without APP_URL (the embedded demo, development) the
  // address the request came to.
  const origin = req.get("origin");
  if (origin) {
    let given = null;
    try {
      given = new URL(origin);
    } catch {
      given = null;
    }
    const allowed = appOrigin ? given?.origin === appOrigin : Boolean(given) && given.host === req.get("host");
    if (allowed) return next();
    return jsonError(res, 403, "cross_site_request", "Requests from other sites are not allowed.");
  }
  const site = req.get("sec-fetch-site");
  if (site && site !== "same-origin" && site !== "none") {
    return jsonError(res, 403, "cross_site_request", "Requests from other sites are not allowed.");
  }
  next();
});

// A request body the app did not read (an early 401, 403, 404, 413, 415 or redirect) must not
// poison the keep-alive connection: the next request would wait behind the unread bytes forever.
// Once the answer is sent, what is left of the body is read and thrown away when it is at most
// MAX_BODY_BYTES; a larger (or chunked) one gets `Connection: close` and a lingering close: the
// server keeps discarding while the client sends (each piece gives it LINGER_IDLE_MS more, up to
// LINGER_MAX_MS in all) so the client reads the whole answer before the socket goes (closing with
// unread bytes would reset it; a fixed 2 s was too short for 8 MB on a loaded machine). Decision 024.
const LINGER_IDLE_MS = 2_000;
const LINGER_MAX_MS = 30_000;

function lingerClose(socket) {
  socket.destroySoon = function destroySoon() {
    if (this.writable) this.end();
    const started = Date.now();
    let timer;
    const arm = () => {
      clearTimeout(timer);
      const left = LINGER_MAX_MS - (Date.now() - started);
      timer = setTimeout(() => this.destroy(), Math.max(0, Math.min(LINGER_IDLE_MS, left)));
      timer.unref();
    };
    arm();
    // The request's discarded pieces (guardUnreadBody) keep the socket open while they come.
    this.lingerTouch = arm;
    this.once("close", () => clearTimeout(timer));
    // The client saw the close and stopped sending.
    this.once("end", () => this.destroy());
  };
}

function guardUnreadBody(req, res, drainable) {
  const writeHead = res.writeHead;
  res.writeHead = function guardedWriteHead(...args) {
    if (!req.complete && !drainable && !this.headersSent) {
      this.setHeader("Connection", "close");
      lingerClose(req.socket);
    }
    return writeHead.apply(this, args);
  };
  res.once("finish", () => {
    if (req.complete) return;
    // Remix's body stream may hold the request paused: detach it and discard the rest.
    req.removeAllListeners("data");
    req.on("data", () => req.socket?.lingerTouch?.());
    req.resume();
  });
}

// Set on SIGTERM (see stop below): the server is draining. A load balancer's health check on a
// kept-alive connection hears 503, so it stops sending here.
let draining = false;

app.use((req, res, next) => {
  if (draining && req.path === "/healthz") {
    res.set("Cache-Control", "no-store");
    return res.status(503).json({ status: "draining" });
  }
  next();
});

// The profile photo's upload (decision 095), a team's logo (decision 112, its page and JSON
// routes) and a host's logo (decision 117, /dashboard/profile/logo and /api/me/logo) may be 5 MB; their routes read it as a stream and count the bytes themselves, so a
// body a little over the limit still hears which limit it broke.
const PHOTO_UPLOAD_PATH = "/dashboard/profile/photo";
const LOGO_UPLOAD_PATH = /^\/(?:(?:dashboard|api)\/teams\/[^/]+\/logo|dashboard\/profile\/logo|api\/me\/logo)$/;
const PHOTO_BODY_BYTES = 5 * 1024 * 1024 + 64 * 1024;

app.use((req, res, next) => {
  const length = Number(req.get("content-length") ?? 0);
  const chunked = req.get("transfer-encoding") !== undefined;
  const photo = req.method === "POST" && req.path === PHOTO_UPLOAD_PATH;
  const logo = req.method === "POST" && LOGO_UPLOAD_PATH.test(req.path);
  const limit = photo || logo ? Math.max(MAX_BODY_BYTES, PHOTO_BODY_BYTES) : MAX_BODY_BYTES;
  if (length > 0 || chunked) guardUnreadBody(req, res, !chunked && length <= Math.min(limit, MAX_BODY_BYTES));
  if (length > limit) {
    const message = photo
      ? "The photo is larger than 5 MB. Choose a smaller one."
      : logo
        ? "The logo is larger than 5 MB. Choose a smaller one."
        : `The request body is larger than ${MAX_BODY_BYTES} bytes.`;
    return jsonError(res, 413, "payload_too_large", message);
  }
  next();
});

// ---------------------------------------------------------------------------------------------
// Request hygiene (docs/decisions/023-input-rules.md): what no route can answer is refused here
// with a 4xx before Remix sees it (after the security and CORS headers and the body guard), in the JSON
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
    res.setHeader("Allow", "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS");
    return refuse(req, res, 405, "method_not_allowed", `${req.method} is not supported here.`);
  }
  let path;
  try {
    path = decodeURIComponent(req.path);
  } catch {
    return refuse(req, res, 400, "bad_request", "The address has a malformed percent escape (%).");
  }
  if (PATH_CONTROL.test(path))
    return refuse(req, res, 400, "bad_request", "The address may not contain control characters.");
  const question = req.originalUrl.indexOf("?");
  if (question >= 0) {
    let query;
    try {
      query = [...new URLSearchParams(req.originalUrl.slice(question + 1))].flat().join("");
    } catch {
      query = "";
    }
    if (QUERY_CONTROL.test(query))
      return refuse(req, res, 400, "bad_request", "The query string may not contain control characters.");
  }
  if (path.startsWith("/api/") && isJsonPath(req.path) && !isApiPath(req.path)) {
    return refuse(req, res, 404, "not_found", "There is no such JSON path; see /api/openapi.json.");
  }
  next();
});
// ---------------------------------------------------------------------------------------------

// Brotli at quality 4 (the middleware's default) with a 256 KB window instead of 4 MB: pages are
// far smaller than either, so the bytes are the same, but the encoder's memory per answer is not
// (docs/decisions/043).
app.use(
  compression({
    brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_LGWIN]: 18 } },
  }),
);
app.use("/build", express.static("public/build", { immutable: true, maxAge: "1y", index: false }));
// The embed script is loaded by other sites' pages: helmet's Cross-Origin-Resource-Policy
// (same-origin) would make the browser refuse it.
app.use("/embed.js", (_req, res, next) => {
  res.setHeader("Cross-Origin-Resource-Policy", "cross-origin");
  next();
});
// Only a path under something public/ holds (read once at start: build, embed.js, favicon.svg,
// images) is looked up there; for any other (every page) the lookup was a stat and a 404 error
// object per request (docs/decisions/043).
const PUBLIC_ENTRIES = new Set(fs.existsSync("public") ? fs.readdirSync("public") : []);
const servePublic = express.static("public", { maxAge: "1h", index: false });
app.use((req, res, next) => {
  let name;
  try {
    name = decodeURIComponent(req.path.split("/", 2)[1] ?? "");
  } catch {
    return next(); // a malformed escape names nothing public/ holds
  }
  if (!PUBLIC_ENTRIES.has(name)) return next();
  return servePublic(req, res, next);
});

// Remix's handler, writing what is rendered at once in one go and filling the page cache (docs/decisions/032).
const remixHandler = () =>
  build.entry.module.createRemixHandler({
    build,
    mode: info.production ? "production" : "development",
    // databaseFault: set by the entry's handleError when the database is unavailable (503, docs/decisions/025).
    // publicPageTags: what a stored page shows, filled by its loaders (docs/decisions/105).
    getLoadContext: (_req, res) => ({
      cspNonce: res.locals.cspNonce,
      databaseFault: res.locals.databaseFault,
      publicPageTags: [],
    }),
  });
let handleRemix = remixHandler();
// Documents and data requests turn a database outage into 503 in the entry; a resource route's
// error (an .ics download, a form post that redirects) leaves Remix as a bare 500, so the same
// flag turns that into 503 with Retry-After here, as it is written.
function answerOutagesWith503(res) {
  const fault = { unavailable: false };
  res.locals.databaseFault = fault;
  const writeHead = res.writeHead;
  res.writeHead = function outageAwareWriteHead(...args) {
    if (fault.unavailable && (args[0] === 500 || (typeof args[0] !== "number" && this.statusCode === 500))) {
      if (typeof args[0] === "number") args[0] = 503;
      this.statusCode = 503;
      this.setHeader("Retry-After", String(info.databaseRetryAfterSeconds));
      this.setHeader("Cache-Control", "no-store");
    }
    return writeHead.apply(this, args);
  };
}
// Signed-in and personal answers are never cached (decision 063): the rule is the app's
// privateCacheControl, applied as the head is written (static files above never come here).
function privateCaching(req, res) {
  const writeHead = res.writeHead;
  res.writeHead = function privateCachingWriteHead(...args) {
    if (!this.headersSent) {
      const header = (name) => {
        const value = this.getHeader(name);
        return value === undefined ? null : String(value);
      };
      const value = build.entry.module.privateCacheControl(req.headers, {
        cacheControl: header("cache-control"),
        contentType: header("content-type"),
        setsCookie: this.getHeader("set-cookie") !== undefined,
      });
      if (value) this.setHeader("Cache-Control", value);
    }
    return writeHead.apply(this, args);
  };
}
// One scope per request: the loaders of a page share what they look up (the signed-in user).
app.all("*", (req, res, next) => {
  answerOutagesWith503(res);
  privateCaching(req, res);
  return build.entry.module.runInRequestScope(() => handleRemix(req, res, next));
});

// Anonymous visitors' public pages come from the full-page cache before express sees the
// request; a committed write drops the pages that show what it changed (docs/decisions/032, 105). A stored page carries the headers the app
// set when it was rendered (security headers, CSP with its inline scripts' hashes).
const configurePageCache = () =>
  build.entry.module.configurePageCache({
    ttlSeconds: info.pageCacheTtlSeconds,
    peers: cluster.isWorker ? { send: (message) => process.send?.(message) } : undefined,
  });
configurePageCache();
if (cluster.isWorker) {
  process.on("message", (message) => {
    if (typeof message?.type === "string" && message.type.startsWith("page-cache:"))
      build.entry.module.pageCacheMessage(message);
  });
}
// A client that sends its request slowly cannot hold a connection (decision 063): the head must
// arrive within HTTP_HEADERS_TIMEOUT_MS (20 s) and the whole request within HTTP_REQUEST_TIMEOUT_MS
// (60 s) of its first byte, however it dribbles; past either Node answers 408 and closes. The
// timers are checked every second (Node's default is every 30 s), more often for shorter limits.
const server = http.createServer(
  {
    headersTimeout: info.headersTimeoutMs,
    requestTimeout: info.requestTimeoutMs,
    connectionsCheckingInterval: Math.min(1_000, Math.ceil(info.headersTimeoutMs / 4)),
  },
  (req, res) => build.entry.module.answerFromPageCache(req, res, () => app(req, res)),
);
server.listen(info.port, () => {
  const url = info.appUrl ?? `http://localhost:${info.port}`;
  console.log(
    `Scheduler listening on ${url} (database: ${info.databaseKind === "pglite" ? "embedded" : "PostgreSQL"})`,
  );
  if (info.demoAccounts.length > 0) {
    console.log("Demo accounts:");
    for (const a of info.demoAccounts) console.log(`  ${a.role.padEnd(12)} ${a.email.padEnd(22)} ${a.password}`);
  }
});

// Development: each new build is loaded, then the dev server hears it is served (it reloads the
// browser through <LiveReload />). The database and the job runner outlive a build (they are
// kept on globalThis by app/server/db.server.ts and app/jobs/index.server.ts).
if (developing) {
  const { broadcastDevReady } = await import("@remix-run/node");
  let reloading = Promise.resolve();
  const reload = async () => {
    build = await importBuild();
    handleRemix = remixHandler();
    configurePageCache();
    await broadcastDevReady(build);
  };
  let timer = null;
  fs.watch(path.dirname(BUILD_PATH), (_event, name) => {
    if (name !== path.basename(BUILD_PATH)) return;
    // One reload per rebuild, once the file is written.
    clearTimeout(timer);
    timer = setTimeout(() => {
      reloading = reloading.then(reload).catch((error) => console.error("Could not load the new build:", error));
    }, 50);
  });
  server.once("listening", () => broadcastDevReady(build));
}

server.on("error", (error) => {
  console.error(error.code === "EADDRINUSE" ? `Port ${info.port} is already in use: set PORT to a free port.` : error);
  process.exit(1);
});

// Behind a load balancer that keeps idle connections for 60 s, ours must outlive them. (An idle
// kept-alive connection waits under this timer; headersTimeout starts at a request's first byte.)
server.keepAliveTimeout = 65_000;

// Graceful shutdown (decision 024). On SIGTERM: /healthz answers 503, every answer says
// `Connection: close` (a connection carries no request after its current one) and the job
// runner takes no new work. For SHUTDOWN_DELAY_MS (0 by default) the server still takes new
// connections, so a load balancer that checks /healthz has time to stop sending. Then it stops
// listening (a new connection is refused before any byte of it is read, so the client can go
// to another server), closes the idle kept-alive connections and waits for the requests in
// flight and the job runner's work; then the database closes and the process exits. Only
// requests still running after SHUTDOWN_GRACE_MS are cut.
const SHUTDOWN_GRACE_MS = info.shutdownGraceMs;
const SHUTDOWN_DELAY_MS = info.shutdownDelayMs;
server.prependListener("request", (_req, res) => {
  // Checked when the answer starts, so a request in flight at SIGTERM closes its connection too.
  const writeHead = res.writeHead;
  res.writeHead = function drainingWriteHead(...args) {
    if (draining && !this.headersSent) this.setHeader("Connection", "close");
    return writeHead.apply(this, args);
  };
});

let stopping = false;
async function stop(signal) {
  if (stopping) return;
  stopping = true;
  draining = true;
  console.log(`${signal}: draining (stop accepting, finish the requests in flight, ${SHUTDOWN_GRACE_MS} ms at most)`);
  const jobsStopped = build.entry.module.stopTakingWork().then(() => console.log(`${signal}: job runner stopped`));
  if (SHUTDOWN_DELAY_MS > 0) await new Promise((resolve) => setTimeout(resolve, SHUTDOWN_DELAY_MS));
  console.log(`${signal}: no longer listening`);
  const closed = new Promise((resolve) => server.close(resolve));
  server.closeIdleConnections();
  const force = setTimeout(() => {
    console.error(`Shutdown: requests still running after ${SHUTDOWN_GRACE_MS} ms: cutting their connections`);
    server.closeAllConnections();
  }, SHUTDOWN_GRACE_MS);
  force.unref();
  await closed;
  clearTimeout(force);
  try {
    await jobsStopped;
    await build.entry.module.shutdown();
    console.log(`${signal}: drained, database closed`);
  } finally {
    process.exit(0);
  }
}
process.on("SIGTERM", () => stop("SIGTERM"));
process.on("SIGINT", () => stop("SIGINT"));
