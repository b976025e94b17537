import { createHash, randomBytes } from "node:crypto";
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http";
import { constants as zlibConstants, crc32, deflateRawSync } from "node:zlib";
import { isTimeZone } from "~/scheduling/time-zone";
import { TIME_ZONE_COOKIE } from "~/browser/time-zone-hint";
import { acceptedLanguage, CLOCK_COOKIE, zoneFromAcceptLanguage } from "~/messages/languages";

/**
 * The full-page cache for anonymous visitors' public pages (docs/decisions/032).
 *
 * - Only a page whose route says `handle.pageCache` is stored, and only from a request that
 *   carries nothing personal: a GET or HEAD with no cookie but the time-zone hint and the clock, no
 *   Authorization, no body. entry.server marks such a page's answer with PAGE_CACHE_MARK (a 200
 *   without Set-Cookie); the mark never leaves the server.
 * - The key is the path with its query, the time-zone hint (booking pages show times in it), and
 *   the clock cookie and the language of Accept-Language (they speak the guest's language and clock,
 *   docs/decisions/088).
 * - An entry holds the page as is and gzip-compressed, both made once, and its headers. Every
 *   answer still gets its own CSP nonce, as a rendered page does (a nonce shared by every
 *   visitor would be known to anyone): the page is kept cut at its nonce, and an answer joins
 *   the pieces around a fresh one. The gzip pieces are compressed each on its own and end
 *   byte-aligned (a sync flush), so the fresh nonce goes between them as a stored
 *   (uncompressed) deflate block; only the CRC is computed per answer. Brotli has no such
 *   seam, so a stored page goes out as gzip (a rendered one may still be brotli).
 * - An entry lives PAGE_CACHE_TTL_SECONDS. Any write (a request with another method) made
 *   through this server empties the cache of all its processes before it runs and again when
 *   it ends; while it runs no process uses its cache, and a render that overlapped a write is
 *   not stored. A write through another server (or straight into the database) shows after
 *   the TTL at most.
 */
export const PAGE_CACHE_MARK = "x-page-cache";

const MAX_ENTRIES = 500;
const MAX_BYTES = 64 * 1024 * 1024;

type Encoding = "gzip" | "identity";

