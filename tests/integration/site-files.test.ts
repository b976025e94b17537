/**
 * The files crawlers and browsers ask every site for (issue 40): /favicon.ico, /robots.txt,
 * /sitemap.xml, and the absolute og:url of public pages, all from APP_URL (the suite's servers
 * run with their own address as APP_URL: tests/support/server.ts).
 */
import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { apiClient, allDayEventType } from "./api-client";
import { servers } from "./context";

const { db, call, account } = apiClient({ ipPrefix: "10.141", namePrefix: "Site" });
const base = () => servers()[0].replace(/\/$/, "");

describe("site files", () => {
  it("/favicon.ico is an icon", async () => {
    const res = await call("GET", "/favicon.ico");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);
    const bytes = new Uint8Array(await res.arrayBuffer());
    // ICONDIR: reserved 0, type 1 (icon), at least one image.
    expect([...bytes.slice(0, 4)]).toEqual([0, 0, 1, 0]);
    expect(bytes[4]).toBeGreaterThanOrEqual(1);
  });

  it("/robots.txt allows the booking pages, keeps crawlers out of the app, admin and API, and names the sitemap", async () => {
    const res = await call("GET", "/robots.txt");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
    const lines = (await res.text()).split("\n");
    expect(lines).toContain("User-agent: *");
    expect(lines).toContain("Allow: /");
    for (const path of ["/dashboard", "/admin", "/api"]) expect(lines).toContain(`Disallow: ${path}`);
    expect(lines).toContain(`Sitemap: ${base()}/sitemap.xml`);
  });

  it("/sitemap.xml lists the public pages and active hosts' booking pages, absolute; not an event type that is off nor a deactivated host's", async () => {
    const host = await account("sitemap");
    const username = `site${crypto.randomUUID().slice(0, 8)}`;
    await db`update users set username = ${username} where id = ${host.id}`;
    const on = await allDayEventType(call, host.token, {
      title: "On",
      duration: 30,
      slug: `on-${crypto.randomUUID().slice(0, 6)}`,
    });
    const off = await allDayEventType(call, host.token, {
      title: "Off",
      duration: 30,
      slug: `off-${crypto.randomUUID().slice(0, 6)}`,
    });
    await db`update event_types set active = false where id = ${off._id}`;
    const gone = await account("sitemapgone");
    const goneName = `gone${crypto.randomUUID().slice(0, 8)}`;
    await allDayEventType(call, gone.token, { title: "Gone", duration: 30, slug: "gone-call" });
    await db`update users set username = ${goneName}, deactivated_at = now() where id = ${gone.id}`;

    const res = await call("GET", "/sitemap.xml");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/xml/);
    const xml = await res.text();
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>/);
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    for (const loc of locs) expect(loc.startsWith(`${base()}/`), loc).toBe(true);
    expect(locs).toEqual(expect.arrayContaining([`${base()}/`, `${base()}/pricing`, `${base()}/about`]));
    expect(locs).toContain(`${base()}/${username}`);
    expect(locs).toContain(`${base()}/${username}/${String(on.slug)}`);
    expect(locs).not.toContain(`${base()}/${username}/${String(off.slug)}`);
    expect(locs.some((l) => l.includes(goneName))).toBe(false);
    expect(locs.some((l) => /\/(dashboard|admin|api)(\/|$)/.test(l))).toBe(false);
  });

  it("public pages carry their absolute og:url; the dashboard does not", async () => {
    for (const path of ["/", "/pricing", "/about"]) {
      const html = await (await call("GET", path)).text();
      expect(html, path).toContain(`<meta property="og:url" content="${base()}${path}"/>`);
    }
    const host = await account("ogdash");
    const dashboard = await (await host.c.get("/dashboard")).text();
    expect(dashboard).not.toContain('property="og:url"');
  });
});
