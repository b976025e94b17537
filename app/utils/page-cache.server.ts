import { createHash } from "node:crypto";
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http";
import { brotliCompressSync, constants as zlibConstants, gzipSync } from "node:zlib";
import { isTimeZone, TIME_ZONE_COOKIE } from "./time-zone";

/**
 * The full-page cache for anonymous visitors' public pages (docs/decisions/032).
 *
 * - Only a page whose route says `handle.pageCache` is stored, and only from a request that
 *   carries nothing personal: a GET or HEAD with no cookie but the time-zone hint, no
 *   Authorization, no body. entry.server marks such a page's answer with PAGE_CACHE_MARK (a 200
 *   without Set-Cookie); the mark never leaves the server.
 * - The key is the path with its query, and the time-zone hint (booking pages show times in it).
 * - An entry holds the page once as is, gzip and brotli, made when it is stored, and its
 *   headers. The CSP of a stored page lists the SHA-256 hashes of its inline scripts instead of
 *   a nonce: every visitor gets the same bytes, so a nonce in them would be guessable; the
 *   per-request nonce of the render that filled the entry is never sent in any policy.
 * - An entry lives PAGE_CACHE_TTL_SECONDS. Any write (a request with another method) made
 *   through this process empties the cache when it ends, and a render that overlapped a write
 *   is not stored; a write through another process shows after the TTL at most.
 */
export const PAGE_CACHE_MARK = "x-page-cache";

const MAX_ENTRIES = 500;
const MAX_BYTES = 64 * 1024 * 1024;
/** Brotli quality 5: within a few per cent of the size of 11 at a tenth of the CPU, once per entry. */
const BROTLI_QUALITY = 5;

type Encoding = "br" | "gzip" | "identity";

export type PageCacheEntry = {
  expiresAt: number;
  etag: string;
  /** The headers to send, flat (name, value, ...), for each encoding and for a 304. */
  head: Record<Encoding | "notModified", string[]>;
  bodies: Record<Encoding, Buffer>;
  bytes: number;
};

/** Headers of the answer that belong to one response, not to the stored page. */
const NOT_STORED = new Set([
  "set-cookie",
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "connection",
  "keep-alive",
  "date",
  "etag",
  "cache-control",
  "vary",
  PAGE_CACHE_MARK,
]);

let ttlMs = 10_000;
const entries = new Map<string, PageCacheEntry>();
let storedBytes = 0;
/** Bumped when a write ends: a render that began before it must not be stored. */
let generation = 0;

export function configurePageCache(options: { ttlSeconds: number }) {
  ttlMs = options.ttlSeconds * 1000;
  clearPageCache();
}

export function clearPageCache() {
  entries.clear();
  storedBytes = 0;
  generation += 1;
}

export function pageCacheGeneration() {
  return generation;
}

/**
 * The cache key of a request that may be answered from (and stored in) the cache, or null for
 * one that may not: another method, a body, credentials, or any cookie but the time-zone hint.
 */
export function pageCacheKey(method: string | undefined, url: string, headers: IncomingHttpHeaders): string | null {
  if (ttlMs === 0) return null;
  if (method !== "GET" && method !== "HEAD") return null;
  if (headers.authorization !== undefined) return null;
  if (headers["transfer-encoding"] !== undefined || (headers["content-length"] !== undefined && headers["content-length"] !== "0")) return null;
  if (!url.startsWith("/") || url.startsWith("/api/") || url.startsWith("/build/")) return null;
  const question = url.indexOf("?");
  if ((question < 0 ? url : url.slice(0, question)).endsWith(".data")) return null;
  let zone = "";
  const cookie = headers.cookie;
  if (cookie) {
    for (const part of cookie.split(";")) {
      const trimmed = part.trim();
      if (trimmed === "") continue;
      const equals = trimmed.indexOf("=");
      const name = equals < 0 ? trimmed : trimmed.slice(0, equals);
      if (name !== TIME_ZONE_COOKIE) return null;
      let value = "";
      try {
        value = decodeURIComponent(trimmed.slice(equals + 1));
      } catch {
        value = "";
      }
      zone = isTimeZone(value) ? value : "";
    }
  }
  return `${zone}\n${url}`;
}

/** The encoding to send: brotli or gzip when the client takes it (q > 0), else none. */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return "identity";
  let gzip = false;
  for (const part of acceptEncoding.split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    if (q !== undefined && !(Number(q.slice(2)) > 0)) continue;
    if (name === "br") return "br";
    if (name === "gzip") gzip = true;
  }
  return gzip ? "gzip" : "identity";
}

