/**
 * Routing forms (decision 074) over real HTTP against PostgreSQL: every rule operator, the
 * fallback, responses stored with or without a booking, the booking link's prefill, member
 * attributes narrowing a team's round robin (the booking goes to the member who has them; a
 * forged reference is refused), the responses list and its CSV, who may do what, and bad input.
 */
import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { visibleText } from "../support/http";
import { allDayEventType, apiClient, at, dateIn, errorOf, ok, type Account, type Json } from "./api-client";
import { join, teamCast, teamEventType, type TeamCast } from "./team-fixtures";

const { db, call, account } = apiClient({ ipPrefix: "10.241", namePrefix: "RF" });
const formHeaders = { "content-type": "application/x-www-form-urlencoded" };

interface FormJson {
  id: string;
  url: string;
  teamId: string | null;
}
interface Answer {
  responseId: string;
  action: { type: string; eventTypeId?: string; url?: string; message?: string };
  bookingUrl?: string;
}

const respond = async (formId: string, answers: Record<string, unknown>) =>
  call("POST", `/api/routing-forms/${formId}/responses`, { json: { answers } });
const routed = async (formId: string, answers: Record<string, unknown>) => ok<Answer>(await respond(formId, answers));
const routeIndexOf = async (responseId: string) =>
  (await db`select route_index from routing_responses where id = ${responseId}`)[0].route_index as number | null;

let host: Account;
let username: string;
let hostType: Json;
let form: FormJson;

const message = (text: string) => ({ type: "message", message: text });
const rule = (op: string, field: string, value: unknown, text: string) => ({
  conditions: { all: [{ field, op, value }] },
  action: message(text),
});

beforeAll(async () => {
  host = await account("rf-host", "professional");
  username = `rf${crypto.randomUUID().slice(0, 8)}`;
  await db`update users set username = ${username}, time_zone = 'UTC' where id = ${host.id}`;
  hostType = await allDayEventType(call, host.token, {
    title: "Intro call",
    slug: `intro-${crypto.randomUUID().slice(0, 6)}`,
    duration: 30,
    minimumNotice: 60,
    bookingWindowDays: 30,
    location: { type: "video" },
    questions: [{ label: "Company", type: "short_text" }],
  });
  form = await ok<FormJson>(
    await call("POST", "/api/routing-forms", {
      token: host.token,
      json: {
        name: "Who are you?",
        fields: [
          { id: "name", label: "Your name", type: "short_text", required: true },
          { id: "email", label: "E-mail", type: "short_text", required: true },
          { id: "company", label: "Company", type: "short_text" },
          { id: "country", label: "Country", type: "single_choice", options: ["DE", "FR", "US", "JP"] },
          { id: "seats", label: "Seats", type: "number" },
          { id: "topics", label: "Topics", type: "multiple_choice", options: ["sales", "support", "billing"] },
        ],
        routes: [
          rule("equals", "company", "Acme", "equals"),
          rule("not_equals", "country", "US", "not_equals"),
          rule("contains", "topics", "billing", "contains"),
          rule("in", "seats", [7, 8], "in"),
          rule("between", "seats", [100, 500], "between"),
          rule("gte", "seats", 1000, "gte"),
          rule("lte", "seats", 3, "lte"),
          {
            conditions: {
              any: [
                { field: "company", op: "contains", value: "corp" },
                { field: "topics", op: "contains", value: "sales" },
              ],
            },
            action: { type: "event-type", eventTypeId: hostType._id },
          },
          {
            conditions: { all: [{ field: "company", op: "equals", value: "Web" }] },
            action: { type: "url", url: "https://example.test/web" },
          },
        ],
        fallback: message("Thanks, we will write to you."),
      },
    }),
    201,
  );
});

