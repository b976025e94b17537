/**
 * Scheduling's JSON paths (decision 016) over real HTTP against PostgreSQL: /api/schedules,
 * /api/schedules/{id}, /api/event-types, /api/event-types/{id} (the caller's own, bearer or
 * session) and the public GET /api/slots.
 *
 * Covered: 10 operations x visitor = 401; another user's id and a non-uuid id = 404 on the 6
 * id operations each, lists show only one's own, the browser session works too; the default
 * schedule made exactly once under 5 simultaneous first GETs; round trips of both resources
 * (defaults on PUT, the default flag flipping in one step, the default's delete 409, a used
 * schedule's delete 409); validation (overlap, end before start, bad zone, bad date, slug
 * taken in any case on POST and PUT, seats rules, a foreign schedule, another host); slots
 * (New York hours seen from Berlin, an event blocking its slot and a cancelled one not,
 * inactive 404, a range over 62 days 400, by username and slug, unknown 404).
 */
import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { type Json, ok } from "./api-client";
import { type HttpClient, uniqueEmail } from "../support/http";
import { client, servers, signUp, sql } from "./context";

const db = sql();
const PASSWORD = "correct-horse-battery";
const NON_UUID = "not-a-uuid";

let ipCounter = 0;
function freshIp(): string {
  ipCounter += 1;
  return `10.79.${Math.floor(ipCounter / 250) % 250}.${ipCounter % 250}`;
}

interface CallOptions {
  token?: string;
  json?: unknown;
  /** Which of the two app servers (default the first). */
  server?: number;
}

/** A curl-like call: no cookies, no Origin; a bearer token when given. */
async function call(method: string, path: string, options: CallOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { "x-forwarded-for": freshIp() };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | undefined;
  if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    headers["content-type"] = "application/json";
  }
  return fetch(new URL(path, servers()[options.server ?? 0]), { method, headers, body, redirect: "manual" });
}

interface Account {
  c: HttpClient;
  email: string;
  id: string;
  token: string;
}

async function account(prefix: string, timeZone = "UTC"): Promise<Account> {
  const c = client();
  const email = uniqueEmail(prefix);
  expect((await signUp(c, email, PASSWORD, `Sched ${prefix}`)).status).toBe(302);
  await db`update users set time_zone = ${timeZone} where email = ${email}`;
  const [row] = await db`select id from users where email = ${email}`;
  const res = await c.request(`/users/${encodeURIComponent(email)}`, {
    method: "PUT",
    body: JSON.stringify({ email }),
    headers: { origin: c.baseUrl, "content-type": "application/json" },
  });
  expect(res.status).toBe(200);
  const { token } = (await res.json()) as { token: string };
  return { c, email, id: row.id as string, token };
}

async function errorOf(res: Response) {
  expect(res.headers.get("content-type")).toMatch(/application\/json/);
  const body = (await res.json()) as { error: { code: string; message: string; fields?: Record<string, string[]> } };
  return body.error;
}

const schedule = (patch: Record<string, unknown> = {}) => ({
  name: "Evenings",
  timeZone: "Europe/Berlin",
  weekly: [{ day: 2, start: "18:00", end: "21:00" }],
  ...patch,
});
const slug = () => `call-${crypto.randomUUID().slice(0, 8)}`;
const eventType = (patch: Record<string, unknown> = {}) => ({
  title: "Intro call",
  slug: slug(),
  duration: 30,
  ...patch,
});

async function defaultScheduleOf(a: Account): Promise<Json> {
  const list = await ok<Json[]>(await call("GET", "/api/schedules", { token: a.token }));
  const found = list.find((s) => s.isDefault);
  expect(found).toBeTruthy();
  return found as Json;
}

