/**
 * The full-page cache for anonymous visitors' public pages (docs/decisions/032), over real HTTP:
 * a visitor's repeat request gets the stored bytes (ETag, 304, Cache-Control for a shared
 * cache, still a fresh CSP nonce on every answer); a signed-in person, a toast or a chosen slot
 * (the booking form's Idempotency-Key) never meets a stored page; a change shows at once. Only a
 * committed write of what a page shows drops it (docs/decisions/105): a refused POST, a 405 or a
 * booking of another host leaves it stored. A page is seen to be stored when a change made
 * straight in the database (which no invalidation hears) does not show on it.
 */
import crypto from "node:crypto";
import http from "node:http";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uniqueEmail } from "../support/http";
import { allDayEventType, apiClient, type Account } from "./api-client";
import { startServer, type RunningServer } from "../support/server";
import { client, databaseUrl, servers, signUp } from "./context";

const { db, call, account } = apiClient({ ipPrefix: "10.96", namePrefix: "Cache" });

/** A GET with exactly these headers (no cookie jar, no decoding): what a browser or CDN sees. */
function get(
  path: string,
  headers: Record<string, string> = {},
  base = servers()[0],
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      new URL(path, base),
      {
        // A connection of its own each time: in a server of several workers, each may take it.
        agent: false,
        headers: {
          "x-forwarded-for": `10.97.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
          ...headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on("error", reject);
      },
    );
    req.on("error", reject);
  });
}

const nonceOf = (csp: string | undefined) => /'nonce-([^']+)'/.exec(csp ?? "")?.[1] ?? null;

describe("an anonymous visitor's public page", () => {
  it("comes back from the cache the same (but for its nonce), with validators a browser and a CDN can use", async () => {
    const first = await get("/pricing");
    const second = await get("/pricing");
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    const text = (page: typeof first) =>
      page.body
        .toString("utf8")
        .split(nonceOf(String(page.headers["content-security-policy"]))!)
        .join("");
    expect(text(second)).toBe(text(first));
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.headers.etag).toMatch(/^W\/"/);
    expect(second.headers["cache-control"]).toMatch(/^public, .*s-maxage=\d+.*stale-while-revalidate=\d+/);
    expect(second.headers.vary).toMatch(/Cookie/);
    expect(second.headers.vary).toMatch(/Accept-Encoding/);
    expect(second.headers["set-cookie"]).toBeUndefined();
    expect(second.headers["x-page-cache"]).toBeUndefined();
    // What a CDN would say: this one came from the cache (docs/decisions/105).
    expect(second.headers["x-cache"]).toBe("hit");
    // The security headers of a rendered page travel with the stored one.
    expect(second.headers["x-frame-options"]).toBe("DENY");
    expect(second.headers["x-content-type-options"]).toBe("nosniff");

    const notModified = await get("/pricing", { "if-none-match": String(second.headers.etag) });
    expect(notModified.status).toBe(304);
    expect(notModified.body.length).toBe(0);
    // A browser updates its copy's headers from a 304: a new nonce there would block the
    // scripts of the copy, which carry the nonce it came with.
    expect(notModified.headers["content-security-policy"]).toBeUndefined();
    expect(notModified.headers.etag).toBe(second.headers.etag);

    // The same when the page is rendered for this request (a miss: another zone's key, same
    // bytes): the policy set for the render must not go out with the 304 either.
    const renderedNotModified = await get("/pricing", {
      "if-none-match": String(second.headers.etag),
      cookie: `tz=${encodeURIComponent("Pacific/Chatham")}`,
    });
    expect(renderedNotModified.headers["x-cache"]).toBe("miss");
    expect(renderedNotModified.status).toBe(304);
    expect(renderedNotModified.headers["content-security-policy"]).toBeUndefined();
  });

  it("still has a fresh CSP nonce on every answer, on every script: no visitor can learn another's", async () => {
    await get("/about");
    const a = await get("/about");
    const b = await get("/about");
    expect(b.headers.etag).toBe(a.headers.etag);
    const nonces = [];
    for (const page of [a, b]) {
      const nonce = nonceOf(String(page.headers["content-security-policy"]));
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      const html = page.body.toString("utf8");
      const tags = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
      expect(tags.length).toBeGreaterThan(0);
      for (const tag of tags) expect(tag).toContain(`nonce="${nonce}"`);
      nonces.push(nonce);
    }
    expect(nonces[1]).not.toBe(nonces[0]);
    // Apart from the nonce, the very same bytes.
    expect(a.body.toString("utf8").split(nonces[0]!).join("")).toBe(b.body.toString("utf8").split(nonces[1]!).join(""));
  });

  it("sends gzip made once from the same page when the client takes it", async () => {
    await get("/teams");
    const plain = await get("/teams");
    const gzip = await get("/teams", { "accept-encoding": "gzip, deflate, br, zstd" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(Number(gzip.headers["content-length"])).toBe(gzip.body.length);
    expect(gzip.body.length).toBeLessThan(plain.body.length / 4);
    const unzipped = zlib.gunzipSync(gzip.body).toString("utf8");
    const withoutNonce = (html: string, csp: unknown) => html.split(nonceOf(String(csp))!).join("");
    expect(withoutNonce(unzipped, gzip.headers["content-security-policy"])).toBe(
      withoutNonce(plain.body.toString("utf8"), plain.headers["content-security-policy"]),
    );
  });
});

describe("what is never served from the cache", () => {
  it("a signed-in person gets their own page after a visitor's was stored, and the visitor never gets theirs", async () => {
    await get("/");
    const visitor = await get("/");
    const name = `Cache Person ${crypto.randomUUID().slice(0, 8)}`;
    const c = client();
    const email = uniqueEmail("cache");
    expect((await signUp(c, email, "correct-horse-battery", name)).status).toBe(302);

    const mine = await c.get("/");
    const html = await mine.text();
    expect(html).toContain(name);
    expect(mine.headers.get("cache-control") ?? "").not.toMatch(/public/);
    // A rendered page has its own nonce in its policy and on its scripts.
    const nonce = nonceOf(mine.headers.get("content-security-policy") ?? "");
    expect(nonce).not.toBeNull();
    expect(html).toContain(`nonce="${nonce}"`);

    const again = await get("/");
    expect(again.body.toString("utf8")).not.toContain(name);
    expect(again.body.toString("utf8")).not.toContain(email);
    expect(again.headers["cache-control"]).toBe(visitor.headers["cache-control"]);
  });

  it("a toast: the page that shows it is rendered for its reader and never stored", async () => {
    const c = client();
    const email = uniqueEmail("cache-toast");
    expect((await signUp(c, email)).status).toBe(302);
    await c.get("/");
    // Signing out leaves the session and sends a toast to the home page.
    const out = await c.post("/signout", {});
    expect(out.status).toBe(302);
    expect(c.cookies.has("__toast")).toBe(true);
    const withToast = await c.get("/");
    expect(await withToast.text()).toContain("You are signed out.");
    expect(withToast.headers.get("cache-control") ?? "").not.toMatch(/public/);
    for (let i = 0; i < 2; i++) expect((await get("/")).body.toString("utf8")).not.toContain("You are signed out.");
  });

  it("a signed-in person's page is not stored for visitors, even on a path no visitor asked for yet", async () => {
    const c = client();
    const email = uniqueEmail("cache-first");
    const name = `First Person ${crypto.randomUUID().slice(0, 8)}`;
    expect((await signUp(c, email, "correct-horse-battery", name)).status).toBe(302);
    const path = `/about?from=${crypto.randomUUID()}`;
    expect(await (await c.get(path)).text()).toContain(name);
    for (let i = 0; i < 2; i++) expect((await get(path)).body.toString("utf8")).not.toContain(name);
  });
});

describe("booking pages", () => {
  let host: Account;
  let username: string;
  let eventTypeId: string;
  let scheduleId: string;

  beforeAll(async () => {
    host = await account("cachehost", "professional");
    username = `pc${crypto.randomUUID().slice(0, 8)}`;
    await db`update users set username = ${username}, time_zone = 'UTC' where id = ${host.id}`;
    const made = await allDayEventType(call, host.token, {
      title: "Cached Chat",
      slug: "chat",
      duration: 30,
      minimumNotice: 0,
      bookingWindowDays: 60,
      location: { type: "google-meet" },
    });
    eventTypeId = made._id;
    scheduleId = made.scheduleId as string;
  });

  it("show a host's change to the event type at once", async () => {
    const path = `/${username}/chat?tz=UTC`;
    await get(path);
    const stored = await get(path);
    expect(stored.body.toString("utf8")).toContain("Cached Chat");
    expect(stored.headers["cache-control"]).toMatch(/^public/);

    const put = await call("PUT", `/api/event-types/${eventTypeId}`, {
      token: host.token,
      json: {
        title: "Renamed Chat",
        slug: "chat",
        duration: 30,
        minimumNotice: 0,
        bookingWindowDays: 60,
        location: { type: "google-meet" },
        scheduleId,
      },
    });
    expect(put.status).toBe(200);
    const after = await get(path);
    expect(after.body.toString("utf8")).toContain("Renamed Chat");
    expect(after.body.toString("utf8")).not.toContain("Cached Chat");
  });

  it("show a booked time as gone at once", async () => {
    const day = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const start = `${day}T10:00:00Z`;
    const path = `/${username}/chat?tz=UTC&date=${day}`;
    await get(path);
    expect((await get(path)).body.toString("utf8")).toContain(`slot=${encodeURIComponent(`${day}T10:00:00+00:00`)}`);
    const booked = await call("POST", "/api/bookings", {
      json: { eventTypeId, start, name: "Guest", email: uniqueEmail("cache-guest"), timeZone: "UTC" },
    });
    expect(booked.status).toBe(201);
    expect((await get(path)).body.toString("utf8")).not.toContain(
      `slot=${encodeURIComponent(`${day}T10:00:00+00:00`)}`,
    );
  });

  it("with a chosen slot (the form and its Idempotency-Key) are rendered for each guest", async () => {
    const day = new Date(Date.now() + 4 * 86_400_000).toISOString().slice(0, 10);
    const path = `/${username}/chat?tz=UTC&date=${day}&slot=${encodeURIComponent(`${day}T11:00:00+00:00`)}`;
    const keys = [];
    for (let i = 0; i < 2; i++) {
      const page = await get(path);
      expect(page.status).toBe(200);
      expect(page.headers["cache-control"]).toBe("private, no-cache");
      keys.push(/name="idempotencyKey" value="([^"]+)"/.exec(page.body.toString("utf8"))?.[1]);
    }
    expect(keys[0]).toBeTruthy();
    expect(keys[1]).not.toBe(keys[0]);
  });

  it("are kept apart by the visitor's time-zone hint", async () => {
    const path = `/${username}/chat`;
    const tokyo = (await get(path, { cookie: "tz=Asia%2FTokyo" })).body.toString("utf8");
    const newYork = (await get(path, { cookie: "tz=America%2FNew_York" })).body.toString("utf8");
    expect(tokyo).toContain("Asia/Tokyo");
    expect(newYork).toContain("America/New_York");
    expect((await get(path, { cookie: "tz=Asia%2FTokyo" })).body.toString("utf8")).toContain("Asia/Tokyo");
  });
});

/** A request of another method with a raw body, on its own connection (as get). */
function send(
  method: string,
  path: string,
  body = "",
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      new URL(path, servers()[0]),
      {
        method,
        agent: false,
        headers: {
          "x-forwarded-for": `10.98.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
          "content-length": String(Buffer.byteLength(body)),
          ...headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

describe("what drops a stored page (docs/decisions/105)", () => {
  /** A host with an always-open event type `slug` titled `title`; its booking page's path. */
  async function bookableHost(label: string, title: string) {
    const host = await account(`cache${label}`, "professional");
    const username = `pc${label}${crypto.randomUUID().slice(0, 6)}`;
    await db`update users set username = ${username}, time_zone = 'UTC' where id = ${host.id}`;
    const made = await allDayEventType(call, host.token, {
      title,
      slug: "talk",
      duration: 30,
      minimumNotice: 0,
      bookingWindowDays: 60,
      location: { type: "google-meet" },
    });
    const eventTypeId = made._id;
    return { host, username, eventTypeId };
  }

  /** Renames the event type in the database only: a stored page keeps the old title. */
  const renameBehindTheCache = (eventTypeId: string, title: string) =>
    db`update event_types set title = ${title} where id = ${eventTypeId}`;

  const day = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
  const slotLink = (hour: string) => `slot=${encodeURIComponent(`${day}T${hour}:00:00+00:00`)}`;

  it("a refused POST, a failed write and a 405 leave a stored page stored", async () => {
    const a = await bookableHost("refused", "Refused Talk");
    const path = `/${a.username}/talk?tz=UTC&date=${day}`;
    await get(path);
    expect((await get(path)).body.toString("utf8")).toContain("Refused Talk");
    await renameBehindTheCache(a.eventTypeId, "Renamed Behind");

    // A cross-site form post (403), a booking the JSON API refuses (422), a booking of no event
    // type (404), a form post to a page without an action (405), a method no route serves (405).
    expect((await send("POST", path, "a=1", { origin: "https://evil.example" })).status).toBe(403);
    const refused = await send("POST", "/api/bookings", JSON.stringify({ eventTypeId: a.eventTypeId }), {
      "content-type": "application/json",
    });
    expect(refused.status).toBe(400);
    const nothing = await send(
      "POST",
      "/api/bookings",
      JSON.stringify({
        eventTypeId: crypto.randomUUID(),
        start: `${day}T10:00:00Z`,
        name: "Guest",
        email: uniqueEmail("cache-none"),
        timeZone: "UTC",
      }),
      { "content-type": "application/json" },
    );
    expect(nothing.status).toBe(404);
    expect(
      (await send("POST", "/pricing", "a=1", { "content-type": "application/x-www-form-urlencoded" })).status,
    ).toBe(405);
    expect((await send("PROPFIND", path)).status).toBe(405);

    const after = (await get(path)).body.toString("utf8");
    expect(after).toContain("Refused Talk");
    expect(after).not.toContain("Renamed Behind");
  });

  it("a booking on host A drops A's booking page, at once and without the time, but not host B's", async () => {
    const a = await bookableHost("a", "Alpha Talk");
    const b = await bookableHost("b", "Bravo Talk");
    const pathA = `/${a.username}/talk?tz=UTC&date=${day}`;
    const pathB = `/${b.username}/talk?tz=UTC&date=${day}`;
    for (const path of [pathA, pathB]) await get(path);
    expect((await get(pathA)).body.toString("utf8")).toContain(slotLink("10"));
    expect((await get(pathB)).body.toString("utf8")).toContain("Bravo Talk");
    await renameBehindTheCache(a.eventTypeId, "Alpha Renamed");
    await renameBehindTheCache(b.eventTypeId, "Bravo Renamed");

    const booked = await call("POST", "/api/bookings", {
      json: {
        eventTypeId: a.eventTypeId,
        start: `${day}T10:00:00Z`,
        name: "Guest",
        email: uniqueEmail("cache-a"),
        timeZone: "UTC",
      },
    });
    expect(booked.status).toBe(201);

    const pageA = (await get(pathA)).body.toString("utf8");
    expect(pageA).not.toContain(slotLink("10"));
    expect(pageA).toContain("Alpha Renamed");
    const pageB = (await get(pathB)).body.toString("utf8");
    expect(pageB).toContain("Bravo Talk");
    expect(pageB).not.toContain("Bravo Renamed");
  });

  it("a new review drops the home page, and a booking does not", async () => {
    const home = async () => (await get("/")).body.toString("utf8");
    await home();
    const planted = `Planted ${crypto.randomUUID().slice(0, 8)}`;
    await home();
    await db`insert into reviews (name, email, rating, review) values ('Plant', 'plant@example.test', 5, ${planted})`;
    expect(await home()).not.toContain(planted);

    const c = client();
    expect((await signUp(c, uniqueEmail("cache-review"), "correct-horse-battery", "Rita Cache")).status).toBe(302);
    const review = `Cache review ${crypto.randomUUID().slice(0, 8)}`;
    const posted = await c.post("/?index", { name: "Rita Cache", email: "", imageUrl: "", rating: "5", review });
    expect(posted.status).toBe(302);
    const after = await home();
    expect(after).toContain(review);
    expect(after).toContain(planted);
  });

  describe("on a server of two workers", () => {
    // Started in a hook: the start of two workers is not what the test's time limit bounds.
    let server: RunningServer;
    beforeAll(async () => {
      server = await startServer({
        DATABASE_URL: databaseUrl(),
        SESSION_SECRET: "page-cache-workers-secret-0123456789abcdef",
        TRUST_PROXY: "loopback",
        WEB_CONCURRENCY: "2",
      });
      while ((server.output().match(/Scheduler listening on/g) ?? []).length < 2)
        await new Promise((r) => setTimeout(r, 100));
    });
    afterAll(async () => {
      await server?.stop("SIGTERM");
    });

    it("a booking through one is gone from the page on every worker at the next request", async () => {
      const a = await bookableHost("workers", "Workers Talk");
      const path = `/${a.username}/talk?tz=UTC&date=${day}`;
      // Each request on a connection of its own: the workers take them in turn, each stores the page.
      for (let i = 0; i < 6; i++)
        expect((await get(path, {}, server.url)).body.toString("utf8")).toContain(slotLink("11"));
      const booked = await fetch(`${server.url}/api/bookings`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": "10.99.1.1" },
        body: JSON.stringify({
          eventTypeId: a.eventTypeId,
          start: `${day}T11:00:00Z`,
          name: "Guest",
          email: uniqueEmail("cache-workers"),
          timeZone: "UTC",
        }),
      });
      expect(booked.status).toBe(201);
      for (let i = 0; i < 6; i++)
        expect((await get(path, {}, server.url)).body.toString("utf8")).not.toContain(slotLink("11"));
    });
  });
});
