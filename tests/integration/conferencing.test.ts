/**
 * Conferencing apps (decision 065) against a fake Zoom (tests/fakes/zoom.ts) and a fake Google at
 * the network boundary, over loopback, with an app server of its own that has a Zoom OAuth app.
 * The fakes listen on the ports the suite's servers were told (global-setup.ts): every server's
 * job runner may make a booking's meeting.
 *
 * Covered: GET /api/conferencing; 409 needs_calendar for Google Meet and Microsoft Teams without
 * their calendar; Zoom's consent and callback (state checked, tokens stored encrypted); a booking's
 * one Zoom meeting whose join URL, dial-in and passcode reach the guest's and host's mails, the
 * .ics, the webhook and the confirmation page; a reschedule moving the same meeting (PATCH); a
 * cancel deleting it; a Zoom outage at booking time retried to success and shown on the
 * timeline; a permanent failure (host told by mail and bell, the guest given the built-in room);
 * a revoked refresh token; a Google Meet link made through the Google calendar's conferenceData.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeZoom, type FakeZoom } from "../fakes/zoom";
import { HttpClient, uniqueEmail } from "../support/http";
import { startServer, type RunningServer } from "../support/server";
import { apiClient, at, ok } from "./api-client";
import { roundRobinTeam } from "./round-robin-team";
import { CALENDAR_KEY } from "./global-setup";
import { fakeGoogleUrl, fakeZoomUrl, signUp, sql, ownServerEnv } from "./context";
import { until } from "../support/mail-wait";

const db = sql();
const DAY = 9;
const ROOMS = "https://rooms.example.test";

let zoom: FakeZoom;
let server: RunningServer;
let google: http.Server;
const googleEvents = new Map<string, { calendar: string; start: string; conference: boolean; hangoutLink?: string }>();
const googleCalls: string[] = [];
let receiver: http.Server;
let hookBase = "";
const hooks: Array<{ type: string; data: Record<string, unknown> }> = [];

function json(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
}

/** The fake Google: tokens, the calendar list, and events with conferenceData createRequest (hangoutsMeet). */
function startFakeGoogle(port: number) {
  google = http.createServer(
    (req, res) =>
      void (async () => {
        const chunks: Buffer[] = [];
        for await (const c of req) chunks.push(c as Buffer);
        const text = Buffer.concat(chunks).toString("utf8");
        const url = new URL(req.url ?? "/", "http://fake");
        googleCalls.push(`${req.method} ${url.pathname}${url.search}`);
        if (url.pathname === "/token") {
          const form = new URLSearchParams(text);
          if (form.get("grant_type") === "authorization_code" && form.get("code") === "good-code")
            return json(res, 200, { access_token: "g-at", refresh_token: "g-rt", expires_in: 3600 });
          if (form.get("grant_type") === "refresh_token" && form.get("refresh_token") === "g-rt")
            return json(res, 200, { access_token: "g-at", expires_in: 3600 });
          return json(res, 400, { error: "invalid_grant" });
        }
        if (req.headers.authorization !== "Bearer g-at") return json(res, 401, { error: { code: 401 } });
        if (url.pathname === "/oauth2/v3/userinfo") return json(res, 200, { email: "meet-host@gmail.example" });
        if (url.pathname === "/calendar/v3/users/me/calendarList")
          return json(res, 200, {
            items: [{ id: "primary-cal", summary: "Host", accessRole: "owner", primary: true }],
          });
        if (url.pathname === "/calendar/v3/freeBusy") return json(res, 200, { calendars: {} });
        const m = /^\/calendar\/v3\/calendars\/([^/]+)\/events(?:\/([^/]+))?$/.exec(url.pathname);
        if (m) {
          const calendar = decodeURIComponent(m[1]);
          const id = m[2];
          const body = (text ? JSON.parse(text) : {}) as {
            id: string;
            start?: { dateTime: string };
            conferenceData?: { createRequest?: { conferenceSolutionKey?: { type?: string } } };
          };
          const versioned = url.searchParams.get("conferenceDataVersion") === "1";
          if (req.method === "POST" && !id) {
            if (googleEvents.has(body.id)) return json(res, 409, { error: { code: 409 } });
            const wantsMeet =
              versioned && body.conferenceData?.createRequest?.conferenceSolutionKey?.type === "hangoutsMeet";
            const link = wantsMeet ? `https://meet.google.example/abc-${body.id.slice(0, 4)}-xyz` : undefined;
            googleEvents.set(body.id, {
              calendar,
              start: body.start?.dateTime ?? "",
              conference: wantsMeet,
              hangoutLink: link,
            });
            return json(res, 200, {
              id: body.id,
              hangoutLink: link,
              conferenceData: wantsMeet
                ? {
                    entryPoints: [
                      { entryPointType: "video", uri: link },
                      { entryPointType: "phone", uri: "tel:+1-555-0100", label: "+1 555-0100", pin: "123456789" },
                    ],
                  }
                : undefined,
            });
          }
          const existing = id ? googleEvents.get(id) : undefined;
          if (!existing) return json(res, 404, { error: { code: 404 } });
          // Without conferenceDataVersion=1 the conference is kept as it is (Google ignores the body's).
          if (req.method === "PUT" || req.method === "PATCH") {
            if (body.start?.dateTime) existing.start = body.start.dateTime;
            return json(res, 200, { id, hangoutLink: existing.hangoutLink });
          }
          if (req.method === "DELETE") {
            googleEvents.delete(id!);
            res.writeHead(204).end();
            return;
          }
        }
        json(res, 404, { error: { code: 404 } });
      })(),
  );
  return new Promise<void>((r) => google.listen(port, "127.0.0.1", r));
}