describe("who may call", () => {
  it("a visitor gets 401 on every schedule and event-type operation", async () => {
    const id = crypto.randomUUID();
    for (const [method, path] of [
      ["GET", "/api/schedules"],
      ["POST", "/api/schedules"],
      ["GET", `/api/schedules/${id}`],
      ["PUT", `/api/schedules/${id}`],
      ["DELETE", `/api/schedules/${id}`],
      ["GET", "/api/event-types"],
      ["POST", "/api/event-types"],
      ["GET", `/api/event-types/${id}`],
      ["PUT", `/api/event-types/${id}`],
      ["DELETE", `/api/event-types/${id}`],
    ]) {
      const res = await call(method, path, method === "POST" || method === "PUT" ? { json: {} } : {});
      expect(res.status, `${method} ${path}`).toBe(401);
      expect((await errorOf(res)).code).toBe("unauthorized");
    }
  });

  it("each user sees and touches only their own; another's id and a non-uuid are 404", async () => {
    const a = await account("sched-own-a");
    const b = await account("sched-own-b");
    const sA = await ok(await call("POST", "/api/schedules", { token: a.token, json: schedule() }), 201);
    const eA = await ok(await call("POST", "/api/event-types", { token: a.token, json: eventType() }), 201);
    const listB = await ok<Json[]>(await call("GET", "/api/schedules", { token: b.token }));
    expect(listB.map((s) => s._id)).not.toContain(sA._id);
    expect(listB).toHaveLength(1);
    expect(await ok<Json[]>(await call("GET", "/api/event-types", { token: b.token }))).toEqual([]);
    for (const [kind, id, body] of [
      ["schedules", sA._id, schedule()],
      ["event-types", eA._id, eventType()],
    ] as const) {
      for (const target of [id, NON_UUID]) {
        expect((await call("GET", `/api/${kind}/${target}`, { token: b.token })).status, `GET ${kind} ${target}`).toBe(
          404,
        );
        expect(
          (await call("PUT", `/api/${kind}/${target}`, { token: b.token, json: body })).status,
          `PUT ${kind} ${target}`,
        ).toBe(404);
        expect(
          (await call("DELETE", `/api/${kind}/${target}`, { token: b.token })).status,
          `DELETE ${kind} ${target}`,
        ).toBe(404);
      }
    }
    // Still there, unchanged, for the owner.
    expect((await ok(await call("GET", `/api/schedules/${sA._id}`, { token: a.token }))).name).toBe("Evenings");
    expect((await ok(await call("GET", `/api/event-types/${eA._id}`, { token: a.token }))).title).toBe("Intro call");
    // The browser session works as well as a token.
    const viaSession = await a.c.request("/api/event-types", { headers: { origin: a.c.baseUrl } });
    expect((await ok<Json[]>(viaSession)).map((e) => e._id)).toEqual([eA._id]);
  });
});

