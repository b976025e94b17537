/**
 * The Availability page (/dashboard/availability) over real HTTP against PostgreSQL: the host's
 * schedules, the weekly-hours editor as plain form posts (no JavaScript), validated with the
 * JSON API's schema; what it stores is what GET /api/schedules answers.
 */
import { describe, expect, it } from "vitest";
import { type HttpClient, uniqueEmail, visibleText } from "../support/http";
import { client, servers, signUp, sql } from "./context";

const db = sql();
const PAGE = "/dashboard/availability";
const PASSWORD = "correct-horse-battery";

async function html(res: Response): Promise<string> {
  return (await res.text()).replaceAll("<!-- -->", "");
}

interface Host {
  c: HttpClient;
  email: string;
  id: string;
}

async function host(prefix: string, timeZone = "Europe/Berlin"): Promise<Host> {
  const c = client();
  const email = uniqueEmail(`avail-${prefix}`);
  expect((await signUp(c, email, PASSWORD, `Avail ${prefix}`)).status).toBe(302);
  await db`update users set time_zone = ${timeZone} where email = ${email}`;
  const [row] = await db`select id from users where email = ${email}`;
  return { c, email, id: row.id as string };
}

/** A form post with repeated names, as a browser sends the editor. */
function post(c: HttpClient, path: string, fields: Array<[string, string]>) {
  return c.request(path, {
    method: "POST",
    body: new URLSearchParams(fields).toString(),
    headers: { "content-type": "application/x-www-form-urlencoded", origin: c.baseUrl },
  });
}

async function defaultScheduleId(h: Host): Promise<string> {
  expect((await h.c.get(PAGE)).status).toBe(200);
  const [row] = await db`select id from schedules where user_id = ${h.id} and is_default`;
  return row.id as string;
}

type Week = Partial<Record<number, Array<[string, string]>>>;

/** The editor's fields: name, zone, the ticked days with their rows, overrides as hidden rows. */
function editorFields(
  week: Week,
  options: {
    name?: string;
    timeZone?: string;
    overrides?: Array<[string, string, string, string]>;
    intent?: string;
    extra?: Array<[string, string]>;
  } = {},
): Array<[string, string]> {
  const fields: Array<[string, string]> = [
    ["name", options.name ?? "Working hours"],
    ["timeZone", options.timeZone ?? "Europe/Berlin"],
  ];
  for (let day = 1; day <= 7; day++) {
    const rows = week[day];
    if (rows) fields.push([`d${day}.available`, "on"]);
    for (const [start, end] of rows ?? [["09:00", "17:00"]])
      fields.push([`d${day}.start`, start], [`d${day}.end`, end]);
  }
  for (const [date, kind, start, end] of options.overrides ?? [])
    fields.push(["o.date", date], ["o.kind", kind], ["o.start", start], ["o.end", end]);
  fields.push(...(options.extra ?? []), ["intent", options.intent ?? "save"]);
  return fields;
}

