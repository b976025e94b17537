/**
 * Booking options (decision 087) over real HTTP against PostgreSQL: several durations on one
 * event type (the JSON body and answer, GET /api/slots and POST /api/bookings with `duration`,
 * the booking page's links and form post, a reschedule keeping the booked length), hidden event
 * types (bookable by link, listed on neither the host's page nor the sitemap) and the redirect
 * after booking (the form post's Location with the booking's details, the JSON answer's
 * `redirectUrl`, the embed's confirmation instead, refused URLs).
 */
import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { wallClockToInstant } from "../../app/scheduling/zoned-time";
import { visibleText } from "../support/http";
import { apiClient, type Account } from "./api-client";

const { db, call, account } = apiClient({ ipPrefix: "10.187", namePrefix: "Options" });

const DAY_MS = 24 * 60 * 60 * 1000;
const NY = "America/New_York";
const FORM = { "content-type": "application/x-www-form-urlencoded" };

/** A New York date `days` ahead, YYYY-MM-DD. */
function nyDate(days: number): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: NY, year: "numeric", month: "2-digit", day: "2-digit" }).format(
    new Date(Date.now() + days * DAY_MS),
  );
}

function nyInstant(date: string, time: string): Date {
  const r = wallClockToInstant(date, time, NY);
  if (!r.ok) throw new Error("no such wall-clock time");
  return r.instant;
}

async function json<T = Record<string, unknown>>(res: Response, status: number): Promise<T> {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return JSON.parse(text) as T;
}

type ApiError = { error: { code: string; fields?: Record<string, string[]> } };
type EventTypeJson = {
  _id: string;
  duration: number;
  durations: number[];
  hidden: boolean;
  redirectUrl: string | null;
  redirectPassDetails: boolean;
};
type BookingAnswer = {
  booking: { id: string; start: string; end: string; duration: number; rescheduleUrl: string };
  redirectUrl: string | null;
};

let host: Account;
let username: string;
let scheduleId: string;
const date = nyDate(9);

async function eventType(slug: string, patch: Record<string, unknown>): Promise<EventTypeJson> {
  return json<EventTypeJson>(
    await call("POST", "/api/event-types", {
      token: host.token,
      json: {
        title: `Options ${slug}`,
        slug,
        minimumNotice: 60,
        bookingWindowDays: 60,
        location: { type: "video" },
        scheduleId,
        ...patch,
      },
    }),
    201,
  );
}

function book(eventTypeId: string, start: Date, extra: Record<string, unknown> = {}) {
  return call("POST", "/api/bookings", {
    json: {
      eventTypeId,
      start: start.toISOString(),
      name: "Olga Options",
      email: `olga-${crypto.randomUUID().slice(0, 8)}@example.test`,
      timeZone: NY,
      ...extra,
    },
  });
}

beforeAll(async () => {
  host = await account("host", "professional");
  username = `bo${crypto.randomUUID().slice(0, 8)}`;
  await db`update users set username = ${username}, time_zone = ${NY} where id = ${host.id}`;
  const schedule = await json<{ _id: string }>(
    await call("POST", "/api/schedules", {
      token: host.token,
      json: {
        name: "Office",
        timeZone: NY,
        weekly: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, start: "09:00", end: "17:00" })),
      },
    }),
    201,
  );
  scheduleId = schedule._id;
});

