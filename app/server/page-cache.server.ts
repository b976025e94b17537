import { AsyncLocalStorage } from "node:async_hooks";
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
 * - An entry lives PAGE_CACHE_TTL_SECONDS, and carries the tags of the public data it shows
 *   (`publicPageTag`: a host, a team, the home page's reviews, the pricing page's packages),
 *   given by its loaders (`tagPublicPage`). The code that writes such data
 *   calls `invalidatePublicPages` with its tags once the write is committed (docs/decisions/105):
 *   the entries with those tags go at once in this process, and the other workers hear it
 *   through the primary without the write waiting for them. A render that began before an
 *   invalidation of one of its tags is not stored. A request that writes nothing public
 *   (refused, failed, or about private data) touches no entry. A write through another server
 *   (or straight into the database) shows after the TTL at most.
 */
export const PAGE_CACHE_MARK = "x-page-cache";

const MAX_ENTRIES = 500;
const MAX_BYTES = 64 * 1024 * 1024;

type Encoding = "gzip" | "identity";

/** The public data a stored page (or shared value) shows; see publicPageTag. */
export type PublicPageTag = string;

/** Tags of public data: what a page shows, and what a write changes (docs/decisions/105). */
export const publicPageTag = {
  /** A host's public page and booking pages (their event types, availability, bookings, profile). */
  host: (userId: string): PublicPageTag => `host:${userId}`,
  /** A team's booking pages (its event types, hosts). */
  team: (teamId: string): PublicPageTag => `team:${teamId}`,
  /** The home page (the newest reviews). */
  home: "home" as PublicPageTag,
  /** The pricing page (the packages). */
  pricing: "pricing" as PublicPageTag,
};

export type PageCacheEntry = {
  expiresAt: number;
  /** The public data it shows: an invalidation of any of these drops it. */
  tags: PublicPageTag[];
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
/**
 * Bumped by every invalidation; a render (or a shared read) remembers it when it begins, and
 * is not kept when one of its tags was invalidated since (`invalidatedAt`), nor when the whole
 * cache was emptied since (`emptiedAt`).
 */
let sequence = 0;
let emptiedAt = 0;
const invalidatedAt = new Map<PublicPageTag, number>();
/** Past this many tags remembered, they are forgotten and the renders under way treated as stale. */
const MAX_REMEMBERED_TAGS = 10_000;

/**
 * Between the processes of one server (WEB_CONCURRENCY workers, relayed by the primary in
 * server.mjs): an invalidation is sent once, after this process has dropped its own entries,
 * and the write goes on at once; every other worker drops the same tags when it hears it.
 */
export type PageCacheMessage = { type: "page-cache:invalidate"; tags: PublicPageTag[] };

let peers: { send: (message: PageCacheMessage) => void } | undefined;

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
  if (message.type === "page-cache:invalidate" && Array.isArray(message.tags)) dropTags(message.tags);
}

const cacheUsable = () => ttlMs > 0;

/** Empties this process's cache (start-up, a new build, tests). */
export function clearPageCache() {
  entries.clear();
  storedBytes = 0;
  publicData.clear();
  sequence += 1;
  emptiedAt = sequence;
  invalidatedAt.clear();
}

function dropTags(tags: readonly PublicPageTag[]) {
  if (tags.length === 0) return;
  sequence += 1;
  if (invalidatedAt.size + tags.length > MAX_REMEMBERED_TAGS) {
    invalidatedAt.clear();
    emptiedAt = sequence;
  }
  for (const tag of tags) invalidatedAt.set(tag, sequence);
  const dropped = new Set(tags);
  for (const [key, entry] of entries) {
    if (!entry.tags.some((t) => dropped.has(t))) continue;
    entries.delete(key);
    storedBytes -= entry.bytes;
  }
  for (const [key, kept] of publicData) if (kept.tags.some((t) => dropped.has(t))) publicData.delete(key);
}

/** Whether something begun at `begunAt` (pageCacheGeneration) with these tags missed an invalidation. */
function staleSince(tags: readonly PublicPageTag[], begunAt: number) {
  if (emptiedAt > begunAt) return true;
  for (const tag of tags) if ((invalidatedAt.get(tag) ?? 0) > begunAt) return true;
  return false;
}

