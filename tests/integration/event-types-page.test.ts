/**
 * The Event Types page (/dashboard/eventTypes and /dashboard/eventTypes/{new,<id>}) over real
 * HTTP against PostgreSQL: a host creates, edits, turns off and on, and deletes booking links
 * with plain form posts (what the page sends without JavaScript), validated by the JSON API's
 * own rules; the JSON API then sees the same event types. Another person's id is not found.
 */
import { describe, expect, it } from "vitest";
import { visibleText } from "../support/http";
import { apiClient, type Account } from "./api-client";
import { client } from "./context";

const { db, call, account } = apiClient({ ipPrefix: "10.203", namePrefix: "Etp" });
const PAGE = "/dashboard/eventTypes";

async function html(res: Response): Promise<string> {
  return (await res.text()).replaceAll("<!-- -->", "");
}

/** Every field of the form, as the browser sends it for a 30-minute one-to-one video call. */
function formOf(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    title: "Intro call",
    slug: "",
    description: "A first talk.",
    duration: "30",
    kind: "one-to-one",
    seats: "",
    "location.type": "video",
    "location.value": "",
    scheduleId: "",
    bufferBefore: "0",
    bufferAfter: "10",
    minimumNotice: "2",
    minimumNoticeUnit: "hours",
    bookingWindowDays: "30",
    slotInterval: "",
    dailyLimit: "",
    active: "on",
    ...overrides,
  };
}

async function withSchedule(a: Account): Promise<string> {
  const res = await call("GET", "/api/schedules", { token: a.token });
  expect(res.status).toBe(200);
  const [schedule] = (await res.json()) as { _id: string }[];
  if (schedule) return schedule._id;
  const made = await call("POST", "/api/schedules", {
    token: a.token,
    json: { name: "Working hours", timeZone: "UTC", weekly: [] },
  });
  return ((await made.json()) as { _id: string })._id;
}

async function rows(userId: string) {
  return db`select id, title, slug, description, duration, kind, location, seats, buffer_before, buffer_after, minimum_notice,
    booking_window_days, slot_interval, daily_limit, schedule_id, active from event_types where user_id = ${userId} order by created_at`;
}

async function create(a: Account, overrides: Record<string, string> = {}) {
  const scheduleId = overrides.scheduleId ?? (await withSchedule(a));
  return a.c.post(`${PAGE}/new`, formOf({ scheduleId, ...overrides }));
}

