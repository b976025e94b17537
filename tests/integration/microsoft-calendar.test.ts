/**
 * Microsoft 365 / Outlook calendars (docs/decisions/064) against a fake Microsoft at the network
 * boundary (tests/fakes/microsoft-server.mjs: the identity platform's authorize and token
 * endpoints and the Graph paths the app calls, over loopback), with an app server of its own
 * that has a Microsoft client id; the suite's servers point at the same fake (global-setup.ts),
 * since their job runners sync and write the same connections.
 *
 * Covered: the sign-in URL (tenant, scopes, PKCE S256) from the page and from POST /api/calendars;
 * the sealed state bound to the signed-in host; the code exchanged with its verifier and the
 * refresh token stored encrypted; busy times from calendarView (asked in UTC; a Berlin-zoned
 * event, a weekly series' occurrences, tentative blocking, free and cancelled not) blocking slots;
 * a booking written with its attendee to the chosen calendar, PATCHed when moved, DELETEd when
 * cancelled; a revoked refresh token: "reconnect", no 500, slots and bookings still served from
 * the other calendars; the Teams meeting option of the event writer.
 */
import crypto from "node:crypto";
import http from "node:http";
import { DateTime } from "luxon";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeMicrosoft } from "../fakes/microsoft-server.mjs";
import { HttpClient, uniqueEmail } from "../support/http";
import { startServer, type RunningServer } from "../support/server";
import { at, dateIn } from "./api-client";
import { CALENDAR_KEY } from "./global-setup";
import { fakeMicrosoftUrl, holdPackage, servers, signUp, sql, ownServerEnv } from "./context";
import { bookingMailsSettled, until } from "../support/mail-wait";

const db = sql();
const DAY = 7;

let fake: Awaited<ReturnType<typeof startFakeMicrosoft>>;
let server: RunningServer;
let feed: http.Server;
let feedUrl = "";
let receiver: http.Server;
let hookBase = "";
const hooks: Array<{ type: string; data: Record<string, unknown> }> = [];

beforeAll(async () => {
  fake = await startFakeMicrosoft({
    port: Number(new URL(fakeMicrosoftUrl()).port),
    clientId: "ms-client",
    clientSecret: "ms-secret",
  });
  // Another calendar of the host (an ICS feed), to show slots still come from it when Microsoft fails.
  feed = http.createServer((_req, res) => {
    const day = dateIn(DAY).replace(/-/g, "");
    res
      .writeHead(200, { "content-type": "text/calendar" })
      .end(
        [
          "BEGIN:VCALENDAR",
          "VERSION:2.0",
          "PRODID:-//test//feed//EN",
          "BEGIN:VEVENT",
          "UID:feed-busy@test",
          "DTSTAMP:20260101T000000Z",
          `DTSTART:${day}T180000Z`,
          `DTEND:${day}T190000Z`,
          "SUMMARY:Feed busy",
          "END:VEVENT",
          "END:VCALENDAR",
          "",
        ].join("\r\n"),
      );
  });
  await new Promise<void>((r) => feed.listen(0, "127.0.0.1", r));
  feedUrl = `http://127.0.0.1:${(feed.address() as { port: number }).port}/busy.ics`;
  // A webhook receiver, for the Teams link in the booking's webhooks.
  receiver = http.createServer((req, res) => {
    let body = "";
    req.on("data", (d) => (body += d));
    req.on("end", () => {
      hooks.push(JSON.parse(body));
      res.writeHead(200).end("ok");
    });
  });
  await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
  hookBase = `http://127.0.0.1:${(receiver.address() as { port: number }).port}`;
  server = await startServer(
    ownServerEnv({
      RATE_LIMIT_FACTOR: "100",
      MICROSOFT_CLIENT_ID: "ms-client",
      MICROSOFT_CLIENT_SECRET: "ms-secret",
      MICROSOFT_LOGIN_BASE: fake.url,
      MICROSOFT_GRAPH_BASE: fake.url,
      CALENDAR_ENCRYPTION_KEY: CALENDAR_KEY,
      ALLOW_PRIVATE_CALENDAR_URLS: "true",
      CALENDAR_SYNC_SECONDS: "5",
      ALLOW_PRIVATE_WEBHOOK_URLS: "true",
      WEBHOOK_RETRY_SCALE: "0.001",
    }),
  );
});