/** Writes under way in this async context (a transaction): their invalidations wait for its commit. */
const uncommitted = new AsyncLocalStorage<Set<PublicPageTag>>();

/**
 * The public pages (and shared data) with any of these tags are out of date: called by the code
 * that wrote what they show, for a write that changed it. Inside a transaction begun through
 * `runWithInvalidationsAfterCommit` (every transaction, app/server/transaction.server.ts), it takes
 * effect when the transaction commits, and not at all when it rolls back; else at once. Never
 * waits: this process drops its entries now, the other workers when they hear it.
 */
export function invalidatePublicPages(tags: readonly PublicPageTag[]): void {
  const pending = uncommitted.getStore();
  if (pending) {
    for (const tag of tags) pending.add(tag);
    return;
  }
  if (tags.length === 0) return;
  dropTags(tags);
  peers?.send({ type: "page-cache:invalidate", tags: [...tags] });
}

/**
 * Runs a transaction (`work`) so that the invalidations asked for inside it happen once it has
 * committed: a render that begins before the commit reads the old rows, and it must not be
 * stored after the invalidation. A transaction inside another joins the outer one's.
 */
export async function runWithInvalidationsAfterCommit<T>(work: () => Promise<T>): Promise<T> {
  if (uncommitted.getStore()) return work();
  const pending = new Set<PublicPageTag>();
  const result = await uncommitted.run(pending, work);
  invalidatePublicPages([...pending]);
  return result;
}

const publicData = new Map<
  string,
  { value: Promise<unknown>; generation: number; storedAt: number; tags: PublicPageTag[] }
>();

/**
 * Data that is the same for every visitor (never anything of one person's: the newest reviews),
 * read once and kept as stored pages are, for signed-in pages and cache misses too
 * (docs/decisions/043): dropped by an invalidation of one of its tags (and not kept when one
 * came while it was read), at most PAGE_CACHE_TTL_SECONDS old, not kept when the TTL is 0.
 * Requests that come while it is being read share that read.
 */
export function sharedPublicData<T>(
  key: string,
  read: () => Promise<T>,
  options: { tags?: PublicPageTag[]; now?: number } = {},
): Promise<T> {
  const { tags = [], now = Date.now() } = options;
  if (!cacheUsable()) return read();
  const kept = publicData.get(key);
  if (kept && !staleSince(kept.tags, kept.generation) && now - kept.storedAt < ttlMs) return kept.value as Promise<T>;
  const entry = { value: read(), generation: sequence, storedAt: now, tags };
  publicData.set(key, entry);
  entry.value.catch(() => {
    if (publicData.get(key) === entry) publicData.delete(key);
  });
  return entry.value as Promise<T>;
}