describe("schedules", () => {
  it("the default schedule is made once, even by 5 simultaneous first calls, in the user's zone", async () => {
    const a = await account("sched-race", "America/New_York");
    // Spread over both app servers, so two processes race as well as two connections.
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) => call("GET", "/api/schedules", { token: a.token, server: i % 2 })),
    );
    const lists = await Promise.all(answers.map((res) => ok<Json[]>(res)));
    const ids = new Set(lists.map((list) => (list.length === 1 ? list[0]._id : "several")));
    expect([...ids]).toHaveLength(1);
    expect(lists[0][0]).toEqual({
      _id: lists[0][0]._id,
      name: "Working hours",
      timeZone: "America/New_York",
      isDefault: true,
      weekly: [1, 2, 3, 4, 5].map((day) => ({ day, start: "09:00", end: "17:00" })),
      overrides: [],
    });
    const [{ n }] = await db`select count(*)::int as n from schedules where user_id = ${a.id}`;
    expect(n).toBe(1);
  });

  it("create, read, replace (defaults for left-out fields), make default, delete; the default cannot be deleted", async () => {
    const a = await account("sched-cycle");
    const first = await defaultScheduleOf(a);
    const body = schedule({
      overrides: [
        { date: "2026-12-24", start: "10:00", end: "12:00" },
        { date: "2026-12-25", unavailable: true },
      ],
    });
    const made = await ok(await call("POST", "/api/schedules", { token: a.token, json: body }), 201);
    expect(made).toEqual({ _id: made._id, isDefault: false, ...body });
    expect(await ok(await call("GET", `/api/schedules/${made._id}`, { token: a.token }))).toEqual(made);

    const replaced = await ok(
      await call("PUT", `/api/schedules/${made._id}`, {
        token: a.token,
        json: { name: "Mornings", timeZone: "Asia/Tokyo" },
      }),
    );
    expect(replaced).toEqual({
      _id: made._id,
      name: "Mornings",
      timeZone: "Asia/Tokyo",
      isDefault: false,
      weekly: [],
      overrides: [],
    });

    // Making it the default flips the old one.
    const promoted = await ok(
      await call("PUT", `/api/schedules/${made._id}`, {
        token: a.token,
        json: { name: "Mornings", timeZone: "Asia/Tokyo", isDefault: true },
      }),
    );
    expect(promoted.isDefault).toBe(true);
    const list = await ok<Json[]>(await call("GET", "/api/schedules", { token: a.token }));
    expect(list.map((s) => [s._id, s.isDefault])).toEqual([
      [made._id, true],
      [first._id, false],
    ]);
    // A PUT without isDefault keeps the default the default (a host always has one).
    expect(
      (
        await ok(
          await call("PUT", `/api/schedules/${made._id}`, {
            token: a.token,
            json: { name: "Mornings", timeZone: "Asia/Tokyo" },
          }),
        )
      ).isDefault,
    ).toBe(true);

    const refused = await call("DELETE", `/api/schedules/${made._id}`, { token: a.token });
    expect(refused.status).toBe(409);
    expect((await errorOf(refused)).code).toBe("default_schedule");

    // A schedule an event type uses cannot go either.
    const et = await ok(
      await call("POST", "/api/event-types", { token: a.token, json: eventType({ scheduleId: first._id }) }),
      201,
    );
    const inUse = await call("DELETE", `/api/schedules/${first._id}`, { token: a.token });
    expect(inUse.status).toBe(409);
    expect((await errorOf(inUse)).code).toBe("schedule_in_use");
    expect((await call("DELETE", `/api/event-types/${et._id}`, { token: a.token })).status).toBe(204);

    expect((await call("DELETE", `/api/schedules/${first._id}`, { token: a.token })).status).toBe(204);
    expect((await call("GET", `/api/schedules/${first._id}`, { token: a.token })).status).toBe(404);

    // POST with isDefault: true takes the default over.
    const other = await ok(
      await call("POST", "/api/schedules", { token: a.token, json: schedule({ isDefault: true }) }),
      201,
    );
    expect(other.isDefault).toBe(true);
    const [{ n }] = await db`select count(*)::int as n from schedules where user_id = ${a.id} and is_default`;
    expect(n).toBe(1);
  });

  it("refuses bad schedules with 400 invalid_input and the field", async () => {
    const a = await account("sched-bad");
    const cases: Array<[Record<string, unknown>, string]> = [
      [
        {
          weekly: [
            { day: 1, start: "09:00", end: "12:00" },
            { day: 1, start: "11:00", end: "13:00" },
          ],
        },
        "weekly.1",
      ],
      [{ weekly: [{ day: 1, start: "17:00", end: "09:00" }] }, "weekly.0.end"],
      [{ weekly: [{ day: 1, start: "9am", end: "17:00" }] }, "weekly.0.start"],
      [{ timeZone: "Mars/Olympus_Mons" }, "timeZone"],
      [{ overrides: [{ date: "2026-02-29", unavailable: true }] }, "overrides.0.date"],
      [
        {
          overrides: [
            { date: "2026-12-24", start: "10:00", end: "12:00" },
            { date: "2026-12-24", start: "11:30", end: "13:00" },
          ],
        },
        "overrides.1",
      ],
      [{ name: "" }, "name"],
    ];
    for (const [patch, field] of cases) {
      const res = await call("POST", "/api/schedules", { token: a.token, json: schedule(patch) });
      expect(res.status, JSON.stringify(patch)).toBe(400);
      const error = await errorOf(res);
      expect(error.code).toBe("invalid_input");
      expect(Object.keys(error.fields ?? {}), JSON.stringify(patch)).toContain(field);
    }
    const made = await ok(await call("POST", "/api/schedules", { token: a.token, json: schedule() }), 201);
    const bad = await call("PUT", `/api/schedules/${made._id}`, {
      token: a.token,
      json: schedule({ weekly: [{ day: 3, start: "12:00", end: "12:00" }] }),
    });
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).fields).toHaveProperty(["weekly.0.end"]);
  });
});

