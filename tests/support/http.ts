import http from "node:http";
/**
 * A tiny HTTP client with a cookie jar, for talking to a running app server the way a
 * browser would (redirects are not followed, so tests can assert them).
 */
export class HttpClient {
  readonly cookies = new Map<string, string>();

  constructor(
    readonly baseUrl: string,
    readonly defaultHeaders: Record<string, string> = {},
  ) {}

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  async request(path: string, init: RequestInit & { form?: Record<string, string> } = {}): Promise<Response> {
    const headers = new Headers({ ...this.defaultHeaders, ...(init.headers as Record<string, string> | undefined) });
    if (this.cookies.size && !headers.has("cookie")) headers.set("cookie", this.cookieHeader());
    let body = init.body;
    if (init.form) {
      body = new URLSearchParams(init.form).toString();
      headers.set("content-type", "application/x-www-form-urlencoded");
      headers.set("origin", this.baseUrl);
    }
    const res = await fetch(new URL(path, this.baseUrl), {
      ...init,
      body,
      headers,
      redirect: "manual",
      method: init.method ?? (init.form ? "POST" : "GET"),
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attrs.some((a) => /max-age=0/i.test(a) || /expires=Thu, 01 Jan 1970/i.test(a));
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }

  get(path: string, headers: Record<string, string> = {}) {
    return this.request(path, { headers });
  }

  post(path: string, form: Record<string, string>, headers: Record<string, string> = {}) {
    return this.request(path, { form, headers });
  }
}

export function uniqueEmail(prefix = "it"): string {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.test`;
}

/** The page's text as a reader sees it: tags removed, entities decoded, spaces collapsed. */
export function visibleText(html: string): string {
  return html
    .replace(/<script\b[\s\S]*?<\/script>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
}

/**
 * One request with node:http, for what fetch refuses to send (TRACE, a path it would
 * normalize): answers status, headers and body text, or throws after `timeoutMs`.
 */
export function rawRequest(
  baseUrl: string,
  method: string,
  path: string,
  {
    headers = {},
    body,
    timeoutMs = 10_000,
  }: { headers?: Record<string, string>; body?: string | Buffer; timeoutMs?: number } = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }> {
  const base = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: base.hostname,
        port: base.port,
        method,
        path,
        headers: body === undefined ? headers : { ...headers, "content-length": String(Buffer.byteLength(body)) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString("utf8") }),
        );
        res.on("error", reject);
      },
    );
    req.setTimeout(timeoutMs, () =>
      req.destroy(new Error(`${method} ${path.slice(0, 120)}: no answer within ${timeoutMs} ms`)),
    );
    req.on("error", reject);
    req.end(body);
  });
}
