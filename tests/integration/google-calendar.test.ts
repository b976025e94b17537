/**
 * Google Calendar (docs/decisions/035) against a fake Google at the network boundary: a local
 * HTTP server standing for Google's OAuth token endpoint and Calendar API (GOOGLE_OAUTH_BASE,
 * GOOGLE_API_BASE; the suite's servers point there too), with an app server of its own that has a
 * Google client id.
 *
 * Covered: the consent URL (calendar scopes, offline, consent, incremental); the callback's state
 * check; the code exchanged for a refresh token stored encrypted; free/busy blocking slots; a
 * booking inserted with our own id, moved and deleted.
 */
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HttpClient, uniqueEmail } from "../support/http";
import { startServer, type RunningServer } from "../support/server";
import { at, dateIn } from "./api-client";
import { CALENDAR_KEY } from "./global-setup";
import { fakeGoogleUrl, signUp, sql, ownServerEnv } from "./context";

const db = sql();
const DAY = 7;

interface FakeEvent {
  id: string;
  calendar: string;
  start: string;
  end: string;
  summary: string;
  iCalUID: string;
}

const google = {
  busy: [] as Array<{ start: string; end: string }>,
  events: new Map<string, FakeEvent>(),
  calls: [] as string[],
};

let fake: http.Server;
let fakeBase = "";
let server: RunningServer;

function json(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
}

beforeAll(async () => {
  fake = http.createServer(
    (req, res) =>
      void (async () => {
        const chunks: Buffer[] = [];
        for await (const c of req) chunks.push(c as Buffer);
        const text = Buffer.concat(chunks).toString("utf8");
        const url = new URL(req.url ?? "/", "http://fake");
        google.calls.push(`${req.method} ${url.pathname}`);
        if (url.pathname === "/token") {
          const form = new URLSearchParams(text);
          // Every app server's runner may refresh (the suite's two know no client id): only the code exchange checks the client.
          if (form.get("grant_type") === "authorization_code" && form.get("code") === "good-code") {
            if (form.get("client_id") !== "cal-client" || form.get("client_secret") !== "cal-secret")
              return json(res, 401, { error: "invalid_client" });
            return json(res, 200, { access_token: "at-first", refresh_token: "rt-secret-refresh", expires_in: 3600 });
          }
          if (form.get("grant_type") === "refresh_token" && form.get("refresh_token") === "rt-secret-refresh") {
            return json(res, 200, { access_token: "at-refreshed", expires_in: 3600 });
          }
          return json(res, 400, { error: "invalid_grant" });
        }
        const auth = req.headers.authorization ?? "";
        if (!["Bearer at-first", "Bearer at-refreshed"].includes(auth)) return json(res, 401, { error: { code: 401 } });
        if (url.pathname === "/oauth2/v3/userinfo") return json(res, 200, { email: "host@gmail.example" });
        if (url.pathname === "/calendar/v3/users/me/calendarList") {
          return json(res, 200, {
            items: [
              { id: "host@gmail.example", summary: "Host", accessRole: "owner", primary: true },
              { id: "holidays", summary: "Holidays", accessRole: "reader" },
            ],
          });
        }
        if (url.pathname === "/calendar/v3/freeBusy" && req.method === "POST") {
          const body = JSON.parse(text) as { items: Array<{ id: string }> };
          const mine = [...google.events.values()].map((e) => ({ start: e.start, end: e.end }));
          return json(res, 200, {
            calendars: Object.fromEntries(
              body.items.map((i) => [i.id, { busy: i.id === "holidays" ? [] : [...google.busy, ...mine] }]),
            ),
          });
        }
        const m = /^\/calendar\/v3\/calendars\/([^/]+)\/events(?:\/([^/]+))?$/.exec(url.pathname);
        if (m) {
          const calendar = decodeURIComponent(m[1]);
          const id = m[2];
          const body = text
            ? (JSON.parse(text) as {
                id?: string;
                start: { dateTime: string };
                end: { dateTime: string };
                summary: string;
                iCalUID: string;
              })
            : null;
          if (req.method === "PUT" && id) {
            if (!google.events.has(id)) return json(res, 404, { error: { code: 404 } });
            google.events.set(id, {
              id,
              calendar,
              start: body!.start.dateTime,
              end: body!.end.dateTime,
              summary: body!.summary,
              iCalUID: body!.iCalUID,
            });
            return json(res, 200, { id });
          }
          if (req.method === "POST" && !id && body?.id) {
            if (google.events.has(body.id)) return json(res, 409, { error: { code: 409 } });
            google.events.set(body.id, {
              id: body.id,
              calendar,
              start: body.start.dateTime,
              end: body.end.dateTime,
              summary: body.summary,
              iCalUID: body.iCalUID,
            });
            return json(res, 200, { id: body.id });
          }
          if (req.method === "DELETE" && id) {
            if (!google.events.delete(id)) return json(res, 410, { error: { code: 410 } });
            res.writeHead(204).end();
            return;
          }
        }
        json(res, 404, { error: { code: 404 } });
      })(),
  );
  // On the port the suite's servers were told (global-setup.ts): their runners write bookings here too.
  fakeBase = fakeGoogleUrl();
  await new Promise<void>((r) => fake.listen(Number(new URL(fakeBase).port), "127.0.0.1", r));
  server = await startServer(
    ownServerEnv({
      RATE_LIMIT_FACTOR: "100",
      GOOGLE_CLIENT_ID: "cal-client",
      GOOGLE_CLIENT_SECRET: "cal-secret",
      GOOGLE_OAUTH_BASE: fakeBase,
      GOOGLE_API_BASE: fakeBase,
      CALENDAR_ENCRYPTION_KEY: CALENDAR_KEY,
      CALENDAR_SYNC_SECONDS: "5",
    }),
  );
});

