/**
 * The plan's calendar limit (decision 080) over real HTTP against PostgreSQL: the seeded Basic
 * (free) package allows one calendar connection, Standard five. ICS feeds are local HTTP servers
 * and CalDAV is Debian's Radicale; Google and Microsoft 365 are refused the same way in
 * google-calendar.test.ts and microsoft-calendar.test.ts (their callbacks).
 *
 * Covered: a free host's second connection is refused on the page (403, the message, an upgrade
 * link to /pricing) and over JSON (403 plan_limit), for an ICS feed and a CalDAV account; the same
 * feed connected again is no new connection; a host holding Standard connects a second; after a
 * downgrade (the paid month over) both connections stay and sync, and a third is refused.
 */
import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiClient, errorOf, ok, type Account } from "./api-client";
import { holdPackage } from "./context";
import { RADICALE_PASSWORD, startRadicale, type Radicale } from "../support/radicale";

const { db, call, account } = apiClient({ ipPrefix: "10.139", namePrefix: "Limit" });

const FEED = [
  "BEGIN:VCALENDAR",
  "VERSION:2.0",
  "PRODID:-//test//EN",
  "BEGIN:VEVENT",
  "UID:limit-1",
  "DTSTAMP:20260101T000000Z",
  "DTSTART:20300101T100000Z",
  "DTEND:20300101T110000Z",
  "SUMMARY:Busy",
  "END:VEVENT",
  "END:VCALENDAR",
  "",
].join("\r\n");

let feeds: http.Server;
let base = "";
let radicale: Radicale;

beforeAll(async () => {
  feeds = http.createServer((_req, res) => res.writeHead(200, { "content-type": "text/calendar" }).end(FEED));
  await new Promise<void>((r) => feeds.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(feeds.address() as AddressInfo).port}`;
  radicale = await startRadicale(["limit"]);
  await radicale.makeCalendar("limit", "work", "Work");
});

afterAll(async () => {
  await new Promise<void>((r) => (feeds ? feeds.close(() => r()) : r()));
  await radicale?.stop();
});

const feed = () => `${base}/${crypto.randomUUID()}.ics`;
const connectFeed = (who: Account, url = feed()) =>
  call("POST", "/api/calendars", { token: who.token, json: { type: "ics", url } });
const connections = async (who: Account) =>
  ok<Array<{ id: string; type: string; status: string }>>(await call("GET", "/api/calendars", { token: who.token }));

describe("the free plan connects one calendar", () => {
  it("refuses a second ICS feed over JSON (403 plan_limit) and on the page (403, upgrade link); the same feed again is allowed", async () => {
    const host = await account("free");
    const first = feed();
    await ok(await connectFeed(host, first), 201);

    const refused = await connectFeed(host);
    expect(refused.status).toBe(403);
    const error = await errorOf(refused);
    expect(error.code).toBe("plan_limit");
    expect(error.message).toBe("Your plan connects up to 1 calendar. Upgrade to connect more.");

    const page = await host.c.post("/dashboard/calendars", { intent: "ics", url: feed() });
    expect(page.status).toBe(403);
    expect(await page.text()).toContain("Your plan connects up to 1 calendar. Upgrade to connect more.");
    const shown = await (await host.c.get("/dashboard/calendars")).text();
    expect(shown).toMatch(/Your plan connects up to 1 calendar, and you have 1 connected/);
    expect(shown).toMatch(/<a href="\/pricing"[^>]*>upgrade your plan<\/a>/);

    // Connecting the same feed again replaces it: no second connection, so no refusal.
    await ok(await connectFeed(host, first), 201);
    expect(await connections(host)).toHaveLength(1);
  });

  it("refuses a CalDAV account after a feed, over JSON and on the page", async () => {
    const host = await account("freedav");
    await ok(await connectFeed(host), 201);
    const json = await call("POST", "/api/calendars", {
      token: host.token,
      json: { type: "caldav", url: radicale.url, username: "limit", password: RADICALE_PASSWORD },
    });
    expect(json.status).toBe(403);
    expect((await errorOf(json)).code).toBe("plan_limit");
    const page = await host.c.post("/dashboard/calendars", {
      intent: "caldav",
      url: radicale.url,
      username: "limit",
      password: RADICALE_PASSWORD,
    });
    expect(page.status).toBe(403);
    expect(await page.text()).toContain("Your plan connects up to 1 calendar.");
    expect((await connections(host)).map((c) => c.type)).toEqual(["ics"]);
  });
});

describe("a paid package connects more", () => {
  it("a Standard host connects a feed and a CalDAV account; after the month ends both stay and sync, a third is refused", async () => {
    const host = await account("paid");
    await holdPackage(host.email, "Standard");
    await ok(await connectFeed(host), 201);
    await ok(
      await call("POST", "/api/calendars", {
        token: host.token,
        json: { type: "caldav", url: radicale.url, username: "limit", password: RADICALE_PASSWORD },
      }),
      201,
    );
    expect(await connections(host)).toHaveLength(2);
    const page = await (await host.c.get("/dashboard/calendars")).text();
    expect(page).not.toContain("Your plan connects up to");

    // The paid month is over: back on the free plan (decision 080: nothing is disconnected).
    await db`update users set professional_until = now() - interval '1 minute' where id = ${host.id}`;
    const kept = await connections(host);
    expect(kept).toHaveLength(2);
    for (const c of kept) {
      const synced = await ok<{ status: string }>(
        await call("POST", `/api/calendars/${c.id}/sync`, { token: host.token }),
      );
      expect(synced.status).toBe("ok");
    }
    const third = await connectFeed(host);
    expect(third.status).toBe(403);
    expect((await errorOf(third)).message).toBe("Your plan connects up to 1 calendar. Upgrade to connect more.");
    expect(await (await host.c.get("/dashboard/calendars")).text()).toMatch(
      /Your plan connects up to 1 calendar, and you have 2 connected/,
    );
  });
});