describe("rules", () => {
  const lead = { name: "Lea Lead", email: "lea@example.test", country: "US" };
  it("each operator routes, the first match wins, and nothing matching takes the fallback", async () => {
    const cases: Array<[Record<string, unknown>, string, number | null]> = [
      [{ company: "acme" }, "equals", 0],
      [{ country: "DE" }, "not_equals", 1],
      [{ topics: ["support", "billing"] }, "contains", 2],
      [{ seats: "8" }, "in", 3],
      [{ seats: 100 }, "between", 4],
      [{ seats: "500" }, "between", 4],
      [{ seats: 5000 }, "gte", 5],
      [{ seats: "2" }, "lte", 6],
      [{ seats: 50 }, "Thanks, we will write to you.", null],
      // equals before not_equals: the first matching route wins.
      [{ company: "Acme", country: "DE" }, "equals", 0],
    ];
    for (const [answers, text, index] of cases) {
      const res = await routed(form.id, { ...lead, ...answers });
      expect(res.action, JSON.stringify(answers)).toEqual({ type: "message", message: text });
      expect(res.bookingUrl).toBeUndefined();
      expect(await routeIndexOf(res.responseId)).toBe(index);
    }
    const url = await routed(form.id, { ...lead, company: "Web" });
    expect(url.action).toEqual({ type: "url", url: "https://example.test/web" });
  });

  it("an event type route answers a booking link whose page has the answers prefilled", async () => {
    const res = await routed(form.id, { ...lead, company: "Big Corp" });
    expect(res.action).toEqual({ type: "event-type", eventTypeId: hostType._id });
    const link = new URL(res.bookingUrl ?? "");
    expect(link.pathname).toBe(`/${username}/${hostType.slug}`);
    expect(link.searchParams.get("routing")).toBe(res.responseId);
    const calendar = await (await call("GET", `${link.pathname}${link.search}&tz=UTC&date=${dateIn(5)}`)).text();
    const slotLink = /href="([^"]*slot=[^"]*)"/.exec(calendar)?.[1]?.replace(/&amp;/g, "&") ?? "";
    expect(slotLink).toContain(`routing=${res.responseId}`);
    const page = await (await call("GET", slotLink)).text();
    expect(page).toContain('value="Lea Lead"');
    expect(page).toContain('value="lea@example.test"');
    expect(page).toContain('value="Big Corp"');
    expect(page).toContain(`name="routing" value="${res.responseId}"`);
    // Booked through the page: the booking records the response, the response the booking.
    const slot = new URL(slotLink, "http://x").searchParams.get("slot") ?? "";
    const booked = await call("POST", link.pathname, {
      body: new URLSearchParams({
        slot,
        tz: "UTC",
        name: "Lea Lead",
        email: "lea@example.test",
        routing: res.responseId,
      }),
      headers: formHeaders,
    });
    expect(booked.status).toBe(302);
    const [event] =
      await db`select id, routing_response_id from events where guest_email = 'lea@example.test' and host_id = ${host.id}`;
    expect(event.routing_response_id).toBe(res.responseId);
    const [response] = await db`select booking_id, booked_at from routing_responses where id = ${res.responseId}`;
    expect(response.booking_id).toBe(event.id);
    expect(response.booked_at).not.toBeNull();
    // The host sees which form and route led to it on the booking's timeline.
    const timeline = visibleText(await (await host.c.get(`/dashboard/scheduledEvents/${event.id}/timeline`)).text());
    expect(timeline).toContain("Routed by Who are you? (route 8)");
  });

  it("a weekly series booked from a routed link records the response on its first meeting", async () => {
    const weekly = await allDayEventType(call, host.token, {
      title: "Weekly coaching",
      slug: `weekly-${crypto.randomUUID().slice(0, 6)}`,
      duration: 30,
      minimumNotice: 60,
      bookingWindowDays: 60,
      location: { type: "video" },
      recurring: { maxOccurrences: 4, intervalWeeks: [1] },
    });
    const seriesForm = await ok<FormJson>(
      await call("POST", "/api/routing-forms", {
        token: host.token,
        json: {
          name: "Coaching?",
          fields: [
            { id: "name", label: "Your name", type: "short_text", required: true },
            { id: "email", label: "E-mail", type: "short_text", required: true },
          ],
          routes: [],
          fallback: { type: "event-type", eventTypeId: weekly._id },
        },
      }),
      201,
    );
    const email = `series-${crypto.randomUUID().slice(0, 8)}@example.test`;
    const res = await routed(seriesForm.id, { name: "Sam Series", email });
    const link = new URL(res.bookingUrl ?? "");
    const booked = await call("POST", link.pathname, {
      body: new URLSearchParams({
        slot: at(5, "10:00"),
        tz: "UTC",
        name: "Sam Series",
        email,
        routing: res.responseId,
        repeat: "1",
        occurrences: "3",
      }),
      headers: formHeaders,
    });
    expect(booked.status, await booked.clone().text()).toBe(302);
    const meetings =
      await db`select id, series_index, routing_response_id from events where guest_email = ${email} order by series_index`;
    expect(meetings.map((m) => [m.series_index, m.routing_response_id])).toEqual([
      [1, res.responseId],
      [2, null],
      [3, null],
    ]);
    const [response] = await db`select booking_id, booked_at from routing_responses where id = ${res.responseId}`;
    expect(response.booking_id).toBe(meetings[0].id);
    expect(response.booked_at).not.toBeNull();
  });

  it("answers are checked like booking answers: 422 with the field; an unknown form 404", async () => {
    const missing = await respond(form.id, { email: "x@example.test" });
    expect(missing.status).toBe(422);
    expect((await errorOf(missing)).fields).toHaveProperty(["answers.name"]);
    const badChoice = await respond(form.id, { ...lead, country: "XX" });
    expect(badChoice.status).toBe(422);
    const unknownField = await respond(form.id, { ...lead, nope: "x" });
    expect((await errorOf(unknownField)).fields).toHaveProperty(["answers.nope"]);
    expect((await respond(crypto.randomUUID(), lead)).status).toBe(404);
    expect((await respond("not-an-id", lead)).status).toBe(404);
    expect((await call("POST", `/api/routing-forms/${form.id}/responses`, { json: [1] })).status).toBe(400);
  });
});

