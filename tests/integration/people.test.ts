/**
 * Deactivating people (decision 068) over real HTTP against PostgreSQL: an admin's PUT
 * /api/admin/users/{id}/active ends a live session and a token by the very next request, the
 * sign-in form and POST /api/token say the account is deactivated, reactivation lets the person
 * in again; a deactivated host's booking page says they are not taking bookings and the JSON
 * booking is refused; round robin passes them by; Manage User lists their upcoming bookings for
 * the admin to hand over or cancel, and nothing is deleted.
 */
import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { visibleText } from "../support/http";
import { allDayEventType, API_PASSWORD, apiClient, at, browserCall, errorOf, ok, type Account } from "./api-client";
import { roundRobinTeam } from "./round-robin-team";

const { db, call, account } = apiClient({ ipPrefix: "10.233", namePrefix: "People" });

const setActive = (admin: Account, id: string, active: unknown) =>
  call("PUT", `/api/admin/users/${id}/active`, { token: admin.token, json: { active } });

let admin: Account;
beforeAll(async () => {
  admin = await account("admin", "admin");
});

describe("deactivating an account", () => {
  it("ends a live session and a token within one request; sign-in and POST /api/token say deactivated; reactivation lets them back", async () => {
    const person = await account("session");
    // Live before: the dashboard and the token both work.
    expect((await person.c.get("/dashboard")).status).toBe(200);
    expect((await call("GET", "/api/schedules", { token: person.token })).status).toBe(200);

    expect(await ok(await setActive(admin, person.id, false))).toEqual({ id: person.id, active: false });

    // The open tab's next navigation lands on sign-in with the reason.
    const page = await person.c.get("/dashboard/eventTypes");
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe("/signin?reason=deactivated");
    const signin = await person.c.get("/signin?reason=deactivated");
    expect(visibleText(await signin.text())).toContain("This account is deactivated.");
    // The token is gone, and so is a JSON call with the old session cookie.
    expect((await call("GET", "/api/schedules", { token: person.token })).status).toBe(401);
    expect((await browserCall(person.c, "GET", "/api/schedules")).status).toBe(401);
    const [{ n }] = await db`select count(*)::int as n from api_tokens where user_id = ${person.id}`;
    expect(n).toBe(0);

    // Signing in again: the right password hears "deactivated", a wrong one the usual words.
    const fresh = new (person.c.constructor as typeof import("../support/http").HttpClient)(person.c.baseUrl, {
      "x-forwarded-for": `10.233.200.${Math.floor(Math.random() * 200)}`,
    });
    const refused = await fresh.post("/signin", { email: person.email, password: API_PASSWORD });
    expect(refused.status).toBe(401);
    expect(visibleText(await refused.text())).toContain("This account is deactivated.");
    const wrong = await fresh.post("/signin", { email: person.email, password: "not-the-password-1" });
    expect(visibleText(await wrong.text())).not.toContain("deactivated");
    const token = await call("POST", "/api/token", { json: { email: person.email, password: API_PASSWORD } });
    expect(token.status).toBe(403);
    expect((await errorOf(token)).code).toBe("account_deactivated");

    // Nothing is deleted: the account row is there with its e-mail.
    const [row] = await db`select email, deactivated_at from users where id = ${person.id}`;
    expect(row.email).toBe(person.email);
    expect(row.deactivated_at).not.toBeNull();

    expect(await ok(await setActive(admin, person.id, true))).toEqual({ id: person.id, active: true });
    const back = await fresh.post("/signin", { email: person.email, password: API_PASSWORD });
    expect(back.status).toBe(302);
    expect((await fresh.get("/dashboard")).status).toBe(200);
  });

  it("refuses a non-admin (403), a visitor (401), bad input (400), an unknown id (404) and the admin's own account (409)", async () => {
    const person = await account("guarded");
    expect((await setActive(person, admin.id, false)).status).toBe(403);
    expect((await call("PUT", `/api/admin/users/${person.id}/active`, { json: { active: false } })).status).toBe(401);
    const bad = await setActive(admin, person.id, "no");
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).code).toBe("invalid_input");
    expect((await setActive(admin, crypto.randomUUID(), false)).status).toBe(404);
    expect((await setActive(admin, "not-a-uuid", false)).status).toBe(404);
    const self = await setActive(admin, admin.id, false);
    expect(self.status).toBe(409);
    expect((await errorOf(self)).code).toBe("self_deactivation");
    // The person is still active after all of that.
    expect((await call("GET", "/api/schedules", { token: person.token })).status).toBe(200);
  });

  it("Manage User shows Status and deactivates and reactivates with its forms", async () => {
    const person = await account("page");
    const [{ email }] = await db`select email from users where id = ${person.id}`;
    const q = encodeURIComponent(email as string);
    const list = visibleText(await (await admin.c.get(`/dashboard/manageUser?q=${q}`)).text());
    expect(list).toContain("Status");
    expect(list).toContain("Active");
    const off = await admin.c.post(`/dashboard/manageUser?index&q=${q}`, {
      intent: "deactivate",
      userId: person.id,
      who: "P",
    });
    expect(off.status).toBe(302);
    expect(off.headers.get("location")).toContain(`bookings=${person.id}`);
    const after = visibleText(await (await admin.c.get(off.headers.get("location")!)).text());
    expect(after).toContain("Deactivated");
    expect(after).toContain("No upcoming bookings");
    expect((await call("GET", "/api/schedules", { token: person.token })).status).toBe(401);
    // A non-admin's form post is refused and changes nothing.
    const other = await account("page-other");
    expect(
      (await other.c.post("/dashboard/manageUser?index", { intent: "reactivate", userId: person.id })).status,
    ).toBe(403);
    const on = await admin.c.post(`/dashboard/manageUser?index&q=${q}`, { intent: "reactivate", userId: person.id });
    expect(on.status).toBe(302);
    const [row] = await db`select deactivated_at from users where id = ${person.id}`;
    expect(row.deactivated_at).toBeNull();
  });
});

