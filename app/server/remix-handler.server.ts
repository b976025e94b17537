import type { IncomingMessage, ServerResponse } from "node:http";
import type { AppLoadContext, ServerBuild } from "@remix-run/node";
import { createReadableStreamFromReadable, createRequestHandler } from "@remix-run/node";
import { lowPriorityScripts } from "./low-priority-scripts.server";
import { linkBase } from "./env.server";
import {
  makeEntry,
  PAGE_CACHE_MARK,
  pageCacheGeneration,
  pageCacheKey,
  sendEntry,
  storeEntry,
  tagsOfPageCacheMark,
} from "./page-cache.server";

/**
 * The Remix request handler for express, in place of @remix-run/express's (same request and
 * headers), with two differences in how the answer is written (docs/decisions/032):
 * - what the renderer produced in one go is written in one go: the adapter wrote and flushed
 *   every chunk (about 2 KB), so the compression middleware compressed and flushed each on its
 *   own (more CPU, a bigger body). A page that streams in parts (deferred data) still gets
 *   each part as soon as it is ready;
 * - an anonymous visitor's public page (marked by entry.server, with the tags of what it
 *   shows) goes into the page cache and is answered from it.
 */
type ExpressRequest = IncomingMessage & {
  originalUrl: string;
  protocol: string;
  hostname: string;
  get(name: string): string | undefined;
};
type ExpressResponse = ServerResponse & { locals: Record<string, unknown>; flush?: () => void };

export function createRemixHandler(options: {
  build: ServerBuild;
  mode: string;
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => AppLoadContext;
}) {
  const handlerFor = handlerPerFirstSegment(options.build, (build) => createRequestHandler(build, options.mode));
  return async (req: ExpressRequest, res: ExpressResponse, next: (error?: unknown) => void) => {
    try {
      const handle = handlerFor(req.originalUrl);
      const cacheKey = pageCacheKey(req.method, req.originalUrl, req.headers);
      const renderedAt = pageCacheGeneration();
      const response = await handle(remixRequest(req, res), options.getLoadContext(req, res));
      const mark = response.headers.get(PAGE_CACHE_MARK);
      if (cacheKey !== null && response.status === 200 && mark !== null && response.body) {
        const html = lowPriorityScripts(Buffer.from(await response.arrayBuffer()));
        const headers: Array<[string, string]> = [];
        for (const [name, value] of Object.entries(res.getHeaders())) {
          if (value !== undefined) headers.push([name, Array.isArray(value) ? value.join(", ") : String(value)]);
        }
        for (const [name, value] of response.headers) headers.push([name, value]);
        const entry = makeEntry(
          html,
          headers,
          String(res.locals.cspNonce ?? ""),
          Date.now(),
          tagsOfPageCacheMark(mark),
        );
        storeEntry(cacheKey, entry, renderedAt);
        sendEntry(req, res, entry, undefined, "miss");
        return;
      }
      await sendResponse(res, response);
    } catch (error) {
      next(error);
    }
  };
}

/**
 * A request handler per first path segment (docs/decisions/126). Remix matches a URL against
 * every route of its build several times per request, ranking them all on each call, so a page's
 * cost grew with the app's route count. A URL whose first segment is a route's static one
 * ("dashboard", "api") can only match the routes under that segment or those whose path starts
 * with no static segment (the root, "/:username/...", the catch-all); any other URL only the
 * latter. Each handler gets the build with exactly those routes (and the same client manifest
 * subset), made on first use. Route discovery (/__manifest) and any URL this cannot read go to
 * the whole build.
 */
export function handlerPerFirstSegment<H>(build: ServerBuild, make: (build: ServerBuild) => H): (url: string) => H {
  const fullPath = (id: string): string => {
    const route = build.routes[id];
    if (!route) return "";
    const parent = route.parentId ? fullPath(route.parentId) : "";
    return route.path ? `${parent}/${route.path}` : parent;
  };
  // Each route's first static segment (lower case), or null when its path starts with none.
  const firstSegments = new Map<string, string | null>();
  for (const id of Object.keys(build.routes)) {
    const first = fullPath(id).split("/").find(Boolean);
    firstSegments.set(id, first !== undefined && isStatic(first) ? first.toLowerCase() : null);
  }
  const statics = new Set([...firstSegments.values()].filter((first) => first !== null));
  const everything = make(build);
  const handlers = new Map<string, H>();
  const handlerOf = (segment: string): H => {
    let handler = handlers.get(segment);
    if (!handler) {
      const ids = new Set(
        [...firstSegments].filter(([, first]) => first === null || first === segment).map(([id]) => id),
      );
      const keep = <T>(routes: Record<string, T>) =>
        Object.fromEntries(Object.entries(routes).filter(([id]) => ids.has(id))) as Record<string, T>;
      handler = make({
        ...build,
        routes: keep(build.routes),
        assets: { ...build.assets, routes: keep(build.assets.routes) },
      });
      handlers.set(segment, handler);
    }
    return handler;
  };
  return (url) => {
    const segment = firstSegmentOf(url);
    if (segment === null || segment === "__manifest") return everything;
    return handlerOf(statics.has(segment) ? segment : "");
  };
}