afterAll(async () => {
  await server?.stop();
  await fake?.close();
  await new Promise<void>((r) => (feed ? feed.close(() => r()) : r()));
  await new Promise<void>((r) => (receiver ? receiver.close(() => r()) : r()));
});

type Connection = {
  id: string;
  type: string;
  name: string;
  status: string;
  error: string | null;
  calendars: Array<{
    id: string;
    name: string;
    receivesBookings: boolean;
    checksConflicts: boolean;
    writable: boolean;
  }>;
};

/** A host with a token, an all-day UTC schedule and a 30-minute event type; with `pack`, holding that package. */
async function host(prefix: string, pack?: string) {
  const c = new HttpClient(server.url);
  const email = uniqueEmail(prefix);
  expect((await signUp(c, email)).status).toBe(302);
  if (pack) await holdPackage(email, pack);
  const { token } = (await (
    await fetch(`${server.url}/api/token`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password: "correct-horse-battery" }),
    })
  ).json()) as { token: string };
  const api = (method: string, path: string, body?: unknown, base = server.url) =>
    fetch(`${base}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
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
      title: "M",
      slug: `m-${Date.now()}`,
      duration: 30,
      slotInterval: 15,
      minimumNotice: 0,
      scheduleId: schedule._id,
    })
  ).json()) as { _id: string };
  const slots = async () =>
    (
      (await (
        await api("GET", `/api/slots?eventTypeId=${type._id}&start=${dateIn(DAY)}&end=${dateIn(DAY)}&timeZone=UTC`)
      ).json()) as { slots: Record<string, string[]> }
    ).slots[dateIn(DAY)] ?? [];
  const connections = async () => (await (await api("GET", "/api/calendars")).json()) as Connection[];
  return { c, email, api, type, schedule, slots, connections };
}

/** Goes through the fake's sign-in (it answers at once) and back to our callback with the host's session. */
async function signInAtMicrosoft(c: HttpClient, authorizeUrl: string) {
  const atMicrosoft = await fetch(authorizeUrl, { redirect: "manual" });
  expect(atMicrosoft.status).toBe(302);
  const back = new URL(atMicrosoft.headers.get("location") ?? "");
  expect(back.pathname).toBe("/dashboard/calendars/microsoft/callback");
  return c.get(back.pathname + back.search);
}

const utcIso = (time: string) => at(DAY, time);

describe("Microsoft 365 / Outlook", () => {
  it("connects through the PKCE sign-in, blocks slots with calendarView, and writes, moves and removes a booking", async () => {
    const h = await host("mscal");
    // Two events a page: calendarView's @odata.nextLink must be followed for the busy times below.
    fake.setPageSize(2);
    const berlinDay = DateTime.fromISO(dateIn(DAY), { zone: "Europe/Berlin" });
    // 10:00-11:00 Berlin on the day; a weekly 15:00 Berlin series begun two weeks before; a
    // tentative, a free and a cancelled meeting in UTC.
    fake.addBusy({ start: `${dateIn(DAY)}T10:00`, zone: "Europe/Berlin", minutes: 60 });
    fake.addBusy({
      start: berlinDay.minus({ weeks: 2 }).toFormat("yyyy-MM-dd'T'15:00"),
      zone: "Europe/Berlin",
      minutes: 30,
      weeks: 4,
    });
    fake.addBusy({ start: `${dateIn(DAY)}T12:00`, zone: "UTC", minutes: 30, showAs: "tentative" });
    fake.addBusy({ start: `${dateIn(DAY)}T13:00`, zone: "UTC", minutes: 30, showAs: "free" });
    fake.addBusy({ start: `${dateIn(DAY)}T16:30`, zone: "UTC", minutes: 30, isCancelled: true });

    // The sign-in URL: the tenant, the delegated scopes, PKCE with S256.
    const start = await h.c.get("/dashboard/calendars/microsoft");
    expect(start.status).toBe(302);
    const authorize = new URL(start.headers.get("location") ?? "");
    expect(authorize.origin + authorize.pathname).toBe(`${fake.url}/common/oauth2/v2.0/authorize`);
    expect(authorize.searchParams.get("client_id")).toBe("ms-client");
    expect(authorize.searchParams.get("response_type")).toBe("code");
    expect(authorize.searchParams.get("scope")?.split(" ").sort()).toEqual(
      ["Calendars.ReadWrite", "OnlineMeetings.ReadWrite", "User.Read", "offline_access"].sort(),
    );
    expect(authorize.searchParams.get("code_challenge_method")).toBe("S256");
    expect(authorize.searchParams.get("code_challenge")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const state = authorize.searchParams.get("state") ?? "";

    // A forged state, and another host's state, are refused; nothing is stored.
    const forged = await h.c.get(`/dashboard/calendars/microsoft/callback?state=forged&code=x`);
    expect(forged.headers.get("location")).toBe("/dashboard/calendars");
    const other = await host("mscal-other");
    const stolen = await other.c.get(
      `/dashboard/calendars/microsoft/callback?state=${encodeURIComponent(state)}&code=x`,
    );
    expect(stolen.status).toBe(302);
    expect(await other.connections()).toEqual([]);

    const back = await signInAtMicrosoft(h.c, authorize.href);
    expect(back.status).toBe(302);
    expect(back.headers.get("location")).toBe("/dashboard/calendars");
    // The code was exchanged with the verifier the challenge was made from (the fake checks it) and the client secret.
    const exchange = fake.requests.find(
      (r) => r.path === "/common/oauth2/v2.0/token" && r.body.includes("authorization_code"),
    );
    const form = new URLSearchParams(exchange?.body ?? "");
    expect(form.get("client_secret")).toBe("ms-secret");
    expect(form.get("code_verifier")).toMatch(/^[A-Za-z0-9_-]{43,128}$/);

    const list = await h.connections();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ type: "microsoft", name: "host@contoso.example", status: "ok", error: null });
    expect(list[0].calendars.find((x) => x.name === "Calendar")).toMatchObject({
      receivesBookings: true,
      checksConflicts: true,
      writable: true,
    });
    expect(list[0].calendars.find((x) => x.name === "Holidays")).toMatchObject({
      receivesBookings: false,
      writable: false,
    });
    const [row] = await db`select secret from calendar_connections where id = ${list[0].id}`;
    expect(row.secret).toMatch(/^v1:/);
    expect(row.secret).not.toContain("rt-");

    // Busy times were read with calendarView in UTC.
    const views = fake.requests.filter((r) => r.path.endsWith("/calendarView"));
    expect(views.length).toBeGreaterThan(0);
    expect(views.every((r) => r.headers.prefer === 'outlook.timezone="UTC"')).toBe(true);
    const slots = await h.slots();
    const berlin = (time: string) =>
      DateTime.fromISO(`${dateIn(DAY)}T${time}`, { zone: "Europe/Berlin" })
        .toUTC()
        .toFormat("HH:mm");
    expect(slots).not.toContain(utcIso(berlin("10:00")));
    expect(slots).not.toContain(utcIso(berlin("10:30")));
    expect(slots).toContain(utcIso(berlin("11:00")));
    expect(slots).not.toContain(utcIso(berlin("15:00"))); // the series' occurrence on the day
    expect(slots).toContain(utcIso(berlin("15:30")));
    expect(slots).not.toContain(utcIso("12:00")); // tentative blocks
    expect(slots).toContain(utcIso("13:00")); // free does not
    expect(slots).toContain(utcIso("16:30")); // cancelled does not
    expect(views.some((r) => r.query.$skip)).toBe(true);
    fake.setPageSize(500);

    // A meeting added at Microsoft a moment ago: the booking's own look at the calendar refuses the time.
    fake.addBusy({ start: `${dateIn(DAY)}T20:00`, zone: "UTC", minutes: 30 });
    const late = await h.api("POST", "/api/bookings", {
      eventTypeId: h.type._id,
      start: at(DAY, "20:00"),
      name: "Late",
      email: "late@example.test",
      timeZone: "UTC",
    });
    expect(late.status).toBe(409);

    // Bookings go to the chosen calendar: the team calendar.
    const team = list[0].calendars.find((x) => x.name === "Team calendar")!;
    expect(
      (await h.api("PATCH", `/api/calendars/${list[0].id}/calendars/${team.id}`, { receivesBookings: true })).status,
    ).toBe(200);
    const booked = (await (
      await h.api("POST", "/api/bookings", {
        eventTypeId: h.type._id,
        start: at(DAY, "07:00"),
        name: "Gus Guest",
        email: "gus@example.test",
        timeZone: "UTC",
      })
    ).json()) as { booking: { id: string } };
    const written = await until("the Graph event", () => [...fake.events.values()][0]);
    expect(written).toMatchObject({
      calendar: "cal-team",
      transactionId: booked.booking.id,
      startMs: Date.parse(at(DAY, "07:00")),
      endMs: Date.parse(at(DAY, "07:30")),
      subject: "M with Gus Guest",
      attendees: [{ emailAddress: { address: "gus@example.test", name: "Gus Guest" }, type: "required" }],
    });
    const eventId = written.id as string;
    await until(
      "the copy recorded",
      async () =>
        (
          await db`select 1 from external_event_copies where event_id = ${booked.booking.id} and external_id = ${eventId}`
        ).length,
    );

    // calendarView now has our own event too: it must not block moving the booking by 15 minutes.
    expect((await h.api("POST", `/api/calendars/${list[0].id}/sync`)).status).toBe(200);
    const moved = await h.api("POST", `/api/bookings/${booked.booking.id}/reschedule`, { start: at(DAY, "07:15") });
    expect(moved.status, await moved.clone().text()).toBe(200);
    await until("the moved Graph event", () => fake.events.get(eventId)?.startMs === Date.parse(at(DAY, "07:15")));
    expect(fake.events.size).toBe(1);
    expect(fake.requests.some((r) => r.method === "PATCH" && r.path === `/v1.0/me/events/${eventId}`)).toBe(true);

    expect((await h.api("POST", `/api/bookings/${booked.booking.id}/cancel`, {})).status).toBe(200);
    await until("the Graph event removed", () => !fake.events.has(eventId));
    expect(fake.requests.some((r) => r.method === "DELETE" && r.path === `/v1.0/me/events/${eventId}`)).toBe(true);
  }, 90_000);

  it("Microsoft Teams through the connected calendar: one meeting per booking, its link in the mails and the calendar event, moved and deleted with the booking", async () => {
    const h = await host("msteams");
    // Teams borrows the Microsoft 365 calendar: not before it is connected.
    const early = await h.api("POST", "/api/conferencing/microsoft-teams");
    expect(early.status).toBe(409);
    expect(((await early.json()) as { error: { code: string } }).error.code).toBe("needs_calendar");
    const start = await h.c.get("/dashboard/calendars/microsoft");
    expect((await signInAtMicrosoft(h.c, start.headers.get("location") ?? "")).status).toBe(302);
    const connected = await h.api("POST", "/api/conferencing/microsoft-teams");
    expect(connected.status, await connected.clone().text()).toBe(200);
    expect(await connected.json()).toMatchObject({ app: "microsoft-teams", connected: true, default: true });
    const hook = await h.api("POST", "/api/webhooks", {
      url: `${hookBase}/teams`,
      events: ["booking.created", "booking.rescheduled"],
    });
    expect(hook.status, await hook.clone().text()).toBe(201);

    const made = await h.api("POST", "/api/event-types", {
      title: "Teams call",
      slug: `teams-${Date.now()}`,
      duration: 30,
      minimumNotice: 0,
      scheduleId: h.schedule._id,
      location: { type: "microsoft-teams" },
    });
    expect(made.status, await made.clone().text()).toBe(201);
    const type = (await made.json()) as { _id: string };
    const before = fake.meetings.size;
    const booked = (await (
      await h.api("POST", "/api/bookings", {
        eventTypeId: type._id,
        start: at(DAY, "05:00"),
        name: "Tara Guest",
        email: "tara@example.test",
        timeZone: "UTC",
      })
    ).json()) as { booking: { id: string } };
    const id = booked.booking.id;
    const row = await until("the Teams meeting", async () => {
      const [r] = await db`select * from booking_meetings where event_id = ${id}`;
      return r?.status === "created" ? r : null;
    });
    expect(row.app).toBe("microsoft-teams");
    expect(fake.meetings.size).toBe(before + 1);
    const meeting = fake.meetings.get(row.external_id as string)!;
    expect(Date.parse(meeting.startDateTime)).toBe(Date.parse(at(DAY, "05:00")));
    expect(Date.parse(meeting.endDateTime)).toBe(Date.parse(at(DAY, "05:30")));
    expect(meeting.subject).toContain("Teams call");
    expect(row).toMatchObject({ join_url: meeting.joinWebUrl, passcode: "Xy9Zq2" });
    expect(row.dial_in).toContain("+1 555 0100");

    // The guest's and the host's mails, and the .ics in them, carry the link and the passcode; the
    // calendar event the writer adds names it.
    const mails = await until("the two mails", async () => {
      const m = await db`select "to", text, attachments from mail_outbox where event_id = ${id} order by created_at`;
      return m.length >= 2 ? m : null;
    });
    expect(mails.map((m) => m.to)).toEqual(expect.arrayContaining([h.email, "tara@example.test"]));
    for (const mail of mails) {
      expect(mail.text).toContain(meeting.joinWebUrl);
      expect(mail.text).toContain("Passcode: Xy9Zq2");
      const ics = (mail.attachments as Array<{ content: string }>).map((a) => a.content).join("\n");
      expect(ics.replace(/\r\n /g, "")).toContain(`URL:${meeting.joinWebUrl}`);
      expect(ics.replace(/\r\n /g, "")).toContain(`LOCATION:${meeting.joinWebUrl}`);
    }
    // The webhook names the Teams meeting with its link.
    const created = await until("the booking.created webhook", () =>
      hooks.find((x) => x.type === "booking.created" && x.data.id === id),
    );
    expect(created.data.location).toEqual({ type: "microsoft-teams", joinUrl: meeting.joinWebUrl });
    const event = await until("the calendar event", () =>
      [...fake.events.values()].find((e) => e.transactionId === id),
    );
    expect(JSON.stringify(event.location) + JSON.stringify(event.body)).toContain(meeting.joinWebUrl);
    // Only our own onlineMeetings call makes the meeting: the calendar event asks for none.
    expect(event.isOnlineMeeting).toBe(false);

    // Reschedule: the same meeting moves (PATCH /me/onlineMeetings/{id}).
    const moved = await h.api("POST", `/api/bookings/${id}/reschedule`, { start: at(DAY, "05:30") });
    expect(moved.status, await moved.clone().text()).toBe(200);
    await until(
      "the moved meeting",
      () =>
        Date.parse(fake.meetings.get(row.external_id as string)?.startDateTime ?? "") === Date.parse(at(DAY, "05:30")),
    );
    expect(fake.meetings.size).toBe(before + 1);
    const rescheduled = await until("the booking.rescheduled webhook", () =>
      hooks.find((x) => x.type === "booking.rescheduled" && x.data.id === id),
    );
    expect(rescheduled.data.location).toEqual({ type: "microsoft-teams", joinUrl: meeting.joinWebUrl });

    // Cancel: deleted.
    expect((await h.api("POST", `/api/bookings/${id}/cancel`, {})).status).toBe(200);
    await until("the meeting deleted", () => !fake.meetings.has(row.external_id as string));
    await until("the row marked deleted", async () => {
      const [r] = await db`select status from booking_meetings where event_id = ${id}`;
      return r?.status === "deleted";
    });
    expect(
      fake.requests.filter((r) => r.method === "DELETE" && r.path === `/v1.0/me/onlineMeetings/${row.external_id}`),
    ).toHaveLength(1);
  }, 90_000);

  it("POST /api/calendars { type: microsoft } answers the sign-in URL; the callback completes it for that host only", async () => {
    const h = await host("msapi");
    const res = await h.api("POST", "/api/calendars", { type: "microsoft" });
    expect(res.status).toBe(200);
    const { authorizeUrl } = (await res.json()) as { authorizeUrl: string };
    const url = new URL(authorizeUrl);
    expect(url.origin + url.pathname).toBe(`${fake.url}/common/oauth2/v2.0/authorize`);
    expect(url.searchParams.get("redirect_uri")).toMatch(/\/dashboard\/calendars\/microsoft\/callback$/);
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");

    // Bad bodies are 400s; a server without a Microsoft client id says so with a 503.
    expect((await h.api("POST", "/api/calendars", { type: "outlook" })).status).toBe(400);
    const elsewhere = await h.api("POST", "/api/calendars", { type: "microsoft" }, servers()[0]);
    expect(elsewhere.status).toBe(503);
    expect(((await elsewhere.json()) as { error: { code: string } }).error.code).toBe("microsoft_unavailable");

    // The page shows the connect button.
    const page = await (await h.c.get("/dashboard/calendars")).text();
    expect(page).toContain("Connect Microsoft 365 / Outlook");

    expect((await signInAtMicrosoft(h.c, authorizeUrl)).headers.get("location")).toBe("/dashboard/calendars");
    const list = await h.connections();
    expect(list.map((c) => c.type)).toEqual(["microsoft"]);
    expect(list[0].status).toBe("ok");

    // Disconnecting removes the connection, its calendars and its busy times.
    expect((await h.api("DELETE", `/api/calendars/${list[0].id}`)).status).toBe(204);
    expect(await h.connections()).toEqual([]);
    expect(await db`select 1 from external_calendars where connection_id = ${list[0].id}`).toHaveLength(0);
  }, 60_000);

  it("a revoked refresh token shows reconnect; slots and bookings are still served from the other calendars", async () => {
    const h = await host("msrevoked", "Standard"); // two calendars: more than the free plan's one
    const feedRes = await h.api("POST", "/api/calendars", { type: "ics", url: feedUrl });
    expect(feedRes.status, await feedRes.clone().text()).toBe(201);
    const { authorizeUrl } = (await (await h.api("POST", "/api/calendars", { type: "microsoft" })).json()) as {
      authorizeUrl: string;
    };
    await signInAtMicrosoft(h.c, authorizeUrl);
    const microsoft = (await h.connections()).find((c) => c.type === "microsoft")!;
    expect(microsoft.status).toBe("ok");

    fake.revokeAll();
    const synced = await h.api("POST", `/api/calendars/${microsoft.id}/sync`);
    expect(synced.status).toBe(200);
    const after = (await synced.json()) as Connection;
    expect(after.status).toBe("error");
    expect(after.error).toMatch(/reconnect/i);

    const page = await h.c.get("/dashboard/calendars");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Reconnect needed");
    expect(html).toContain('href="/dashboard/calendars/microsoft"');

    const slots = await h.slots();
    expect(slots.length).toBeGreaterThan(0);
    expect(slots).not.toContain(utcIso("18:00")); // the feed's busy time still blocks
    expect(slots).toContain(utcIso("17:00"));
    const booked = await h.api("POST", "/api/bookings", {
      eventTypeId: h.type._id,
      start: at(DAY, "17:00"),
      name: "Rita",
      email: "rita@example.test",
      timeZone: "UTC",
    });
    expect(booked.status, await booked.clone().text()).toBeLessThan(300);

    // Reconnecting the same account keeps the connection, with the new token.
    const again = (await (await h.api("POST", "/api/calendars", { type: "microsoft" })).json()) as {
      authorizeUrl: string;
    };
    await signInAtMicrosoft(h.c, again.authorizeUrl);
    const reconnected = (await h.connections()).filter((c) => c.type === "microsoft");
    expect(reconnected).toHaveLength(1);
    expect(reconnected[0]).toMatchObject({ id: microsoft.id, status: "ok", error: null });
  }, 60_000);
});

describe("the plan's calendar limit and Graph's Retry-After", () => {
  it("a free host with a feed is refused a Microsoft 365 connection at the callback (decision 080), with the upgrade link on the page", async () => {
    const h = await host("mslimit");
    const feedRes = await h.api("POST", "/api/calendars", { type: "ics", url: feedUrl });
    expect(feedRes.status, await feedRes.clone().text()).toBe(201);
    const start = await h.c.get("/dashboard/calendars/microsoft");
    const back = await signInAtMicrosoft(h.c, start.headers.get("location") ?? "");
    expect(back.status).toBe(302);
    expect(back.headers.get("location")).toBe("/dashboard/calendars");
    expect((await h.connections()).map((c) => c.type)).toEqual(["ics"]);
    const page = await (await h.c.get("/dashboard/calendars")).text();
    expect(page).toContain("Your plan connects up to 1 calendar. Upgrade to connect more.");
    expect(page).toMatch(/<a href="\/pricing"[^>]*>upgrade your plan<\/a>/);
  }, 60_000);

  it("a Teams meeting answered 429 with Retry-After is tried again no sooner than asked (at most 5 minutes), then made", async () => {
    const h = await host("msthrottle");
    const start = await h.c.get("/dashboard/calendars/microsoft");
    expect((await signInAtMicrosoft(h.c, start.headers.get("location") ?? "")).status).toBe(302);
    expect((await h.api("POST", "/api/conferencing/microsoft-teams")).status).toBe(200);
    const made = await h.api("POST", "/api/event-types", {
      title: "Busy Teams",
      slug: `busy-teams-${Date.now()}`,
      duration: 30,
      minimumNotice: 0,
      scheduleId: h.schedule._id,
      location: { type: "microsoft-teams" },
    });
    expect(made.status, await made.clone().text()).toBe(201);
    const type = (await made.json()) as { _id: string };
    const book = async (time: string) =>
      (
        (await (
          await h.api("POST", "/api/bookings", {
            eventTypeId: type._id,
            start: at(DAY, time),
            name: "Tom Guest",
            email: "tom@example.test",
            timeZone: "UTC",
          })
        ).json()) as { booking: { id: string } }
      ).booking.id;
    // The failed try as stored, and when the test read it (after the server wrote it).
    const delivery = async (id: string) => {
      const d = await until("the throttled try", async () => {
        const [row] = await db`select d.attempts, d.next_attempt_at, d.last_error from booking_event_deliveries d
          join booking_events e on e.id = d.booking_event_id
          where e.event_id = ${id} and d.consumer = 'conferencing' and d.last_error is not null`;
        return row as { attempts: number; next_attempt_at: Date; last_error: string } | undefined;
      });
      return { ...d, readAt: Date.now() };
    };

    // Seconds: 120 s, longer than the outbox's first pause (10 s).
    // The server takes its clock between the booking's post and the test's read of the failed try,
    // so the next try is 120 s after some moment between those two, however slow the machine.
    fake.throttleNext("POST", /^\/v1\.0\/me\/onlineMeetings$/, 429, "120");
    const booked1 = Date.now();
    const first = await book("06:00");
    const d1 = await delivery(first);
    expect(d1.last_error).toMatch(/429/);
    expect(d1.next_attempt_at.getTime()).toBeGreaterThanOrEqual(booked1 + 120_000);
    expect(d1.next_attempt_at.getTime()).toBeLessThanOrEqual(d1.readAt + 120_000);
    expect(await db`select 1 from booking_meetings where event_id = ${first} and status = 'created'`).toHaveLength(0);
    // Its time come (moved here rather than waited for), the next try makes the meeting.
    const madeAfterTheWait = async (id: string) => {
      await db`update booking_event_deliveries set next_attempt_at = now() where consumer = 'conferencing'
        and booking_event_id in (select id from booking_events where event_id = ${id})`;
      await until("the meeting after the wait", async () => {
        const [r] = await db`select status from booking_meetings where event_id = ${id}`;
        return r?.status === "created";
      });
    };
    await madeAfterTheWait(first);

    // An HTTP date an hour away (a 503): honoured up to the five-minute bound.
    fake.throttleNext("POST", /^\/v1\.0\/me\/onlineMeetings$/, 503, new Date(Date.now() + 3_600_000).toUTCString());
    const booked2 = Date.now();
    const second = await book("07:00");
    const d2 = await delivery(second);
    expect(d2.next_attempt_at.getTime()).toBeGreaterThanOrEqual(booked2 + 300_000);
    expect(d2.next_attempt_at.getTime()).toBeLessThanOrEqual(d2.readAt + 300_000);
    // Its time brought forward too, so no booking is left held: the files after this one share the
    // database and wait for every booking's mails (a held conferencing record holds the mail).
    await madeAfterTheWait(second);
    await bookingMailsSettled(db);
  }, 90_000);
});

describe("the Graph client's Teams meetings and event writer (the client module, against the fake)", () => {
  const saved = { ...process.env };
  afterAll(() => {
    process.env = saved;
  });

  it("makes, moves and deletes a Teams meeting apart from the event, which asks for none", async () => {
    Object.assign(process.env, {
      MICROSOFT_CLIENT_ID: "ms-client",
      MICROSOFT_CLIENT_SECRET: "ms-secret",
      MICROSOFT_LOGIN_BASE: fake.url,
      MICROSOFT_GRAPH_BASE: fake.url,
    });
    const client = await import("~/services/microsoft-calendar.server");
    const { verifier, challenge } = client.pkcePair();
    const redirectUri = "http://localhost:1/dashboard/calendars/microsoft/callback";
    const signIn = await fetch(client.microsoftAuthorizeUrl({ redirectUri, state: "s", challenge }), {
      redirect: "manual",
    });
    const code = new URL(signIn.headers.get("location") ?? "").searchParams.get("code") ?? "";
    const tokens = await client.exchangeMicrosoftCode(code, verifier, redirectUri);
    expect(tokens.email).toBe("host@contoso.example");
    const saved: string[] = [];
    const account = { refreshToken: tokens.refreshToken, saveRefreshToken: async (t: string) => void saved.push(t) };
    const when = {
      title: "Intro with Tess",
      startsAt: new Date(at(DAY + 1, "09:00")),
      endsAt: new Date(at(DAY + 1, "09:30")),
    };

    const teams = await client.teamsMeetingCreate(account, when);
    expect(teams.joinUrl).toMatch(/^https:\/\/teams\.microsoft\.com\/l\/meetup-join\//);
    expect(teams).toMatchObject({ passcode: "Xy9Zq2", dialIn: "+1 555 0100 (conference ID 271828)" });
    // The refresh answered a new refresh token: handed back to be stored.
    expect(saved).toHaveLength(1);
    expect(JSON.parse(fake.requests.filter((r) => r.path === "/v1.0/me/onlineMeetings").at(-1)!.body)).toEqual({
      subject: "Intro with Tess",
      startDateTime: when.startsAt.toISOString(),
      endDateTime: when.endsAt.toISOString(),
    });
    const later = { ...when, startsAt: new Date(at(DAY + 1, "10:00")), endsAt: new Date(at(DAY + 1, "10:30")) };
    await client.teamsMeetingMove(account, teams.id, later);
    expect(fake.meetings.get(teams.id)?.startDateTime).toBe(later.startsAt.toISOString());
    await client.teamsMeetingDelete(account, teams.id);
    await client.teamsMeetingDelete(account, teams.id); // already gone: the same outcome
    expect(fake.meetings.has(teams.id)).toBe(false);
    // A meeting Microsoft does not know cannot be moved: a refusal not worth a retry.
    const refusal = await client.teamsMeetingMove(account, teams.id, later).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(client.TeamsMeetingError);
    expect((refusal as InstanceType<typeof client.TeamsMeetingError>).retry).toBe(false);

    // The event writer: the attendee, the booking's id as transactionId, no online meeting of its own.
    const entry = {
      id: crypto.randomUUID(),
      title: "Intro with Tess",
      description: "Guest: Tess <tess@example.test>",
      location: teams.joinUrl,
      url: teams.joinUrl,
      startsAt: when.startsAt,
      endsAt: when.endsAt,
      cancelled: false,
      sequence: 0,
      updatedAt: new Date(),
    };
    const guest = [{ email: "tess@example.test", name: "Tess" }];
    const written = await client.microsoftPut(account, "cal-main", entry, null, guest);
    const body = JSON.parse(
      fake.requests.filter((r) => r.method === "POST" && r.path === "/v1.0/me/calendars/cal-main/events").at(-1)!.body,
    ) as Record<string, unknown>;
    expect(body).toMatchObject({
      transactionId: entry.id,
      location: { displayName: teams.joinUrl },
      attendees: [{ emailAddress: { address: "tess@example.test", name: "Tess" }, type: "required" }],
    });
    expect(body.isOnlineMeeting).toBeUndefined();
    await client.microsoftDelete(account, written.id);
    expect(fake.events.has(written.id)).toBe(false);
  });
});
