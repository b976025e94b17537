/**
 * Insights, source tracking and the bookings export (decision 079) over real HTTP against
 * PostgreSQL: GET /api/insights' figures on a seeded history checked against direct SQL counts;
 * the team's owners and admins only (a member 403, an outsider 404); bad queries 400; the
 * booking link's utm_* and ref from the page's form post and from POST /api/bookings reaching
 * events.utm, the booking's JSON, the webhook and the export; the export streamed as CSV in
 * batches, safe for spreadsheets.
 */
import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventually } from "../support/mail-wait";
import { allDayEventType, apiClient, at, errorOf, ok, type Account } from "./api-client";
import { bookAt, teamCast, teamEventType, type TeamCast } from "./team-fixtures";

const { db, call, account } = apiClient({ ipPrefix: "10.179", namePrefix: "Ins" });

const ZONE = "America/New_York";
let host: Account;
let username: string;
let typeId: string;
let typeSlug: string;
let cast: TeamCast;
let teamTypeId: string;

/** The webhook receiver: every body it got. */
const received: { type: string; data: Record<string, unknown> }[] = [];
let receiver: http.Server;

const todayIn = (zone: string) => new Intl.DateTimeFormat("en-CA", { timeZone: zone }).format(new Date());

/** A YYYY-MM-DD date moved by whole days (calendar arithmetic, no zone). */
const shiftDate = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

