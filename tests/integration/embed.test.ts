/**
 * Embeds (docs/decisions/019) over real HTTP against PostgreSQL: which
 * answers another site may frame (only the booking routes asked for with ?embed=1), the embed
 * script, the embedded booking flow without cookies (every link, form and redirect keeps
 * embed=1), and the snippets on the event type page for its owner only.
 */
import crypto from "node:crypto";
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type RunningServer } from "../support/server";
import { HttpClient, visibleText } from "../support/http";
import { apiClient, type Account } from "./api-client";
import { servers, ownServerEnv } from "./context";

const { db, call, account } = apiClient({ ipPrefix: "10.97", namePrefix: "Embed" });

const FORM = { "content-type": "application/x-www-form-urlencoded" };

/** What an answer says about being framed. */
function framing(res: Response) {
  const csp = res.headers.get("content-security-policy") ?? "";
  return { xfo: res.headers.get("x-frame-options"), ancestors: /frame-ancestors ([^;]*)/.exec(csp)?.[1] ?? null };
}

function expectFramable(res: Response, what: string) {
  expect(framing(res), what).toEqual({ xfo: null, ancestors: "*" });
}

function expectNotFramable(res: Response, what: string) {
  expect(framing(res), what).toEqual({ xfo: "DENY", ancestors: "'none'" });
}

/** A GET with the path sent exactly as written (fetch would normalize /a/%2e%2e to /). */
function rawGet(base: string, path: string): Promise<{ status: number; headers: http.IncomingHttpHeaders }> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: url.hostname, port: url.port, path, method: "GET", headers: { "x-forwarded-for": "10.97.250.1" } },
      (res) => {
        res.resume();
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
      },
    );
    req.on("error", reject);
    req.end();
  });
}

async function created(res: Response) {
  const text = await res.text();
  expect(res.status, text).toBe(201);
  return JSON.parse(text) as { _id: string };
}

/** A host with a username, a schedule open every day and event types (through the JSON API). */
async function hostWith(a: Account, types: { title: string; slug: string; active?: boolean }[]) {
  const username = `em${crypto.randomUUID().slice(0, 8)}`;
  await db`update users set username = ${username} where id = ${a.id}`;
  const schedule = await created(
    await call("POST", "/api/schedules", {
      token: a.token,
      json: {
        name: "Always",
        timeZone: "UTC",
        weekly: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, start: "00:00", end: "23:59" })),
      },
    }),
  );
  const ids: Record<string, string> = {};
  for (const t of types) {
    const made = await created(
      await call("POST", "/api/event-types", {
        token: a.token,
        json: {
          title: t.title,
          slug: t.slug,
          duration: 30,
          minimumNotice: 60,
          bookingWindowDays: 60,
          location: { type: "video" },
          scheduleId: schedule._id,
          active: t.active ?? true,
        },
      }),
    );
    ids[t.slug] = made._id;
  }
  return { username, ids };
}

let host: Account;
let username: string;
let ids: Record<string, string>;
/** A confirmation page address (with its token) of a booking made through the embedded form. */
let bookedPath: string;

/** The first free slot of the month in view (or the next), as the embedded page links it. */
async function firstSlot(): Promise<{ date: string; slot: string; page: string }> {
  for (const month of [0, 1]) {
    const d = new Date();
    const m = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + month, 1)).toISOString().slice(0, 7);
    const page = `/${username}/intro?tz=UTC&month=${m}&embed=1`;
    const html = await (await call("GET", page)).text();
    const date = /data-date="(\d{4}-\d{2}-\d{2})"/.exec(html)?.[1];
    if (!date) continue;
    const day = await (await call("GET", `${page}&date=${date}`)).text();
    const slot = /[?&]slot=([^&"]+)/.exec(day.replaceAll("&amp;", "&"))?.[1];
    if (slot) return { date, slot: decodeURIComponent(slot), page };
  }
  throw new Error("no free slot in two months");
}

beforeAll(async () => {
  host = await account("host", "professional");
  ({ username, ids } = await hostWith(host, [
    { title: "Intro", slug: "intro" },
    { title: "Off one", slug: "off-one", active: false },
  ]));
});

