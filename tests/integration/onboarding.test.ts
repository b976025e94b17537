/**
 * A new host's start (decision 041) over real HTTP against PostgreSQL.
 *
 * Covered: sign-up gives a username from the name (the next free one for a second person of
 * the same name), the default schedule and a "30 Minute Meeting" event type that guests can book
 * at once; My Schedule's checklist shows what is left (with links) and goes once all is done;
 * Event Types has "View booking page"; the profile's booking link is a link.
 */
import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { client, signUp, sql } from "./context";
import { uniqueEmail, visibleText } from "../support/http";
import { ok } from "./api-client";

const db = sql();

async function newHost(name: string) {
  const c = client();
  const email = uniqueEmail("onboard");
  expect((await signUp(c, email, "correct-horse-battery", name, { onboarded: true })).status).toBe(302);
  const [row] = await db`select id, username from users where email = ${email}`;
  return { c, email, id: row.id as string, username: row.username as string | null };
}

describe("sign-up", () => {
  it("gives a username from the name, the default schedule and a bookable 30 Minute Meeting; the checklist follows", async () => {
    const last =
      crypto
        .randomUUID()
        .replace(/[^a-f]/g, "")
        .slice(0, 6) || "zed";
    const first = await newHost(`Ada ${last}`);
    const second = await newHost(`Ada ${last}`);
    expect(first.username).toBe(`ada-${last}`);
    expect(second.username).toBe(`ada-${last}-2`);

    const types =
      await db`select title, slug, duration, active, requires_approval from event_types where user_id = ${first.id}`;
    expect(types).toEqual([
      { title: "30 Minute Meeting", slug: "30min", duration: 30, active: true, requires_approval: false },
    ]);
    const schedules = await db`select name, is_default from schedules where user_id = ${first.id}`;
    expect(schedules).toHaveLength(1);
    expect(schedules[0].is_default).toBe(true);

    // Guests can book it at once.
    const guest = client();
    expect((await guest.get(`/${first.username}/30min`)).status).toBe(200);
    const [type] = await db`select id from event_types where user_id = ${first.id}`;
    const from = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const to = new Date(Date.now() + 8 * 86_400_000).toISOString().slice(0, 10);
    const { slots } = await ok<{ slots: Record<string, string[]> }>(
      await guest.get(`/api/slots?eventTypeId=${type.id}&start=${from}&end=${to}&timeZone=UTC`),
    );
    const start = Object.values(slots).flat()[0];
    expect(start).toBeDefined();

    let page = visibleText(await (await first.c.get("/dashboard")).text());
    expect(page).toContain("Get started");
    expect(page).toContain("1 of 4 done");
    expect(page).toContain("Connect your calendar");
    expect(page).toContain(`Your booking link is /${first.username}`);

    const booked = await guest.request("/api/bookings", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        eventTypeId: type.id,
        start,
        name: "First Guest",
        email: "first-guest@example.test",
        timeZone: "UTC",
      }),
    });
    expect(booked.status).toBe(201);
    page = visibleText(await (await first.c.get("/dashboard")).text());
    expect(page).toContain("2 of 4 done");

    await db`update schedules set updated_at = now() + interval '1 minute' where user_id = ${first.id}`;
    page = visibleText(await (await first.c.get("/dashboard")).text());
    expect(page).toContain("3 of 4 done");

    // A connected calendar completes it: the checklist goes.
    await db`insert into calendar_connections (user_id, type, name, url) values (${first.id}, 'ics', 'Roster', 'https://feeds.example.test/roster.ics')`;
    page = visibleText(await (await first.c.get("/dashboard")).text());
    expect(page).not.toContain("Get started");
  });

  it("lands on the home page's welcome: the booking link ready to share, the checklist, and My Schedule shows the link", async () => {
    const c = client();
    const email = uniqueEmail("welcome");
    const res = await signUp(c, email, "correct-horse-battery", "Wendy Welcome", { onboarded: true });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/");
    const [row] = await db`select username from users where email = ${email}`;
    const home = await (await c.get("/")).text();
    const text = visibleText(home);
    expect(text).toContain("Your booking link is ready");
    expect(home).toMatch(new RegExp(`value="http://[^"]+/${row.username}/30min"`));
    expect(home).toContain(`href="/${row.username}/30min"`);
    expect(home).toContain("mailto:?subject=Book%20a%20time%20with%20me");
    expect(text).toContain("Get started");
    expect(text).toContain("Go to My Schedule");
    const schedule = visibleText(await (await c.get("/dashboard")).text());
    expect(schedule).toContain("Your booking link");

    // An anonymous visitor and an admin get no welcome.
    expect(visibleText(await (await client().get("/")).text())).not.toContain("Your booking link is ready");
    await db`update users set role = 'admin' where email = ${email}`;
    expect(visibleText(await (await c.get("/")).text())).not.toContain("Your booking link is ready");
  });

  it("Event Types offers View booking page; the profile's booking link is a link", async () => {
    const host = await newHost("Bea Onboard");
    const list = await (await host.c.get("/dashboard/eventTypes")).text();
    expect(list).toContain(`href="/${host.username}/30min"`);
    expect(visibleText(list)).toContain("View booking page");
    const profile = await (await host.c.get("/dashboard/profile")).text();
    expect(profile).toMatch(new RegExp(`<a href="http[^"]+/${host.username}"[^>]*data-testid="booking-link"`));
    expect(profile).not.toContain("on the way");
  });
});
