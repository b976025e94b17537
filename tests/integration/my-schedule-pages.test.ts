/**
 * My Schedule (/dashboard) in pages (decision 104) over real HTTP against PostgreSQL, as a
 * browser without JavaScript: plain links with ?page=.
 *
 * Covered: a host with 120 upcoming and 7 past events sees 25 a page, upcoming soonest first and
 * then past latest first across the pages, where they are ("Showing 26–50 of 127 events") and
 * Previous/Next links; a page beyond the last, and garbage page values, answer the last or the
 * first page (or a 400 from the server's request hygiene), never a 500; another host's events
 * never show; a page holds at most 25 event cards; a modal and a delete keep the page.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { uniqueEmail, visibleText, type HttpClient } from "../support/http";
import { client, signUp, sql } from "./context";

const db = sql();
const HOUR = 3_600_000;

interface Host {
  c: HttpClient;
  id: string;
}

async function newHost(prefix: string): Promise<Host> {
  const c = client();
  const email = uniqueEmail(prefix);
  expect((await signUp(c, email, "correct-horse-battery", `Host ${prefix}`)).status).toBe(302);
  const [user] = await db`update users set role = 'professional' where email = ${email} returning id`;
  return { c, id: user.id as string };
}

/** Events of `hostId` named `${name} 000`, `${name} 001`… starting at `first`, every two hours, 30 minutes long. */
async function seed(hostId: string, name: string, first: number, n: number) {
  const rows = Array.from({ length: n }, (_, i) => {
    const startsAt = new Date(first + i * 2 * HOUR);
    return {
      host_id: hostId,
      event_name: `${name} ${String(i).padStart(3, "0")}`,
      event_type: "Phone Call",
      event_with: "One-to-One",
      description: "Paged",
      starts_at: startsAt,
      ends_at: new Date(startsAt.getTime() + 30 * 60_000),
    };
  });
  return db`insert into events ${db(rows)} returning id, event_name`;
}

async function page(c: HttpClient, query = ""): Promise<{ status: number; html: string }> {
  const res = await c.get(`/dashboard${query}`);
  return { status: res.status, html: (await res.text()).replaceAll("<!-- -->", "") };
}