describe("several durations", () => {
  it("the JSON body takes durations (the first the default) and answers them; bad lists are 400", async () => {
    const made = await eventType("lengths", { duration: 30, durations: [30, 15, 60] });
    expect(made).toMatchObject({ duration: 30, durations: [30, 15, 60], hidden: false, redirectUrl: null });
    // durations alone: its first is the duration.
    expect(await eventType("lengths-only", { durations: [45, 90] })).toMatchObject({
      duration: 45,
      durations: [45, 90],
    });
    // A single length stays a list of one.
    expect((await eventType("one-length", { duration: 20 })).durations).toEqual([20]);
    const { _id } = made;
    const got = await json<EventTypeJson>(await call("GET", `/api/event-types/${_id}`, { token: host.token }), 200);
    expect(got.durations).toEqual([30, 15, 60]);

    for (const [patch, field] of [
      [{ duration: 30, durations: [15, 30] }, "durations"],
      [{ duration: 30, durations: [30, 30] }, "durations"],
      [{ durations: [30, 15, 45, 60, 90, 120, 150] }, "durations"],
      [{ durations: [30, 3] }, "durations.1"],
      [{ durations: [] }, "durations"],
      [{ durations: "30" }, "durations"],
      [{}, "duration"],
    ] as const) {
      const res = await call("POST", "/api/event-types", {
        token: host.token,
        json: { title: "Bad", slug: `bad-${crypto.randomUUID().slice(0, 6)}`, scheduleId, ...patch },
      });
      const body = await json<ApiError>(res, 400);
      expect(body.error.code, JSON.stringify(patch)).toBe("invalid_input");
      expect(Object.keys(body.error.fields ?? {}), JSON.stringify(patch)).toContain(field);
    }
  });

  it("GET /api/slots computes slots per duration; a length not offered is 400", async () => {
    const { _id } = await eventType("slot-lengths", { duration: 30, durations: [30, 60] });
    const q = `/api/slots?eventTypeId=${_id}&start=${date}&end=${date}&timeZone=${NY}`;
    const last = (slots: Record<string, string[]>) => slots[date]?.at(-1)?.slice(11, 16);
    const byDefault = await json<{ slots: Record<string, string[]> }>(await call("GET", q), 200);
    expect(last(byDefault.slots)).toBe("16:30");
    const hour = await json<{ slots: Record<string, string[]> }>(await call("GET", `${q}&duration=60`), 200);
    expect(last(hour.slots)).toBe("16:00");
    expect(hour.slots[date]?.[1]?.slice(11, 16)).toBe("10:00");
    for (const bad of ["45", "abc", "-60", "6000"]) {
      const res = await json<ApiError>(await call("GET", `${q}&duration=${bad}`), 400);
      expect(Object.keys(res.error.fields ?? {}), bad).toContain("duration");
    }
  });

  it("POST /api/bookings books the picked length; one not offered is 400; a reschedule keeps the length", async () => {
    const { _id } = await eventType("api-lengths", { duration: 30, durations: [30, 60] });
    const start = nyInstant(date, "10:00");
    const answer = await json<BookingAnswer>(await book(_id, start, { duration: 60 }), 201);
    expect(answer.booking.duration).toBe(60);
    expect(Date.parse(answer.booking.end) - Date.parse(answer.booking.start)).toBe(60 * 60_000);
    expect(answer.redirectUrl).toBeNull();
    const [row] = await db`select starts_at, ends_at from events where id = ${answer.booking.id}`;
    expect((row.ends_at as Date).getTime() - (row.starts_at as Date).getTime()).toBe(60 * 60_000);
    // Its hour blocks 10:30 for any length.
    expect((await book(_id, nyInstant(date, "10:30"))).status).toBe(409);

    const refused = await json<ApiError>(await book(_id, nyInstant(date, "12:00"), { duration: 45 }), 400);
    expect(refused.error.fields?.duration?.[0]).toContain("30, 60");
    expect((await book(_id, nyInstant(date, "12:00"), { duration: "60" })).status).toBe(400);
    // An hour from 16:30 runs past the day's end; half an hour fits.
    expect((await book(_id, nyInstant(date, "16:30"), { duration: 60 })).status).toBe(409);
    const short = await json<BookingAnswer>(await book(_id, nyInstant(date, "16:30")), 201);
    expect(short.booking.duration).toBe(30);

    // Moved by its host, the hour stays an hour (the default is still 30).
    const moved = await json<BookingAnswer>(
      await call("POST", `/api/bookings/${answer.booking.id}/reschedule`, {
        token: host.token,
        json: { start: nyInstant(date, "13:00").toISOString() },
      }),
      200,
    );
    expect(Date.parse(moved.booking.end) - Date.parse(moved.booking.start)).toBe(60 * 60_000);
    // 15:30 has half an hour free before 16:30's booking: too short for the hour.
    const tight = await call("POST", `/api/bookings/${answer.booking.id}/reschedule`, {
      token: host.token,
      json: { start: nyInstant(date, "16:00").toISOString() },
    });
    expect(tight.status).toBe(409);
  });

  it("the booking page links each length, keeping the day and zone; the form books the picked one", async () => {
    // A day of its own: the tests above hold times on `date`.
    const pageDate = nyDate(10);
    await eventType("page", { duration: 30, durations: [30, 15, 60] });
    const base = `/${username}/page?tz=${encodeURIComponent(NY)}&month=${pageDate.slice(0, 7)}&date=${pageDate}`;
    const html = await (await call("GET", base)).text();
    expect(html).toContain('data-testid="duration-picker"');
    const links = [...html.matchAll(/href="([^"]*duration=60[^"]*)"/g)].map((m) => m[1].replace(/&amp;/g, "&"));
    expect(links.length).toBeGreaterThan(0);
    const hourLink = new URL(links[0], "http://x");
    expect(hourLink.searchParams.get("date")).toBe(pageDate);
    expect(hourLink.searchParams.get("tz")).toBe(NY);
    expect(hourLink.searchParams.has("slot")).toBe(false);

    // An hour's slots stop at 16:00; the slot links keep the length.
    const hourPage = await (await call("GET", `${base}&duration=60`)).text();
    const text = visibleText(hourPage);
    expect(text).toContain("4:00 PM");
    expect(text).not.toContain("4:30 PM");
    const start = nyInstant(pageDate, "11:00");
    expect(hourPage).toMatch(/slot=[^"]*duration=60|duration=60[^"]*slot=/);

    const path = `${base}&duration=60&slot=${encodeURIComponent(start.toISOString())}`;
    const formPage = await (await call("GET", path)).text();
    expect(formPage).toContain('name="duration" value="60"');
    const email = `page-${crypto.randomUUID().slice(0, 6)}@example.test`;
    const res = await call("POST", path, {
      body: new URLSearchParams({ slot: start.toISOString(), tz: NY, name: "Pia Page", email, duration: "60" }),
      headers: FORM,
    });
    expect(res.status, await res.clone().text()).toBe(302);
    expect(res.headers.get("location")).toMatch(new RegExp(`^/${username}/page/booked/`));
    const [row] = await db`select starts_at, ends_at from events where guest_email = ${email}`;
    expect((row.ends_at as Date).getTime() - (row.starts_at as Date).getTime()).toBe(60 * 60_000);
    // The confirmation shows the hour.
    const confirmation = visibleText(await (await call("GET", res.headers.get("location") ?? "")).text());
    expect(confirmation).toContain("11:00 AM – 12:00 PM");

    const bad = await call("POST", `/${username}/page`, {
      body: new URLSearchParams({
        slot: nyInstant(pageDate, "14:00").toISOString(),
        tz: NY,
        name: "Pia Page",
        email: `bad-${email}`,
        duration: "45",
      }),
      headers: FORM,
    });
    expect(bad.status).toBe(400);
    expect(visibleText(await bad.text())).toContain("That length is not offered: pick one of 30, 15, 60 minutes.");
    expect(await db`select 1 from events where guest_email = ${`bad-${email}`}`).toHaveLength(0);
  });
});

