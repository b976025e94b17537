/**
 * The public booking pages over real HTTP against PostgreSQL, as a
 * browser without JavaScript uses them: /{username}, /{username}/{slug} with the month's
 * availability in the first HTML, the booking form post (same createBooking as POST
 * /api/bookings), the token-guarded confirmation and its .ics download.
 */
import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { wallClockToInstant } from "../../app/scheduling/zoned-time";
import { visibleText } from "../support/http";
import { apiClient, type Account } from "./api-client";

const { db, call, account } = apiClient({ ipPrefix: "10.94", namePrefix: "Page" });

const DAY_MS = 24 * 60 * 60 * 1000;

/** A New York date `days` ahead, YYYY-MM-DD. */
function nyDate(days: number): string {
  return new Intl.DateTimeFormat("en-CA", {
    timeZone: "America/New_York",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(new Date(Date.now() + days * DAY_MS));
}

/** The instant of `time` on `date` in New York. */
function nyInstant(date: string, time: string): Date {
  const r = wallClockToInstant(date, time, "America/New_York");
  if (!r.ok) throw new Error("no such wall-clock time");
  return r.instant;
}

/** The instant written in Berlin as /api/slots writes it ("2026-12-01T15:00:00+01:00"). */
function berlinSlot(instant: Date): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", {
      timeZone: "Europe/Berlin",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  const wall = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
  );
  const offset = Math.round((wall - instant.getTime()) / 60_000);
  const sign = offset >= 0 ? "+" : "-";
  const hh = String(Math.floor(Math.abs(offset) / 60)).padStart(2, "0");
  const mm = String(Math.abs(offset) % 60).padStart(2, "0");
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:00${sign}${hh}:${mm}`;
}

async function ok(res: Response, status = 201) {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return JSON.parse(text) as Record<string, unknown> & { _id: string };
}

/** A host in New York, 09:00-17:00 every day, with a username and event types. */
async function nyHost(
  a: Account,
  types: { title: string; slug: string; active?: boolean; kind?: string; seats?: number; minimumNotice?: number }[],
): Promise<string> {
  const username = `pg${crypto.randomUUID().slice(0, 8)}`;
  await db`update users set username = ${username}, time_zone = 'America/New_York' where id = ${a.id}`;
  const schedule = await ok(
    await call("POST", "/api/schedules", {
      token: a.token,
      json: {
        name: "Office",
        timeZone: "America/New_York",
        weekly: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, start: "09:00", end: "17:00" })),
      },
    }),
  );
  for (const t of types) {
    await ok(
      await call("POST", "/api/event-types", {
        token: a.token,
        json: {
          title: t.title,
          slug: t.slug,
          description: `About ${t.title}.`,
          duration: 30,
          minimumNotice: t.minimumNotice ?? 60,
          bookingWindowDays: 60,
          location: { type: "google-meet" },
          scheduleId: schedule._id,
          active: t.active ?? true,
          ...(t.kind ? { kind: t.kind, seats: t.seats } : {}),
        },
      }),
    );
  }
  return username;
}

let host: Account;
let username: string;
const date = nyDate(7);
const nineNy = nyInstant(date, "09:00");
const slot = berlinSlot(nineNy);
const berlinDate = slot.slice(0, 10);
const page = () => `/${username}/intro?tz=Europe/Berlin&month=${berlinDate.slice(0, 7)}`;

beforeAll(async () => {
  host = await account("host", "professional");
  username = await nyHost(host, [
    { title: "Intro", slug: "intro" },
    { title: "Hidden chat", slug: "hidden", active: false },
  ]);
});

describe("host page /{username}", () => {
  it("an unknown or malformed username is the site's 404", async () => {
    for (const path of [
      `/nobody-${crypto.randomUUID().slice(0, 8)}`,
      "/x",
      `/nobody-${crypto.randomUUID().slice(0, 8)}/intro`,
    ]) {
      const res = await call("GET", path);
      expect(res.status, path).toBe(404);
      expect(await res.text()).toContain("We couldn&#x27;t find that page");
    }
    // Static routes still win.
    expect((await call("GET", "/about")).status).toBe(200);
  });

  it("lists only the active event types, linking to their pages", async () => {
    const res = await call("GET", `/${username.toUpperCase()}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(visibleText(html)).toContain("Page host");
    expect(html).toContain(`href="/${username}/intro"`);
    expect(visibleText(html)).toContain("Intro");
    expect(visibleText(html)).toContain("30 min");
    expect(html).not.toContain("Hidden chat");
    expect((await call("GET", `/${username}/hidden`)).status).toBe(404);
  });

  it("a switched-off event type's page says it is not taking bookings and links to the host's other types", async () => {
    for (const path of [`/${username}/hidden`, `/${username.toUpperCase()}/HIDDEN?month=2030-01`]) {
      const res = await call("GET", path);
      expect(res.status, path).toBe(404);
      const html = await res.text();
      expect(visibleText(html)).toContain("This event isn't taking bookings");
      expect(visibleText(html)).toContain("Page host has switched this event type off");
      expect(html).toContain(`href="/${username}"`);
      expect(html).not.toContain("We couldn&#x27;t find that page");
    }
    // A post to it is refused the same way, and books nothing.
    const res = await call("POST", `/${username}/hidden`, {
      body: new URLSearchParams({ slot, tz: "UTC", name: "Late Guest", email: "late@example.test" }),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(res.status).toBe(404);
    expect(await db`select 1 from events where guest_email = 'late@example.test'`).toHaveLength(0);
    // A slug nobody has is still the site's 404.
    expect(await (await call("GET", `/${username}/nothing-here`)).text()).toContain("We couldn&#x27;t find that page");
  });
});