export type PageCacheEntry = {
  expiresAt: number;
  etag: string;
  /** Headers to send (flat: name, value, ...), without the CSP. */
  head: string[];
  /** The CSP cut at its nonce (null when the answer had none). */
  csp: string[] | null;
  /** The page cut at its nonce, as is and as raw deflate pieces. */
  pieces: Buffer[];
  deflated: Buffer[];
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

/**
 * Between the processes of one server (WEB_CONCURRENCY workers, relayed by the primary in
 * server.mjs): a write announces itself before it runs and waits (at most PEER_WAIT_MS) until
 * every other worker has heard it; from then until it ends, no worker answers from or fills
 * its cache, so no answer can be older than a write that was already answered.
 */
export type PageCacheMessage =
  | { type: "page-cache:write-start"; id: string }
  | { type: "page-cache:write-end"; id: string }
  | { type: "page-cache:heard"; id: string }
  | { type: "page-cache:all-heard"; id: string };

const PEER_WAIT_MS = 200;
let peers: { send: (message: PageCacheMessage) => void } | undefined;
let localWrites = 0;
const peerWrites = new Set<string>();
const waitingForPeers = new Map<string, () => void>();
let writeCount = 0;

export function configurePageCache(options: {
  ttlSeconds: number;
  peers?: { send: (message: PageCacheMessage) => void };
}) {
  ttlMs = options.ttlSeconds * 1000;
  peers = options.peers;
  clearPageCache();
}

/** A message from another worker (through the primary). */
export function pageCacheMessage(message: PageCacheMessage) {
  if (message.type === "page-cache:write-start") {
    peerWrites.add(message.id);
    clearPageCache();
    peers?.send({ type: "page-cache:heard", id: message.id });
  } else if (message.type === "page-cache:write-end") {
    peerWrites.delete(message.id);
    clearPageCache();
  } else if (message.type === "page-cache:all-heard") {
    waitingForPeers.get(message.id)?.();
  }
}

const cacheUsable = () => ttlMs > 0 && localWrites === 0 && peerWrites.size === 0;

export function clearPageCache() {
  entries.clear();
  storedBytes = 0;
  publicData.clear();
  generation += 1;
}

const publicData = new Map<string, { value: Promise<unknown>; generation: number; storedAt: number }>();

/**
 * Data that is the same for every visitor (never anything of one person's: the newest reviews),
 * read once and kept as stored pages are, for signed-in pages and cache misses too
 * (docs/decisions/043): emptied by every write this server answers and read afresh while one
 * runs, at most PAGE_CACHE_TTL_SECONDS old, not kept when the TTL is 0. Requests that come
 * while it is being read share that read.
 */
export function sharedPublicData<T>(key: string, read: () => Promise<T>, now = Date.now()): Promise<T> {
  if (!cacheUsable()) return read();
  const kept = publicData.get(key);
  if (kept && kept.generation === generation && now - kept.storedAt < ttlMs) return kept.value as Promise<T>;
  const entry = { value: read(), generation, storedAt: now };
  publicData.set(key, entry);
  entry.value.catch(() => {
    if (publicData.get(key) === entry) publicData.delete(key);
  });
  return entry.value as Promise<T>;
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
  if (
    headers["transfer-encoding"] !== undefined ||
    (headers["content-length"] !== undefined && headers["content-length"] !== "0")
  )
    return null;
  if (!url.startsWith("/") || url.startsWith("/api/") || url.startsWith("/build/")) return null;
  const question = url.indexOf("?");
  if ((question < 0 ? url : url.slice(0, question)).endsWith(".data")) return null;
  let zone = "";
  let clock = "";
  const cookie = headers.cookie;
  if (cookie) {
    for (const part of cookie.split(";")) {
      const trimmed = part.trim();
      if (trimmed === "") continue;
      const equals = trimmed.indexOf("=");
      const name = equals < 0 ? trimmed : trimmed.slice(0, equals);
      if (name === CLOCK_COOKIE) {
        const value = trimmed.slice(equals + 1);
        clock = value === "12" || value === "24" ? value : "";
        continue;
      }
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
  const accepted = headers["accept-language"];
  const acceptLanguage = Array.isArray(accepted) ? accepted.join(",") : accepted;
  const language = acceptedLanguage(acceptLanguage) ?? "";
  // Without the hint cookie, a booking page guesses the zone from the languages' region (decision 091).
  if (zone === "") zone = zoneFromAcceptLanguage(acceptLanguage) ?? "";
  return `${zone}\n${url}${clock || language ? `\n${clock}\n${language}` : ""}`;
}

/** gzip when the client takes it (q > 0), else none. */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return "identity";
  for (const part of acceptEncoding.split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (name !== "gzip") continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    if (q === undefined || Number(q.slice(2)) > 0) return "gzip";
  }
  return "identity";
}

function cacheControl() {
  const seconds = Math.round(ttlMs / 1000);
  // Browsers revalidate (ETag); a shared cache may keep it as long as this server does.
  return `public, max-age=0, s-maxage=${seconds}, stale-while-revalidate=${seconds * 3}`;
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** The last deflate block: empty, stored, final. */
const DEFLATE_END = Buffer.from([1, 0, 0, 0xff, 0xff]);

/** A stored (uncompressed, not final) deflate block, for data under 64 KiB, at a byte boundary. */
function storedBlock(data: Buffer): Buffer {
  const n = data.length;
  return Buffer.concat([Buffer.from([0, n & 0xff, (n >> 8) & 0xff, ~n & 0xff, (~n >> 8) & 0xff]), data]);
}

/** The page with `nonce` in every cut, as is or gzip. */
export function joinPage(
  entry: Pick<PageCacheEntry, "pieces" | "deflated">,
  nonce: Buffer,
  encoding: Encoding,
): Buffer {
  const { pieces, deflated } = entry;
  const parts: Buffer[] = [];
  if (encoding === "identity") {
    for (let i = 0; i < pieces.length; i++) {
      if (i > 0) parts.push(nonce);
      parts.push(pieces[i]);
    }
    return Buffer.concat(parts);
  }
  let crc = 0;
  let length = 0;
  const nonceBlock = storedBlock(nonce);
  parts.push(GZIP_HEADER);
  for (let i = 0; i < pieces.length; i++) {
    if (i > 0) {
      parts.push(nonceBlock);
      crc = crc32(nonce, crc);
      length += nonce.length;
    }
    parts.push(deflated[i]);
    crc = crc32(pieces[i], crc);
    length += pieces[i].length;
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length >>> 0, 4);
  parts.push(DEFLATE_END, trailer);
  return Buffer.concat(parts);
}

/** Builds an entry from a rendered page, the headers it was to be sent with and its nonce. */
export function makeEntry(
  html: Buffer,
  headers: Array<[string, string]>,
  nonce: string,
  now = Date.now(),
): PageCacheEntry {
  const head: string[] = [];
  let csp: string[] | null = null;
  for (const [name, value] of headers) {
    const lower = name.toLowerCase();
    if (NOT_STORED.has(lower)) continue;
    if (lower === "content-security-policy") {
      csp = nonce ? value.split(nonce) : [value];
      continue;
    }
    head.push(name, value);
  }
  const text = html.toString("utf8");
  const pieces = (nonce ? text.split(nonce) : [text]).map((p) => Buffer.from(p, "utf8"));
  // Each piece on its own, ending byte-aligned (sync flush) and not final: the pieces with
  // stored blocks between them make one deflate stream.
  const deflated = pieces.map((p) => deflateRawSync(p, { level: 6, finishFlush: zlibConstants.Z_SYNC_FLUSH }));
  const etag = `W/"${createHash("sha256").update(pieces.join("\0")).digest("base64url").slice(0, 27)}"`;
  head.push("Vary", "Accept-Encoding, Accept-Language, Cookie", "Cache-Control", cacheControl(), "ETag", etag);
  const bytes = pieces.reduce((n, p) => n + p.length, 0) + deflated.reduce((n, p) => n + p.length, 0);
  return { expiresAt: now + ttlMs, etag, head, csp, pieces, deflated, bytes };
}

export function storeEntry(key: string, entry: PageCacheEntry, renderedAtGeneration: number) {
  if (renderedAtGeneration !== generation || !cacheUsable()) return;
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

/** Sends an entry (200, or 304 when the client has it), with a fresh nonce. */
export function sendEntry(
  req: IncomingMessage,
  res: ServerResponse,
  entry: PageCacheEntry,
  nonce = randomBytes(16).toString("base64"),
) {
  if (etagMatches(req.headers["if-none-match"], entry.etag)) {
    // No CSP on a 304: the browser would store it with its copy of the page, whose scripts
    // carry the nonce of the answer that copy came with (that answer's policy stays).
    res.writeHead(304, [...entry.head]);
    res.end();
    return;
  }
  const head = entry.csp ? [...entry.head, "Content-Security-Policy", entry.csp.join(nonce)] : [...entry.head];
  const encoding = chooseEncoding(req.headers["accept-encoding"]);
  const body = joinPage(entry, Buffer.from(nonce, "utf8"), encoding);
  if (encoding !== "identity") head.push("Content-Encoding", encoding);
  head.push("Content-Length", String(body.length));
  res.writeHead(200, head);
  res.end(req.method === "HEAD" ? undefined : body);
}

/**
 * Called for every request before express: answers a stored page, or hands the request to the
 * app (`next`). A write empties the cache (and the other workers') before it runs, keeps
 * every cache out of use while it runs, and empties them again when it ends.
 */
export function answerFromPageCache(req: IncomingMessage, res: ServerResponse, next: () => void): void {
  if (req.method !== "GET" && req.method !== "HEAD") {
    if (req.method === "OPTIONS") return next();
    localWrites += 1;
    clearPageCache();
    const id = `${process.pid}:${++writeCount}`;
    let ended = false;
    res.once("close", () => {
      if (ended) return;
      ended = true;
      localWrites -= 1;
      clearPageCache();
      peers?.send({ type: "page-cache:write-end", id });
    });
    if (!peers) return next();
    let started = false;
    const start = () => {
      if (started) return;
      started = true;
      clearTimeout(timer);
      waitingForPeers.delete(id);
      next();
    };
    // A worker that does not answer does not hold the write up for long.
    const timer = setTimeout(start, PEER_WAIT_MS);
    waitingForPeers.set(id, start);
    peers.send({ type: "page-cache:write-start", id });
    return;
  }
  const key = cacheUsable() ? pageCacheKey(req.method, req.url ?? "/", req.headers) : null;
  const entry = key === null ? null : fresh(key, Date.now());
  if (key === null || !entry) return next();
  // Recently used last, so the oldest unused go first.
  entries.delete(key);
  entries.set(key, entry);
  sendEntry(req, res, entry);
}

/** For tests: how many pages are stored. */
export function pageCacheSize() {
  return entries.size;
}