describe("Event Types page", () => {
  it("sends a visitor to sign in, for the list, the form and every post", async () => {
    for (const path of [PAGE, `${PAGE}/new`, `${PAGE}/00000000-0000-4000-8000-000000000000`, `${PAGE}?delete=x`]) {
      const res = await client().get(path);
      expect(res.status, path).toBe(302);
      expect(res.headers.get("location"), path).toContain("/signin");
    }
    for (const [path, form] of [
      [`${PAGE}/new`, formOf()],
      [PAGE, { intent: "delete", id: "00000000-0000-4000-8000-000000000000" }],
    ] as const) {
      const res = await client().post(path, form);
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toContain("/signin");
    }
  });

  it("shows the empty state and asks for a username when there is none", async () => {
    const a = await account("empty");
    const page = await html(await a.c.get(PAGE));
    expect(page).toMatch(/<h1[^>]*>Event Types<\/h1>/);
    expect(page).toContain("No event types yet");
    expect(page).toContain(`href="${PAGE}/new"`);
    expect(page).toContain('data-testid="username-missing"');
  });

  it("creates exactly the event type the form describes, seen by the JSON API too", async () => {
    const a = await account("create");
    await db`update users set username = ${`etp-${a.id.slice(0, 8)}`} where id = ${a.id}`;
    const scheduleId = await withSchedule(a);
    const res = await create(a, { scheduleId, slug: "" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(PAGE);

    const [row] = await rows(a.id);
    expect(row).toMatchObject({
      title: "Intro call",
      slug: "intro-call", // made from the title
      description: "A first talk.",
      duration: 30,
      kind: "one-to-one",
      location: { type: "video" },
      seats: null,
      buffer_before: 0,
      buffer_after: 10,
      minimum_notice: 120, // 2 hours
      booking_window_days: 30,
      slot_interval: null,
      daily_limit: null,
      schedule_id: scheduleId,
      active: true,
    });
    // A one-to-one has no event_type_hosts rows: its owner alone hosts it (decision 058).
    expect(await db`select 1 from event_type_hosts where event_type_id = ${row.id}`).toHaveLength(0);

    const api = await call("GET", "/api/event-types", { token: a.token });
    expect(await api.json()).toEqual([
      expect.objectContaining({
        _id: row.id,
        title: "Intro call",
        slug: "intro-call",
        duration: 30,
        slotInterval: 30,
        minimumNotice: 120,
        active: true,
        hosts: [a.id],
      }),
    ]);

    const list = await a.c.get(PAGE);
    const text = visibleText(await html(list));
    expect(text).toContain("Intro call");
    expect(text).toContain("30 min");
    expect(text).toContain("One-to-One");
    expect(await html(await a.c.get(PAGE))).toContain(`/etp-${a.id.slice(0, 8)}/intro-call`);
  });

  it("refuses a taken slug with 400, the message and the input kept", async () => {
    const a = await account("taken");
    expect((await create(a, { slug: "chat" })).status).toBe(302);
    const res = await create(a, { title: "Second chat", slug: "Chat", description: "kept text" });
    expect(res.status).toBe(400);
    const page = await html(res);
    expect(page).toContain("That link is already used by another of your event types.");
    // The "On" box comes back ticked, as it was sent.
    expect(page).toMatch(
      /<input[^>]*type="checkbox"[^>]*name="active"[^>]*checked=""|<input[^>]*name="active"[^>]*type="checkbox"[^>]*checked=""/,
    );
    expect(page).toContain("Second chat");
    expect(page).toContain("kept text");
    expect(await rows(a.id)).toHaveLength(1);
  });

  it("answers field errors, never a 500: group without seats, a bad duration, another person's schedule, an address missing", async () => {
    const a = await account("invalid");
    const b = await account("invalid-other");
    const foreign = await withSchedule(b);

    const group = await create(a, { kind: "group", seats: "" });
    expect(group.status).toBe(400);
    expect(await html(group)).toContain("A group event type needs seats (2 or more).");

    const duration = await create(a, { duration: "3" });
    expect(duration.status).toBe(400);
    expect(await html(duration)).toContain("duration: a whole number of minutes from 5 to 720.");

    const schedule = await create(a, { scheduleId: foreign });
    expect(schedule.status).toBe(400);
    expect(await html(schedule)).toContain("Pick one of your own schedules.");

    const notUuid = await create(a, { scheduleId: "nope" });
    expect(notUuid.status).toBe(400);
    expect(await html(notUuid)).toContain("scheduleId: the _id of one of your schedules.");

    const address = await create(a, { "location.type": "in-person", "location.value": "" });
    expect(address.status).toBe(400);
    expect(await html(address)).toContain("Give the meeting&#x27;s address.");

    expect(await rows(a.id)).toHaveLength(0);

    const ok = await create(a, { kind: "group", seats: "8", slug: "workshop" });
    expect(ok.status).toBe(302);
    expect((await rows(a.id))[0]).toMatchObject({ kind: "group", seats: 8, slug: "workshop" });
  });

  it("takes the price as typed in the currency's units (docs/decisions/116), shows it back so, and the JSON API keeps minor units", async () => {
    const a = await account("price");
    const price = async (id: string) =>
      (await db`select price_amount, price_currency from event_types where id = ${id}`)[0];
    /** The price box's value on a page, as the browser would show it. */
    const priceBox = (page: string) =>
      /<input[^>]*name="price\.amount"[^>]*>/.exec(page)?.[0].match(/value="([^"]*)"/)?.[1] ?? null;

    const created = await create(a, { slug: "paid", "price.amount": "25.00", "price.currency": "eur" });
    expect(created.status).toBe(302);
    const [row] = await rows(a.id);
    expect(await price(row.id)).toEqual({ price_amount: 2500, price_currency: "eur" });
    const api = await call("GET", `/api/event-types/${row.id}`, { token: a.token });
    expect(((await api.json()) as { price: unknown }).price).toEqual({ amount: 2500, currency: "eur" });
    const edit = await html(await a.c.get(`${PAGE}/${row.id}`));
    expect(priceBox(edit)).toBe("25.00");
    expect(edit).not.toContain("smallest unit");

    // Saved again unchanged, it stays 25.00; a comma is a decimal point; yen have no decimals.
    const scheduleId = await withSchedule(a);
    const edited = (fields: Record<string, string>) =>
      a.c.post(`${PAGE}/${row.id}`, formOf({ scheduleId, slug: "paid", ...fields }));
    expect((await edited({ "price.amount": "25.00", "price.currency": "eur" })).status).toBe(302);
    expect(await price(row.id)).toEqual({ price_amount: 2500, price_currency: "eur" });
    expect((await edited({ "price.amount": "25,5", "price.currency": "usd" })).status).toBe(302);
    expect(await price(row.id)).toEqual({ price_amount: 2550, price_currency: "usd" });
    expect(priceBox(await html(await a.c.get(`${PAGE}/${row.id}`)))).toBe("25.50");
    expect((await edited({ "price.amount": "3000", "price.currency": "jpy" })).status).toBe(302);
    expect(await price(row.id)).toEqual({ price_amount: 3000, price_currency: "jpy" });
    expect(priceBox(await html(await a.c.get(`${PAGE}/${row.id}`)))).toBe("3000");

    // Refused with the field's message and the typed text kept, never a 500; nothing changes.
    const refusals: Array<[string, string, string]> = [
      ["25.005", "usd", "USD prices have at most 2 decimals (e.g. 25.00)."],
      ["3000.5", "jpy", "JPY prices are whole amounts, with no decimals (e.g. 3000)."],
      ["-5", "usd", "The price cannot be negative."],
      ["0", "usd", "The price must be more than 0. For a free event type, pick No price."],
      ["0.00", "eur", "The price must be more than 0. For a free event type, pick No price."],
      ["1000000", "usd", "That price is too high: at most 999999.99 USD."],
      ["9".repeat(400), "usd", "That price is too high: at most 999999.99 USD."],
      ["abc", "usd", "Type the price as a number, e.g. 25.00."],
      ["1e3", "usd", "Type the price as a number, e.g. 25.00."],
      ["2\u00075", "usd", "Type the price as a number, e.g. 25.00."],
      ["1,000.00", "usd", "Type the price without thousands separators, e.g. 1000.00."],
      ["", "usd", "Type the price, e.g. 25.00, or pick No price for a free event type."],
      ["25", "", "Pick the price's currency, or No price for a free event type."],
      ["25", "xyz", "Pick the price's currency, or No price for a free event type."],
    ];
    for (const [typed, currency, message] of refusals) {
      const res = await edited({ title: "Changed", "price.amount": typed, "price.currency": currency });
      expect(res.status, typed).toBe(400);
      const page = await html(res);
      expect(visibleText(page), typed).toContain(message);
      if (typed && typed.length < 40 && /^[\x20-\x7e]*$/.test(typed)) expect(priceBox(page), typed).toBe(typed);
    }
    expect(await price(row.id)).toEqual({ price_amount: 3000, price_currency: "jpy" });
    expect((await rows(a.id))[0]).toMatchObject({ title: "Intro call" });

    // No amount and no currency: free again.
    expect((await edited({ "price.amount": "", "price.currency": "" })).status).toBe(302);
    expect(await price(row.id)).toEqual({ price_amount: null, price_currency: null });

    // The JSON API's contract is unchanged: minor units in, minor units out; the form shows them typed.
    const put = await call("POST", "/api/event-types", {
      token: a.token,
      json: { title: "Api paid", slug: "api-paid", duration: 30, price: { amount: 1999, currency: "gbp" } },
    });
    expect(put.status).toBe(201);
    const apiRow = (await put.json()) as { _id: string; price: unknown };
    expect(apiRow.price).toEqual({ amount: 1999, currency: "gbp" });
    expect(priceBox(await html(await a.c.get(`${PAGE}/${apiRow._id}`)))).toBe("19.99");
    const typedToApi = await call("POST", "/api/event-types", {
      token: a.token,
      json: { title: "Api typed", slug: "api-typed", duration: 30, price: { amount: "25.00", currency: "usd" } },
    });
    expect(typedToApi.status).toBe(400);
  });

  it("turns an event type off and on, edits and deletes it", async () => {
    const a = await account("lifecycle");
    expect((await create(a)).status).toBe(302);
    const [{ id, schedule_id }] = await rows(a.id);

    const off = await a.c.post(PAGE, { intent: "toggle", id, active: "false" });
    expect(off.status).toBe(302);
    expect((await rows(a.id))[0].active).toBe(false);
    const on = await a.c.post(PAGE, { intent: "toggle", id, active: "true" });
    expect(on.status).toBe(302);
    expect((await rows(a.id))[0].active).toBe(true);

    const form = await html(await a.c.get(`${PAGE}/${id}`));
    expect(form).toContain('value="Intro call"');
    const edit = await a.c.post(
      `${PAGE}/${id}`,
      formOf({
        scheduleId: schedule_id,
        duration: "45",
        slug: "intro-call",
        dailyLimit: "3",
        minimumNotice: "30",
        minimumNoticeUnit: "minutes",
      }),
    );
    expect(edit.status).toBe(302);
    expect((await rows(a.id))[0]).toMatchObject({ id, duration: 45, daily_limit: 3, minimum_notice: 30 });

    // An unticked box turns it off.
    const { active: _active, ...unticked } = formOf({ scheduleId: schedule_id, slug: "intro-call" });
    expect((await a.c.post(`${PAGE}/${id}`, unticked)).status).toBe(302);
    expect((await rows(a.id))[0].active).toBe(false);

    const modal = await a.c.get(`${PAGE}?delete=${id}`);
    expect(modal.status).toBe(200);
    expect(await html(modal)).toContain("Delete “Intro call”?");
    const del = await a.c.post(PAGE, { intent: "delete", id });
    expect(del.status).toBe(302);
    expect(await rows(a.id)).toHaveLength(0);
  });

  it("answers 404 for another person's event type or a non-uuid, and changes nothing", async () => {
    const owner = await account("owner");
    const other = await account("intruder");
    expect((await create(owner)).status).toBe(302);
    const [before] = await rows(owner.id);
    const id = before.id as string;
    const otherSchedule = await withSchedule(other);

    for (const path of [`${PAGE}/${id}`, `${PAGE}?delete=${id}`, `${PAGE}/not-a-uuid`, `${PAGE}?delete=not-a-uuid`]) {
      expect((await other.c.get(path)).status, path).toBe(404);
    }
    expect((await other.c.post(`${PAGE}/${id}`, formOf({ scheduleId: otherSchedule, title: "Hijack" }))).status).toBe(
      404,
    );
    expect((await other.c.post(`${PAGE}/not-a-uuid`, formOf({ scheduleId: otherSchedule }))).status).toBe(404);
    expect((await other.c.post(PAGE, { intent: "toggle", id, active: "false" })).status).toBe(404);
    expect((await other.c.post(PAGE, { intent: "delete", id })).status).toBe(404);
    expect((await other.c.post(PAGE, { intent: "delete", id: "1; drop table" })).status).toBe(404);

    expect(await rows(owner.id)).toEqual([before]);
    expect(await rows(other.id)).toHaveLength(0);
  });
});