describe("the embedded booking flow, without cookies", () => {
  it("the host page in embed mode is chromeless and its links stay in embed mode", async () => {
    const res = await call("GET", `/${username}?embed=1`);
    expect(res.status).toBe(200);
    expectFramable(res, "host page");
    const html = await res.text();
    expect(html).toContain(`href="/${username}/intro?embed=1"`);
    expect(html).not.toContain('data-testid="avatar-menu"');
    expect(visibleText(html)).not.toContain("Sign IN");
    // Without embed mode: the site's chrome, the plain links.
    const plain = await (await call("GET", `/${username}`)).text();
    expect(visibleText(plain)).toContain("Sign IN");
    expect(plain).toContain(`href="/${username}/intro"`);
  });

  it("month, day, zone and slot links, the zone form and the booking form all keep embed=1; the page runs the frame script with the nonce", async () => {
    const { date, slot, page } = await firstSlot();
    const res = await call("GET", `${page}&date=${date}`);
    expectFramable(res, "booking page");
    const nonce = /'nonce-([^']+)'/.exec(res.headers.get("content-security-policy") ?? "")?.[1];
    const html = (await res.text()).replaceAll("&amp;", "&");
    expect(visibleText(html)).not.toContain("Sign IN");
    expect(visibleText(html)).not.toContain("All meeting types");
    expect(html).toContain(`<script nonce="${nonce}">`);
    expect(html).toContain("scheduler:resize");
    const links = [...html.matchAll(/href="(\/[^"]*)"/g)]
      .map((m) => m[1])
      .filter((href) => href.startsWith(`/${username}/`));
    expect(links.length).toBeGreaterThan(3);
    for (const href of links) expect(href, href).toContain("embed=1");
    expect(html).toContain('<input type="hidden" name="embed" value="1"/>');
    const form = await (await call("GET", `${page}&date=${date}&slot=${encodeURIComponent(slot)}`)).text();
    const action = /<form method="post" action="([^"]*)"/.exec(form.replaceAll("&amp;", "&"))?.[1] ?? "";
    expect(action).toContain("embed=1");
  });

  it("an embed's theme and brand colour stay in its links, its zone form and the confirmation it lands on", async () => {
    const { date, slot, page } = await firstSlot();
    const look = "theme=dark&brandColor=0f766e";
    const html = (await (await call("GET", `${page}&${look}&date=${date}`)).text()).replaceAll("&amp;", "&");
    expect(html).toMatch(/<html lang="en" class="bg-transparent dark">/);
    const links = [...html.matchAll(/href="(\/[^"]*)"/g)]
      .map((m) => m[1])
      .filter((href) => href.startsWith(`/${username}/`));
    expect(links.length).toBeGreaterThan(3);
    for (const href of links) expect(href, href).toContain(look);
    expect(html).toContain('<input type="hidden" name="theme" value="dark"/>');
    expect(html).toContain('<input type="hidden" name="brandColor" value="0f766e"/>');
    // A colour that fails the contrast rule is not carried along.
    const pale = (await (await call("GET", `${page}&brandColor=a5b4fc&date=${date}`)).text()).replaceAll("&amp;", "&");
    const paleLinks = [...pale.matchAll(/href="(\/[^"]*)"/g)]
      .map((m) => m[1])
      .filter((h) => h.startsWith(`/${username}/`));
    expect(paleLinks.length).toBeGreaterThan(3);
    for (const href of paleLinks) expect(href, href).not.toContain("brandColor");

    const form = `${page}&${look}&date=${date}&slot=${encodeURIComponent(slot)}`;
    const formHtml = (await (await call("GET", form)).text()).replaceAll("&amp;", "&");
    const fields = Object.fromEntries(
      [...formHtml.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1], m[2]]),
    );
    const booked = await call("POST", form, {
      body: new URLSearchParams({
        ...fields,
        slot,
        tz: "UTC",
        name: "Embe Look",
        email: `look-${crypto.randomUUID().slice(0, 6)}@example.test`,
      }),
      headers: FORM,
    });
    expect(booked.status, await booked.clone().text()).toBe(302);
    expect(booked.headers.get("location")).toMatch(/&embed=1&theme=dark&brandColor=0f766e$/);
  });

  it("a guest books inside the frame (no cookies, the frame's own origin), lands on the embedded confirmation, and a second guest gets the 409 in embed mode", async () => {
    const { date, slot, page } = await firstSlot();
    const path = `${page}&date=${date}&slot=${encodeURIComponent(slot)}`;
    const origin = servers()[0];
    // What Chromium sends for a form in a cross-site frame: the frame's origin, no cookies.
    const headers = { ...FORM, origin, "sec-fetch-site": "same-origin", "sec-fetch-dest": "iframe" };
    const body = new URLSearchParams({
      slot,
      tz: "UTC",
      name: "Framed Guest",
      email: `framed-${crypto.randomUUID().slice(0, 6)}@example.test`,
    });
    const res = await call("POST", path, { body, headers });
    expect(res.status, await res.clone().text()).toBe(302);
    const location = res.headers.get("location") ?? "";
    expect(location).toMatch(new RegExp(`^/${username}/intro/booked/[0-9a-f-]{36}\\?token=[^&]+&embed=1$`));
    expect(res.headers.get("set-cookie")).toBeNull();
    bookedPath = location;

    const booked = await call("GET", location);
    expect(booked.status).toBe(200);
    expectFramable(booked, "confirmation");
    const html = (await booked.text()).replaceAll("&amp;", "&");
    expect(visibleText(html)).toContain("You are scheduled");
    expect(visibleText(html)).not.toContain("Sign IN");
    // Reschedule and cancel are not framable pages: they leave the frame.
    expect(html).toMatch(/<a[^>]*href="\/booking\/[^"]+\/reschedule\?token=[^"]+"[^>]*target="_top"/);
    expect(html).toMatch(/<a[^>]*href="\/booking\/[^"]+\/cancel\?token=[^"]+"[^>]*target="_top"/);
    // The .ics link works without cookies.
    const ics = /href="([^"]*\/ics\?token=[^"]+)"/.exec(html)?.[1] ?? "";
    const file = await call("GET", ics);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toMatch(/^text\/calendar/);

    const again = await call("POST", path, {
      body: new URLSearchParams({ slot, tz: "UTC", name: "Late Guest", email: "late@example.test" }),
      headers,
    });
    expect(again.status).toBe(409);
    expectFramable(again, "409 re-render");
    const taken = (await again.text()).replaceAll("&amp;", "&");
    expect(visibleText(taken)).toContain("That time was just taken.");
    expect(visibleText(taken)).not.toContain("Sign IN");
    expect(/<form method="post" action="([^"]*)"/.exec(taken)?.[1]).toContain("embed=1");
  });
});

