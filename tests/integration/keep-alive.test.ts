/**
 * A request whose body the server did not read must never poison its keep-alive connection
 * (decision 024). Each early answer (the cross-site refusal, 413, and Remix loaders/actions
 * that answer 401, 404, 405, 415 or a redirect without reading the body) gets a big body
 * (300 KB, or 2 MB for 413); then a second request goes out through the same keep-alive agent
 * (one socket at most). It must be answered within a few seconds: on the same socket when the
 * server drained the body, or on a new one when the first answer said `Connection: close`.
 * Never an error on the first request (a reset), never a hang.
 */
import http from "node:http";
import { afterAll, describe, expect, it } from "vitest";
import { servers } from "./context";

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
afterAll(() => agent.destroy());

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  reused: boolean;
  body: string;
}

function send(
  method: string,
  path: string,
  headers: Record<string, string>,
  body: Buffer | null,
  timeoutMs = 5_000,
  chunked = false,
): Promise<Answer> {
  const url = new URL(path, servers()[0]);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        agent,
        host: url.hostname,
        port: url.port,
        method,
        path: url.pathname + url.search,
        headers: {
          ...headers,
          ...(body && !chunked ? { "content-length": String(body.length) } : {}),
          ...(chunked ? { "transfer-encoding": "chunked" } : {}),
        },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (d) => (text += d));
        res.on("end", () => {
          clearTimeout(timer);
          resolve({ status: res.statusCode ?? 0, headers: res.headers, reused: req.reusedSocket, body: text });
        });
        res.on("error", reject);
      },
    );
    const timer = setTimeout(() => {
      req.destroy(new Error(`${method} ${path}: no answer in ${timeoutMs} ms`));
    }, timeoutMs);
    req.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    req.end(body ?? undefined);
  });
}

const big = (bytes: number, fill = "a") => Buffer.from(fill.repeat(bytes));
const jsonBody = (bytes: number) => Buffer.from(JSON.stringify({ eventTypeId: "x", name: "n".repeat(bytes) }));

const cases: {
  kind: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body: Buffer;
  status: number | RegExp;
}[] = [
  {
    kind: "cross-site refusal (403)",
    method: "POST",
    path: "/api/bookings",
    headers: { "content-type": "application/json", origin: "https://evil.example.test" },
    body: jsonBody(300_000),
    status: 403,
  },
  {
    kind: "too large (413)",
    method: "POST",
    path: "/api/bookings",
    headers: { "content-type": "application/json" },
    body: jsonBody(2_000_000),
    status: 413,
  },
  {
    kind: "action without a token (401)",
    method: "POST",
    path: "/api/event-types",
    headers: { "content-type": "application/json" },
    body: jsonBody(300_000),
    status: 401,
  },
  {
    kind: "wrong media type (415)",
    method: "POST",
    path: "/api/bookings",
    headers: { "content-type": "text/plain" },
    body: big(300_000),
    status: 415,
  },
  {
    kind: "method not allowed (405)",
    method: "PUT",
    path: "/api/bookings",
    headers: { "content-type": "application/json" },
    body: jsonBody(300_000),
    status: 405,
  },
  {
    kind: "no such page (404)",
    method: "POST",
    path: "/no-such-page-here",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: big(300_000),
    status: /^40[45]$/,
  },
  {
    kind: "redirect to sign-in",
    method: "POST",
    path: "/dashboard/profile",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: big(300_000),
    status: /^30[23]$/,
  },
];

describe("early answers to requests with an unread body", () => {
  for (const c of cases) {
    it(`${c.kind}: the next request on the connection is answered`, async () => {
      const first = await send(c.method, c.path, c.headers, c.body);
      if (typeof c.status === "number") expect(first.status).toBe(c.status);
      else expect(String(first.status)).toMatch(c.status);
      const closed = first.headers.connection === "close";
      const second = await send("GET", "/healthz", {}, null);
      expect(second.status).toBe(200);
      // Kept alive: the very same socket carried the second request.
      if (!closed) expect(second.reused).toBe(true);
    });
  }

  it("fetch (undici's keep-alive pool): a 401 to an unread body, then the next fetch is answered", async () => {
    const base = servers()[0];
    const first = await fetch(`${base}/api/event-types`, {
      method: "POST",
      body: jsonBody(300_000),
      headers: { "content-type": "application/json" },
      signal: AbortSignal.timeout(5_000),
    });
    expect(first.status).toBe(401);
    await first.text();
    for (let i = 0; i < 3; i++) {
      const next = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(5_000) });
      expect(next.status).toBe(200);
      await next.text();
    }
  });

  it("a body within the drain limit keeps the connection alive", async () => {
    const first = await send("POST", "/api/bookings", { "content-type": "text/plain" }, big(300_000));
    expect(first.status).toBe(415);
    expect(first.headers.connection).not.toBe("close");
    const second = await send("GET", "/healthz", {}, null);
    expect(second.reused).toBe(true);
  });

  it("a body over the limit closes the connection after the answer", async () => {
    const first = await send("POST", "/api/bookings", { "content-type": "application/json" }, jsonBody(2_000_000));
    expect(first.status).toBe(413);
    expect(first.headers.connection).toBe("close");
    expect(JSON.parse(first.body).error.code).toBe("payload_too_large");
  });

  it("a chunked body (no length) answered early closes the connection, then a new one serves", async () => {
    const first = await send("POST", "/api/bookings", { "content-type": "text/plain" }, big(400_000), 5_000, true);
    expect(first.status).toBe(415);
    expect(first.headers.connection).toBe("close");
    const second = await send("GET", "/healthz", {}, null);
    expect(second.status).toBe(200);
    expect(second.reused).toBe(false);
  });
});
