/**
 * What every JSON path shares, over real HTTP against PostgreSQL: the OpenAPI document (valid
 * 3.1, and exactly the paths and methods the router serves through `apiRoute`), CORS for the
 * configured origin only and never with credentials, and the per-caller rate limit with its
 * X-RateLimit-* headers and 429.
 */
import fs from "node:fs";
import path from "node:path";
import { Validator } from "@seriousme/openapi-schema-validator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uniqueEmail } from "../support/http";
import { ROOT, startServer, type RunningServer } from "../support/server";
import { client, servers, signUp, sql, ownServerEnv } from "./context";
import { CORS_ORIGIN } from "./global-setup";

const db = sql();

type Doc = { openapi: string; paths: Record<string, Record<string, unknown>> };

let ipCounter = 0;
function freshIp(): string {
  ipCounter += 1;
  return `10.91.${Math.floor(ipCounter / 250) % 250}.${ipCounter % 250}`;
}

function call(
  method: string,
  urlPath: string,
  headers: Record<string, string> = {},
  body?: string,
  base = servers()[0],
) {
  return fetch(new URL(urlPath, base), {
    method,
    headers: { "x-forwarded-for": freshIp(), ...headers },
    body,
    redirect: "manual",
  });
}

async function tokenFor(email: string): Promise<string> {
  const c = client();
  expect((await signUp(c, email)).status).toBe(302);
  const res = await call(
    "POST",
    "/api/token",
    { "content-type": "application/json" },
    JSON.stringify({ email, password: "correct-horse-battery" }),
  );
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

/** OpenAPI template of a Remix flat-route file name: `event_.$id.ts` -> `/event/{id}`, `api.openapi[.]json.ts` -> `/api/openapi.json`. */
function templateOf(file: string): string {
  const name = file.replace(/\.tsx?$/, "");
  const segments = name.replaceAll("[.]", "%DOT%").split(".");
  return (
    "/" +
    segments
      .filter((s) => s !== "_index")
      .map((s) => s.replaceAll("%DOT%", ".").replace(/_$/, ""))
      .map((s) => (s.startsWith("$") ? `{${s.slice(1)}}` : s))
      .join("/")
  );
}

/** Every route file that serves JSON through apiRoute, with the methods it names. */
function servedByRouter(): Map<string, Set<string>> {
  const dir = path.join(ROOT, "app/routes");
  const served = new Map<string, Set<string>>();
  for (const file of fs.readdirSync(dir)) {
    // A route folder's module is its route.tsx (or .ts); the other files beside it are no routes.
    const folder = fs.statSync(path.join(dir, file)).isDirectory();
    const module = folder
      ? ["route.ts", "route.tsx"].map((name) => path.join(dir, file, name)).find((p) => fs.existsSync(p))
      : path.join(dir, file);
    if (!module) continue;
    const source = fs.readFileSync(module, "utf8");
    const match = /apiRoute\(\{([^}]*)\}\)/.exec(source);
    if (!match) continue;
    const methods = match[1]
      .split(",")
      .map((m) => m.split(":")[0].trim().toLowerCase())
      .filter(Boolean);
    served.set(templateOf(file), new Set(methods));
  }
  return served;
}

const shape = (template: string) => template.replace(/\{[^}]+\}/g, "{}");

describe("the OpenAPI document", () => {
  let doc: Doc;
  beforeAll(async () => {
    const res = await call("GET", "/api/openapi.json");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/application\/json/);
    doc = (await res.json()) as Doc;
  });

  it("is a valid OpenAPI 3.1 document", async () => {
    expect(doc.openapi).toBe("3.1.0");
    const result = await new Validator().validate(doc as unknown as Parameters<Validator["validate"]>[0]);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it("lists exactly the paths and methods the router serves as JSON", () => {
    const served = servedByRouter();
    expect(served.size).toBeGreaterThanOrEqual(12);
    const documented = new Map<string, Set<string>>();
    for (const [template, item] of Object.entries(doc.paths)) {
      const methods = Object.keys(item).filter((k) => ["get", "post", "put", "patch", "delete"].includes(k));
      documented.set(shape(template), new Set([...(documented.get(shape(template)) ?? []), ...methods]));
    }
    const routerView = new Map([...served].map(([t, m]) => [shape(t), [...m].sort()]));
    const docView = new Map([...documented].map(([t, m]) => [t, [...m].sort()]));
    expect(Object.fromEntries([...docView].sort())).toEqual(Object.fromEntries([...routerView].sort()));
  });

  it("every documented operation is answered by its route (never the site's 404 page or a 405)", async () => {
    for (const [template, item] of Object.entries(doc.paths)) {
      const url = template
        .replace(/\{email\}/g, "nobody%40example.test")
        .replace(/\{[^}]+\}/g, "00000000-0000-4000-8000-000000000000");
      for (const method of Object.keys(item).filter((k) => ["get", "post", "put", "delete"].includes(k))) {
        const res = await call(
          method.toUpperCase(),
          url,
          { "content-type": "application/json", accept: "application/json" },
          method === "get" || method === "delete" ? undefined : "{}",
        );
        const type = res.headers.get("content-type") ?? "";
        expect(`${method} ${template} ${res.status} ${type}`).not.toMatch(/ 405 | 404 text\/html/);
        expect(type, `${method} ${template}`).toMatch(/application\/json|^$/);
        expect(res.headers.get("x-ratelimit-limit"), `${method} ${template}`).toMatch(/^\d+$/);
      }
    }
  });

  it("the reference page /api/docs shows every operation, without JavaScript", async () => {
    const res = await call("GET", "/api/docs");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("API reference");
    for (const [template, item] of Object.entries(doc.paths)) {
      for (const method of Object.keys(item).filter((k) => ["get", "post", "put", "delete"].includes(k))) {
        const op = item[method] as { operationId: string };
        expect(html, `${method} ${template}`).toContain(`id="op-${op.operationId}"`);
      }
    }
  });
});