describe("framing headers", () => {
  it("only booking routes with embed=1 may be framed; without it they refuse, like every other page", async () => {
    expect(bookedPath).toBeTruthy();
    const plainBooked = bookedPath.replace("&embed=1", "");
    for (const path of [`/${username}`, `/${username}/intro`, `/${username}/intro?embed=0`, plainBooked]) {
      const res = await call("GET", path);
      expect(res.status, path).toBe(200);
      expectNotFramable(res, path);
    }
    for (const path of [
      "/",
      "/?embed=1",
      "/signin?embed=1",
      "/signup?embed=1",
      "/pricing?embed=1",
      "/about?embed=1",
      "/eventtype?embed=1",
      `/api/slots?username=${username}&slug=intro&start=2030-01-01&end=2030-01-02&timeZone=UTC&embed=1`,
      "/embed.js",
    ]) {
      expectNotFramable(await call("GET", path), path);
    }
    // The .ics file is a download, never a page to frame.
    expectNotFramable(await call("GET", `${bookedPath.replace("?", "/ics?")}`), "ics");
  });

  it("no dashboard page can be framed, signed in or not, whatever the query", async () => {
    for (const path of [
      "/dashboard?embed=1",
      "/dashboard/profile?embed=1",
      "/dashboard/eventTypes?embed=1",
      `/dashboard/eventTypes/${ids.intro}?embed=1`,
      "/dashboard/apiTokens?embed=1",
    ]) {
      const signedIn = await host.c.get(path);
      expect(signedIn.status, path).toBe(200);
      expectNotFramable(signedIn, path);
      expectNotFramable(await call("GET", path), `${path} signed out`);
    }
  });

  it("crafted paths that would reach another page stay refused", async () => {
    const base = servers()[0];
    for (const path of [
      "/%64ashboard/profile?embed=1",
      `/${username}/%2e%2e?embed=1`,
      `/${username}/..?embed=1`,
      `/${username}/intro/%2e%2e/%2e%2e/dashboard?embed=1`,
      "//dashboard?embed=1",
      `/${username}/intro/?embed=1`,
      `/${username}/intro?embed=0&embed=1`,
      `/Dashboard/profile?embed=1`,
      `/booking/${crypto.randomUUID()}/cancel?token=x&embed=1`,
      `/users/${encodeURIComponent(host.email)}?embed=1`,
    ]) {
      const res = await rawGet(base, path);
      // Some never reach the app (the static files' redirect answers /x/.. with its own CSP): DENY all the same.
      const ancestors = /frame-ancestors ([^;]*)/.exec(String(res.headers["content-security-policy"]))?.[1] ?? "'none'";
      expect({ path, xfo: res.headers["x-frame-options"], ancestors }).toEqual({
        path,
        xfo: "DENY",
        ancestors: "'none'",
      });
    }
  });
});