describe("event types", () => {
  it("create with defaults, read, replace, delete", async () => {
    const a = await account("et-cycle");
    const def = await defaultScheduleOf(a);
    const s = slug();
    const made = await ok(
      await call("POST", "/api/event-types", { token: a.token, json: { title: "Chat", slug: s, duration: 45 } }),
      201,
    );
    expect(made).toEqual({
      _id: made._id,
      title: "Chat",
      slug: s,
      description: "",
      duration: 45,
      durations: [45],
      hidden: false,
      redirectUrl: null,
      redirectPassDetails: false,
      kind: "one-to-one",
      location: { type: "video" },
      bufferBefore: 0,
      bufferAfter: 0,
      minimumNotice: 120,
      bookingWindowDays: 60,
      slotInterval: 45,
      scheduleId: def._id,
      active: true,
      requiresApproval: false,
      approvalHoldHours: 24,
      hosts: [a.id],
      questions: [],
      limitPerGuest: null,
      weeklyLimit: null,
      monthlyLimit: null,
      // Cancel and reschedule policies (decision 077): by default guests may change until the start.
      cancelNoticeMinutes: 0,
      rescheduleNoticeMinutes: 0,
      maxReschedules: null,
      requireCancelReason: false,
      requirePhone: false,
      // Guests' language (decision 088) and reconfirmation (decision 086): English, not asked.
      defaultLanguage: "en",
      reconfirmHours: null,
      // Recurring series (decision 106): single bookings only.
      recurring: null,
      // Free, refunded in full if it ever takes a price (decision 107).
      price: null,
      refundPolicy: { type: "full" },
    });
    expect(await ok(await call("GET", `/api/event-types/${made._id}`, { token: a.token }))).toEqual(made);

    const other = await ok(await call("POST", "/api/schedules", { token: a.token, json: schedule() }), 201);
    const full = {
      title: "Workshop",
      slug: s,
      description: "Bring a laptop.",
      duration: 90,
      durations: [90, 45, 120],
      hidden: true,
      redirectUrl: "https://example.com/thanks?from=workshop",
      redirectPassDetails: true,
      kind: "group",
      location: { type: "in-person", value: "1 Main St" },
      seats: 8,
      bufferBefore: 10,
      bufferAfter: 15,
      minimumNotice: 1440,
      bookingWindowDays: 730,
      slotInterval: 30,
      dailyLimit: 2,
      scheduleId: other._id,
      active: false,
      hosts: [a.id],
      questions: [],
      limitPerGuest: 1,
      weeklyLimit: 5,
      monthlyLimit: 10,
      requiresApproval: false,
      approvalHoldHours: 24,
      cancelNoticeMinutes: 1440,
      rescheduleNoticeMinutes: 120,
      maxReschedules: 2,
      requireCancelReason: true,
      defaultLanguage: "de",
    };
    expect(await ok(await call("PUT", `/api/event-types/${made._id}`, { token: a.token, json: full }))).toEqual({
      _id: made._id,
      ...full,
      // A group's guests are not asked to reconfirm (decision 086).
      reconfirmHours: null,
      recurring: null,
      price: null,
      refundPolicy: { type: "full" },
      requirePhone: false,
    });
    // A PUT replaces everything: left-out fields take their defaults again.
    const back = await ok(
      await call("PUT", `/api/event-types/${made._id}`, {
        token: a.token,
        json: { title: "Chat", slug: s, duration: 20 },
      }),
    );
    expect(back).toEqual({ ...made, duration: 20, durations: [20], slotInterval: 20 });

    expect((await ok<Json[]>(await call("GET", "/api/event-types", { token: a.token }))).map((e) => e._id)).toEqual([
      made._id,
    ]);
    expect((await call("DELETE", `/api/event-types/${made._id}`, { token: a.token })).status).toBe(204);
    expect((await call("GET", `/api/event-types/${made._id}`, { token: a.token })).status).toBe(404);
    expect((await call("DELETE", `/api/event-types/${made._id}`, { token: a.token })).status).toBe(404);
  });

  it("slugs are unique per owner whatever the case: 409 slug_taken on POST and PUT; another owner may use it", async () => {
    const a = await account("et-slug-a");
    const b = await account("et-slug-b");
    const s = slug();
    await ok(await call("POST", "/api/event-types", { token: a.token, json: eventType({ slug: s }) }), 201);
    const dup = await call("POST", "/api/event-types", { token: a.token, json: eventType({ slug: s.toUpperCase() }) });
    expect(dup.status).toBe(409);
    const error = await errorOf(dup);
    expect(error.code).toBe("slug_taken");
    expect(error.fields).toHaveProperty("slug");
    const second = await ok(await call("POST", "/api/event-types", { token: a.token, json: eventType() }), 201);
    const clash = await call("PUT", `/api/event-types/${second._id}`, { token: a.token, json: eventType({ slug: s }) });
    expect(clash.status).toBe(409);
    expect((await errorOf(clash)).code).toBe("slug_taken");
    await ok(await call("POST", "/api/event-types", { token: b.token, json: eventType({ slug: s }) }), 201);
  });

  it("refuses bad event types with 400 invalid_input and the field", async () => {
    const a = await account("et-bad");
    const b = await account("et-bad-other");
    const foreign = await defaultScheduleOf(b);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ kind: "group" }, "seats"],
      [{ kind: "group", seats: 1 }, "seats"],
      [{ kind: "one-to-one", seats: 3 }, "seats"],
      [{ slug: "api" }, "slug"],
      [{ slug: "has space" }, "slug"],
      [{ duration: 1000 }, "duration"],
      [{ bookingWindowDays: 731 }, "bookingWindowDays"],
      [{ location: { type: "in-person" } }, "location.value"],
      [{ scheduleId: foreign._id }, "scheduleId"],
      [{ scheduleId: crypto.randomUUID() }, "scheduleId"],
      [{ kind: "collective", hosts: [a.id, b.id] }, "hosts"],
    ];
    for (const [patch, field] of cases) {
      const res = await call("POST", "/api/event-types", { token: a.token, json: eventType(patch) });
      expect(res.status, JSON.stringify(patch)).toBe(400);
      const error = await errorOf(res);
      expect(error.code).toBe("invalid_input");
      expect(Object.keys(error.fields ?? {}), JSON.stringify(patch)).toContain(field);
      if (field === "hosts") expect(error.fields?.hosts?.[0]).toMatch(/accepted your team invitation/i);
    }
    // A collective needs a team member besides the owner (decision 020); a group with seats is fine.
    const alone = await call("POST", "/api/event-types", {
      token: a.token,
      json: eventType({ kind: "collective", hosts: [a.id] }),
    });
    expect(alone.status).toBe(400);
    expect((await errorOf(alone)).fields?.hosts?.[0]).toMatch(/at least one team member/i);
    await ok(
      await call("POST", "/api/event-types", { token: a.token, json: eventType({ kind: "group", seats: 5 }) }),
      201,
    );
  });
});