describe("the form's JSON", () => {
  it("refuses bad forms with 422 and the field's path", async () => {
    const base = {
      name: "Bad",
      fields: [{ id: "size", label: "Size", type: "number" }],
      routes: [],
      fallback: message("x"),
    };
    const post = (json: unknown, token = host.token) => call("POST", "/api/routing-forms", { token, json });
    const cases: Array<[unknown, string]> = [
      [{ ...base, routes: [rule("equals", "nope", 1, "x")] }, "routes.0.conditions.all.0.field"],
      [{ ...base, routes: [rule("between", "size", [5], "x")] }, "routes.0.conditions.all.0.value"],
      [{ ...base, routes: [rule("between", "size", [9, 5], "x")] }, "routes.0.conditions.all.0.value"],
      [{ ...base, routes: [rule("gte", "size", "lots", "x")] }, "routes.0.conditions.all.0.value"],
      [{ ...base, routes: [rule("in", "size", 5, "x")] }, "routes.0.conditions.all.0.value"],
      [{ ...base, routes: [rule("like", "size", 5, "x")] }, "routes.0.conditions"],
      [{ ...base, fallback: { type: "url", url: "javascript:alert(1)" } }, "fallback.url"],
      [{ ...base, fields: [...base.fields, { id: "size", label: "Again", type: "short_text" }] }, "fields.1.id"],
      [{ ...base, name: "" }, "name"],
    ];
    for (const [json, path] of cases) {
      const res = await post(json);
      expect(res.status, path).toBe(422);
      expect(Object.keys((await errorOf(res)).fields ?? {}), path).toContain(path);
    }
    // Someone else's event type (or a made-up one): 422 invalid_targets.
    const other = await account("rf-other", "professional");
    const theirs = await allDayEventType(call, other.token, {
      title: "Theirs",
      slug: `theirs-${crypto.randomUUID().slice(0, 6)}`,
      duration: 30,
      location: { type: "video" },
    });
    const stolen = await post({ ...base, fallback: { type: "event-type", eventTypeId: theirs._id } });
    expect(stolen.status).toBe(422);
    expect((await errorOf(stolen)).code).toBe("invalid_targets");
    // Member attributes only for a team's round robin.
    const personalAttrs = await post({
      ...base,
      fallback: { type: "event-type", eventTypeId: hostType._id, memberAttributes: { region: "emea" } },
    });
    expect(personalAttrs.status).toBe(422);
    expect(
      (
        await call("POST", "/api/routing-forms", {
          token: host.token,
          body: "{",
          headers: { "content-type": "application/json" },
        })
      ).status,
    ).toBe(400);
    expect((await call("POST", "/api/routing-forms", { json: base })).status).toBe(401);
  });

  it("GET, PUT and DELETE are the host's alone (404 for anyone else)", async () => {
    const other = await account("rf-stranger");
    const made = await ok<FormJson>(
      await call("POST", "/api/routing-forms", {
        token: host.token,
        json: {
          name: "Temp",
          fields: [{ id: "q", label: "Q", type: "short_text" }],
          routes: [],
          fallback: message("Bye"),
        },
      }),
      201,
    );
    expect(made.url).toMatch(new RegExp(`/forms/${made.id}$`));
    expect((await call("GET", `/api/routing-forms/${made.id}`, { token: other.token })).status).toBe(404);
    expect((await call("GET", `/api/routing-forms/${made.id}/responses`, { token: other.token })).status).toBe(404);
    expect((await call("DELETE", `/api/routing-forms/${made.id}`, { token: other.token })).status).toBe(404);
    const list = await ok<FormJson[]>(await call("GET", "/api/routing-forms", { token: host.token }));
    expect(list.map((f) => f.id)).toEqual(expect.arrayContaining([made.id, form.id]));
    expect(await ok<FormJson[]>(await call("GET", "/api/routing-forms", { token: other.token }))).toEqual([]);
    const put = await call("PUT", `/api/routing-forms/${made.id}`, {
      token: host.token,
      json: {
        name: "Renamed",
        fields: [{ id: "q", label: "Q", type: "short_text" }],
        routes: [],
        fallback: message("Bye"),
      },
    });
    expect((await ok<{ name: string }>(put)).name).toBe("Renamed");
    expect((await call("DELETE", `/api/routing-forms/${made.id}`, { token: host.token })).status).toBe(204);
    expect((await call("GET", `/api/routing-forms/${made.id}`, { token: host.token })).status).toBe(404);
  });
});