async function bearerToken(h: Host): Promise<string> {
  const res = await h.c.request(`/users/${encodeURIComponent(h.email)}`, {
    method: "PUT",
    body: JSON.stringify({ email: h.email }),
    headers: { origin: h.c.baseUrl, "content-type": "application/json" },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

const valueOf = (page: string, name: string) =>
  [
    ...page.matchAll(
      new RegExp(
        `name="${name.replace(".", "\\.")}"[^>]*value="([^"]*)"|value="([^"]*)"[^>]*name="${name.replace(".", "\\.")}"`,
        "g",
      ),
    ),
  ].map((m) => m[1] ?? m[2]);

describe("Availability page", () => {
  it("sends a visitor to sign in, for the page, an editor and its forms", async () => {
    const get = await client().get(PAGE);
    expect(get.status).toBe(302);
    expect(get.headers.get("location")).toBe("/signin?redirectTo=%2Fdashboard%2Favailability");
    const editor = await client().get(`${PAGE}?schedule=00000000-0000-4000-8000-000000000000`);
    expect(editor.status).toBe(302);
    const form = await post(client(), PAGE, [["intent", "new"]]);
    expect(form.status).toBe(302);
    expect(form.headers.get("location")).toContain("/signin");
  });

  it("makes and shows the default schedule with its weekly summary; it is in the drawer after Event Types", async () => {
    const h = await host("default");
    const res = await h.c.get(PAGE);
    expect(res.status).toBe(200);
    const page = await html(res);
    expect(page).toMatch(/<h1[^>]*>Availability<\/h1>/);
    const text = visibleText(page);
    expect(text).toContain("Working hours Default");
    expect(text).toContain("Mon–Fri, 9:00 am – 5:00 pm");
    expect(text).toContain("Europe/Berlin");
    expect(text).toContain("0 date overrides");
    expect(page.indexOf('href="/dashboard/eventTypes"')).toBeLessThan(page.indexOf(`href="${PAGE}"`));
    const rows = await db`select name, time_zone, is_default from schedules where user_id = ${h.id}`;
    expect(rows).toEqual([{ name: "Working hours", time_zone: "Europe/Berlin", is_default: true }]);

    // Professionals host too; admins have no Availability in their drawer, so no page either.
    await db`update users set role = 'professional' where id = ${h.id}`;
    expect((await h.c.get(PAGE)).status).toBe(200);
    await db`update users set role = 'admin' where id = ${h.id}`;
    expect((await h.c.get(PAGE)).status).toBe(403);
  });

  it("saves weekly hours and overrides as exactly the JSON the API answers", async () => {
    const h = await host("save");
    const id = await defaultScheduleId(h);
    const res = await post(
      h.c,
      `${PAGE}?schedule=${id}`,
      editorFields(
        {
          1: [
            ["13:00", "18:00"],
            ["10:00", "12:00"],
          ],
          3: [["22:00", "00:00"]],
        },
        {
          name: "  Office  ",
          timeZone: "America/New_York",
          overrides: [
            ["2026-12-24", "hours", "10:00", "12:00"],
            ["2026-12-25", "unavailable", "", ""],
          ],
        },
      ),
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`${PAGE}?schedule=${id}`);
    const [row] = await db`select name, time_zone, is_default, weekly, overrides from schedules where id = ${id}`;
    expect(row).toEqual({
      name: "Office",
      time_zone: "America/New_York",
      is_default: true,
      weekly: [
        { day: 1, start: "13:00", end: "18:00" },
        { day: 1, start: "10:00", end: "12:00" },
        { day: 3, start: "22:00", end: "24:00" },
      ],
      overrides: [
        { date: "2026-12-24", start: "10:00", end: "12:00" },
        { date: "2026-12-25", unavailable: true },
      ],
    });
    const token = await bearerToken(h);
    const api = await fetch(new URL("/api/schedules", servers()[0]), { headers: { authorization: `Bearer ${token}` } });
    expect(api.status).toBe(200);
    expect(await api.json()).toEqual([
      {
        _id: id,
        name: "Office",
        timeZone: "America/New_York",
        isDefault: true,
        weekly: row.weekly,
        overrides: row.overrides,
      },
    ]);

    // The toast and the saved values on the page it leads to.
    const after = await h.c.get(`${PAGE}?schedule=${id}`);
    const page = await html(after);
    expect(visibleText(page)).toContain("Schedule saved");
    expect(valueOf(page, "d1.start")).toEqual(["10:00", "13:00"]);
    expect(valueOf(page, "d3.end")).toEqual(["00:00"]);
    expect(visibleText(page)).toContain("Thu, Dec 24, 2026 10:00 am – 12:00 pm");
    expect(visibleText(page)).toContain("Fri, Dec 25, 2026 Unavailable all day");
    expect(visibleText(await html(await h.c.get(PAGE)))).toContain(
      "Mon, 10:00 am – 12:00 pm, 1:00 pm – 6:00 pm; Wed, 10:00 pm – 12:00 am",
    );
  });

  it("refuses overlapping intervals and an end before the start with 400, the message and the input kept", async () => {
    const h = await host("invalid");
    const id = await defaultScheduleId(h);
    const before = await db`select weekly, name from schedules where id = ${id}`;
    const res = await post(
      h.c,
      `${PAGE}?schedule=${id}`,
      editorFields(
        {
          1: [
            ["09:00", "12:00"],
            ["11:00", "13:00"],
          ],
          2: [["15:00", "14:30"]],
        },
        { name: "Kept name" },
      ),
    );
    expect(res.status).toBe(400);
    const page = await html(res);
    const text = visibleText(page);
    expect(text).toContain("Intervals on Monday overlap.");
    expect(text).toContain("End must be after start.");
    expect(valueOf(page, "d1.start")).toEqual(["09:00", "11:00"]);
    expect(valueOf(page, "d1.end")).toEqual(["12:00", "13:00"]);
    expect(valueOf(page, "d2.end")).toEqual(["14:30"]);
    expect(valueOf(page, "name")).toEqual(["Kept name"]);
    expect(page).toMatch(/aria-invalid="true"[^>]*name="d2\.end"|name="d2\.end"[^>]*aria-invalid="true"/);
    expect(await db`select weekly, name from schedules where id = ${id}`).toEqual(before);

    // A bad zone and a missing name are field errors too, never a 500.
    const zone = await post(
      h.c,
      `${PAGE}?schedule=${id}`,
      editorFields({ 1: [["09:00", "10:00"]] }, { name: "", timeZone: "Mars/Olympus" }),
    );
    expect(zone.status).toBe(400);
    const zoneText = visibleText(await html(zone));
    expect(zoneText).toContain("Give the schedule a name.");
    expect(zoneText).toContain("Give a valid IANA time zone");
  });

  it("adds and removes intervals and copies Monday to the weekdays without saving", async () => {
    const h = await host("intents");
    const id = await defaultScheduleId(h);
    const before = await db`select weekly from schedules where id = ${id}`;
    const add = await post(
      h.c,
      `${PAGE}?schedule=${id}`,
      editorFields({ 1: [["09:00", "12:00"]] }, { intent: "add:1", name: "Typed" }),
    );
    expect(add.status).toBe(200);
    const added = await html(add);
    expect(valueOf(added, "d1.start")).toEqual(["09:00", "13:00"]);
    expect(valueOf(added, "d1.end")).toEqual(["12:00", "14:00"]);
    expect(valueOf(added, "name")).toEqual(["Typed"]);

    const remove = await post(
      h.c,
      `${PAGE}?schedule=${id}`,
      editorFields(
        {
          1: [
            ["09:00", "12:00"],
            ["13:00", "14:00"],
            ["15:00", "16:00"],
          ],
        },
        { intent: "remove:1:1" },
      ),
    );
    expect(remove.status).toBe(200);
    const removed = await html(remove);
    expect(valueOf(removed, "d1.start")).toEqual(["09:00", "15:00"]);

    const copy = await post(
      h.c,
      `${PAGE}?schedule=${id}`,
      editorFields(
        {
          1: [
            ["10:00", "12:00"],
            ["13:00", "18:00"],
          ],
          6: [["08:00", "09:00"]],
        },
        { intent: "copyMonday" },
      ),
    );
    const copied = await html(copy);
    for (const day of [2, 3, 4, 5]) {
      expect(valueOf(copied, `d${day}.start`), `day ${day}`).toEqual(["10:00", "13:00"]);
      expect(copied).toMatch(
        new RegExp(`name="d${day}\\.available"[^>]*checked|checked[^>]*name="d${day}\\.available"`),
      );
    }
    expect(valueOf(copied, "d6.start")).toEqual(["08:00"]);
    expect(await db`select weekly from schedules where id = ${id}`).toEqual(before);
  });

  it("adds and removes date overrides; a bad one is refused with its fields kept", async () => {
    const h = await host("overrides");
    const id = await defaultScheduleId(h);
    const url = `${PAGE}?schedule=${id}`;
    const add = await post(
      h.c,
      url,
      editorFields(
        { 1: [["09:00", "17:00"]] },
        {
          intent: "addOverride",
          extra: [
            ["new.date", "2026-12-31"],
            ["new.kind", "unavailable"],
            ["new.start", ""],
            ["new.end", ""],
          ],
        },
      ),
    );
    expect(add.status).toBe(200);
    const added = await html(add);
    expect(valueOf(added, "o.date")).toEqual(["2026-12-31"]);
    expect(valueOf(added, "o.kind")).toEqual(["unavailable"]);

    const bad = await post(
      h.c,
      url,
      editorFields(
        { 1: [["09:00", "17:00"]] },
        {
          intent: "addOverride",
          overrides: [["2026-12-31", "unavailable", "", ""]],
          extra: [
            ["new.date", "2027-01-02"],
            ["new.kind", "hours"],
            ["new.start", "12:00"],
            ["new.end", "11:00"],
          ],
        },
      ),
    );
    expect(bad.status).toBe(400);
    const refused = await html(bad);
    expect(visibleText(refused)).toContain("End must be after start.");
    expect(valueOf(refused, "new.date")).toEqual(["2027-01-02"]);
    expect(valueOf(refused, "new.start")).toEqual(["12:00"]);
    expect(valueOf(refused, "o.date")).toEqual(["2026-12-31"]);

    const save = await post(
      h.c,
      url,
      editorFields(
        { 1: [["09:00", "17:00"]] },
        {
          overrides: [
            ["2026-12-31", "unavailable", "", ""],
            ["2027-01-02", "hours", "10:00", "11:00"],
          ],
        },
      ),
    );
    expect(save.status).toBe(302);
    expect((await db`select overrides from schedules where id = ${id}`)[0].overrides).toEqual([
      { date: "2026-12-31", unavailable: true },
      { date: "2027-01-02", start: "10:00", end: "11:00" },
    ]);
    const remove = await post(
      h.c,
      url,
      editorFields(
        { 1: [["09:00", "17:00"]] },
        {
          intent: "removeOverride:0",
          overrides: [
            ["2026-12-31", "unavailable", "", ""],
            ["2027-01-02", "hours", "10:00", "11:00"],
          ],
        },
      ),
    );
    expect(valueOf(await html(remove), "o.date")).toEqual(["2027-01-02"]);
  });

  it("an added or removed date override is saved at once; other edits stay in the form, marked unsaved", async () => {
    const h = await host("override-save");
    const id = await defaultScheduleId(h);
    const url = `${PAGE}?schedule=${id}`;
    const [before] = await db`select name, time_zone, weekly from schedules where id = ${id}`;
    expect(visibleText(await html(await h.c.get(url)))).not.toContain("unsaved changes");
    // Monday's hours edited but not saved, then an override added.
    const add = await post(
      h.c,
      url,
      editorFields(
        { 1: [["07:00", "11:00"]] },
        {
          name: "Edited name",
          intent: "addOverride",
          extra: [
            ["new.date", "2031-03-04"],
            ["new.kind", "hours"],
            ["new.start", "10:00"],
            ["new.end", "12:00"],
          ],
        },
      ),
    );
    expect(add.status).toBe(200);
    const page = await html(add);
    expect(visibleText(page)).toContain("Date override saved");
    expect(visibleText(page)).toContain("You have unsaved changes. Press Save to keep them.");
    expect(valueOf(page, "d1.start")).toEqual(["07:00"]);
    const [after] = await db`select name, time_zone, weekly, overrides from schedules where id = ${id}`;
    expect(after.overrides).toEqual([{ date: "2031-03-04", start: "10:00", end: "12:00" }]);
    expect({ name: after.name, time_zone: after.time_zone, weekly: after.weekly }).toEqual(before);

    // Reloaded, the saved override is there and nothing is unsaved.
    const reloaded = await html(await h.c.get(url));
    expect(valueOf(reloaded, "o.date")).toEqual(["2031-03-04"]);
    expect(visibleText(reloaded)).not.toContain("unsaved changes");

    const remove = await post(
      h.c,
      url,
      editorFields({}, { intent: "removeOverride:0", overrides: [["2031-03-04", "hours", "10:00", "12:00"]] }),
    );
    expect(remove.status).toBe(200);
    expect(visibleText(await html(remove))).toContain("Date override removed");
    expect((await db`select overrides from schedules where id = ${id}`)[0].overrides).toEqual([]);
  });

  it("creates a schedule, makes it the default, and refuses to delete the default; deletes the other", async () => {
    const h = await host("default-flip");
    const first = await defaultScheduleId(h);
    const made = await post(h.c, PAGE, [["intent", "new"]]);
    expect(made.status).toBe(302);
    const second = new URL(made.headers.get("location") ?? "", "http://x").searchParams.get("schedule") as string;
    expect(second).not.toBe(first);

    const flip = await post(h.c, `${PAGE}?schedule=${second}`, [["intent", "makeDefault"]]);
    expect(flip.status).toBe(302);
    expect(visibleText(await html(await h.c.get(`${PAGE}?schedule=${second}`)))).toContain("Default schedule changed");
    const flags = await db`select id, is_default from schedules where user_id = ${h.id}`;
    expect(Object.fromEntries(flags.map((r) => [r.id, r.is_default]))).toEqual({ [first]: false, [second]: true });

    const modal = await html(await h.c.get(`${PAGE}?schedule=${second}&delete=1`));
    expect(modal).toContain("<dialog");
    expect(visibleText(modal)).toContain("The default schedule can't be deleted.");
    const refused = await post(h.c, `${PAGE}?schedule=${second}&delete=1`, [["intent", "delete"]]);
    expect(refused.status).toBe(409);
    expect(visibleText(await html(refused))).toContain("The default schedule can't be deleted.");
    expect((await db`select count(*)::int as n from schedules where user_id = ${h.id}`)[0].n).toBe(2);

    const gone = await post(h.c, `${PAGE}?schedule=${first}&delete=1`, [["intent", "delete"]]);
    expect(gone.status).toBe(302);
    expect(gone.headers.get("location")).toBe(PAGE);
    expect(visibleText(await html(await h.c.get(PAGE)))).toContain("Schedule deleted");
    expect((await db`select id from schedules where user_id = ${h.id}`).map((r) => r.id)).toEqual([second]);
  });

  it("refuses to delete a schedule an event type uses, with the model's reason", async () => {
    const h = await host("in-use");
    await defaultScheduleId(h);
    const made = await post(h.c, PAGE, [["intent", "new"]]);
    const id = new URL(made.headers.get("location") ?? "", "http://x").searchParams.get("schedule") as string;
    const token = await bearerToken(h);
    const eventType = await fetch(new URL("/api/event-types", servers()[0]), {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ title: "Intro", slug: "intro", duration: 30, scheduleId: id }),
    });
    expect(eventType.status).toBe(201);
    const refused = await post(h.c, `${PAGE}?schedule=${id}&delete=1`, [["intent", "delete"]]);
    expect(refused.status).toBe(409);
    const page = await html(refused);
    expect(page).toContain('data-testid="delete-refused"');
    expect(visibleText(page)).toContain("An event type uses this schedule.");
    expect((await db`select count(*)::int as n from schedules where id = ${id}`)[0].n).toBe(1);
  });

  it("answers 404 for another host's schedule and a non-uuid, and changes nothing", async () => {
    const owner = await host("owner");
    const stranger = await host("stranger");
    const id = await defaultScheduleId(owner);
    await defaultScheduleId(stranger);
    const before = await db`select name, weekly, is_default from schedules where id = ${id}`;
    expect((await stranger.c.get(`${PAGE}?schedule=${id}`)).status).toBe(404);
    expect((await stranger.c.get(`${PAGE}?schedule=not-a-uuid`)).status).toBe(404);
    expect((await stranger.c.get(`${PAGE}?schedule=${id}&delete=1`)).status).toBe(404);
    for (const fields of [
      editorFields({ 1: [["01:00", "02:00"]] }, { name: "Hijacked" }),
      [["intent", "makeDefault"]] as Array<[string, string]>,
      [["intent", "delete"]] as Array<[string, string]>,
    ]) {
      expect((await post(stranger.c, `${PAGE}?schedule=${id}`, fields)).status).toBe(404);
    }
    expect((await post(stranger.c, `${PAGE}?schedule=nope`, editorFields({}))).status).toBe(404);
    expect(await db`select name, weekly, is_default from schedules where id = ${id}`).toEqual(before);
  });
});