/** A path segment that matches only itself: not `:param`, `*` or optional (`x?`). */
function isStatic(segment: string): boolean {
  return !segment.startsWith(":") && segment !== "*" && !segment.endsWith("?");
}

/**
 * The first segment of an origin-form URL's path as Remix matches it: percent-decoded, in lower
 * case (static segments match in any case), without the single fetch's `.data` ("/pro.data" is
 * "/pro"). "" for "/". null for a URL that is not origin-form or has a bad escape.
 */
export function firstSegmentOf(url: string): string | null {
  const match = /^\/(?!\/)([^/?#]*)(\/|[?#]|$)/.exec(url);
  if (!match) return null;
  let raw = match[1];
  if (match[2] !== "/" && raw.endsWith(".data")) raw = raw.slice(0, -".data".length);
  try {
    return decodeURIComponent(raw).toLowerCase();
  } catch {
    return null;
  }
}

/**
 * The request's URL as @remix-run/express builds it (the port from X-Forwarded-Host or Host, the
 * host as "trust proxy" says), or, when those headers make no URL ("[::1", "a b", a made-up
 * protocol), the same path on the app's own base: routing needs only the path, and no absolute
 * link is built from the request's host (linkBase, decision 063).
 */
function requestUrl(req: ExpressRequest): URL {
  try {
    const [, forwardedPort] = req.get("X-Forwarded-Host")?.split(":") ?? [];
    const [, hostPort] = req.get("host")?.split(":") ?? [];
    const fp = Number.parseInt(forwardedPort, 10);
    const hp = Number.parseInt(hostPort, 10);
    const port = Number.isSafeInteger(fp) ? fp : Number.isSafeInteger(hp) ? hp : "";
    const url = new URL(`${req.protocol}://${req.hostname}${port ? `:${port}` : ""}${req.originalUrl}`);
    if (url.protocol === "http:" || url.protocol === "https:") return url;
  } catch {
    // Falls through to the app's own base.
  }
  return new URL(req.originalUrl, `${linkBase()}/`);
}

function remixRequest(req: ExpressRequest, res: ExpressResponse): Request {
  const url = requestUrl(req);
  let controller: AbortController | null = new AbortController();
  const headers = new Headers();
  for (const [key, values] of Object.entries(req.headers)) {
    if (!values) continue;
    if (Array.isArray(values)) for (const value of values) headers.append(key, value);
    else headers.set(key, values);
  }
  // server.mjs has already held the Origin of a write to the one origin rule (APP_URL's origin,
  // decision 063). Remix would compare it again, with the Host a proxy forwarded, and answer 500.
  headers.delete("origin");
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers, signal: controller.signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
    init.body = createReadableStreamFromReadable(req);
    init.duplex = "half";
  }
  // Loaders and actions stop when the answer can no longer be written.
  res.on("finish", () => (controller = null));
  res.on("close", () => controller?.abort());
  return new Request(url.href, init);
}

async function sendResponse(res: ExpressResponse, response: Response) {
  res.statusMessage = response.statusText;
  res.statusCode = response.status;
  for (const [name, value] of response.headers) {
    if (name === PAGE_CACHE_MARK) continue;
    const existing = res.getHeader(name);
    if (existing === undefined) res.setHeader(name, value);
    else res.setHeader(name, [...(Array.isArray(existing) ? existing : [String(existing)]), value]);
  }
  if (!response.body) {
    res.end();
    return;
  }
  const type = response.headers.get("Content-Type") ?? "";
  if (/text\/event-stream/i.test(type)) res.flushHeaders();
  // A document's scripts are fetched at low priority (docs/decisions/046).
  const finish = /^text\/html/i.test(type) ? lowPriorityScripts : (bytes: Buffer) => bytes;
  const reader = response.body.getReader();
  // Chunks that arrive together are written (and flushed through compression) together: a
  // document rendered at once is one write; a later part (deferred data) its own.
  let pending: Uint8Array[] = [];
  let scheduled = false;
  const writePending = () => {
    scheduled = false;
    if (pending.length === 0 || res.writableEnded) return;
    res.write(finish(Buffer.concat(pending)));
    pending = [];
    res.flush?.();
  };
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      pending.push(value);
      if (!scheduled) {
        scheduled = true;
        setImmediate(writePending);
      }
    }
  } catch (error) {
    res.destroy(error as Error);
    throw error;
  }
  const rest = pending.length > 0 ? finish(Buffer.concat(pending)) : undefined;
  pending = [];
  res.end(rest);
}