describe("CORS on the JSON paths", () => {
  it("answers a preflight from the configured origin, and only from it", async () => {
    const allowed = await call("OPTIONS", "/events", {
      origin: CORS_ORIGIN,
      "access-control-request-method": "POST",
      "access-control-request-headers": "authorization,content-type",
    });
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get("access-control-allow-origin")).toBe(CORS_ORIGIN);
    expect(allowed.headers.get("access-control-allow-methods")).toContain("POST");
    expect(allowed.headers.get("access-control-allow-headers")?.toLowerCase()).toContain("authorization");
    expect(allowed.headers.get("access-control-allow-credentials")).toBeNull();

    const other = await call("OPTIONS", "/events", {
      origin: "https://evil.example.test",
      "access-control-request-method": "POST",
    });
    expect(other.headers.get("access-control-allow-origin")).toBeNull();
  });

  it("lets the partner's page read answers and write with a bearer token, but never with cookies", async () => {
    const email = uniqueEmail("cors");
    const token = await tokenFor(email);
    const read = await call("GET", "/packages", { origin: CORS_ORIGIN });
    expect(read.status).toBe(200);
    expect(read.headers.get("access-control-allow-origin")).toBe(CORS_ORIGIN);
    expect(read.headers.get("access-control-expose-headers")).toContain("X-RateLimit-Remaining");
    expect(
      (await call("GET", "/packages", { origin: "https://evil.example.test" })).headers.get(
        "access-control-allow-origin",
      ),
    ).toBeNull();

    const body = JSON.stringify({
      eventName: "From the partner",
      eventType: "Phone Call",
      eventWith: "One-to-One",
      description: "Booked by a partner page",
      targetedEmail: "guest@example.test",
      dateTime: new Date(Date.now() + 86_400_000).toISOString(),
    });
    const write = await call(
      "POST",
      "/events",
      { origin: CORS_ORIGIN, authorization: `Bearer ${token}`, "content-type": "application/json" },
      body,
    );
    expect(write.status).toBe(201);
    expect(write.headers.get("access-control-allow-origin")).toBe(CORS_ORIGIN);

    // The same write riding on a session cookie from the partner's page is refused.
    const c = client();
    await signUp(c, uniqueEmail("cors-cookie"));
    const cookieWrite = await c.request("/events", {
      method: "POST",
      body,
      headers: { origin: CORS_ORIGIN, "content-type": "application/json" },
    });
    expect(cookieWrite.status).toBe(403);

    // Pages are not opened to other origins.
    expect(
      (await call("GET", "/pricing", { origin: CORS_ORIGIN })).headers.get("access-control-allow-origin"),
    ).toBeNull();
  });
});

describe("the per-caller rate limit", () => {
  const LIMIT = 5;
  let limited: RunningServer;
  beforeAll(async () => {
    limited = await startServer(
      ownServerEnv({
        TRUST_PROXY: "loopback",
        API_RATE_LIMIT_PER_MINUTE: String(LIMIT),
      }),
    );
  });
  afterAll(async () => {
    await limited?.stop();
  });

  it("counts down in X-RateLimit-Remaining, then answers 429 with Retry-After; another address is unaffected", async () => {
    const ip = freshIp();
    const remaining: string[] = [];
    for (let i = 0; i < LIMIT; i++) {
      const res = await call("GET", "/packages", { "x-forwarded-for": ip }, undefined, limited.url);
      expect(res.status).toBe(200);
      expect(res.headers.get("x-ratelimit-limit")).toBe(String(LIMIT));
      remaining.push(res.headers.get("x-ratelimit-remaining") ?? "");
      expect(Number(res.headers.get("x-ratelimit-reset"))).toBeGreaterThan(0);
    }
    expect(remaining).toEqual(["4", "3", "2", "1", "0"]);
    const refused = await call("GET", "/reviews", { "x-forwarded-for": ip }, undefined, limited.url);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(refused.headers.get("retry-after"))).toBeLessThanOrEqual(60);
    expect(refused.headers.get("x-ratelimit-remaining")).toBe("0");
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("rate_limited");
    expect((await call("GET", "/packages", {}, undefined, limited.url)).status).toBe(200);
    // Pages are not counted.
    expect((await call("GET", "/pricing", { "x-forwarded-for": ip }, undefined, limited.url)).status).toBe(200);
  });

  it("a token holder has one budget whatever address the calls come from", async () => {
    const token = await tokenFor(uniqueEmail("limit"));
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 1; i++) {
      const res = await call("GET", "/notifications", { authorization: `Bearer ${token}` }, undefined, limited.url);
      statuses.push(res.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it("counts the calls in the server process, with no database write per call (decision 042)", async () => {
    const ip = freshIp();
    for (let i = 0; i < LIMIT + 1; i++)
      await call("GET", "/packages", { "x-forwarded-for": ip }, undefined, limited.url);
    const [{ n }] = await db<{ n: number }[]>`select count(*)::int as n from rate_limits where key like 'api:%'`;
    expect(n).toBe(0);
  });
});