export function pageCacheGeneration() {
  return sequence;
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

/**
 * The page with `nonce` in every cut, as is or gzip: its parts in order, written one after the
 * other (sendEntry), so a stored page is never copied to answer a request.
 */
export function joinPage(
  entry: Pick<PageCacheEntry, "pieces" | "deflated">,
  nonce: Buffer,
  encoding: Encoding,
): Buffer[] {
  const { pieces, deflated } = entry;
  const parts: Buffer[] = [];
  if (encoding === "identity") {
    for (let i = 0; i < pieces.length; i++) {
      if (i > 0) parts.push(nonce);
      parts.push(pieces[i]);
    }
    return parts;
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
  return parts;
}

/** Builds an entry from a rendered page, the headers it was to be sent with and its nonce. */
export function makeEntry(
  html: Buffer,
  headers: Array<[string, string]>,
  nonce: string,
  now = Date.now(),
  tags: PublicPageTag[] = [],
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
  return { expiresAt: now + ttlMs, tags, etag, head, csp, pieces, deflated, bytes };
}

export function storeEntry(key: string, entry: PageCacheEntry, renderedAtGeneration: number) {
  if (!cacheUsable() || staleSince(entry.tags, renderedAtGeneration)) return;
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

/**
 * Sends an entry (200, or 304 when the client has it), with a fresh nonce. `X-Cache` says whether
 * it came from the cache (hit) or was rendered for this request and stored (miss): what a CDN's
 * header says, for the benches and tests to count (docs/decisions/105).
 */
export function sendEntry(
  req: IncomingMessage,
  res: ServerResponse,
  entry: PageCacheEntry,
  nonce = freshNonce(),
  cache: "hit" | "miss" = "hit",
) {
  if (etagMatches(req.headers["if-none-match"], entry.etag)) {
    // No CSP on a 304: the browser would store it with its copy of the page, whose scripts
    // carry the nonce of the answer that copy came with (that answer's policy stays). A page
    // rendered for this request has its own policy set on the response already: it goes too.
    res.removeHeader("Content-Security-Policy");
    res.writeHead(304, [...entry.head, "X-Cache", cache]);
    res.end();
    return;
  }
  const head = entry.csp
    ? [...entry.head, "Content-Security-Policy", entry.csp.join(nonce), "X-Cache", cache]
    : [...entry.head, "X-Cache", cache];
  const encoding = chooseEncoding(req.headers["accept-encoding"]);
  const parts = joinPage(entry, Buffer.from(nonce, "utf8"), encoding);
  if (encoding !== "identity") head.push("Content-Encoding", encoding);
  head.push("Content-Length", String(parts.reduce((n, part) => n + part.length, 0)));
  res.writeHead(200, head);
  if (req.method === "HEAD") return void res.end();
  // One write of every part when the response ends (writev), no copy of the page.
  res.cork();
  for (const part of parts) res.write(part);
  res.end();
}

const NONCE_BYTES = 16;
let noncePool = Buffer.alloc(0);
let nonceAt = 0;

/** A CSP nonce of 16 random bytes, base64, each from a pool drawn 4 KiB at a time (one call to the generator per 256 nonces). */
export function freshNonce(): string {
  if (nonceAt + NONCE_BYTES > noncePool.length) {
    noncePool = randomBytes(4096);
    nonceAt = 0;
  }
  const nonce = noncePool.toString("base64", nonceAt, nonceAt + NONCE_BYTES);
  nonceAt += NONCE_BYTES;
  return nonce;
}

/**
 * Called for every request before express: answers a stored page, or hands the request to the
 * app (`next`). A request with another method goes on untouched: only what it writes, once
 * committed, invalidates (invalidatePublicPages).
 */
export function answerFromPageCache(req: IncomingMessage, res: ServerResponse, next: () => void): void {
  if (req.method !== "GET" && req.method !== "HEAD") return next();
  const key = cacheUsable() ? pageCacheKey(req.method, req.url ?? "/", req.headers) : null;
  const entry = key === null ? null : fresh(key, Date.now());
  if (key === null || !entry) return next();
  // Recently used last, so the oldest unused go first.
  entries.delete(key);
  entries.set(key, entry);
  sendEntry(req, res, entry);
}

/**
 * A loader of a page that may be stored names the public data it shows, so the page goes when
 * that data changes (docs/decisions/105). Outside a request served by server.mjs (no such
 * context) it does nothing.
 */
export function tagPublicPage(context: { publicPageTags?: PublicPageTag[] } | undefined, tags: PublicPageTag[]) {
  context?.publicPageTags?.push(...tags);
}

/**
 * The value of entry.server's PAGE_CACHE_MARK for a page with these tags, and back: the tags
 * travel with the mark from the render to the adapter that stores the page.
 */
export function pageCacheMark(tags: readonly PublicPageTag[]): string {
  return ["1", ...tags].join(" ");
}

export function tagsOfPageCacheMark(mark: string): PublicPageTag[] {
  return mark.split(" ").slice(1).filter(Boolean);
}

/** For tests: how many pages are stored. */
export function pageCacheSize() {
  return entries.size;
}

/** For tests and benches: whether a page is stored under this key (and still fresh). */
export function pageCacheHas(key: string, now = Date.now()) {
  const entry = entries.get(key);
  return entry !== undefined && entry.expiresAt > now;
}