beforeAll(async () => {
  zoom = await startFakeZoom(Number(new URL(fakeZoomUrl()).port));
  await startFakeGoogle(Number(new URL(fakeGoogleUrl()).port));
  receiver = http.createServer((req, res) => {
    let body = "";
    req.on("data", (d) => (body += d));
    req.on("end", () => {
      hooks.push(JSON.parse(body));
      res.writeHead(200).end("ok");
    });
  });
  await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
  hookBase = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  server = await startServer(
    ownServerEnv({
      RATE_LIMIT_FACTOR: "100",
      ZOOM_CLIENT_ID: "zoom-client",
      ZOOM_CLIENT_SECRET: "zoom-secret",
      ZOOM_OAUTH_BASE: zoom.url,
      ZOOM_API_BASE: zoom.url,
      GOOGLE_CLIENT_ID: "cal-client",
      GOOGLE_CLIENT_SECRET: "cal-secret",
      GOOGLE_OAUTH_BASE: fakeGoogleUrl(),
      GOOGLE_API_BASE: fakeGoogleUrl(),
      CALENDAR_ENCRYPTION_KEY: CALENDAR_KEY,
      MEETING_BASE_URL: ROOMS,
      ALLOW_PRIVATE_WEBHOOK_URLS: "true",
      WEBHOOK_RETRY_SCALE: "0.001",
      JOBS_POLL_MS: "300",
    }),
  );
});

afterAll(async () => {
  await server?.stop();
  await zoom?.stop();
  await new Promise<void>((r) => google.close(() => r()));
  await new Promise<void>((r) => receiver.close(() => r()));
});

