/**
 * Booking controls (decisions 038 and 039) over real HTTP against PostgreSQL, on both app servers:
 * the free plan takes bookings and caps active event types; booking questions (JSON and the page
 * without JavaScript, the phone location's number, answers to the host, in mails and the .ics);
 * single-use links (used twice or at once: one booking; revoked; an event type that is off);
 * limits per guest e-mail, per week and per month; prefill; the page form's honeypot and its
 * share of the address's JSON budget.
 */
import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { visibleText } from "../support/http";
import { bookingMailsSettled } from "../support/mail-wait";
import { ALL_DAY_SCHEDULE, apiClient, at, dateIn, errorOf, ok, tokenOf, type Account, type Json } from "./api-client";

const { db, call, account } = apiClient({ ipPrefix: "10.177", namePrefix: "Ctl" });

const slug = () => `ctl-${crypto.randomUUID().slice(0, 8)}`;
const email = (n: string) => `ctl-${n}-${crypto.randomUUID().slice(0, 6)}@example.test`;
const form = { "content-type": "application/x-www-form-urlencoded" };

async function withUsername(a: Account): Promise<string> {
  const username = `ctl${crypto.randomUUID().slice(0, 8)}`;
  await db`update users set username = ${username}, time_zone = 'UTC' where id = ${a.id}`;
  return username;
}

/** An event type of `a` on an all-day UTC schedule (every slot free), with `fields`. */
async function eventType(
  a: Account,
  fields: Record<string, unknown> = {},
): Promise<Json & { _id: string; slug: string }> {
  const schedule = await ok(await call("POST", "/api/schedules", { token: a.token, json: ALL_DAY_SCHEDULE }), 201);
  return ok(
    await call("POST", "/api/event-types", {
      token: a.token,
      json: {
        title: "Controlled",
        slug: slug(),
        duration: 30,
        minimumNotice: 0,
        bookingWindowDays: 120,
        scheduleId: schedule._id,
        ...fields,
      },
    }),
    201,
  );
}

function book(eventTypeId: string, start: string, extra: Record<string, unknown> = {}, server = 0) {
  return call("POST", "/api/bookings", {
    json: { eventTypeId, start, name: "Guest", email: email("g"), timeZone: "UTC", ...extra },
    server,
  });
}