describe("responses", () => {
  it("are listed with and without a booking, and export as formula-safe CSV", async () => {
    const res = await routed(form.id, {
      name: "=HYPERLINK(1)",
      email: "csv@example.test",
      company: "+Plus, Inc.",
      country: "US",
    });
    const list = await ok<
      Array<{ id: string; answers: Record<string, unknown>; booking: unknown; route: number | null }>
    >(await call("GET", `/api/routing-forms/${form.id}/responses`, { token: host.token }));
    const mine = list.find((r) => r.id === res.responseId);
    expect(mine).toMatchObject({ booking: null, route: null, answers: { name: "=HYPERLINK(1)" } });
    expect(list.some((r) => r.booking !== null)).toBe(true);
    const csv = await call("GET", `/api/routing-forms/${form.id}/responses`, {
      token: host.token,
      headers: { accept: "text/csv" },
    });
    expect(csv.headers.get("content-type")).toMatch(/^text\/csv/);
    const text = await csv.text();
    expect(text.split("\r\n")[0]).toBe(
      "submitted_at,Your name,E-mail,Company,Country,Seats,Topics,route,action,booking_id,booking_start,host",
    );
    expect(text).toContain(`'=HYPERLINK(1),csv@example.test,"'+Plus, Inc.",US`);
    expect(text).not.toMatch(/(^|,)=HYPERLINK/m);
    expect((await call("GET", `/api/routing-forms/${form.id}/responses`)).status).toBe(401);
  });
});