describe("hidden event types", () => {
  it("are listed on neither the host's page nor the sitemap, and still book by their link", async () => {
    const shown = await eventType("listed", { duration: 30 });
    const hidden = await eventType("secret", { duration: 30, hidden: true });
    expect(hidden.hidden).toBe(true);
    const hostPage = await (await call("GET", `/${username}`)).text();
    expect(hostPage).toContain(`/${username}/listed`);
    expect(hostPage).not.toContain(`/${username}/secret`);
    const sitemap = await (await call("GET", "/sitemap.xml")).text();
    expect(sitemap).toContain(`/${username}/listed`);
    expect(sitemap).not.toContain(`/${username}/secret`);

    const page = await call("GET", `/${username}/secret`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('name="robots" content="noindex"');
    expect((await book(hidden._id, nyInstant(date, "09:00"))).status).toBe(201);

    // Listed again by a PUT without `hidden` (its default), hidden by one with it.
    const put = (id: string, hiddenValue?: boolean) =>
      call("PUT", `/api/event-types/${id}`, {
        token: host.token,
        json: {
          title: "Options secret",
          slug: "secret",
          duration: 30,
          scheduleId,
          ...(hiddenValue === undefined ? {} : { hidden: hiddenValue }),
        },
      });
    expect((await json<EventTypeJson>(await put(hidden._id), 200)).hidden).toBe(false);
    expect(await (await call("GET", `/${username}`)).text()).toContain(`/${username}/secret`);
    expect((await json<EventTypeJson>(await put(hidden._id, true), 200)).hidden).toBe(true);
    const notBoolean = await call("PUT", `/api/event-types/${shown._id}`, {
      token: host.token,
      json: { title: "Options listed", slug: "listed", duration: 30, scheduleId, hidden: "yes" },
    });
    expect(Object.keys((await json<ApiError>(notBoolean, 400)).error.fields ?? {})).toEqual(["hidden"]);
  });
});

describe("redirect after booking", () => {
  it("the form post goes to the host's URL with the booking's details; the JSON answer carries it", async () => {
    const { _id } = await eventType("thanks", {
      duration: 30,
      durations: [30, 60],
      redirectUrl: "https://thanks.example.com/done?src=ad",
      redirectPassDetails: true,
    });
    const start = nyInstant(date, "14:00");
    const email = `red-${crypto.randomUUID().slice(0, 6)}@example.test`;
    const res = await call("POST", `/${username}/thanks`, {
      body: new URLSearchParams({ slot: start.toISOString(), tz: NY, name: "Rita Redirect", email, duration: "60" }),
      headers: FORM,
    });
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get("location") ?? "");
    expect(location.origin + location.pathname).toBe("https://thanks.example.com/done");
    const [row] = await db`select id, status from events where guest_email = ${email}`;
    expect(Object.fromEntries(location.searchParams)).toEqual({
      src: "ad",
      bookingId: row.id,
      eventTypeId: _id,
      eventTypeSlug: "thanks",
      title: "Options thanks",
      start: start.toISOString(),
      end: new Date(start.getTime() + 60 * 60_000).toISOString(),
      duration: "60",
      timeZone: NY,
      guestName: "Rita Redirect",
      guestEmail: email,
      status: "confirmed",
    });

    // Embedded, the confirmation comes first (it tells the embedding page).
    const embedded = await call("POST", `/${username}/thanks?embed=1`, {
      body: new URLSearchParams({
        slot: nyInstant(date, "15:00").toISOString(),
        tz: NY,
        name: "Emma Embed",
        email: `embed-${email}`,
      }),
      headers: FORM,
    });
    expect(embedded.status).toBe(302);
    const confirmation = embedded.headers.get("location") ?? "";
    expect(confirmation).toMatch(new RegExp(`^/${username}/thanks/booked/.+embed=1$`));
    const confirmationHtml = await (await call("GET", confirmation)).text();
    expect(confirmationHtml).toContain("https://thanks.example.com/done?src=ad");

    const answer = await json<BookingAnswer>(await book(_id, nyInstant(date, "16:00")), 201);
    const fromJson = new URL(answer.redirectUrl ?? "");
    expect(fromJson.searchParams.get("bookingId")).toBe(answer.booking.id);
    expect(fromJson.searchParams.get("duration")).toBe("30");
  });

  it("without details the URL is the host's as given; bad URLs are 400", async () => {
    const { _id, redirectUrl } = await eventType("plain-thanks", {
      duration: 30,
      redirectUrl: "https://example.com/thanks",
    });
    expect(redirectUrl).toBe("https://example.com/thanks");
    const res = await call("POST", `/${username}/plain-thanks`, {
      body: new URLSearchParams({
        slot: nyInstant(date, "09:30").toISOString(),
        tz: NY,
        name: "Paul Plain",
        email: `plain-${crypto.randomUUID().slice(0, 6)}@example.test`,
      }),
      headers: FORM,
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("https://example.com/thanks");
    const answer = await json<BookingAnswer>(await book(_id, nyInstant(date, "10:30")), 201);
    expect(answer.redirectUrl).toBe("https://example.com/thanks");
    // http:// only for the host's own machine.
    expect(
      (await eventType("local-thanks", { duration: 30, redirectUrl: "http://localhost:4000/t" })).redirectUrl,
    ).toBe("http://localhost:4000/t");

    for (const bad of [
      "http://example.com/thanks",
      "javascript:alert(1)",
      "/relative",
      "https://user:secret@example.com/",
      "ftp://example.com/x",
      `https://example.com/${"a".repeat(2000)}`,
      42,
    ]) {
      const res = await call("POST", "/api/event-types", {
        token: host.token,
        json: {
          title: "Bad",
          slug: `bad-${crypto.randomUUID().slice(0, 6)}`,
          duration: 30,
          scheduleId,
          redirectUrl: bad,
        },
      });
      const body = await json<ApiError>(res, 400);
      expect(Object.keys(body.error.fields ?? {}), String(bad)).toContain("redirectUrl");
    }
  });
});