interface Insights {
  range: { from: string; to: string; days: number; timeZone: string };
  previousRange: { from: string; to: string };
  totals: Record<"created" | "completed" | "cancelled" | "rescheduled" | "noShows", number>;
  previous: Record<"created" | "completed" | "cancelled" | "rescheduled" | "noShows", number>;
  byEventType: { eventTypeId: string | null; title: string; count: number }[];
  byMember: { userId: string; name: string; count: number }[];
  byWeekdayHour: number[][];
  leadTime: { medianMinutes: number | null; buckets: { label: string; count: number }[] };
}

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    let body = "";
    req.on("data", (d) => (body += d));
    req.on("end", () => {
      received.push(JSON.parse(body));
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));

  host = await account("ins-host", "professional");
  username = `ins${crypto.randomUUID().slice(0, 8)}`;
  await db`update users set username = ${username}, time_zone = ${ZONE} where id = ${host.id}`;
  typeSlug = `intro-${crypto.randomUUID().slice(0, 6)}`;
  const type = await allDayEventType(call, host.token, {
    title: "Intro call",
    slug: typeSlug,
    duration: 30,
    minimumNotice: 0,
    bookingWindowDays: 60,
  });
  typeId = type._id;
  await ok(
    await call("POST", "/api/webhooks", {
      token: host.token,
      json: {
        url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`,
        events: ["booking.created"],
      },
    }),
    201,
  );

  // The seeded history: 160 bookings made every 7 hours back from now (this range and the one
  // before), a mix of states, each starting at its own hour (no overlap) from 20 days ago on.
  await db`
    insert into events (host_id, event_name, event_type, event_with, description, starts_at, ends_at,
                        status, declined_at, guest_email, guest_name, event_type_id, guest_no_show,
                        host_no_show, created_at)
    select ${host.id}, 'Intro call', 'Google Meet', 'One-to-One', '',
           now() - interval '20 days' + i * interval '3 hours' + interval '7 minutes',
           now() - interval '20 days' + i * interval '3 hours' + interval '37 minutes',
           (case when i % 7 = 0 or i % 11 = 0 then 'cancelled' when i % 13 = 0 then 'pending' else 'confirmed' end)::event_status,
           case when i % 11 = 0 and i % 7 <> 0 then now() else null end,
           'seed' || i || '@example.test', 'Seed ' || i, ${typeId},
           i % 5 = 0, i % 17 = 0,
           now() - i * interval '7 hours'
    from generate_series(1, 160) as i`;
  await db`
    insert into booking_events (kind, event_id, actor, payload)
    select 'rescheduled', id, 'guest', '{}'::jsonb from events
    where host_id = ${host.id} and guest_name in ('Seed 9', 'Seed 18', 'Seed 27', 'Seed 130')`;

  cast = await teamCast(call, db, account, "ins");
  teamTypeId = await teamEventType(call, db, cast);
  await bookAt(call, teamTypeId, at(3, "10:00"));
  await bookAt(call, teamTypeId, at(4, "11:00"));
});

afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

/** The figures as the product defines them, straight from the tables. */
async function sqlTotals(hostId: string, from: string, to: string) {
  const [row] = await db`
    select count(*)::int as created,
           count(*) filter (where status = 'confirmed' and ends_at <= now())::int as completed,
           count(*) filter (where status = 'cancelled' and declined_at is null)::int as cancelled,
           count(*) filter (where exists (select 1 from booking_events b where b.event_id = e.id and b.kind = 'rescheduled'))::int as rescheduled,
           count(*) filter (where guest_no_show or host_no_show)::int as "noShows"
    from events e
    where host_id = ${hostId} and booking_id is null and event_type_id is not null
      and created_at >= (${from}::date)::timestamp at time zone ${ZONE}
      and created_at < (${to}::date + 1)::timestamp at time zone ${ZONE}`;
  return row;
}

describe("GET /api/insights", () => {
  it("counts the host's bookings of the last 30 days and the 30 before as SQL does", async () => {
    const before = todayIn(ZONE);
    const body = await ok<Insights>(await call("GET", "/api/insights", { token: host.token }));
    // Today in the host's zone (the one before the call or after it, if midnight came between).
    expect([before, todayIn(ZONE)]).toContain(body.range.to);
    expect(body.range).toMatchObject({ days: 30, timeZone: ZONE });
    expect(body.totals).toEqual(await sqlTotals(host.id, body.range.from, body.range.to));
    expect(body.previous).toEqual(await sqlTotals(host.id, body.previousRange.from, body.previousRange.to));
    // The history is spread over both ranges, and every kind of figure is there.
    expect(body.totals.created).toBeGreaterThan(50);
    expect(body.previous.created).toBeGreaterThan(10);
    for (const key of ["completed", "cancelled", "rescheduled", "noShows"] as const)
      expect(body.totals[key], key).toBeGreaterThan(0);
    expect(body.byEventType).toEqual([{ eventTypeId: typeId, title: "Intro call", count: body.totals.created }]);
    expect(body.byMember).toMatchObject([{ userId: host.id, count: body.totals.created }]);
  });

  it("buckets the non-cancelled bookings by weekday and hour in the host's zone, and by lead time", async () => {
    const body = await ok<Insights>(await call("GET", "/api/insights", { token: host.token }));
    const cells = await db`
      select (extract(isodow from starts_at at time zone ${ZONE})::int - 1) as d,
             extract(hour from starts_at at time zone ${ZONE})::int as h, count(*)::int as n
      from events
      where host_id = ${host.id} and status <> 'cancelled' and event_type_id is not null and booking_id is null
        and created_at >= (${body.range.from}::date)::timestamp at time zone ${ZONE}
        and created_at < (${body.range.to}::date + 1)::timestamp at time zone ${ZONE}
      group by 1, 2`;
    const expected = Array.from({ length: 7 }, () => Array.from({ length: 24 }, () => 0));
    for (const c of cells) expected[c.d as number][c.h as number] = c.n as number;
    expect(body.byWeekdayHour).toEqual(expected);
    const live = cells.reduce((sum, c) => sum + (c.n as number), 0);
    expect(body.leadTime.buckets.reduce((sum, b) => sum + b.count, 0)).toBe(live);
    const [{ median }] = await db`
      select round(percentile_cont(0.5) within group (order by extract(epoch from starts_at - created_at) / 60))::int as median
      from events
      where host_id = ${host.id} and status <> 'cancelled' and event_type_id is not null and booking_id is null
        and created_at >= (${body.range.from}::date)::timestamp at time zone ${ZONE}
        and created_at < (${body.range.to}::date + 1)::timestamp at time zone ${ZONE}`;
    expect(body.leadTime.medianMinutes).toBe(median);
  });

  it("filters by event type and range", async () => {
    const none = await ok<Insights>(
      await call("GET", `/api/insights?eventTypeId=${crypto.randomUUID()}`, { token: host.token }),
    );
    expect(none.totals.created).toBe(0);
    const to = todayIn(ZONE);
    const from = shiftDate(to, -3);
    const short = await ok<Insights>(
      await call("GET", `/api/insights?from=${from}&to=${to}&eventTypeId=${typeId}`, { token: host.token }),
    );
    expect(short.range).toMatchObject({ from, to, days: 4 });
    expect(short.previousRange).toEqual({ from: shiftDate(from, -4), to: shiftDate(from, -1) });
    expect(short.totals).toEqual(await sqlTotals(host.id, from, to));
  });

  it("answers 400 with the field for bad dates, a reversed or too long range and bad ids", async () => {
    const cases: [string, string][] = [
      ["from=2026-02-30", "from"],
      ["to=last-week", "to"],
      ["from=2026-11-10&to=2026-11-01", "to"],
      ["from=2020-01-01&to=2026-01-01", "to"],
      ["eventTypeId=not-an-id", "eventTypeId"],
      [`member=${crypto.randomUUID()}`, "member"],
    ];
    for (const [query, field] of cases) {
      for (const path of ["/api/insights", "/api/bookings/export"]) {
        const res = await call("GET", `${path}?${query}`, { token: host.token });
        expect(res.status, `${path}?${query}`).toBe(400);
        const error = await errorOf(res);
        expect(error.code).toBe("invalid_input");
        expect(Object.keys(error.fields ?? {}), query).toEqual([field]);
      }
    }
    expect((await call("GET", "/api/insights")).status).toBe(401);
  });

  it("gives a team's figures to its owners and admins, 403 to a member and 404 to anyone else", async () => {
    const path = `/api/insights?teamId=${cast.team.id}`;
    const owner = await ok<Insights>(await call("GET", path, { token: cast.owner.token }));
    const admin = await ok<Insights>(await call("GET", path, { token: cast.admin.token }));
    expect(admin).toEqual(owner);
    expect(owner.totals.created).toBe(2);
    expect(owner.byMember).toMatchObject([{ userId: cast.member.id, count: 2 }]);
    expect(owner.byEventType).toMatchObject([{ eventTypeId: teamTypeId, count: 2 }]);
    const one = await ok<Insights>(await call("GET", `${path}&member=${cast.owner.id}`, { token: cast.owner.token }));
    expect(one.totals.created).toBe(0);
    expect((await call("GET", path, { token: cast.member.token })).status).toBe(403);
    expect((await errorOf(await call("GET", path, { token: cast.outsider.token }))).code).toBe("not_found");
    expect((await call("GET", path, { token: host.token })).status).toBe(404);
    expect(
      (await call("GET", `/api/bookings/export?teamId=${cast.team.id}`, { token: cast.member.token })).status,
    ).toBe(403);
    expect((await call("GET", `/api/bookings/export?teamId=${cast.team.id}`, { token: host.token })).status).toBe(404);
    // A member's own figures are theirs: the bookings they host.
    const mine = await ok<Insights>(await call("GET", "/api/insights", { token: cast.member.token }));
    expect(mine.totals.created).toBe(2);
  });
});

describe("source tracking (utm_* and ref)", () => {
  let apiBookingId: string;
  let pageBookingId: string;

  it("POST /api/bookings stores utm, answers it, and refuses unknown keys, long values and control characters", async () => {
    const json = {
      eventTypeId: typeId,
      start: at(9, "10:00"),
      name: "Uma Guest",
      email: `uma-${crypto.randomUUID().slice(0, 6)}@example.test`,
      timeZone: "Europe/Paris",
    };
    for (const utm of [{ utm_foo: "x" }, { utm_source: "x".repeat(201) }, { utm_source: "a\u0007b" }]) {
      const res = await call("POST", "/api/bookings", { json: { ...json, utm } });
      expect(res.status, JSON.stringify(utm)).toBe(400);
      const fields = Object.keys((await errorOf(res)).fields ?? {});
      expect(fields.length).toBeGreaterThan(0);
      expect(
        fields.every((f) => f === "utm" || f.startsWith("utm.")),
        fields.join(),
      ).toBe(true);
    }
    const utm = { utm_source: "newsletter", utm_campaign: "=SUM(1,2)", ref: "partner" };
    const body = await ok<{ booking: { id: string; utm: Record<string, string> | null } }>(
      await call("POST", "/api/bookings", { json: { ...json, utm } }),
      201,
    );
    expect(body.booking.utm).toEqual(utm);
    apiBookingId = body.booking.id;
    const [row] = await db`select utm from events where id = ${apiBookingId}`;
    expect(row.utm).toEqual(utm);
    // A booking without a source stores null.
    const plain = await ok<{ booking: { id: string; utm: unknown } }>(
      await call("POST", "/api/bookings", { json: { ...json, start: at(9, "11:00"), email: "plain@example.test" } }),
      201,
    );
    expect(plain.booking.utm).toBeNull();
  });

  it("the booking page keeps the link's source in its links and the form, and the no-JS post stores it", async () => {
    const slot = at(10, "14:00").replace("+00:00", "Z");
    const source = "utm_source=partner-site&utm_medium=banner&ref=spring&utm_nope=dropped";
    const page = `/${username}/${typeSlug}?tz=UTC&date=${slot.slice(0, 10)}&${source}`;
    const day = await (await call("GET", page)).text();
    // The slot links carry the source on to the form.
    const slotLink = /href="([^"]*slot=[^"]*)"/.exec(day)?.[1]?.replaceAll("&amp;", "&") ?? "";
    expect(slotLink).toContain("utm_source=partner-site");
    expect(slotLink).toContain("ref=spring");
    expect(slotLink).not.toContain("utm_nope");
    const form = await (await call("GET", slotLink)).text();
    const hidden = form.slice(form.indexOf('name="tz"') - 200, form.indexOf('name="tz"') + 600);
    expect(form, `${slotLink}\n${hidden}`).toContain('name="idempotencyKey"');
    expect(form, hidden).toMatch(/<input type="hidden" name="utm_source"[^>]* value="partner-site"/);
    expect(form, hidden).toMatch(/<input type="hidden" name="utm_medium"[^>]* value="banner"/);
    expect(form, hidden).toMatch(/<input type="hidden" name="ref"[^>]* value="spring"/);
    const chosen = decodeURIComponent(/slot=([^&"]+)/.exec(slotLink)?.[1] ?? "");
    // The post goes to the page's path without its query: the hidden fields carry the source.
    const res = await call("POST", `/${username}/${typeSlug}`, {
      body: new URLSearchParams({
        slot: chosen,
        tz: "UTC",
        name: "Pat Page",
        email: `pat-${crypto.randomUUID().slice(0, 6)}@example.test`,
        utm_source: "partner-site",
        utm_medium: "banner",
        ref: "spring",
      }),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(res.status).toBe(302);
    pageBookingId = /booked\/([0-9a-f-]{36})/.exec(res.headers.get("location") ?? "")?.[1] ?? "";
    const [row] = await db`select utm from events where id = ${pageBookingId}`;
    expect(row.utm).toEqual({ utm_source: "partner-site", utm_medium: "banner", ref: "spring" });
  });

  it("reaches the webhook payload", async () => {
    const hooks = await eventually(
      () => received.filter((r) => r.type === "booking.created"),
      (list) => [apiBookingId, pageBookingId].every((id) => list.some((r) => r.data.id === id)),
      20_000,
    );
    expect(hooks.find((r) => r.data.id === apiBookingId)?.data.utm).toEqual({
      utm_source: "newsletter",
      utm_campaign: "=SUM(1,2)",
      ref: "partner",
    });
    expect(hooks.find((r) => r.data.id === pageBookingId)?.data.utm).toEqual({
      utm_source: "partner-site",
      utm_medium: "banner",
      ref: "spring",
    });
  });

  it("shows on the booking's timeline to its host", async () => {
    const page = await host.c.get(`/dashboard/scheduledEvents/${pageBookingId}/timeline`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('data-testid="booking-source"');
    expect(html).toContain("partner-site");
  });

  it("reaches the export, with formula-like cells made text", async () => {
    const res = await call("GET", "/api/bookings/export", { token: host.token });
    const csv = await res.text();
    const line = csv.split("\r\n").find((l) => l.startsWith(apiBookingId)) ?? "";
    // The last six columns: utm_source, utm_medium, utm_campaign, utm_term, utm_content, ref.
    // "=SUM(1,2)" has a comma: quoted, and the ' keeps a spreadsheet from running it.
    expect(line.endsWith(`,newsletter,,"'=SUM(1,2)",,,partner`), line).toBe(true);
  });
});

describe("GET /api/bookings/export", () => {
  it("streams text/csv as an attachment: a row per booking of the range as SQL counts them, the no-show marks and answers", async () => {
    const res = await call("GET", "/api/bookings/export", { token: host.token });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/csv; charset=utf-8/);
    // The range is named in the file name; the rows are counted over that range (a count over
    // "today" read again here would differ when the host's midnight passes between the two).
    const named = /^attachment; filename="bookings-(\d{4}-\d{2}-\d{2})-to-(\d{4}-\d{2}-\d{2})\.csv"$/.exec(
      res.headers.get("content-disposition") ?? "",
    );
    expect(named).not.toBeNull();
    const [, from, to] = named ?? [];
    expect(Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)).toBe(29 * 86_400_000);
    // Streamed: chunked, no length known up front.
    expect(res.headers.get("content-length")).toBeNull();
    const bytes = new Uint8Array(await res.arrayBuffer());
    // A UTF-8 BOM first (text() would drop it), then the header.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const csv = new TextDecoder().decode(bytes);
    expect(csv.startsWith("booking_id,created_at,status,start,end,")).toBe(true);
    const lines = csv.replace(/^\ufeff/, "").split("\r\n");
    expect(lines.at(-1)).toBe("");
    const rows = lines.slice(1, -1);
    const { created } = await sqlTotals(host.id, from, to);
    expect(rows).toHaveLength(created);
    const header = lines[0].split(",");
    expect(header).toEqual(
      expect.arrayContaining(["answers", "guest_no_show", "host_no_show", "utm_source", "utm_medium", "ref"]),
    );
    // Oldest first, each booking once.
    expect(new Set(rows.map((r) => r.split(",")[0])).size).toBe(rows.length);
    const seeded = rows.find((r) => r.includes("seed5@example.test"))?.split(",") ?? [];
    expect(seeded[header.indexOf("guest_no_show")]).toBe("true");
  });

  it("pages through many bookings in batches (more than two batches of 1000)", async () => {
    const bulk = await account("ins-bulk", "professional");
    await db`update users set time_zone = 'UTC' where id = ${bulk.id}`;
    const bulkType = await allDayEventType(call, bulk.token, {
      title: "Bulk",
      slug: `bulk-${crypto.randomUUID().slice(0, 6)}`,
      duration: 15,
    });
    // 2,345 bookings, several made in the same instant (the keyset's id breaks the ties).
    await db`
      insert into events (host_id, event_name, event_type, event_with, description, starts_at, ends_at,
                          guest_email, event_type_id, answers, created_at)
      select ${bulk.id}, 'Bulk', 'Google Meet', 'One-to-One', '',
             now() + i * interval '20 minutes', now() + i * interval '20 minutes' + interval '15 minutes',
             'bulk' || i || '@example.test', ${bulkType._id}, jsonb_build_object('company', 'Acme, "Inc"'),
             date_trunc('hour', now()) - (i / 3) * interval '1 minute'
      from generate_series(1, 2345) as i`;
    const res = await call("GET", "/api/bookings/export", { token: bulk.token });
    expect(res.status).toBe(200);
    const rows = (await res.text()).split("\r\n").slice(1, -1);
    expect(rows).toHaveLength(2345);
    expect(new Set(rows.map((r) => r.split(",")[0])).size).toBe(2345);
    // The answers column is JSON, quoted per RFC 4180.
    expect(rows[0]).toContain(`"{""company"":""Acme, \\""Inc\\""""}"`);
  });
});