describe("the free plan takes bookings (decision 038)", () => {
  it("a free host with 10 bookings is still bookable, on the JSON path and the page", async () => {
    const free = await account("free", "user");
    const username = await withUsername(free);
    const type = await eventType(free);
    for (let i = 0; i < 10; i++) expect((await book(type._id, at(2 + i, "10:00"))).status).toBe(201);
    expect((await book(type._id, at(13, "10:00"))).status).toBe(201);
    const page = await call("GET", `/${username}/${type.slug}?tz=UTC`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('data-testid="calendar-day"');
    expect(visibleText(html)).not.toContain("not taking bookings");
    // Their own events stay capped as the spec says: bookings never counted.
    const own = await call("POST", "/events", {
      token: free.token,
      json: {
        eventName: "Own",
        eventType: "Google Meet",
        eventWith: "One-to-One",
        description: "Mine.",
        targetedEmail: "x@example.test",
        dateTime: at(30, "10:00"),
      },
    });
    expect(own.status, await own.clone().text()).toBe(201);
  });

  it("a fourth active event type is refused (JSON 403 and the page with a link to /pricing); off it may be made; a professional has no cap", async () => {
    const free = await account("four", "user");
    for (let i = 0; i < 3; i++) await eventType(free);
    const fourth = await call("POST", "/api/event-types", {
      token: free.token,
      json: { title: "Fourth", slug: slug(), duration: 30 },
    });
    expect(fourth.status).toBe(403);
    expect((await errorOf(fourth)).code).toBe("active_event_type_limit");
    const off = await ok(
      await call("POST", "/api/event-types", {
        token: free.token,
        json: { title: "Off", slug: slug(), duration: 30, active: false },
      }),
      201,
    );
    // Turning it on over JSON or on the Event Types page: refused, and the page says why.
    const put = await call("PUT", `/api/event-types/${off._id}`, {
      token: free.token,
      json: { title: "Off", slug: off.slug, duration: 30, active: true },
    });
    expect(put.status).toBe(403);
    const toggle = await free.c.post("/dashboard/eventTypes", {
      intent: "toggle",
      id: off._id as string,
      active: "true",
    });
    expect(toggle.status).toBe(403);
    const html = await toggle.text();
    expect(visibleText(html)).toContain("The free plan has at most 3 event types on at once.");
    expect(html).toContain('href="/pricing"');
    expect((await db`select active from event_types where id = ${off._id as string}`)[0].active).toBe(false);
    // Ten creates at once at the cap: none passes (the owner's row lock serializes them).
    const racer = await account("four-race", "user");
    await eventType(racer);
    await eventType(racer);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        call("POST", "/api/event-types", {
          token: racer.token,
          json: { title: "Race", slug: slug(), duration: 30 },
          server: i % 2,
        }),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    const pro = await account("four-pro", "professional");
    for (let i = 0; i < 4; i++) await eventType(pro);
  });
});

describe("booking questions (decision 039)", () => {
  let host: Account;
  let username: string;
  let type: Json & { _id: string; slug: string };
  let ids: { topic: string; size: string; agree: string; tracks: string };

  beforeAll(async () => {
    host = await account("questions", "professional");
    username = await withUsername(host);
    type = await eventType(host, {
      questions: [
        { label: "What should we talk about?", type: "long_text", required: true },
        { label: "Team size", type: "number" },
        { label: "I agree to the recording", type: "checkbox", required: true },
        { label: "Tracks", type: "multiple_choice", options: ["Sales", "Support", "Product"] },
      ],
    });
    const qs = type.questions as Array<{ id: string }>;
    ids = { topic: qs[0].id, size: qs[1].id, agree: qs[2].id, tracks: qs[3].id };
  });

  it("ids are made by the server and stay across a PUT that sends them back; bad questions are 400 per field", async () => {
    expect(Object.values(ids).every((id) => /^q_[a-z0-9]{10}$/.test(id))).toBe(true);
    const qs = type.questions as Json[];
    const put = await ok(
      await call("PUT", `/api/event-types/${type._id}`, {
        token: host.token,
        json: {
          title: "Controlled",
          slug: type.slug,
          duration: 30,
          minimumNotice: 0,
          bookingWindowDays: 120,
          scheduleId: type.scheduleId,
          questions: qs,
        },
      }),
    );
    expect((put.questions as Json[]).map((q) => q.id)).toEqual(Object.values(ids));
    const bad = await call("POST", "/api/event-types", {
      token: host.token,
      json: {
        title: "Bad",
        slug: slug(),
        duration: 30,
        questions: [
          { label: "Pick", type: "single_choice", options: ["Only one"] },
          { label: "", type: "short_text" },
        ],
      },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys((await errorOf(bad)).fields ?? {})).toEqual(
      expect.arrayContaining(["questions.0.options", "questions.1.label"]),
    );
  });

  it("POST /api/bookings: a missing required answer is 400 fields.answers.<id>; answers are stored, answered and shown to the host", async () => {
    const missing = await book(type._id, at(3, "09:00"), { answers: { [ids.size]: 4 } });
    expect(missing.status).toBe(400);
    const fields = (await errorOf(missing)).fields ?? {};
    expect(Object.keys(fields).sort()).toEqual([`answers.${ids.agree}`, `answers.${ids.topic}`].sort());
    const wrong = await book(type._id, at(3, "09:00"), {
      answers: { [ids.topic]: "Hi", [ids.agree]: true, [ids.tracks]: ["Nope"], q_unknown: "x" },
    });
    expect(Object.keys((await errorOf(wrong)).fields ?? {}).sort()).toEqual(
      [`answers.${ids.tracks}`, "answers.q_unknown"].sort(),
    );

    const answers = {
      [ids.topic]: "Pricing for <b>10</b> seats",
      [ids.size]: 12,
      [ids.agree]: true,
      [ids.tracks]: ["Sales", "Product"],
    };
    const res = await ok<{ booking: { id: string; answers: Json; cancelUrl: string } }>(
      await book(type._id, at(3, "09:00"), { answers, notes: "Bring the <i>numbers</i>" }, 1),
      201,
    );
    expect(res.booking.answers).toEqual(answers);
    // The guest's confirmation page repeats them and the notes, escaped.
    const confirmation = await (
      await call(
        "GET",
        `/${username}/${type.slug}/booked/${res.booking.id}?token=${encodeURIComponent(tokenOf(res.booking.cancelUrl))}`,
      )
    ).text();
    expect(visibleText(confirmation)).toContain("What should we talk about?: Pricing for <b>10</b> seats");
    expect(visibleText(confirmation)).toContain("Tracks: Sales, Product");
    expect(visibleText(confirmation)).toContain("Notes: Bring the <i>numbers</i>");
    expect(confirmation).not.toContain("<b>10</b>");
    expect(confirmation).not.toContain("<i>numbers</i>");
    const events = await ok<Json[]>(await call("GET", "/event", { token: host.token }));
    expect(events.find((e) => e._id === res.booking.id)?.answers).toEqual(answers);
    // Scheduled Events and My Schedule show them under the questions, escaped.
    const scheduled = await host.c.get("/dashboard/scheduledEvents");
    const html = await scheduled.text();
    expect(visibleText(html)).toContain("What should we talk about?: Pricing for <b>10</b> seats");
    expect(visibleText(html)).toContain("Tracks: Sales, Product");
    expect(html).not.toContain("<b>10</b>");
    expect(visibleText(await (await host.c.get("/dashboard")).text())).toContain("I agree to the recording: Yes");
    // The host's mail and the .ics description carry them.
    await bookingMailsSettled(db);
    const [mail] =
      await db`select text from mail_outbox where "to" like ${`%${host.email}%`} and subject like 'Booking:%' order by created_at desc limit 1`;
    expect(mail.text).toContain("Team size: 12");
    const ics = await call(
      "GET",
      `/${username}/${type.slug}/booked/${res.booking.id}/ics?token=${encodeURIComponent(tokenOf(res.booking.cancelUrl))}`,
    );
    const icsText = (await ics.text()).replace(/\r\n[ \t]/g, "");
    expect(icsText).toContain("Team size: 12");
  });

  it("the page asks them without JavaScript: a missing answer is 400 with the input kept; then it books", async () => {
    const slot = at(4, "11:00");
    const page = await (
      await call("GET", `/${username}/${type.slug}?tz=UTC&date=${dateIn(4)}&slot=${encodeURIComponent(slot)}`)
    ).text();
    expect(visibleText(page)).toContain("What should we talk about?");
    expect(page).toContain(`name="a_${ids.tracks}"`);
    const guestEmail = email("page");
    const body = new URLSearchParams({ slot, tz: "UTC", name: "Ada", email: guestEmail, [`a_${ids.size}`]: "7" });
    body.append(`a_${ids.tracks}`, "Support");
    const refused = await call("POST", `/${username}/${type.slug}?tz=UTC`, { body, headers: form });
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(visibleText(html)).toContain('Answer "What should we talk about?".');
    expect(visibleText(html)).toContain('Tick "I agree to the recording".');
    expect(html).toContain('value="7"');
    expect(/<input[^>]*value="Support"[^>]*>/.exec(html)?.[0]).toContain('checked=""');
    body.set(`a_${ids.topic}`, "Roadmap");
    body.set(`a_${ids.agree}`, "on");
    const booked = await call("POST", `/${username}/${type.slug}?tz=UTC`, { body, headers: form });
    expect(booked.status, await booked.clone().text()).toBe(302);
    const [row] = await db`select answers from events where guest_email = ${guestEmail}`;
    expect(row.answers).toEqual({
      [ids.topic]: "Roadmap",
      [ids.size]: 7,
      [ids.agree]: true,
      [ids.tracks]: ["Support"],
    });
  });

  it("a phone call the host makes asks the guest's number, and the host sees it", async () => {
    const phone = await eventType(host, { location: { type: "phone" } });
    const missing = await book(phone._id, at(5, "10:00"));
    expect(Object.keys((await errorOf(missing)).fields ?? {})).toEqual(["answers.location_phone"]);
    const bad = await book(phone._id, at(5, "10:00"), { answers: { location_phone: "call me" } });
    expect(bad.status).toBe(400);
    expect((await book(phone._id, at(5, "10:00"), { answers: { location_phone: "+1 555 010 0000" } })).status).toBe(
      201,
    );
    expect(visibleText(await (await host.c.get("/dashboard/scheduledEvents")).text())).toContain(
      "Phone number: +1 555 010 0000",
    );
    // A number of the host's own: the guest calls it, nothing is asked.
    const theirs = await eventType(host, { location: { type: "phone", value: "+1 555 999 0000" } });
    expect((await book(theirs._id, at(5, "12:00"))).status).toBe(201);
  });
});

describe("single-use links (decision 039)", () => {
  let host: Account;
  let username: string;
  let type: Json & { _id: string; slug: string };

  beforeAll(async () => {
    host = await account("links", "professional");
    username = await withUsername(host);
    type = await eventType(host);
  });

  it("books once: the second use is 410 link_used and the page says so; listed as used; another host's ids are 404", async () => {
    const link = await ok<{ id: string; url: string; token: string; used: boolean }>(
      await call("POST", `/api/event-types/${type._id}/single-use-links`, { token: host.token }),
      201,
    );
    expect(link.used).toBe(false);
    expect(link.url).toMatch(new RegExp(`/${username}/${type.slug}\\?link=`));
    const first = await book(type._id, at(6, "10:00"), { singleUseToken: link.token });
    expect(first.status).toBe(201);
    const second = await book(type._id, at(6, "11:00"), { singleUseToken: link.token }, 1);
    expect(second.status).toBe(410);
    expect((await errorOf(second)).code).toBe("link_used");
    const page = await call("GET", new URL(link.url).pathname + new URL(link.url).search);
    expect(page.status).toBe(200);
    expect(visibleText(await page.text())).toContain("This link has been used.");
    const list = await ok<Json[]>(
      await call("GET", `/api/event-types/${type._id}/single-use-links`, { token: host.token }),
    );
    expect(list.find((l) => l.id === link.id)).toMatchObject({ used: true, revoked: false });
    const other = await account("links-other", "professional");
    expect((await call("POST", `/api/event-types/${type._id}/single-use-links`, { token: other.token })).status).toBe(
      404,
    );
    expect((await call("GET", `/api/event-types/${type._id}/single-use-links`, { token: other.token })).status).toBe(
      404,
    );
    expect(
      (await call("DELETE", `/api/event-types/${type._id}/single-use-links/${link.id}`, { token: other.token })).status,
    ).toBe(404);
    expect(
      (await call("DELETE", `/api/event-types/${type._id}/single-use-links/${link.id}`, { token: host.token })).status,
    ).toBe(409);
  });

  it("10 uses at once over both servers: one booking", async () => {
    const link = await ok<{ token: string }>(
      await call("POST", `/api/event-types/${type._id}/single-use-links`, { token: host.token }),
      201,
    );
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        book(type._id, at(7, `1${i % 10}:00`), { singleUseToken: link.token }, i % 2),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 410)).toHaveLength(9);
  });

  it("revoked: refused; an event type that is off books through its link only, on the page without JavaScript", async () => {
    const revoked = await ok<{ id: string; token: string }>(
      await call("POST", `/api/event-types/${type._id}/single-use-links`, { token: host.token }),
      201,
    );
    expect(
      (await call("DELETE", `/api/event-types/${type._id}/single-use-links/${revoked.id}`, { token: host.token }))
        .status,
    ).toBe(204);
    expect((await book(type._id, at(8, "10:00"), { singleUseToken: revoked.token })).status).toBe(410);

    const secret = await eventType(host, { active: false });
    const link = await ok<{ token: string; url: string }>(
      await call("POST", `/api/event-types/${secret._id}/single-use-links`, { token: host.token }),
      201,
    );
    expect((await call("GET", `/${username}/${secret.slug}`)).status).toBe(404);
    expect((await book(secret._id, at(8, "10:00"))).status).toBe(404);
    const slot = at(8, "10:00");
    const page = await call(
      "GET",
      `/${username}/${secret.slug}?link=${encodeURIComponent(link.token)}&tz=UTC&date=${dateIn(8)}`,
    );
    expect(page.status).toBe(200);
    // The page's own links carry the token.
    expect(await page.text()).toContain(`link=${encodeURIComponent(link.token)}`);
    const guestEmail = email("secret");
    const post = await call("POST", `/${username}/${secret.slug}?link=${encodeURIComponent(link.token)}&tz=UTC`, {
      body: new URLSearchParams({ slot, tz: "UTC", name: "Secret", email: guestEmail }),
      headers: form,
    });
    expect(post.status, await post.clone().text()).toBe(302);
    const again = await call("POST", `/${username}/${secret.slug}?link=${encodeURIComponent(link.token)}&tz=UTC`, {
      body: new URLSearchParams({ slot: at(8, "12:00"), tz: "UTC", name: "Again", email: email("again") }),
      headers: form,
    });
    expect(again.status).toBe(410);
    expect(visibleText(await again.text())).toContain("This link has been used.");
    const [row] =
      await db`select l.event_id, e.guest_email from single_use_links l join events e on e.id = l.event_id where l.token = ${link.token}`;
    expect(row.guest_email).toBe(guestEmail);
  });
});

