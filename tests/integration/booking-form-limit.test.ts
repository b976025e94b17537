/**
 * The HTML booking form (/{username}/{slug} action) is rate limited per client address, like
 * POST /api/bookings: past the limit a 429 page keeps what was typed, says when to try again,
 * sends Retry-After, and books nothing.
 */
import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { visibleText } from "../support/http";
import { allDayEventType, apiClient, at } from "./api-client";

const { db, call, account } = apiClient({ ipPrefix: "10.71", namePrefix: "Limit" });

/** The form's limit per address (RATE_LIMITS.bookingFormPerIp, RATE_LIMIT_FACTOR 1 in these tests). */
const LIMIT = 10;

let path = "";
let eventTypeId = "";

beforeAll(async () => {
  const host = await account("limit-host");
  const username = `lim${crypto.randomUUID().slice(0, 8)}`;
  await db`update users set username = ${username}, time_zone = 'UTC' where id = ${host.id}`;
  // Every day (the booked slot is three days ahead, whatever weekday that is).
  const type = await allDayEventType(call, host.token, {
    title: "Limited",
    slug: "limited",
    duration: 30,
    minimumNotice: 0,
  });
  eventTypeId = type._id;
  path = `/${username}/limited`;
});

const form = (body: Record<string, string>, ip: string) =>
  call("POST", path, {
    body: new URLSearchParams(body),
    headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": ip },
  });

describe("booking form rate limit", () => {
  it(`answers 429 to the ${LIMIT + 1}th post from one address, keeps the input, says when, books nothing`, async () => {
    const ip = "10.71.200.1";
    for (let i = 0; i < LIMIT; i += 1) {
      // Bad posts count too: a script trying e-mail addresses is what the limit is for.
      expect((await form({ slot: "soon", tz: "UTC", name: `Try ${i}`, email: "nope" }, ip)).status).toBe(400);
    }
    const slot = at(3, "10:00");
    const email = `limited-${crypto.randomUUID().slice(0, 6)}@example.test`;
    const res = await form({ slot, tz: "UTC", name: "Kept Name", email, notes: "Kept notes" }, ip);
    expect(res.status).toBe(429);
    const retryAfter = Number(res.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(600);
    const html = await res.text();
    expect(html).toContain('value="Kept Name"');
    expect(html).toContain(`value="${email}"`);
    expect(html).toContain("Kept notes");
    expect(visibleText(html)).toMatch(
      /Too many booking attempts from your network\. Try again in about \d+ minutes?\./,
    );
    expect((await db`select count(*)::int as n from events where guest_email = ${email}`)[0].n).toBe(0);

    // Another address books that slot at once: the limit is per address.
    const other = await form({ slot, tz: "UTC", name: "Other Person", email }, "10.71.200.2");
    expect(other.status, await other.clone().text()).toBe(302);
    expect(
      (
        await db`select count(*)::int as n from events where guest_email = ${email} and event_type_id = ${eventTypeId}`
      )[0].n,
    ).toBe(1);
  });
});
