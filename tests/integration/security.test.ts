import { describe, expect, it } from "vitest";
import { HttpClient, uniqueEmail } from "../support/http";
import { client, servers, signIn, signUp, sql } from "./context";

const db = sql();

describe("security headers", () => {
  it("sends a nonce-based CSP whose nonce is on every inline script, and the other headers", async () => {
    const res = await client().get("/");
    expect(res.status).toBe(200);
    const csp = res.headers.get("content-security-policy")!;
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain("'unsafe-inline' 'nonce"); // scripts are never unsafe-inline
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    expect(res.headers.get("strict-transport-security")).toMatch(/max-age=\d+/);
    expect(res.headers.get("x-powered-by")).toBeNull();
    const html = await res.text();
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    // A fresh nonce per response.
    const again = (await client().get("/")).headers.get("content-security-policy");
    expect(again).not.toBe(csp);
  });

  it("never shows a stack trace: an unknown page is a 404 page", async () => {
    const res = await client().get("/definitely/not/here");
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain("Page not found");
    expect(html).not.toMatch(/at .*\.js:\d+/);
  });
});

describe("cross-site writes", () => {
  it("refuses a cookie-carrying POST from another origin with 403", async () => {
    const c = client();
    const email = uniqueEmail("csrf");
    await signUp(c, email);
    const res = await c.request("/signout", {
      method: "POST",
      headers: { origin: "https://evil.example", "content-type": "application/x-www-form-urlencoded" },
      body: "",
    });
    expect(res.status).toBe(403);
    // The session survived the attempt.
    expect((await c.get("/dashboard")).status).toBe(200);
  });

  it("refuses a POST marked cross-site by the browser even without Origin", async () => {
    const res = await client().request("/signin", {
      method: "POST",
      headers: { "sec-fetch-site": "cross-site", "content-type": "application/x-www-form-urlencoded" },
      body: "email=a%40b.c&password=x",
    });
    expect(res.status).toBe(403);
  });

  it("accepts a same-origin POST", async () => {
    const res = await client().post("/signin", { email: uniqueEmail("x"), password: "whatever-1" });
    expect(res.status).toBe(401);
  });
});

describe("request size", () => {
  it("answers 413 to a body over the limit instead of reading it", async () => {
    const res = await client().request("/signin", {
      method: "POST",
      headers: { origin: servers()[0], "content-type": "application/x-www-form-urlencoded" },
      body: "email=" + "a".repeat(2 * 1024 * 1024),
    });
    expect(res.status).toBe(413);
  });
});

describe("rate limits", () => {
  it("answers 429 with Retry-After after 10 wrong passwords from one address for one account, counted across both app servers", async () => {
    const email = uniqueEmail("limited");
    await signUp(client(), email, "right-password-1");
    const [a, b] = servers();
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      // One client address, both servers: the per-(account, address) limit trips.
      const c = new HttpClient(i % 2 ? a : b, { "x-forwarded-for": "172.16.50.1" });
      statuses.push((await signIn(c, email, "wrong-password")).status);
    }
    expect(statuses).toEqual(Array(10).fill(401));
    const blocked = await signIn(new HttpClient(a, { "x-forwarded-for": "172.16.50.1" }), email, "right-password-1");
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await blocked.text()).toContain("Too many attempts.");
  });

  it("strangers at other addresses cannot lock the owner out (decision 063)", async () => {
    const email = uniqueEmail("notlocked");
    await signUp(client(), email, "right-password-1");
    const [a, b] = servers();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      // A different client address each time: the account is slowed, never closed.
      const c = new HttpClient(i % 2 ? a : b, { "x-forwarded-for": `172.16.${60 + i}.1` });
      statuses.push((await signIn(c, email, "wrong-password")).status);
    }
    expect(statuses).toEqual(Array(12).fill(401));
    const owner = await signIn(new HttpClient(a, { "x-forwarded-for": "172.16.99.1" }), email, "right-password-1");
    expect(owner.status).toBe(302);
  });

  it("limits sign-ups per client address", async () => {
    const ip = "192.0.2.77";
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const c = new HttpClient(servers()[i % 2], { "x-forwarded-for": ip });
      statuses.push((await signUp(c, uniqueEmail("burst"))).status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(302));
    expect(statuses[10]).toBe(429);
  });
});

describe("migrations on several servers", () => {
  it("both servers came up on one empty database and seeded the catalogue exactly once", async () => {
    for (const url of servers()) {
      const res = await fetch(`${url}/healthz`);
      expect(await res.json()).toEqual({ status: "ok" });
    }
    const rows =
      await db`select name, price_cents, calender, active_event, goup_event, one_to_one, notification_status, access_type from packages order by price_cents`;
    expect(rows).toEqual([
      {
        name: "Basic",
        price_cents: 0,
        calender: 1,
        active_event: "3",
        goup_event: "Unlimited",
        one_to_one: "Unlimited",
        notification_status: "Only on site",
        access_type: "Connect to Google, Office 365, Outlook, and iCloud calendars",
      },
      expect.objectContaining({
        name: "Standard",
        price_cents: 1000,
        calender: 5,
        active_event: "Unlimited",
        notification_status: "On site and Email",
      }),
      expect.objectContaining({
        name: "Enterprise",
        price_cents: 2000,
        calender: 10,
        active_event: "Unlimited",
        notification_status: "On site and Email",
      }),
    ]);
    // SEED_DEMO defaults to off on a server database.
    expect((await db`select count(*)::int as n from users where email = 'admin@example.com'`)[0].n).toBe(0);
    const [{ n }] = await db`select count(*)::int as n from drizzle.__drizzle_migrations`;
    expect(n).toBeGreaterThan(0);
  });
});

describe("malformed requests get a 4xx, never a 500", () => {
  const post = (path: string, headers: Record<string, string>, body?: string, method = "POST") =>
    client().request(path, { method, headers: { origin: servers()[0], ...headers }, body });

  it.each([
    [
      "a broken multipart body",
      "/signin",
      { "content-type": "multipart/form-data; boundary=zz" },
      "garbage",
      "POST",
      400,
    ],
    ["JSON sent to a form", "/signin", { "content-type": "application/json" }, '{"email":1}', "POST", 415],
    ["no body at all", "/signup", {}, undefined, "POST", 415],
    [
      "a PUT to a form route",
      "/signin",
      { "content-type": "application/x-www-form-urlencoded" },
      "email=a",
      "PUT",
      405,
    ],
    ["a DELETE on sign-out", "/signout", {}, undefined, "DELETE", 405],
    [
      "a bad percent-escape",
      "/signin",
      { "content-type": "application/x-www-form-urlencoded" },
      "email=%E0%A4%A&password=x",
      "POST",
      400,
    ],
  ] as const)("%s", async (_name, path, headers, body, method, status) => {
    const res = await post(path, headers, body, method);
    expect(res.status).toBe(status);
    expect(await res.text()).not.toMatch(/at .*\.js:\d+/);
  });

  it("survives a garbage session cookie and a garbage redirectTo", async () => {
    const res = await fetch(new URL("/signin?redirectTo=%E0%A4%A", servers()[0]), {
      headers: { cookie: "__session=%E0%A4%A; __toast=@@" },
    });
    expect(res.status).toBe(200);
  });
});