/** The next Monday at least a week away in December, January or February (no DST on either side). */
function winterMonday(): string {
  const d = new Date(Date.now() + 7 * 24 * 3600 * 1000);
  d.setUTCHours(12, 0, 0, 0);
  for (;;) {
    if (d.getUTCDay() === 1 && [11, 0, 1].includes(d.getUTCMonth())) return d.toISOString().slice(0, 10);
    d.setUTCDate(d.getUTCDate() + 1);
  }
}

describe("GET /api/slots", () => {
  it("a New York host's 09:00-17:00 seen from Berlin starts at 15:00+01:00; an event blocks its slot, a cancelled one does not", async () => {
    const host = await account("slots-host", "America/New_York");
    const username = `slots${crypto.randomUUID().slice(0, 8)}`;
    await db`update users set username = ${username} where id = ${host.id}`;
    const s = slug();
    const et = await ok(
      await call("POST", "/api/event-types", {
        token: host.token,
        json: eventType({ slug: s, duration: 60, minimumNotice: 0, bookingWindowDays: 730 }),
      }),
      201,
    );
    const monday = winterMonday();
    // 10:00-11:00 New York (EST, UTC-5) is 15:00Z; 12:00-13:00 cancelled.
    for (const [start, end, status] of [
      [`${monday}T15:00:00Z`, `${monday}T16:00:00Z`, "confirmed"],
      [`${monday}T17:00:00Z`, `${monday}T18:00:00Z`, "cancelled"],
    ]) {
      await db`insert into events (host_id, event_name, event_type, event_with, description, starts_at, ends_at, status)
               values (${host.id}, 'Busy', 'Google Meet', 'One-to-One', '', ${start}, ${end}, ${status})`;
    }
    const query = `start=${monday}&end=${monday}&timeZone=Europe/Berlin`;
    // No auth needed.
    const answer = await ok<{ timeZone: string; slots: Record<string, string[]> }>(
      await call("GET", `/api/slots?eventTypeId=${et._id}&${query}`),
    );
    expect(answer.timeZone).toBe("Europe/Berlin");
    expect(answer.slots[monday]).toEqual([15, 17, 18, 19, 20, 21, 22].map((h) => `${monday}T${h}:00:00+01:00`));

    const bySlug = await ok(await call("GET", `/api/slots?username=${username.toUpperCase()}&slug=${s}&${query}`));
    expect(bySlug).toEqual(answer);

    // Over 62 days, end before start, a bad zone: 400.
    for (const bad of [
      `start=${monday}&end=2099-01-01&timeZone=UTC`,
      `start=${monday}&end=2000-01-01&timeZone=UTC`,
      `start=${monday}&end=${monday}&timeZone=Nowhere/Land`,
    ]) {
      const res = await call("GET", `/api/slots?eventTypeId=${et._id}&${bad}`);
      expect(res.status, bad).toBe(400);
      expect((await errorOf(res)).code).toBe("invalid_input");
    }

    // Inactive: 404 by id and by slug.
    await ok(
      await call("PUT", `/api/event-types/${et._id}`, {
        token: host.token,
        json: eventType({ slug: s, duration: 60, active: false }),
      }),
    );
    expect((await call("GET", `/api/slots?eventTypeId=${et._id}&${query}`)).status).toBe(404);
    expect((await call("GET", `/api/slots?username=${username}&slug=${s}&${query}`)).status).toBe(404);
    // Unknown or non-uuid ids, unknown usernames: 404.
    expect((await call("GET", `/api/slots?eventTypeId=${crypto.randomUUID()}&${query}`)).status).toBe(404);
    expect((await call("GET", `/api/slots?eventTypeId=${NON_UUID}&${query}`)).status).toBe(404);
    expect((await call("GET", `/api/slots?username=nobody-${username}&slug=${s}&${query}`)).status).toBe(404);
  });
});