describe("the page, without JavaScript", () => {
  it("shows the form, keeps answers on an error, routes on a plain post", async () => {
    const page = await call("GET", `/forms/${form.id}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('name="a_email"');
    expect(visibleText(html)).toContain("Who are you?");
    const bad = await call("POST", `/forms/${form.id}`, {
      body: new URLSearchParams({ a_name: "Nia", a_email: "" }),
      headers: formHeaders,
    });
    expect(bad.status).toBe(400);
    const badHtml = await bad.text();
    expect(visibleText(badHtml)).toContain('Answer "E-mail".');
    expect(badHtml).toContain('value="Nia"');
    const good = await call("POST", `/forms/${form.id}?embed=1`, {
      body: new URLSearchParams({ a_name: "Nia", a_email: "nia@example.test", a_company: "Nia Corp", a_country: "US" }),
      headers: formHeaders,
    });
    expect(good.status).toBe(302);
    const to = new URL(good.headers.get("location") ?? "");
    expect(to.pathname).toBe(`/${username}/${hostType.slug}`);
    expect(to.searchParams.get("embed")).toBe("1");
    expect(to.searchParams.get("name")).toBe("Nia");
    const msg = await call("POST", `/forms/${form.id}`, {
      body: new URLSearchParams({ a_name: "Nia", a_email: "nia@example.test", a_seats: "2", a_country: "US" }),
      headers: formHeaders,
    });
    expect(msg.status).toBe(200);
    expect(visibleText(await msg.text())).toContain("lte");
    expect((await call("GET", `/forms/${crypto.randomUUID()}`)).status).toBe(404);
    // It may be framed with ?embed=1, like a booking page.
    const framed = await call("GET", `/forms/${form.id}?embed=1`);
    expect(framed.headers.get("content-security-policy") ?? "").not.toMatch(/frame-ancestors 'none'/);
  });
});

describe("member attributes and round robin", () => {
  let cast: TeamCast;
  let typeId: string;
  let teamForm: FormJson;

  beforeAll(async () => {
    cast = await teamCast(call, db, account, "rft");
    // The admin is free from 08:00: the member and the admin both could take a booking at 10:00.
    const schedules = await ok<Json[]>(await call("GET", "/api/schedules", { token: cast.admin.token }));
    const def = schedules.find((s) => s.isDefault)!;
    await ok(
      await call("PUT", `/api/schedules/${def._id}`, {
        token: cast.admin.token,
        json: {
          name: "From eight",
          timeZone: "UTC",
          weekly: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, start: "08:00", end: "24:00" })),
          overrides: [],
          isDefault: true,
        },
      }),
    );
    typeId = await teamEventType(call, db, cast, {
      hosts: [{ userId: cast.owner.id }, { userId: cast.member.id }, { userId: cast.admin.id }],
    });
  });

  const attrs = (who: Account, userId: string, json: unknown) =>
    call("PUT", `/api/teams/${cast.team.id}/members/${userId}/attributes`, { token: who.token, json });

  it("owners and admins set them; a member 403, an outsider 404, bad input 400", async () => {
    expect(await ok(await attrs(cast.owner, cast.member.id, { region: "emea", language: "de" }))).toEqual({
      userId: cast.member.id,
      attributes: { region: "emea", language: "de" },
    });
    await ok(await attrs(cast.admin, cast.admin.id, { region: "apac" }));
    expect((await attrs(cast.member, cast.member.id, { region: "us" })).status).toBe(403);
    expect((await attrs(cast.outsider, cast.member.id, { region: "us" })).status).toBe(404);
    expect((await attrs(cast.owner, cast.outsider.id, { region: "us" })).status).toBe(404);
    expect((await attrs(cast.owner, cast.member.id, { Region: "us" })).status).toBe(400);
    expect((await attrs(cast.owner, cast.member.id, { region: 5 })).status).toBe(400);
    const [row] =
      await db`select attributes from team_memberships where team_id = ${cast.team.id} and user_id = ${cast.member.id}`;
    expect(row.attributes).toEqual({ region: "emea", language: "de" });
  });

  it("a team form (owners and admins make it) narrows the round robin to the members with the attributes", async () => {
    const body = {
      name: "Sales intake",
      teamId: cast.team.id,
      fields: [
        { id: "name", label: "Name", type: "short_text", required: true },
        { id: "email", label: "E-mail", type: "short_text", required: true },
        { id: "region", label: "Region", type: "single_choice", options: ["Europe", "Asia", "Mars"], required: true },
      ],
      routes: [
        {
          conditions: { all: [{ field: "region", op: "equals", value: "Europe" }] },
          action: { type: "event-type", eventTypeId: typeId, memberAttributes: { region: "emea" } },
        },
        {
          conditions: { all: [{ field: "region", op: "equals", value: "Asia" }] },
          action: { type: "event-type", eventTypeId: typeId, memberAttributes: { region: "apac" } },
        },
        {
          conditions: { all: [{ field: "region", op: "equals", value: "Mars" }] },
          action: { type: "event-type", eventTypeId: typeId, memberAttributes: { region: "mars" } },
        },
      ],
      fallback: message("Nobody"),
    };
    expect((await call("POST", "/api/routing-forms", { token: cast.member.token, json: body })).status).toBe(403);
    expect((await call("POST", "/api/routing-forms", { token: cast.outsider.token, json: body })).status).toBe(404);
    teamForm = await ok<FormJson>(
      await call("POST", "/api/routing-forms", { token: cast.admin.token, json: body }),
      201,
    );
    expect(teamForm.teamId).toBe(cast.team.id);

    const book = async (region: string, day: number) => {
      const email = `rr-${crypto.randomUUID().slice(0, 6)}@example.test`;
      const res = await routed(teamForm.id, { name: "Rita", email, region });
      const link = new URL(res.bookingUrl ?? "");
      expect(link.pathname).toBe(`/team/${cast.team.slug}/${link.pathname.split("/")[3]}`);
      const booked = await call("POST", `${link.pathname}?routing=${res.responseId}`, {
        body: new URLSearchParams({ slot: at(day, "10:00"), tz: "UTC", name: "Rita", email }),
        headers: formHeaders,
      });
      expect(booked.status, await booked.clone().text()).toBe(302);
      const [event] = await db`select id, host_id, routing_response_id from events where guest_email = ${email}`;
      expect(event.routing_response_id).toBe(res.responseId);
      return event.host_id as string;
    };
    // Each region's booking goes to the member with that attribute, whoever round robin would pick otherwise.
    expect(await book("Europe", 3)).toBe(cast.member.id);
    expect(await book("Asia", 3)).toBe(cast.admin.id);
    expect(await book("Asia", 4)).toBe(cast.admin.id);
    expect(await book("Europe", 4)).toBe(cast.member.id);
    // Nobody is "mars": the route gives way to the fallback.
    const mars = await routed(teamForm.id, { name: "Rita", email: "mars@example.test", region: "Mars" });
    expect(mars.action).toEqual({ type: "message", message: "Nobody" });
  });

  it("a forged or foreign reference is refused, never a wider choice of hosts", async () => {
    const res = await routed(teamForm.id, { name: "Rita", email: "forge@example.test", region: "Asia" });
    const path = new URL(res.bookingUrl ?? "").pathname;
    expect((await call("GET", `${path}?routing=${crypto.randomUUID()}`)).status).toBe(400);
    expect((await call("GET", `${path}?routing=not-an-id`)).status).toBe(400);
    // A response routed to another event type does not open this one.
    const other = await routed(form.id, { name: "Lea", email: "lea2@example.test", company: "Corp" });
    const foreign = await call("GET", `${path}?routing=${other.responseId}`);
    expect(foreign.status).toBe(400);
    expect(visibleText(await foreign.text())).toContain("This link from a routing form is not valid.");
    const forged = await call("POST", `${path}?routing=${crypto.randomUUID()}`, {
      body: new URLSearchParams({ slot: at(5, "10:00"), tz: "UTC", name: "Rita", email: "forge@example.test" }),
      headers: formHeaders,
    });
    expect(forged.status).toBe(400);
    expect((await db`select count(*)::int as n from events where guest_email = 'forge@example.test'`)[0].n).toBe(0);
    // The real one shows only the admin's hours: the owner's early slots (00:00-02:00) are gone.
    const real = await (await call("GET", `${path}?routing=${res.responseId}&tz=UTC&date=${dateIn(6)}`)).text();
    expect(real).toContain(`${dateIn(6)}T10:00:00`);
    expect(real).not.toContain(`${dateIn(6)}T00:30:00`);
    const open = await (await call("GET", `${path}?tz=UTC&date=${dateIn(6)}`)).text();
    expect(open).toContain(`${dateIn(6)}T00:30:00`);
  });

  it("members read the team's forms and responses; only owners and admins change them; outsiders 404", async () => {
    const extra = await account("rft-late");
    await join(call, db, cast.team.id, cast.owner, extra, "member");
    expect((await call("GET", `/api/routing-forms/${teamForm.id}`, { token: extra.token })).status).toBe(200);
    expect((await call("GET", `/api/routing-forms/${teamForm.id}/responses`, { token: extra.token })).status).toBe(200);
    const put = await call("PUT", `/api/routing-forms/${teamForm.id}`, {
      token: cast.member.token,
      json: { name: "x", fields: [{ id: "q", label: "Q", type: "short_text" }], routes: [], fallback: message("x") },
    });
    expect(put.status).toBe(403);
    expect((await call("DELETE", `/api/routing-forms/${teamForm.id}`, { token: cast.member.token })).status).toBe(403);
    expect((await call("GET", `/api/routing-forms/${teamForm.id}`, { token: cast.outsider.token })).status).toBe(404);
    expect((await call("DELETE", `/api/routing-forms/${teamForm.id}`, { token: cast.outsider.token })).status).toBe(
      404,
    );
    const list = await ok<FormJson[]>(await call("GET", "/api/routing-forms", { token: cast.member.token }));
    expect(list.map((f) => f.id)).toContain(teamForm.id);
  });
});

describe("the audit log (decision 070)", () => {
  const definition = (text: string) => ({
    fields: [{ id: "q", label: "Question", type: "short_text" }],
    routes: [{ conditions: { all: [{ field: "q", op: "equals", value: "a" }] }, action: message(text) }],
    fallback: message("fallback"),
  });
  const entries = async (formId: string) =>
    db<
      {
        action: string;
        actor_id: string;
        before: Record<string, unknown> | null;
        after: Record<string, unknown> | null;
      }[]
    >`select action, actor_id, before, after from audit_log where target_type = 'routing_form' and target_id = ${formId} order by at, id`;

  it("creating, editing and deleting a form over JSON each write an entry with the form before and after", async () => {
    const made = await ok<FormJson>(
      await call("POST", "/api/routing-forms", { token: host.token, json: { name: "Audited", ...definition("one") } }),
      201,
    );
    await ok(
      await call("PUT", `/api/routing-forms/${made.id}`, {
        token: host.token,
        json: { name: "Audited again", ...definition("two") },
      }),
    );
    expect((await call("DELETE", `/api/routing-forms/${made.id}`, { token: host.token })).status).toBe(204);
    const log = await entries(made.id);
    expect(log.map((e) => e.action)).toEqual(["routing_form.created", "routing_form.updated", "routing_form.deleted"]);
    expect(log.every((e) => e.actor_id === host.id)).toBe(true);
    expect(log[0].before).toBeNull();
    expect(log[0].after).toMatchObject({ name: "Audited", fields: ["q"], routes: 1, fallback: "message" });
    expect(log[1].before).toMatchObject({ name: "Audited" });
    expect(log[1].after).toMatchObject({ name: "Audited again" });
    expect(log[2].before).toMatchObject({ name: "Audited again" });
    expect(log[2].after).toBeNull();
  });

  it("the Routing Forms page's create, edit and delete (plain form posts) write the same entries; a refused edit writes none", async () => {
    const post = (fields: Record<string, string>) => host.c.post("/dashboard/routingForms", fields);
    const created = await post({ name: "Page audited", teamId: "", definition: JSON.stringify(definition("one")) });
    expect(created.status).toBe(302);
    const formId = new URL(created.headers.get("location") ?? "", "http://x").searchParams.get("form") ?? "";
    expect(formId).toMatch(/^[0-9a-f-]{36}$/);
    const bad = await post({ id: formId, name: "", teamId: "", definition: "{" });
    expect(bad.status).toBe(400);
    const edited = await post({
      id: formId,
      name: "Page audited again",
      teamId: "",
      definition: JSON.stringify(definition("two")),
    });
    expect(edited.status).toBe(302);
    expect((await post({ intent: "delete", id: formId })).status).toBe(302);
    const log = await entries(formId);
    expect(log.map((e) => e.action)).toEqual(["routing_form.created", "routing_form.updated", "routing_form.deleted"]);
    expect(log[1].after).toMatchObject({ name: "Page audited again" });
    // An admin finds them in the audit log's JSON by action.
    const admin = await account("rf-admin", "admin");
    const page = await ok<{ items: Array<{ action: string; targetId: string }> }>(
      await call("GET", "/api/admin/audit-log?action=routing_form.deleted", { token: admin.token }),
    );
    expect(page.items.some((e) => e.targetId === formId)).toBe(true);
  });
});