afterAll(async () => {
  await server?.stop();
  await new Promise<void>((r) => fake.close(() => r()));
});

async function until<T>(
  what: string,
  fn: () => Promise<T | null | undefined | false> | T | null | undefined | false,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await fn();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

describe("Google Calendar", () => {
  it("a free host holding a connection already is refused a Google one at the callback (decision 080)", async () => {
    const c = new HttpClient(server.url);
    const email = uniqueEmail("gcallimit");
    expect((await signUp(c, email)).status).toBe(302);
    // The free plan's one calendar (the seeded Basic package), taken by a feed.
    await db`insert into calendar_connections (user_id, type, name, url)
      select id, 'ics', 'feed.example', 'https://feed.example/x.ics' from users where email = ${email}`;
    const start = await c.get("/dashboard/calendars/google");
    const state = new URL(start.headers.get("location") ?? "").searchParams.get("state") ?? "";
    const back = await c.get(`/dashboard/calendars/google/callback?state=${encodeURIComponent(state)}&code=good-code`);
    expect(back.status).toBe(302);
    expect(back.headers.get("location")).toBe("/dashboard/calendars");
    expect(
      await db`select c.type from calendar_connections c join users u on u.id = c.user_id where u.email = ${email}`,
    ).toEqual([{ type: "ics" }]);
    const page = await (await c.get("/dashboard/calendars")).text();
    expect(page).toContain("Your plan connects up to 1 calendar. Upgrade to connect more.");
    expect(page).toMatch(/<a href="\/pricing"[^>]*>upgrade your plan<\/a>/);
  });

  it("connects through consent, blocks slots with free/busy, and writes, moves and removes a booking", async () => {
    const c = new HttpClient(server.url);
    const email = uniqueEmail("gcal");
    expect((await signUp(c, email)).status).toBe(302);
    const tokenRes = await fetch(`${server.url}/api/token`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password: "correct-horse-battery" }),
    });
    const { token } = (await tokenRes.json()) as { token: string };
    const auth = { authorization: `Bearer ${token}`, "content-type": "application/json" };
    const api = (method: string, path: string, body?: unknown) =>
      fetch(`${server.url}${path}`, {
        method,
        headers: auth,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    const schedule = (await (
      await api("POST", "/api/schedules", {
        name: "All",
        timeZone: "UTC",
        weekly: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, start: "00:00", end: "24:00" })),
      })
    ).json()) as { _id: string };
    const type = (await (
      await api("POST", "/api/event-types", {
        title: "G",
        slug: `g-${Date.now()}`,
        duration: 30,
        slotInterval: 15,
        minimumNotice: 0,
        scheduleId: schedule._id,
      })
    ).json()) as { _id: string };
    google.busy = [{ start: at(DAY, "10:00"), end: at(DAY, "11:00") }];

    // Consent: calendar scopes only on top of sign-in's, offline, asked again, incremental.
    const start = await c.get("/dashboard/calendars/google");
    expect(start.status).toBe(302);
    const consent = new URL(start.headers.get("location") ?? "");
    expect(consent.origin + consent.pathname).toBe(`${fakeBase}/o/oauth2/v2/auth`);
    expect(consent.searchParams.get("scope")).toContain("https://www.googleapis.com/auth/calendar.events");
    expect(consent.searchParams.get("scope")).toContain("https://www.googleapis.com/auth/calendar.readonly");
    expect(consent.searchParams.get("access_type")).toBe("offline");
    expect(consent.searchParams.get("prompt")).toBe("consent");
    expect(consent.searchParams.get("include_granted_scopes")).toBe("true");
    const state = consent.searchParams.get("state") ?? "";

    // A wrong state is refused; the right one connects.
    const forged = await c.get(`/dashboard/calendars/google/callback?state=forged&code=good-code`);
    expect(forged.headers.get("location")).toBe("/dashboard/calendars");
    expect(
      await db`select 1 from calendar_connections c join users u on u.id = c.user_id where u.email = ${email}`,
    ).toHaveLength(0);
    const back = await c.get(`/dashboard/calendars/google/callback?state=${encodeURIComponent(state)}&code=good-code`);
    expect(back.status).toBe(302);
    expect(back.headers.get("location")).toBe("/dashboard/calendars");
    const list = (await (await api("GET", "/api/calendars")).json()) as Array<{
      id: string;
      type: string;
      name: string;
      status: string;
      calendars: Array<{ name: string; receivesBookings: boolean; checksConflicts: boolean; writable: boolean }>;
    }>;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ type: "google", name: "host@gmail.example", status: "ok" });
    expect(list[0].calendars.find((x) => x.name === "Host")).toMatchObject({
      receivesBookings: true,
      checksConflicts: true,
      writable: true,
    });
    expect(list[0].calendars.find((x) => x.name === "Holidays")).toMatchObject({
      receivesBookings: false,
      writable: false,
    });
    // The refresh token is stored encrypted.
    const [row] = await db`select secret from calendar_connections where id = ${list[0].id}`;
    expect(row.secret).toMatch(/^v1:/);
    expect(row.secret).not.toContain("rt-secret-refresh");

    const slots = (await (
      await api("GET", `/api/slots?eventTypeId=${type._id}&start=${dateIn(DAY)}&end=${dateIn(DAY)}&timeZone=UTC`)
    ).json()) as {
      slots: Record<string, string[]>;
    };
    expect(slots.slots[dateIn(DAY)]).not.toContain(at(DAY, "10:00"));
    expect(slots.slots[dateIn(DAY)]).toContain(at(DAY, "11:00"));

    const booked = (await (
      await api("POST", "/api/bookings", {
        eventTypeId: type._id,
        start: at(DAY, "14:00"),
        name: "Gus",
        email: "gus@example.test",
        timeZone: "UTC",
      })
    ).json()) as { booking: { id: string } };
    const googleId = booked.booking.id.replace(/-/g, "");
    const inserted = await until("the Google event", () => google.events.get(googleId));
    expect(inserted).toMatchObject({
      calendar: "host@gmail.example",
      start: new Date(at(DAY, "14:00")).toISOString(),
      summary: "G with Gus",
    });
    expect(inserted.iCalUID).toMatch(new RegExp(`^${booked.booking.id}@`));
    // Google's free/busy now has our own copy (14:00-14:30) without a UID: it must not block moving the booking by 15 minutes.
    await api("POST", `/api/calendars/${list[0].id}/sync`);
    const moved = await api("POST", `/api/bookings/${booked.booking.id}/reschedule`, { start: at(DAY, "14:15") });
    expect(moved.status, await moved.clone().text()).toBe(200);
    await until(
      "the moved Google event",
      () => google.events.get(googleId)?.start === new Date(at(DAY, "14:15")).toISOString(),
    );
    expect(google.events.size).toBe(1);
    expect((await api("POST", `/api/bookings/${booked.booking.id}/cancel`, {})).status).toBe(200);
    await until("the Google event removed", () => !google.events.has(googleId));
    // Each wait has its own 20 s bound; the test's catches only a hang.
  }, 180_000);
});