describe("a deactivated host's bookings", () => {
  let host: Account;
  let username: string;
  let typeId: string;
  let slug: string;
  beforeAll(async () => {
    host = await account("host", "professional");
    username = `pp${crypto.randomUUID().slice(0, 8)}`;
    await db`update users set username = ${username} where id = ${host.id}`;
    slug = `chat-${crypto.randomUUID().slice(0, 6)}`;
    const type = await allDayEventType(call, host.token, {
      title: "Chat",
      slug,
      duration: 30,
      minimumNotice: 0,
      location: { type: "video" },
    });
    typeId = type._id;
  });

  it("the booking page says not taking bookings, the JSON booking is refused, the admin lists, cancels and tells the guest", async () => {
    const booked = await ok<{ booking: { id: string } }>(
      await call("POST", "/api/bookings", {
        json: {
          eventTypeId: typeId,
          start: at(3, "10:00"),
          name: "Guest",
          email: "held-guest@example.test",
          timeZone: "UTC",
        },
      }),
      201,
    );
    const before = visibleText(await (await call("GET", `/${username}/${slug}`)).text());
    expect(before).not.toContain("is not taking bookings");
    expect(visibleText(await (await call("GET", `/${username}`)).text())).toContain("Chat");

    await ok(await setActive(admin, host.id, false));

    const page = await call("GET", `/${username}/${slug}`);
    expect(page.status).toBe(200);
    const text = visibleText(await page.text());
    expect(text).toContain("is not taking bookings");
    // The host's own page too, without their event types.
    const home = visibleText(await (await call("GET", `/${username}`)).text());
    expect(home).toContain("is not taking bookings");
    expect(home).not.toContain("Chat");
    const refused = await call("POST", "/api/bookings", {
      json: { eventTypeId: typeId, start: at(3, "12:00"), name: "Late", email: "late@example.test", timeZone: "UTC" },
    });
    expect(refused.status).toBe(409);
    expect((await errorOf(refused)).code).toBe("host_not_taking_bookings");
    const day = at(3, "00:00").slice(0, 10);
    const slots = await ok<{ slots: Record<string, string[]> }>(
      await call("GET", `/api/slots?eventTypeId=${typeId}&start=${day}&end=${day}&timeZone=UTC`),
    );
    expect(Object.values(slots.slots).flat()).toEqual([]);

    // The admin sees the booking still held by the host, and cancels it: the guest is told.
    const held = visibleText(await (await admin.c.get(`/dashboard/manageUser?bookings=${host.id}`)).text());
    expect(held).toContain("Upcoming bookings of");
    expect(held).toContain("held-guest@example.test");
    const cancel = await admin.c.post(`/dashboard/manageUser?index&bookings=${host.id}`, {
      intent: "cancel",
      bookingId: booked.booking.id,
    });
    expect(cancel.status).toBe(302);
    const [ev] = await db`select status from events where id = ${booked.booking.id}`;
    expect(ev.status).toBe("cancelled");
    const [record] =
      await db`select kind from booking_events where event_id = ${booked.booking.id} and kind = 'cancelled'`;
    expect(record?.kind).toBe("cancelled");
    await ok(await setActive(admin, host.id, true));
  });
});

describe("round robin", () => {
  it("passes a deactivated host by, and the admin hands their booking to the next in line", async () => {
    const [owner, member] = await Promise.all([
      account("rr-owner", "professional"),
      account("rr-member", "professional"),
    ]);
    const rr = await roundRobinTeam(
      call,
      db,
      owner,
      [{ account: member }],
      [{ account: owner }, { account: member, priority: "highest" }],
      "availability",
    );
    const book = (start: string, i: number) =>
      call("POST", "/api/bookings", {
        json: {
          eventTypeId: rr.typeId,
          start,
          name: `G${i}`,
          email: `rr-${i}-${Date.now()}@example.test`,
          timeZone: "UTC",
        },
      });
    // The member has the highest priority: while active they get the booking.
    const first = await ok<{ booking: { id: string } }>(await book(at(5, "09:00"), 0), 201);
    const hostOf = async (id: string) => (await db`select host_id from events where id = ${id}`)[0].host_id as string;
    expect(await hostOf(first.booking.id)).toBe(member.id);

    await ok(await setActive(admin, member.id, false));
    for (const [i, start] of [at(5, "10:00"), at(5, "11:00"), at(5, "12:00")].entries()) {
      const created = await ok<{ booking: { id: string } }>(await book(start, i + 1), 201);
      expect(await hostOf(created.booking.id)).toBe(owner.id);
    }

    // The held round-robin booking goes to the next in line (the owner), the guest told.
    const handover = await admin.c.post(`/dashboard/manageUser?index&bookings=${member.id}`, {
      intent: "handover",
      bookingId: first.booking.id,
    });
    expect(handover.status).toBe(302);
    expect(await hostOf(first.booking.id)).toBe(owner.id);
    const [record] =
      await db`select kind from booking_events where event_id = ${first.booking.id} and kind = 'reassigned'`;
    expect(record?.kind).toBe("reassigned");
  });
});
