/**
 * Branding and dark mode (decision 108) over real HTTP against PostgreSQL: the brand colour of a
 * host (PATCH /api/me, the profile form) and of a team (PATCH /api/teams/{id}, the team settings
 * form), refused with its contrast ratio when white text cannot be read on it; the booking page
 * carrying the colour (and an embed's ?brandColor= / ?theme=); the theme cookie making the
 * server render <html class="dark">; the "Powered by" line left out for a paid host.
 */
import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { HttpClient, visibleText } from "../support/http";
import { allDayEventType, API_PASSWORD, apiClient, errorOf, ok, type Account } from "./api-client";
import { holdPackage, servers, signIn } from "./context";

const { db, call, account, freshIp } = apiClient({ ipPrefix: "10.108", namePrefix: "Brand" });

let host: Account;
let username: string;
const slug = "brand-call";

/** A visitor's page, with a cookie of its own so the page cache never answers it. */
async function page(path: string, cookie = "visitor=1"): Promise<string> {
  const res = await fetch(new URL(path, servers()[0]), { headers: { cookie, "x-forwarded-for": freshIp() } });
  const html = await res.text();
  expect(res.status, html.slice(0, 300)).toBe(200);
  return html;
}

const sectionOf = (html: string) => /<section lang="[^"]*"[^>]*>/.exec(html)?.[0] ?? "";

beforeAll(async () => {
  host = await account("host");
  username = `br${crypto.randomUUID().slice(0, 8)}`;
  await db`update users set username = ${username} where id = ${host.id}`;
  await allDayEventType(call, host.token, { title: "Brand call", slug, duration: 30, location: { type: "video" } });
});

describe("the host's brand colour", () => {
  it("PATCH /api/me refuses a colour too light for white text with its ratio, takes a dark one, and null clears it", async () => {
    const refused = await call("PATCH", "/api/me", { token: host.token, json: { brandColor: "#f59e0b" } });
    expect(refused.status).toBe(400);
    expect((await errorOf(refused)).fields?.brandColor).toEqual([
      "This colour is too light for white text: contrast 2.1:1, at least 4.5:1 is needed.",
    ]);
    const bad = await call("PATCH", "/api/me", { token: host.token, json: { brandColor: "teal" } });
    expect((await errorOf(bad)).fields?.brandColor?.[0]).toMatch(/hex code/);

    const saved = await ok<{ brandColor: string | null; email: string }>(
      await call("PATCH", "/api/me", { token: host.token, json: { brandColor: "0F766E" } }),
    );
    expect(saved).toMatchObject({ brandColor: "#0f766e", email: host.email });
    expect((await ok<{ brandColor: string }>(await call("GET", "/api/me", { token: host.token }))).brandColor).toBe(
      "#0f766e",
    );

    const cleared = await ok<{ brandColor: string | null }>(
      await call("PATCH", "/api/me", { token: host.token, json: { brandColor: null } }),
    );
    expect(cleared.brandColor).toBeNull();
    const [row] = await db`select brand_color from users where id = ${host.id}`;
    expect(row.brand_color).toBeNull();
  });

  it("the profile form refuses a light colour with the reason and saves a dark one", async () => {
    const browser = new HttpClient(servers()[0], { "x-forwarded-for": freshIp() });
    expect((await signIn(browser, host.email, API_PASSWORD)).status).toBe(302);
    const refused = await browser.post("/dashboard/profile", { intent: "brandColor", brandColor: "#ffff00" });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("This colour is too light for white text: contrast 1.0:1");
    const [before] = await db`select brand_color from users where id = ${host.id}`;
    expect(before.brand_color).toBeNull();

    const saved = await browser.post("/dashboard/profile", { intent: "brandColor", brandColor: "#7c3aed" });
    expect(saved.status).toBe(302);
    const [after] = await db`select brand_color from users where id = ${host.id}`;
    expect(after.brand_color).toBe("#7c3aed");
  });

  it("the booking page carries the colour; an embed's ?brandColor= replaces it only when it passes", async () => {
    await ok(await call("PATCH", "/api/me", { token: host.token, json: { brandColor: "#0f766e" } }));
    const own = sectionOf(await page(`/${username}/${slug}`));
    expect(own).toContain('data-brand=""');
    expect(own).toContain("--c-accent:15 118 110");

    const embedded = sectionOf(await page(`/${username}/${slug}?embed=1&brandColor=7c3aed`));
    expect(embedded).toContain("--c-accent:124 58 237");
    // Too light for white text: the host's own colour stays.
    const tooLight = sectionOf(await page(`/${username}/${slug}?embed=1&brandColor=fde68a`));
    expect(tooLight).toContain("--c-accent:15 118 110");

    await ok(await call("PATCH", "/api/me", { token: host.token, json: { brandColor: null } }));
    expect(sectionOf(await page(`/${username}/${slug}`))).not.toContain("data-brand");
  });
});