/** The SHA-256 CSP sources of every inline script in the page. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  const re = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
  let m: RegExpExecArray | null;
  while ((m = re.exec(html))) {
    if (/\ssrc\s*=/i.test(` ${m[1]}`)) continue;
    hashes.add(`'sha256-${createHash("sha256").update(m[2], "utf8").digest("base64")}'`);
  }
  return [...hashes];
}

function cacheControl() {
  const seconds = Math.round(ttlMs / 1000);
  // Browsers revalidate (ETag); a shared cache may keep it as long as this server does.
  return `public, max-age=0, s-maxage=${seconds}, stale-while-revalidate=${seconds * 3}`;
}

/** Builds an entry from a rendered page and the headers it was to be sent with. */
export function makeEntry(html: Buffer, headers: Array<[string, string]>, nonce: string, now = Date.now()): PageCacheEntry {
  const hashes = inlineScriptHashes(html.toString("utf8")).join(" ");
  const kept: Array<[string, string]> = [];
  for (const [name, value] of headers) {
    const lower = name.toLowerCase();
    if (NOT_STORED.has(lower)) continue;
    if (lower === "content-security-policy" && nonce) {
      kept.push([name, value.split(`'nonce-${nonce}'`).join(hashes)]);
      continue;
    }
    kept.push([name, value]);
  }
  const bodies = {
    identity: html,
    gzip: gzipSync(html, { level: 6 }),
    br: brotliCompressSync(html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: html.length } }),
  };
  const etag = `W/"${createHash("sha256").update(html).digest("base64url").slice(0, 27)}"`;
  const common = [...kept.flat(), "Vary", "Accept-Encoding, Cookie", "Cache-Control", cacheControl(), "ETag", etag];
  const head = {
    identity: [...common, "Content-Length", String(bodies.identity.length)],
    gzip: [...common, "Content-Encoding", "gzip", "Content-Length", String(bodies.gzip.length)],
    br: [...common, "Content-Encoding", "br", "Content-Length", String(bodies.br.length)],
    notModified: common,
  };
  return { expiresAt: now + ttlMs, etag, head, bodies, bytes: bodies.identity.length + bodies.gzip.length + bodies.br.length };
}

export function storeEntry(key: string, entry: PageCacheEntry, renderedAtGeneration: number) {
  if (renderedAtGeneration !== generation || ttlMs === 0) return;
  const old = entries.get(key);
  if (old) {
    storedBytes -= old.bytes;
    entries.delete(key);
  }
  entries.set(key, entry);
  storedBytes += entry.bytes;
  // Oldest first out (a Map keeps insertion order; a hit re-inserts).
  for (const [k, e] of entries) {
    if (entries.size <= MAX_ENTRIES && storedBytes <= MAX_BYTES) break;
    entries.delete(k);
    storedBytes -= e.bytes;
  }
}

function fresh(key: string, now: number): PageCacheEntry | null {
  const entry = entries.get(key);
  if (!entry) return null;
  if (entry.expiresAt <= now) {
    entries.delete(key);
    storedBytes -= entry.bytes;
    return null;
  }
  return entry;
}

function etagMatches(ifNoneMatch: string | undefined, etag: string) {
  if (!ifNoneMatch) return false;
  const weak = (t: string) => t.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((t) => t.trim() === "*" || weak(t) === weak(etag));
}

/** Sends an entry (200, or 304 when the client has it) with its headers. */
export function sendEntry(req: IncomingMessage, res: ServerResponse, entry: PageCacheEntry) {
  if (etagMatches(req.headers["if-none-match"], entry.etag)) {
    res.writeHead(304, entry.head.notModified);
    res.end();
    return;
  }
  const encoding = chooseEncoding(req.headers["accept-encoding"]);
  res.writeHead(200, entry.head[encoding]);
  res.end(req.method === "HEAD" ? undefined : entry.bodies[encoding]);
}

/**
 * Called for every request before express: answers a stored page (true), and empties the
 * cache when a write ends. Anything else is left to the app (false).
 */
export function answerFromPageCache(req: IncomingMessage, res: ServerResponse): boolean {
  if (req.method !== "GET" && req.method !== "HEAD") {
    if (req.method !== "OPTIONS") res.once("close", clearPageCache);
    return false;
  }
  const key = pageCacheKey(req.method, req.url ?? "/", req.headers);
  if (key === null) return false;
  const entry = fresh(key, Date.now());
  if (!entry) return false;
  // Recently used last, so the oldest unused go first.
  entries.delete(key);
  entries.set(key, entry);
  sendEntry(req, res, entry);
  return true;
}

/** For tests: how many pages are stored. */
export function pageCacheSize() {
  return entries.size;
}