/** A host signed in (page client) with a bearer token, an all-week schedule and an event type at `location`. */
async function host(location: { type: string; value?: string }) {
  const c = new HttpClient(server.url);
  const email = uniqueEmail("conf");
  expect((await signUp(c, email)).status).toBe(302);
  const { token } = (await (
    await fetch(`${server.url}/api/token`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password: "correct-horse-battery" }),
    })
  ).json()) as { token: string };
  const api = (method: string, path: string, body?: unknown) =>
    fetch(`${server.url}${path}`, {
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
  const created = await api("POST", "/api/event-types", {
    title: "Sync",
    slug: `sync-${Date.now()}`,
    duration: 30,
    minimumNotice: 0,
    scheduleId: schedule._id,
    location,
  });
  expect(created.status, await created.clone().text()).toBe(201);
  const type = (await created.json()) as { _id: string; slug: string };
  return { c, email, api, type };
}

async function connectZoom(h: Awaited<ReturnType<typeof host>>) {
  const started = await h.api("POST", "/api/conferencing/zoom");
  expect(started.status).toBe(200);
  const { authorizeUrl } = (await started.json()) as { authorizeUrl: string };
  const consent = new URL(authorizeUrl);
  expect(consent.origin + consent.pathname).toBe(`${zoom.url}/oauth/authorize`);
  expect(consent.searchParams.get("client_id")).toBe("zoom-client");
  expect(consent.searchParams.get("response_type")).toBe("code");
  const back = await h.c.get(
    `/dashboard/conferencing/zoom/callback?state=${encodeURIComponent(consent.searchParams.get("state") ?? "")}&code=good-code`,
  );
  expect(back.status).toBe(302);
  expect(back.headers.get("location")).toBe("/dashboard/calendars");
}

async function book(h: Awaited<ReturnType<typeof host>>, time: string, name = "Gus") {
  const res = await h.api("POST", "/api/bookings", {
    eventTypeId: h.type._id,
    start: at(DAY, time),
    name,
    email: `${name.toLowerCase()}@guest.example`,
    timeZone: "UTC",
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { booking: { id: string; cancelUrl: string; location?: unknown } }).booking;
}

/** A start as Zoom's start_time: UTC without milliseconds. */
const zoomTime = (time: string) => new Date(at(DAY, time)).toISOString().replace(/\.\d{3}Z$/, "Z");

/** The outbox's word on a booking's records, for a failure's message. */
const deliveries = (eventId: string) =>
  db`select d.consumer, d.attempts, d.last_error, d.delivered_at from booking_event_deliveries d
    join booking_events e on e.id = d.booking_event_id where e.event_id = ${eventId}`;

const meetingRow = async (eventId: string) =>
  (await db`select * from booking_meetings where event_id = ${eventId}`)[0] as
    | { status: string; external_id: string; join_url: string; failed_tries: number; last_error: string | null }
    | undefined;
const mailsOf = (eventId: string) =>
  db`select "to", subject, text, attachments from mail_outbox where event_id = ${eventId} order by created_at`;

describe("conferencing apps", () => {
  it("lists the apps, and Google Meet and Teams need their calendar (409 needs_calendar)", async () => {
    const h = await host({ type: "video" });
    const list = await (await h.api("GET", "/api/conferencing")).json();
    expect(list).toEqual([
      expect.objectContaining({ app: "zoom", connected: false, default: false }),
      expect.objectContaining({ app: "google-meet", connected: false, default: false }),
      expect.objectContaining({ app: "microsoft-teams", connected: false, default: false }),
    ]);
    for (const app of ["google-meet", "microsoft-teams"]) {
      const res = await h.api("POST", `/api/conferencing/${app}`);
      expect(res.status).toBe(409);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe("needs_calendar");
    }
    expect((await h.api("POST", "/api/conferencing/skype")).status).toBe(404);
    // Disconnecting what is not connected is done already.
    expect((await h.api("DELETE", "/api/conferencing/zoom")).status).toBe(204);
    // A forged consent answer connects nothing.
    const forged = await h.c.get(`/dashboard/conferencing/zoom/callback?state=forged&code=good-code`);
    expect(forged.headers.get("location")).toBe("/dashboard/calendars");
    expect(
      await db`select 1 from conferencing_apps a join users u on u.id = a.user_id where u.email = ${h.email}`,
    ).toHaveLength(0);
  });

  it("makes one Zoom meeting per booking, carries its link everywhere, moves it and deletes it", async () => {
    const h = await host({ type: "zoom" });
    await connectZoom(h);
    const apps = (await (await h.api("GET", "/api/conferencing")).json()) as Array<Record<string, unknown>>;
    expect(apps[0]).toMatchObject({ app: "zoom", connected: true, default: true, account: "host@zoom.example" });
    const [stored] =
      await db`select a.secret from conferencing_apps a join users u on u.id = a.user_id where u.email = ${h.email}`;
    expect(stored.secret).toMatch(/^v1:/);
    expect(stored.secret).not.toContain("zrt-");
    const hook = await h.api("POST", "/api/webhooks", {
      url: `${hookBase}/conf`,
      events: ["booking.created", "booking.rescheduled", "booking.cancelled"],
    });
    expect(hook.status).toBe(201);

    const before = zoom.meetings.size;
    const booking = await book(h, "10:00");
    const row = await until("the Zoom meeting", async () => {
      const r = await meetingRow(booking.id);
      return r?.status === "created" ? r : null;
    });
    expect(zoom.meetings.size).toBe(before + 1);
    const meeting = zoom.meetings.get(row.external_id)!;
    expect(meeting.start_time).toBe(zoomTime("10:00"));
    expect(meeting.duration).toBe(30);
    expect(row.join_url).toBe(meeting.join_url);

    // The guest's and the host's mails, and the .ics in them, carry the link, dial-in and passcode.
    const mails = await until("the two mails", async () => {
      const m = await mailsOf(booking.id);
      return m.length >= 2 ? m : null;
    });
    for (const mail of mails) {
      expect(mail.text).toContain(meeting.join_url);
      expect(mail.text).toContain("Passcode: 729301");
      expect(mail.text).toContain("Dial-in: +1 646 558 8656");
      const ics = (mail.attachments as Array<{ content: string }>).map((a) => a.content).join("\n");
      expect(ics.replace(/\r\n /g, "")).toContain(`URL:${meeting.join_url}`);
    }
    // The booking's answer named the place; GET /event carries the meeting's link.
    expect(booking.location).toEqual({ type: "zoom" });
    const listed = (await (await h.api("GET", "/event")).json()) as Array<{ _id: string; joinUrl?: string }>;
    expect(listed.find((e) => e._id === booking.id)?.joinUrl).toBe(meeting.join_url);
    // The webhook.
    const created = await until("the webhook", () =>
      hooks.find((x) => x.type === "booking.created" && x.data.id === booking.id),
    );
    expect(created.data.location).toEqual({ type: "zoom", joinUrl: meeting.join_url });
    // Reschedule: the same meeting moves (PATCH /meetings/{id}).
    const moved = await h.api("POST", `/api/bookings/${booking.id}/reschedule`, { start: at(DAY, "12:00") });
    expect(moved.status, await moved.clone().text()).toBe(200);
    await until("the PATCH", () =>
      zoom.requests.find((r) => r.method === "PATCH" && r.path === `/v2/meetings/${row.external_id}`),
    );
    expect(zoom.meetings.get(row.external_id)?.start_time).toBe(zoomTime("12:00"));
    expect(zoom.meetings.size).toBe(before + 1);
    const rescheduled = await until("the rescheduled webhook", () =>
      hooks.find((x) => x.type === "booking.rescheduled" && x.data.id === booking.id),
    );
    expect((rescheduled.data.location as { joinUrl: string }).joinUrl).toBe(meeting.join_url);

    // Cancel: it is deleted.
    expect((await h.api("POST", `/api/bookings/${booking.id}/cancel`, {})).status).toBe(200);
    await until("the DELETE", () => !zoom.meetings.has(row.external_id));
    await until("the meeting marked deleted", async () => (await meetingRow(booking.id))?.status === "deleted");
    expect(
      zoom.requests.filter((r) => r.method === "DELETE" && r.path === `/v2/meetings/${row.external_id}`),
    ).toHaveLength(1);
  }, 90_000);

  it("retries through a Zoom outage: 201 at once, the meeting after a retry, shown on the timeline", async () => {
    const h = await host({ type: "zoom" });
    await connectZoom(h);
    zoom.failCreates = 1;
    const booking = await book(h, "14:00");
    const row = await until(
      "the meeting after the retry",
      async () => {
        const r = await meetingRow(booking.id);
        return r?.status === "created" ? r : null;
      },
      45_000,
    );
    expect(row.failed_tries).toBe(1);
    const timeline = await (await h.c.get(`/dashboard/scheduledEvents/${booking.id}/timeline`)).text();
    expect(timeline).toContain("Outbox: conferencing");
    expect(timeline).toContain("Zoom meeting");
    expect(timeline).toContain("after 1 failed try");
    const mails = await until("the mails", async () => {
      const m = await mailsOf(booking.id);
      return m.length >= 2 ? m : null;
    });
    expect(mails.every((m) => String(m.text).includes(row.join_url))).toBe(true);
  }, 90_000);

  it("a permanent failure: the booking stands, the host is told, the guest gets the built-in room", async () => {
    const h = await host({ type: "zoom" });
    await connectZoom(h);
    zoom.rejectCreates = true;
    try {
      const booking = await book(h, "16:00");
      const row = await until("the failed meeting", async () => {
        const r = await meetingRow(booking.id);
        return r?.status === "failed" ? r : null;
      }).catch(async (error) => {
        throw new Error(`${error}: ${JSON.stringify(await deliveries(booking.id))}`);
      });
      expect(row.last_error).toContain("Zoom answered 400");
      const mails = await until("the mails", async () => {
        const m = await mailsOf(booking.id);
        return m.length >= 3 ? m : null;
      });
      const told = mails.find((m) => String(m.subject).startsWith("Zoom meeting not created"));
      expect(told?.to).toBe(h.email);
      const guest = mails.find((m) => String(m.to).includes("gus@guest.example"));
      // The built-in room (whichever of the worker's servers wrote the mail: each has its MEETING_BASE_URL).
      expect(guest?.text).toMatch(/Where: Video room: https?:\/\/\S+\/Scheduler-[0-9a-f]+/);
      expect(guest?.text).toContain("could not be set up, so this meeting uses the built-in video room");
      const [bell] = await db`select n.notification from notifications n join users u on u.id = n.user_id
        where u.email = ${h.email} and n.notification like '%could not be created%'`;
      expect(bell).toBeTruthy();
      const [event] = await db`select status from events where id = ${booking.id}`;
      expect(event.status).toBe("confirmed");
    } finally {
      zoom.rejectCreates = false;
    }
  }, 60_000);

  it("a revoked Zoom grant crashes nothing: the fallback room, and the app says to connect again", async () => {
    const h = await host({ type: "zoom" });
    await connectZoom(h);
    zoom.revoke();
    const booking = await book(h, "18:00");
    await until("the failed meeting", async () => (await meetingRow(booking.id))?.status === "failed");
    const apps = (await (await h.api("GET", "/api/conferencing")).json()) as Array<{
      app: string;
      error: string | null;
    }>;
    expect(apps.find((a) => a.app === "zoom")?.error).toContain("connect Zoom again");
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    // Connecting again mends it.
    await connectZoom(h);
    const next = await book(h, "19:00", "Ann");
    await until("a meeting again", async () => (await meetingRow(next.id))?.status === "created");
    expect((await h.api("DELETE", "/api/conferencing/zoom")).status).toBe(204);
  }, 60_000);

  it("round robin: the meeting is made in the assigned host's Zoom, not the team owner's", async () => {
    const { db: rrDb, call, account } = apiClient({ ipPrefix: "10.231", namePrefix: "Conf", server: () => server.url });
    const [owner, member] = await Promise.all([
      account("rr-owner", "professional"),
      account("rr-member", "professional"),
    ]);
    const rr = await roundRobinTeam(call, rrDb, owner, [{ account: member }], [{ account: member }]);
    await ok(
      await call("PUT", `/api/teams/${rr.teamId}/event-types/${rr.typeId}`, {
        token: owner.token,
        json: { ...rr.body, location: { type: "zoom" } },
      }),
    );
    // Only the member (the one host) connects Zoom.
    const started = await call("POST", "/api/conferencing/zoom", { token: member.token });
    const state = new URL(((await started.json()) as { authorizeUrl: string }).authorizeUrl).searchParams.get("state");
    const back = await member.c.get(
      `/dashboard/conferencing/zoom/callback?state=${encodeURIComponent(state ?? "")}&code=good-code`,
    );
    expect(back.headers.get("location")).toBe("/dashboard/calendars");
    const booked = await ok<{ booking: { id: string; host: { userId: string } } }>(
      await call("POST", "/api/bookings", {
        json: {
          eventTypeId: rr.typeId,
          start: at(DAY, "20:00"),
          name: "Rita",
          email: "rita@guest.example",
          timeZone: "UTC",
        },
      }),
      201,
    );
    expect(booked.booking.host.userId).toBe(member.id);
    await until("the member's meeting", async () => (await meetingRow(booked.booking.id))?.status === "created");
    const [row] = await db`select host_id from booking_meetings where event_id = ${booked.booking.id}`;
    expect(row.host_id).toBe(member.id);
  }, 60_000);

  it("makes a Google Meet link through the connected Google calendar's conferenceData", async () => {
    const h = await host({ type: "google-meet" });
    const start = await h.c.get("/dashboard/calendars/google");
    const state = new URL(start.headers.get("location") ?? "").searchParams.get("state") ?? "";
    const back = await h.c.get(
      `/dashboard/calendars/google/callback?state=${encodeURIComponent(state)}&code=good-code`,
    );
    expect(back.headers.get("location")).toBe("/dashboard/calendars");
    const connected = await h.api("POST", "/api/conferencing/google-meet");
    expect(connected.status).toBe(200);
    expect(await connected.json()).toMatchObject({ app: "google-meet", connected: true });
    const booking = await book(h, "11:00");
    const row = await until("the Meet link", async () => {
      const r = await meetingRow(booking.id);
      return r?.status === "created" ? r : null;
    });
    const googleId = booking.id.replace(/-/g, "");
    expect(googleEvents.get(googleId)).toMatchObject({ calendar: "primary-cal", conference: true });
    expect(row.join_url).toBe(googleEvents.get(googleId)?.hangoutLink);
    expect(googleCalls).toContain(`POST /calendar/v3/calendars/primary-cal/events?conferenceDataVersion=1`);
    const mails = await until("the mails", async () => {
      const m = await mailsOf(booking.id);
      return m.length >= 2 ? m : null;
    });
    expect(mails.every((m) => String(m.text).includes(row.join_url))).toBe(true);
    // One event in the calendar: the calendar writer updated the Meet link's own event.
    expect([...googleEvents.keys()].filter((k) => k === googleId)).toHaveLength(1);
    expect((await h.api("POST", `/api/bookings/${booking.id}/cancel`, {})).status).toBe(200);
    await until("the Meet event removed", () => !googleEvents.has(googleId));
  }, 60_000);
});