describe("a team's brand colour", () => {
  it("owners set it over JSON (a refused one is 400), members read it, and the settings form takes it", async () => {
    const teamSlug = `bt${crypto.randomUUID().slice(0, 8)}`;
    const team = await ok<{ id: string; brandColor: string | null }>(
      await call("POST", "/api/teams", { token: host.token, json: { name: "Brand team", slug: teamSlug } }),
      201,
    );
    expect(team.brandColor).toBeNull();
    const refused = await call("PATCH", `/api/teams/${team.id}`, {
      token: host.token,
      json: { brandColor: "#a5b4fc" },
    });
    expect((await errorOf(refused)).fields?.brandColor?.[0]).toMatch(
      /^This colour is too light for white text: contrast/,
    );
    const saved = await ok<{ brandColor: string }>(
      await call("PATCH", `/api/teams/${team.id}`, { token: host.token, json: { brandColor: "#b91c1c" } }),
    );
    expect(saved.brandColor).toBe("#b91c1c");
    expect(
      (await ok<{ brandColor: string }>(await call("GET", `/api/teams/${team.id}`, { token: host.token }))).brandColor,
    ).toBe("#b91c1c");
    const listed = await ok<Array<{ id: string; brandColor: string }>>(
      await call("GET", "/api/teams", { token: host.token }),
    );
    expect(listed.find((t) => t.id === team.id)?.brandColor).toBe("#b91c1c");

    const outsider = await account("outsider");
    expect((await call("GET", `/api/teams/${team.id}`, { token: outsider.token })).status).toBe(404);
    expect(
      (await call("PATCH", `/api/teams/${team.id}`, { token: outsider.token, json: { brandColor: "#000000" } })).status,
    ).toBe(404);

    const browser = new HttpClient(servers()[0], { "x-forwarded-for": freshIp() });
    expect((await signIn(browser, host.email, API_PASSWORD)).status).toBe(302);
    const form = await browser.post(`/dashboard/teams/${team.id}`, { intent: "brandColor", brandColor: "#065f46" });
    expect(form.status).toBe(302);
    const [row] = await db`select brand_color from teams where id = ${team.id}`;
    expect(row.brand_color).toBe("#065f46");
  });
});