/** The event cards' names, in the page's order. */
function names(html: string): string[] {
  return [...html.matchAll(/<h2 id="event-[^"]+"[^>]*>([^<]*)<\/h2>/g)].map((m) => m[1]);
}

function cardCount(html: string): number {
  return html.match(/data-testid="event-card"/g)?.length ?? 0;
}

function link(html: string, rel: "prev" | "next"): string | null {
  const m = html.match(new RegExp(`<a[^>]*rel="${rel}"[^>]*href="([^"]*)"`));
  return m ? m[1].replaceAll("&amp;", "&") : null;
}

const future = (from: number, to: number) =>
  Array.from({ length: to - from }, (_, i) => `Future ${String(from + i).padStart(3, "0")}`);

let host: Host;
let stranger: Host;

beforeAll(async () => {
  host = await newHost("paged");
  stranger = await newHost("stranger");
  const tomorrow = Math.floor(Date.now() / HOUR) * HOUR + 24 * HOUR;
  await seed(host.id, "Future", tomorrow, 120);
  // Seven past events, "Past 000" the latest: named from the most recent backwards.
  const rows = await seed(host.id, "Past", tomorrow - 40 * 24 * HOUR, 7);
  for (const [i, r] of rows.entries())
    await db`update events set event_name = ${`Past ${String(6 - i).padStart(3, "0")}`} where id = ${r.id}`;
  await seed(stranger.id, "Stranger", tomorrow, 30);
});

describe("My Schedule in pages", () => {
  it("page 1: the 25 soonest, where the host is, Next and no Previous", async () => {
    const { status, html } = await page(host.c);
    expect(status).toBe(200);
    expect(names(html)).toEqual(future(0, 25));
    expect(visibleText(html)).toContain("Showing 1–25 of 127 events");
    expect(visibleText(html)).toContain("Page 1 of 6");
    expect(link(html, "next")).toBe("/dashboard?page=2");
    expect(link(html, "prev")).toBeNull();
  });

  it("the next pages go on where the last stopped, then into the past, latest first", async () => {
    const two = await page(host.c, "?page=2");
    expect(names(two.html)).toEqual(future(25, 50));
    expect(visibleText(two.html)).toContain("Showing 26–50 of 127 events");
    expect(link(two.html, "prev")).toBe("/dashboard");
    expect(link(two.html, "next")).toBe("/dashboard?page=3");

    const five = await page(host.c, "?page=5");
    expect(names(five.html)).toEqual([...future(100, 120), "Past 000", "Past 001", "Past 002", "Past 003", "Past 004"]);

    const last = await page(host.c, "?page=6");
    expect(names(last.html)).toEqual(["Past 005", "Past 006"]);
    expect(visibleText(last.html)).toContain("Showing 126–127 of 127 events");
    expect(link(last.html, "next")).toBeNull();
    expect(link(last.html, "prev")).toBe("/dashboard?page=5");
  });

  it("every page has at most 25 event cards and stays well under 300 KB; the pages together hold each event once", async () => {
    const seen: string[] = [];
    for (let n = 1; n <= 6; n++) {
      const { html } = await page(host.c, `?page=${n}`);
      expect(cardCount(html)).toBeLessThanOrEqual(25);
      expect(Buffer.byteLength(html)).toBeLessThan(300_000);
      seen.push(...names(html));
    }
    expect(seen).toHaveLength(127);
    expect(new Set(seen).size).toBe(127);
  });

  it("another host's events never show, on any page", async () => {
    for (let n = 1; n <= 6; n++) expect((await page(host.c, `?page=${n}`)).html).not.toContain("Stranger");
    const theirs = await page(stranger.c);
    expect(names(theirs.html)).toHaveLength(25);
    expect(names(theirs.html).every((n) => n.startsWith("Stranger"))).toBe(true);
  });

  it("a page beyond the last is the last; garbage is page 1 or a 400, never a 500", async () => {
    for (const q of ["?page=7", "?page=999999", "?page=99999999999999999999"]) {
      const { status, html } = await page(host.c, q);
      expect(status, q).toBe(200);
      expect(names(html), q).toEqual(["Past 005", "Past 006"]);
    }
    for (const q of [
      "?page=0",
      "?page=-3",
      "?page=abc",
      "?page=2.5",
      "?page=1e3",
      "?page=",
      "?page=%20",
      "?page[]=2",
    ]) {
      const { status, html } = await page(host.c, q);
      expect(status, q).toBe(200);
      expect(names(html), q).toEqual(future(0, 25));
    }
    for (const q of ["?page=%00", "?page=%0A2", "?page=%E0%A4%A", "?page=%ff"]) {
      const { status, html } = await page(host.c, q);
      expect(status, q).toBeLessThan(500);
      if (status === 200) expect(cardCount(html), q).toBeLessThanOrEqual(25);
      else expect(status, q).toBeGreaterThanOrEqual(400);
    }
  });

  it("a modal opened on page 3 closes back to page 3, and a delete there comes back to it", async () => {
    const three = await page(host.c, "?page=3");
    const target = three.html.match(/href="\/dashboard\?page=3&amp;delete=([0-9a-f-]{36})"/);
    expect(target).not.toBeNull();
    const modal = await page(host.c, `?page=3&delete=${target![1]}`);
    expect(modal.status).toBe(200);
    expect(modal.html).toContain('action="/dashboard?index&amp;page=3"');
    // The pages' links never carry the open modal to another page.
    expect(link(modal.html, "next")).toBe("/dashboard?page=4");

    const res = await host.c.post("/dashboard?index&page=3", { intent: "delete", eventId: target![1] });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/dashboard?page=3");
    expect(visibleText((await page(host.c, "?page=3")).html)).toContain("Showing 51–75 of 126 events");
  });

  it("an event on another page still opens in its modal; another host's id is a 404", async () => {
    const [later] = await db`select id from events where host_id = ${host.id} and event_name = 'Future 110'`;
    expect((await page(host.c, `?edit=${later.id}`)).status).toBe(200);
    const [theirs] = await db`select id from events where host_id = ${stranger.id} limit 1`;
    expect((await page(host.c, `?page=2&edit=${theirs.id}`)).status).toBe(404);
  });
});
