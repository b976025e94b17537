import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import { isPrivateAddress } from "~/schemas/ip-address";

/**
 * The one way the app reaches a server a user named (CalDAV, ICS feeds, webhooks): a `fetch` over
 * node:http that refuses loopback, private, link-local and other special addresses (checked on
 * every address the name resolves to, at connect time, so a rebinding name or a redirect cannot
 * slip through) unless allowed, gives up after `timeoutMs` for the whole exchange, and stops
 * reading past `maxBytes`. tsdav takes it as its `fetch` (docs/decisions/035); the webhook sender
 * sends through it too (decision 063).
 */

export type CalendarFetchProblem = "refused" | "unreachable" | "timeout" | "too-large" | "bad-url";

export class CalendarFetchError extends Error {
  name = "CalendarFetchError";
  constructor(
    readonly problem: CalendarFetchProblem,
    message: string,
  ) {
    super(message);
  }
}

/** The one classification (app/schemas/ip-address.ts, decision 063): every IPv6 form of a private IPv4 included. */
export { isPrivateAddress } from "~/schemas/ip-address";

export interface CalendarFetchOptions {
  allowPrivate: boolean;
  timeoutMs: number;
  maxBytes: number;
  /** Past maxBytes: keep what came and stop reading (a webhook receiver's answer), instead of failing. */
  truncate?: boolean;
  /** The resolver (the tests give one that answers what they choose); node's dns.lookup by default. */
  resolve?: Resolver;
}

/** dns.lookup's shape with `all: true`. */
export type Resolver = (
  hostname: string,
  options: { all: true; family?: number },
  callback: (error: NodeJS.ErrnoException | null, addresses: dns.LookupAddress[]) => void,
) => void;

const systemResolver: Resolver = (hostname, options, callback) => dns.lookup(hostname, options, callback);

const NULL_BODY = new Set([101, 204, 205, 304]);

/** A URL the guard would let through to be asked at all: http(s), no credentials in it. */
export function checkCalendarUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new CalendarFetchError("bad-url", "That is not a web address.");
  }
  if (url.protocol === "webcal:") url = new URL(`https:${url.href.slice("webcal:".length)}`);
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new CalendarFetchError("bad-url", "The address must start with https:// (or http://, webcal://).");
  if (url.username || url.password)
    throw new CalendarFetchError("bad-url", "Put the user name and password in their own fields, not in the address.");
  return url;
}

/**
 * The socket's lookup: it resolves the name, refuses the whole answer when any address is private
 * (unless allowed), and hands the socket exactly the addresses it checked, so the connection goes
 * to a vetted address whatever the name resolves to a moment later (no DNS-rebinding window). The
 * request keeps the name for the Host header and TLS (SNI and the certificate check).
 */
export function guardedLookup(allowPrivate: boolean, resolve: Resolver = systemResolver): net.LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, { all: true, family: options.family as number | undefined }, (error, addresses) => {
      if (error) return callback(error, "", 0);
      const list = addresses;
      if (list.length === 0) return callback(Object.assign(new Error("no address"), { code: "ENOTFOUND" }), "", 0);
      if (!allowPrivate && list.some((a) => isPrivateAddress(a.address))) {
        return callback(
          Object.assign(new Error("private address"), { code: "CALENDAR_PRIVATE" }) as NodeJS.ErrnoException,
          "",
          0,
        );
      }
      if ((options as { all?: boolean }).all)
        return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
      callback(null, list[0].address, list[0].family);
    });
  };
}

function once(
  url: URL,
  init: { method: string; headers: Headers; body: Buffer | null },
  options: CalendarFetchOptions,
  deadline: number,
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const literal = net.isIP(url.hostname.replace(/^\[|\]$/g, ""));
    if (literal && !options.allowPrivate && isPrivateAddress(url.hostname.replace(/^\[|\]$/g, ""))) {
      return reject(new CalendarFetchError("refused", "Addresses inside a private network are not allowed."));
    }
    const headers: Record<string, string> = {};
    init.headers.forEach((value, name) => (headers[name] = value));
    if (init.body) headers["content-length"] = String(init.body.length);
    const left = deadline - Date.now();
    if (left <= 0)
      return reject(new CalendarFetchError("timeout", "Not reachable: the server did not answer in time."));
    const request = (url.protocol === "https:" ? https : http).request(url, {
      method: init.method,
      headers,
      lookup: guardedLookup(options.allowPrivate, options.resolve),
      timeout: left,
    });
    const timer = setTimeout(
      () => request.destroy(new CalendarFetchError("timeout", "Not reachable: the server did not answer in time.")),
      left,
    );
    const fail = (error: unknown) => {
      clearTimeout(timer);
      if (error instanceof CalendarFetchError) return reject(error);
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "CALENDAR_PRIVATE")
        return reject(new CalendarFetchError("refused", "Addresses inside a private network are not allowed."));
      reject(new CalendarFetchError("unreachable", `Not reachable (${code ?? (error as Error).message}).`));
    };
    request.on("timeout", () =>
      request.destroy(new CalendarFetchError("timeout", "Not reachable: the server did not answer in time.")),
    );
    request.on("error", fail);
    request.on("response", (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      response.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size > options.maxBytes && options.truncate) {
          chunks.push(chunk.subarray(0, chunk.length - (size - options.maxBytes)));
          response.removeAllListeners("data");
          response.destroy();
          answer();
          return;
        }
        if (size > options.maxBytes) {
          response.destroy(
            new CalendarFetchError(
              "too-large",
              `The server sent more than ${Math.round(options.maxBytes / 1_000_000)} MB.`,
            ),
          );
          return;
        }
        chunks.push(chunk);
      });
      response.on("error", fail);
      const answer = () => {
        clearTimeout(timer);
        const out = new Headers();
        for (const [name, value] of Object.entries(response.headers)) {
          if (Array.isArray(value)) value.forEach((v) => out.append(name, v));
          else if (value !== undefined) out.set(name, value);
        }
        const status = response.statusCode ?? 502;
        resolve(
          new Response(NULL_BODY.has(status) || init.method === "HEAD" ? null : Buffer.concat(chunks), {
            status,
            headers: out,
          }),
        );
      };
      response.on("end", answer);
    });
    if (init.body) request.write(init.body);
    request.end();
  });
}

/** A fetch for calendar servers with the guard, the deadline and the size limit; follows up to 5 redirects through the same guard. */
export function calendarFetch(options: CalendarFetchOptions): typeof fetch {
  return (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const request = new Request(input, init);
    let url = checkCalendarUrl(request.url);
    let method = request.method;
    let body: Buffer | null = request.body ? Buffer.from(await request.arrayBuffer()) : null;
    const headers = new Headers(request.headers);
    const deadline = Date.now() + options.timeoutMs;
    for (let hop = 0; ; hop++) {
      const response = await once(url, { method, headers, body }, options, deadline);
      const location = response.headers.get("location");
      if (response.status < 300 || response.status >= 400 || !location || init.redirect === "manual" || hop >= 5)
        return response;
      url = checkCalendarUrl(new URL(location, url).href);
      if (response.status === 303 || ((response.status === 301 || response.status === 302) && method === "POST")) {
        method = "GET";
        body = null;
      }
    }
  }) as typeof fetch;
}