describe("limits and prefill (decision 039)", () => {
  it("per guest e-mail: a second upcoming booking of the same address is 409 guest_limit_reached; after a cancel it books", async () => {
    const host = await account("per-guest", "professional");
    const type = await eventType(host, { limitPerGuest: 1 });
    const guestEmail = email("once");
    const first = await ok<{ booking: { cancelUrl: string; id: string } }>(
      await book(type._id, at(3, "10:00"), { email: guestEmail }),
      201,
    );
    const second = await book(type._id, at(4, "10:00"), { email: guestEmail.toUpperCase() });
    expect(second.status).toBe(409);
    expect((await errorOf(second)).code).toBe("guest_limit_reached");
    expect((await book(type._id, at(4, "10:00"))).status).toBe(201);
    expect(
      (await call("POST", `/api/bookings/${first.booking.id}/cancel?token=${tokenOf(first.booking.cancelUrl)}`)).status,
    ).toBe(200);
    expect((await book(type._id, at(4, "11:00"), { email: guestEmail })).status).toBe(201);
  });

  it("weekly and monthly limits take the full week's or month's slots away (GET /api/slots and the booking check)", async () => {
    const host = await account("periods", "professional");
    const weekly = await eventType(host, { weeklyLimit: 1 });
    // A Wednesday two weeks ahead, and its Monday to Sunday.
    const base = new Date(`${dateIn(14)}T00:00:00Z`);
    const monday = new Date(base.getTime() + ((7 - ((base.getUTCDay() + 6) % 7)) % 7) * 86_400_000);
    const wednesday = new Date(monday.getTime() + 2 * 86_400_000);
    const day = (offset: number) => new Date(wednesday.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
    expect((await book(weekly._id, `${day(0)}T10:00:00+00:00`)).status).toBe(201);
    const slots = await ok<{ slots: Record<string, string[]> }>(
      await call("GET", `/api/slots?eventTypeId=${weekly._id}&start=${day(-2)}&end=${day(5)}&timeZone=UTC`),
    );
    for (let d = -2; d <= 4; d++) expect(slots.slots[day(d)], day(d)).toEqual([]);
    expect(slots.slots[day(5)].length).toBeGreaterThan(0);
    expect((await book(weekly._id, `${day(1)}T10:00:00+00:00`)).status).toBe(409);

    const monthly = await eventType(host, { monthlyLimit: 2 });
    const month = dateIn(40).slice(0, 7);
    expect((await book(monthly._id, `${month}-10T10:00:00+00:00`)).status).toBe(201);
    expect((await book(monthly._id, `${month}-11T10:00:00+00:00`)).status).toBe(201);
    expect((await book(monthly._id, `${month}-12T10:00:00+00:00`)).status).toBe(409);
    const left = await ok<{ slots: Record<string, string[]> }>(
      await call("GET", `/api/slots?eventTypeId=${monthly._id}&start=${month}-01&end=${month}-28&timeZone=UTC`),
    );
    expect(Object.values(left.slots).flat()).toEqual([]);
  });

  it("prefill: ?name=&email=&notes=&a_<id>= fill the form, through the day and time links and in an embed", async () => {
    const host = await account("prefill", "professional");
    const username = await withUsername(host);
    const type = await eventType(host, { questions: [{ label: "Company", type: "short_text" }] });
    const qid = (type.questions as Array<{ id: string }>)[0].id;
    const prefill = `name=${encodeURIComponent("Ada Lovelace")}&email=ada%40example.test&notes=Hello&a_${qid}=Analytical`;
    const calendar = await (await call("GET", `/${username}/${type.slug}?tz=UTC&date=${dateIn(5)}&${prefill}`)).text();
    const slotLink = /href="([^"]*slot=[^"]*)"/.exec(calendar)?.[1]?.replace(/&amp;/g, "&");
    expect(slotLink).toContain("email=ada%40example.test");
    const formPage = await (await call("GET", slotLink ?? "")).text();
    expect(formPage).toContain('value="Ada Lovelace"');
    expect(formPage).toContain('value="ada@example.test"');
    expect(formPage).toContain(">Hello</textarea>");
    expect(formPage).toContain('value="Analytical"');
    const embedded = await (await call("GET", `${slotLink}&embed=1`)).text();
    expect(embedded).toContain('value="Ada Lovelace"');
  });
});

describe("spam guard on the booking page form (decision 039)", () => {
  let path = "";
  beforeAll(async () => {
    const host = await account("spam", "professional");
    const username = await withUsername(host);
    const type = await eventType(host);
    path = `/${username}/${type.slug}?tz=UTC`;
  });

  it("a filled honeypot books nothing (400)", async () => {
    const guestEmail = email("bot");
    const res = await call("POST", path, {
      body: new URLSearchParams({
        slot: at(3, "10:00"),
        tz: "UTC",
        name: "Bot",
        email: guestEmail,
        website_url: "http://spam.example",
      }),
      headers: form,
    });
    expect(res.status).toBe(400);
    expect(visibleText(await res.text())).toContain("This form could not be sent.");
    expect((await db`select count(*)::int as n from events where guest_email = ${guestEmail}`)[0].n).toBe(0);
  });

  it("spends the address's JSON budget, as POST /api/bookings does: past it the form answers 429 and books nothing", async () => {
    const ip = "10.177.250.7";
    for (let i = 0; i < 120; i++) await call("GET", "/api/openapi.json", { headers: { "x-forwarded-for": ip } });
    const guestEmail = email("budget");
    const res = await call("POST", path, {
      body: new URLSearchParams({ slot: at(3, "12:00"), tz: "UTC", name: "Kept", email: guestEmail }),
      headers: { ...form, "x-forwarded-for": ip },
    });
    expect(res.status).toBe(429);
    expect(await res.text()).toContain('value="Kept"');
    expect((await db`select count(*)::int as n from events where guest_email = ${guestEmail}`)[0].n).toBe(0);
  });
});