describe("/embed.js", () => {
  it("is JavaScript any site may load, cached for a while", async () => {
    const res = await call("GET", "/embed.js");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^(application|text)\/javascript/);
    expect(res.headers.get("cache-control")).toMatch(/max-age=\d+/);
    expect(res.headers.get("cross-origin-resource-policy")).toBe("cross-origin");
    const js = await res.text();
    expect(js).toContain("data-scheduler-embed");
    expect(js).toContain("data-scheduler-popup");
    expect(js).toContain("scheduler:resize");
  });
});

describe("the Embed section of the event type page", () => {
  const snippetOf = (html: string, id: string) => {
    const raw = new RegExp(`<textarea[^>]*id="${id}"[^>]*>([\\s\\S]*?)</textarea>`).exec(html)?.[1] ?? "";
    return raw.replaceAll("&lt;", "<").replaceAll("&gt;", ">").replaceAll("&quot;", '"').replaceAll("&amp;", "&");
  };

  it("shows the owner both snippets for their booking page, at the request's origin", async () => {
    const res = await host.c.get(`/dashboard/eventTypes/${ids.intro}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(visibleText(html)).toContain("Embed on your website");
    const base = servers()[0];
    const inline = snippetOf(html, "embed-inline");
    expect(inline).toContain(
      `<iframe src="${base}/${username}/intro?embed=1" title="Book Intro with Embed host" data-scheduler-embed loading="lazy"`,
    );
    expect(inline).toContain(`<script src="${base}/embed.js" async></script>`);
    const popup = snippetOf(html, "embed-popup");
    expect(popup).toContain(`<script src="${base}/embed.js" async></script>`);
    expect(popup).toContain(`<a href="${base}/${username}/intro" data-scheduler-popup="${base}/${username}/intro"`);
    expect(html).toContain(`href="${base}/${username}/intro?embed=1"`);
    // The list links to the section.
    expect(await (await host.c.get("/dashboard/eventTypes")).text()).toContain(
      `href="/dashboard/eventTypes/${ids.intro}#embed"`,
    );
  });

  it("the GET form's theme and brand colour go into both snippets and the preview; a colour too light is refused and left out", async () => {
    const base = servers()[0];
    const res = await host.c.get(`/dashboard/eventTypes/${ids.intro}?embedTheme=dark&embedColor=%230F766E`);
    expect(res.status).toBe(200);
    const html = await res.text();
    // The form is a GET form with the choice kept.
    expect(html).toMatch(/<form method="get"[^>]*data-testid="embed-look"/);
    const radio = (value: string) =>
      [...html.matchAll(/<input[^>]*>/g)]
        .map((m) => m[0])
        .find((tag) => tag.includes('name="embedTheme"') && tag.includes(`value="${value}"`));
    expect(radio("dark")).toContain("checked");
    expect(radio("light")).not.toContain("checked");
    expect(html).toContain('value="#0F766E"');
    // In the snippets' attributes the & is written &amp;, as HTML wants it.
    const page = `${base}/${username}/intro?theme=dark&amp;brandColor=0f766e`;
    expect(snippetOf(html, "embed-inline")).toContain(
      `<iframe src="${page}&amp;embed=1" title="Book Intro with Embed host"`,
    );
    const popup = snippetOf(html, "embed-popup");
    expect(popup).toContain(`<a href="${page}" data-scheduler-popup="${page}"`);
    expect(popup).toContain("background:#0f766e;color:#fff");
    expect(html).toContain(`href="${page}&amp;embed=1"`);

    // Auto: the visitor's system setting; the colour left empty is the host's own (no parameter).
    const auto = await (await host.c.get(`/dashboard/eventTypes/${ids.intro}?embedTheme=auto&embedColor=`)).text();
    expect(snippetOf(auto, "embed-inline")).toContain(`<iframe src="${base}/${username}/intro?theme=auto&amp;embed=1"`);
    // The embedded page asked for auto has no theme class: the stylesheet follows the system.
    const framed = await fetch(`${base}/${username}/intro?theme=auto&embed=1`, { headers: { cookie: "theme=dark" } });
    expect(await framed.text()).toMatch(/<html lang="en" class="bg-transparent ">/);

    const light = await (
      await host.c.get(`/dashboard/eventTypes/${ids.intro}?embedTheme=light&embedColor=a5b4fc`)
    ).text();
    expect(visibleText(light)).toMatch(
      /This colour is too light for white text: contrast \d\.\d:1, at least 4\.5:1 is needed\./,
    );
    expect(snippetOf(light, "embed-inline")).toContain(`<iframe src="${base}/${username}/intro?embed=1"`);
    expect(snippetOf(light, "embed-popup")).toContain("background:#4f46e5");
    // Nonsense is no 500: an unknown theme is light, a colour that is no colour is refused.
    const junk = await host.c.get(`/dashboard/eventTypes/${ids.intro}?embedTheme=sepia&embedColor=%3Cscript%3E`);
    expect(junk.status).toBe(200);
    expect(snippetOf(await junk.text(), "embed-inline")).toContain(`<iframe src="${base}/${username}/intro?embed=1"`);
  });

  it("says what to do instead of a dead snippet: a switched-off event type, a host without a username", async () => {
    const off = await (await host.c.get(`/dashboard/eventTypes/${ids["off-one"]}`)).text();
    expect(visibleText(off)).toContain("This event type is off");
    expect(off).not.toContain('id="embed-inline"');

    const bare = await account("bare", "professional");
    const { ids: bareIds } = await hostWith(bare, [{ title: "Chat", slug: "chat" }]);
    await db`update users set username = null where id = ${bare.id}`;
    const page = await (await bare.c.get(`/dashboard/eventTypes/${bareIds.chat}`)).text();
    expect(visibleText(page)).toContain("Choose a username first");
    expect(page).not.toContain('id="embed-inline"');
    // A new event type has no section yet.
    expect(await (await bare.c.get("/dashboard/eventTypes/new")).text()).not.toContain("Embed on your website");
  });

  it("is another host's 404 and an admin's 403", async () => {
    const other = await account("other", "professional");
    const res = await other.c.get(`/dashboard/eventTypes/${ids.intro}`);
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain(username);
    const admin = await account("admin", "admin");
    expect((await admin.c.get(`/dashboard/eventTypes/${ids.intro}`)).status).toBe(403);
  });

  describe("with APP_URL set", () => {
    const APP_URL = "https://book.example.com";
    let server: RunningServer;
    beforeAll(async () => {
      server = await startServer(ownServerEnv({ APP_URL, TRUST_PROXY: "loopback" }));
    });
    afterAll(async () => {
      await server?.stop();
    });

    it("the snippets use the public address", async () => {
      // Signed up on a test server (a form post from the APP_URL server's own address would not be
      // from APP_URL's origin: decision 063); the same session on the APP_URL server.
      const a = await account("public", "professional");
      const { username: name, ids: own } = await hostWith(a, [{ title: "Demo", slug: "demo" }]);
      const there = new HttpClient(server.url);
      for (const [k, v] of a.c.cookies) there.cookies.set(k, v);
      const page = await there.get(`/dashboard/eventTypes/${own.demo}`);
      expect(page.status).toBe(200);
      const html = await page.text();
      const inline = snippetOf(html, "embed-inline");
      expect(inline).toContain(`<iframe src="${APP_URL}/${name}/demo?embed=1"`);
      expect(inline).toContain(`<script src="${APP_URL}/embed.js" async></script>`);
      expect(snippetOf(html, "embed-popup")).toContain(`data-scheduler-popup="${APP_URL}/${name}/demo"`);
    });
  });
});