describe("the theme", () => {
  it("no cookie: no theme class (the stylesheet follows the system); the cookie makes the first HTML dark or light", async () => {
    expect(await page("/about")).toMatch(/<html lang="en" class="h-full ">/);
    expect(await page("/about", "theme=dark")).toMatch(/<html lang="en" class="h-full dark">/);
    expect(await page("/about", "theme=light")).toMatch(/<html lang="en" class="h-full light">/);
    // The stylesheet follows the system setting without a class, and a class overrides it.
    const css = await page("/about");
    expect(css).toContain("@media (prefers-color-scheme: dark){:root:not(.light){color-scheme:dark");
    expect(css).toContain(":root.dark{color-scheme:dark");
  });

  it("POST /theme sets or clears the cookie and goes back to the page it came from; a bad choice is 400", async () => {
    const browser = new HttpClient(servers()[0], { "x-forwarded-for": freshIp() });
    const base = servers()[0];
    const dark = await browser.post("/theme", { theme: "dark" }, { referer: `${base}/pricing?x=1` });
    expect(dark.status).toBe(303);
    expect(dark.headers.get("location")).toBe("/pricing?x=1");
    expect(dark.headers.get("set-cookie")).toMatch(/^theme=dark; Path=\/; Max-Age=31536000; SameSite=Lax/);
    expect(await (await browser.get("/pricing")).text()).toMatch(/<html lang="en" class="h-full dark">/);

    const system = await browser.post("/theme", { theme: "system", redirectTo: "/about" });
    expect(system.headers.get("location")).toBe("/about");
    expect(browser.cookies.has("theme")).toBe(false);
    // Another site's page is never where it goes back to.
    const foreign = await browser.post("/theme", { theme: "light" }, { referer: "https://elsewhere.example/pricing" });
    expect(foreign.headers.get("location")).toBe("/");
    const offsite = await browser.post("/theme", { theme: "light", redirectTo: "//elsewhere.example/" });
    expect(offsite.headers.get("location")).toBe("/");

    const bad = await browser.post("/theme", { theme: "sepia" });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toBe("Choose a theme: system, light or dark.");
  });

  it("POST /theme asking for JSON (the page's script, decision 117) sets the same cookie and answers 200, no redirect", async () => {
    const browser = new HttpClient(servers()[0], { "x-forwarded-for": freshIp() });
    const dark = await browser.post("/theme", { theme: "dark" }, { accept: "application/json" });
    expect(dark.status).toBe(200);
    expect(dark.headers.get("location")).toBeNull();
    expect(await dark.json()).toEqual({ theme: "dark" });
    expect(dark.headers.get("set-cookie")).toMatch(/^theme=dark; Path=\/; Max-Age=31536000; SameSite=Lax/);
    expect(await (await browser.get("/pricing")).text()).toMatch(/<html lang="en" class="h-full dark">/);
    const system = await browser.post("/theme", { theme: "system" }, { accept: "application/json" });
    expect(await system.json()).toEqual({ theme: "system" });
    expect(browser.cookies.has("theme")).toBe(false);
    const bad = await browser.post("/theme", { theme: "sepia" }, { accept: "application/json" });
    expect(bad.status).toBe(400);
  });

  it("every page's head carries the toggle's listener, so the choice applies without a reload", async () => {
    const html = await (await fetch(new URL("/pricing", servers()[0]), { headers: { cookie: "visitor=1" } })).text();
    expect(html).toMatch(/<script id="tz-hint"[^>]*>[^<]*addEventListener\("submit"[^<]*\/theme/);
  });

  it("an embed takes ?theme=dark, and is light without it whatever the cookie says", async () => {
    expect(await page(`/${username}/${slug}?embed=1&theme=dark`)).toMatch(
      /<html lang="en" class="bg-transparent dark">/,
    );
    expect(await page(`/${username}/${slug}?embed=1`, "theme=dark")).toMatch(
      /<html lang="en" class="bg-transparent light">/,
    );
  });
});

describe("Powered by", () => {
  it("shows on a free host's booking page and is left out once the host holds a package", async () => {
    const free = await account("free");
    const name = `pb${crypto.randomUUID().slice(0, 8)}`;
    await db`update users set username = ${name} where id = ${free.id}`;
    await allDayEventType(call, free.token, {
      title: "Plan call",
      slug: "plan",
      duration: 30,
      location: { type: "video" },
    });
    // The page's words travel in its data too: only the rendered text counts.
    expect(visibleText(await page(`/${name}/plan`))).toContain("Powered by Scheduler");
    await holdPackage(free.email);
    expect(visibleText(await page(`/${name}/plan`))).not.toContain("Powered by");
  });
});