describe("booking page /{username}/{slug}", () => {
  it("the first HTML has the month's open days and the chosen day's slots in the guest's zone", async () => {
    const res = await call("GET", page());
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(`data-date="${berlinDate}"`);
    const day = await (await call("GET", `${page()}&date=${berlinDate}`)).text();
    // 09:00 in New York is 15:00 in Berlin (14:00 in the weeks the clocks change apart).
    const label = `${Number(slot.slice(11, 13)) - 12}:00 PM`;
    expect(slot.slice(11, 16)).toMatch(/^1[45]:00$/);
    expect(visibleText(day)).toContain(label);
    expect(day).toContain(`slot=${encodeURIComponent(slot)}`);
    const day24 = visibleText(await (await call("GET", `${page()}&date=${berlinDate}&clock=24`)).text());
    expect(day24).toContain(slot.slice(11, 16));
    // The tz hint cookie is used when there is no ?tz=.
    const hinted = await call("GET", `/${username}/intro?month=${berlinDate.slice(0, 7)}&date=${berlinDate}`, {
      headers: { cookie: "tz=Europe%2FBerlin" },
    });
    expect(visibleText(await hinted.text())).toContain(label);
  });

  it("a first visit without the cookie guesses the zone from Accept-Language's one-zone country (decision 091)", async () => {
    const path = `/${username}/intro?month=${berlinDate.slice(0, 7)}&date=${berlinDate}`;
    const german = await (await call("GET", path, { headers: { "accept-language": "de-DE,de;q=0.9" } })).text();
    expect(german).toMatch(/<meta name="time-zone-guess" content="Europe\/Berlin"/);
    // The New York host's 09:00 as Berlin's, on the German 24-hour clock.
    expect(visibleText(german)).toContain(slot.slice(11, 16));
    // A country of several zones guesses none: the host's zone, as before; the cookie wins over a guess.
    const american = await (await call("GET", path, { headers: { "accept-language": "en-US,en;q=0.9" } })).text();
    expect(american).toMatch(/<meta name="time-zone-guess" content="America\/New_York"/);
    const hinted = await call("GET", path, { headers: { "accept-language": "de-DE", cookie: "tz=Asia%2FTokyo" } });
    expect(await hinted.text()).toMatch(/<meta name="time-zone-guess" content="Asia\/Tokyo"/);
  });

  it("a form post books and redirects to the confirmation; a second post for the slot re-renders with the input kept", async () => {
    const email = `ada-${crypto.randomUUID().slice(0, 6)}@example.test`;
    const form = { slot, tz: "Europe/Berlin", name: "Ada Guest", email, notes: "Hello" };
    const path = `${page()}&date=${berlinDate}&slot=${encodeURIComponent(slot)}`;
    const form1 = await (await call("GET", path)).text();
    expect(form1).toContain('name="email"');
    expect(visibleText(form1)).toContain("Schedule event");

    const res = await call("POST", path, {
      body: new URLSearchParams(form),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(res.status).toBe(302);
    const location = res.headers.get("location") ?? "";
    const match = location.match(new RegExp(`^/${username}/intro/booked/([0-9a-f-]{36})\\?token=(.+)$`));
    expect(match, location).not.toBeNull();
    const [, id, token] = match as RegExpMatchArray;
    const [row] = await db`select * from events where id = ${id}`;
    expect(row.host_id).toBe(host.id);
    expect(row.guest_name).toBe("Ada Guest");
    expect(row.guest_email).toBe(email);
    expect(row.guest_time_zone).toBe("Europe/Berlin");
    expect(row.notes).toBe("Hello");
    expect(new Date(row.starts_at).getTime()).toBe(nineNy.getTime());

    // The confirmation: only with the token.
    const booked = await call("GET", location);
    expect(booked.status).toBe(200);
    const text = visibleText(await booked.text());
    expect(text).toContain("You are scheduled");
    expect(text).toContain("Page host");
    expect(text).toContain("Europe/Berlin".replace("_", " "));
    expect(text).toMatch(/[23]:00 PM/);
    expect((await call("GET", `/${username}/intro/booked/${id}`)).status).toBe(404);
    expect((await call("GET", `/${username}/intro/booked/${id}?token=wrong-${token}`)).status).toBe(404);
    expect((await call("GET", `/${username}/intro/booked/${crypto.randomUUID()}?token=${token}`)).status).toBe(404);

    // The .ics download.
    const ics = await call("GET", `/${username}/intro/booked/${id}/ics?token=${token}`);
    expect(ics.status).toBe(200);
    expect(ics.headers.get("content-type")).toMatch(/^text\/calendar/);
    const stamp = nineNy
      .toISOString()
      .replace(/[-:]/g, "")
      .replace(/\.\d{3}/, "");
    expect(await ics.text()).toContain(`DTSTART:${stamp}`);
    expect((await call("GET", `/${username}/intro/booked/${id}/ics?token=nope`)).status).toBe(404);

    // The same slot again: taken, the typed name and e-mail kept, the next free times offered.
    const again = await call("POST", path, {
      body: new URLSearchParams({ ...form, name: "Bo Late", email: "bo@example.test" }),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(again.status).toBe(409);
    const html = await again.text();
    expect(visibleText(html)).toContain("That time was just taken.");
    expect(html).toContain('value="Bo Late"');
    expect(html).toContain('value="bo@example.test"');
    expect(html).toContain('name="nextSlot"');
  });

  it("bad input answers 400 per field, never a 500", async () => {
    const path = `${page()}&date=${berlinDate}`;
    const res = await call("POST", path, {
      body: new URLSearchParams({ slot: "soon", tz: "Mars/Olympus", name: "", email: "nope" }),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(res.status).toBe(400);
    const text = visibleText(await res.text());
    expect(text).toContain("Give your name.");
    expect(text).toContain("Give your e-mail as a valid e-mail address.");
    const empty = await call("POST", path, {
      body: new URLSearchParams({}),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(empty.status).toBe(400);
  });

  it("opens on the first open day, in the next month when this one has none; a month asked for offers the next open day", async () => {
    const a = await account("late", "professional");
    const now = new Date();
    const thisMonth = now.toISOString().slice(0, 7);
    const firstOfNext = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1);
    const nextMonth = new Date(firstOfNext).toISOString().slice(0, 7);
    // Notice reaching into the 3rd of next month: nothing open this month.
    const notice = Math.ceil((firstOfNext + 2 * DAY_MS - now.getTime()) / 60_000);
    const name = await nyHost(a, [
      { title: "Later", slug: "later", minimumNotice: notice },
      { title: "Workshop", slug: "workshop", kind: "group", seats: 4 },
    ]);
    const html = (await (await call("GET", `/${name}/later?tz=UTC`)).text()).replaceAll("&amp;", "&");
    const first = /data-date="(\d{4}-\d{2}-\d{2})"/.exec(html)?.[1] ?? "";
    expect(first.slice(0, 7)).toBe(nextMonth);
    expect(html).toMatch(
      new RegExp(`aria-current="date"[^>]*data-date="${first}"|data-date="${first}"[^>]*aria-current="date"`),
    );
    // Its times are in the first HTML.
    expect(html).toContain(`slot=${first}T`);
    expect(visibleText(html)).not.toContain("No open times this month");

    const asked = (await (await call("GET", `/${name}/later?tz=UTC&month=${thisMonth}`)).text()).replaceAll(
      "&amp;",
      "&",
    );
    expect(visibleText(asked)).toContain("No open times this month. Next open:");
    expect(asked).toContain(`month=${nextMonth}&date=${first}`);

    // A group session says how many places are left at each time.
    const group = await (await call("GET", `/${name}/workshop?tz=UTC`)).text();
    expect(visibleText(group)).toContain("4 places left");
    // Open Graph: the host, the event's title and duration.
    expect(group).toContain('property="og:title" content="Workshop (30 min) with Page late');
  });

  it("a host at the free cap still takes bookings on the page (decision 038)", async () => {
    const capped = await account("capped", "user");
    const name = await nyHost(capped, [{ title: "Capped", slug: "capped" }]);
    for (let i = 0; i < 3; i++) {
      const start = new Date(Date.now() + (20 + i) * DAY_MS);
      await db`insert into events (host_id, event_name, event_type, event_with, description, starts_at, ends_at)
        values (${capped.id}, 'Own', 'Google Meet', 'One-to-One', '', ${start}, ${new Date(start.getTime() + 30 * 60_000)})`;
    }
    const res = await call("GET", `/${name}/capped?tz=Europe/Berlin`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(visibleText(html)).not.toContain("not taking bookings");
    expect(html).toContain('data-testid="calendar-day"');
    const post = await call("POST", `/${name}/capped?tz=Europe/Berlin`, {
      body: new URLSearchParams({ slot, tz: "Europe/Berlin", name: "Ada", email: "ada@example.test" }),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(post.status, await post.clone().text()).toBe(302);
  });
});
