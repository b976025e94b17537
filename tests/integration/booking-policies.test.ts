/**
 * Booking policies (decision 077) and no-shows (decision 078) over real HTTP against PostgreSQL.
 *
 * Covered: an event type's cancel/reschedule notice, reschedule limit and cancel reason are kept
 * by its JSON; a late cancel is refused on every guest path (the mailed link's page and its form
 * post, POST /api/bookings/{id}/cancel with the guest token) with the reason and a mail link to the
 * host, while the host's own cancel goes through; the reschedule limit and the cancel reason; a
 * guest cannot move a meeting that has started through the JSON path; a no-show is refused before
 * the start, marked and undone after it with a signed `booking.no_show` webhook each time, and
 * only by those allowed (who=host only for a team's owners and admins).
 */
import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Webhook } from "standardwebhooks";
import { bookingMailsSettled, eventually } from "../support/mail-wait";
import { visibleText } from "../support/http";
import { apiClient, type Account } from "./api-client";
import { client } from "./context";

const { db, call, account } = apiClient({ ipPrefix: "10.236", namePrefix: "Policy" });

interface Booking {
  id: string;
  start: string;
  status: string;
  cancelUrl: string;
  rescheduleUrl: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const dateIn = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);
const at = (days: number, time: string) => `${dateIn(days)}T${time}:00+00:00`;
const pathOf = (url: string) => {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
};
const tokenOf = (url: string) => new URL(url).searchParams.get("token") ?? "";

const received: { path: string; json: { type: string; data: Record<string, unknown> }; verified: boolean }[] = [];
const secrets = new Map<string, string>();
let receiver: http.Server;
let base: string;
let host: Account;
let typeId: string;

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    let body = "";
    req.on("data", (d) => (body += d));
    req.on("end", () => {
      const path = req.url ?? "/";
      let verified = false;
      try {
        new Webhook(secrets.get(path) ?? "").verify(body, req.headers as Record<string, string>);
        verified = true;
      } catch {
        verified = false;
      }
      received.push({ path, json: JSON.parse(body), verified });
      res.writeHead(200).end("ok");
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;

  host = await account("host", "professional");
  const schedule = await call("POST", "/api/schedules", {
    token: host.token,
    json: {
      name: "All day",
      timeZone: "UTC",
      weekly: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, start: "00:00", end: "24:00" })),
    },
  });
  expect(schedule.status).toBe(201);
  const { _id: scheduleId } = (await schedule.json()) as { _id: string };
  const type = await call("POST", "/api/event-types", {
    token: host.token,
    json: {
      title: "Policy call",
      slug: `policy-${crypto.randomUUID().slice(0, 8)}`,
      duration: 30,
      slotInterval: 30,
      minimumNotice: 60,
      bookingWindowDays: 30,
      location: { type: "google-meet" },
      scheduleId,
      cancelNoticeMinutes: 1440,
      rescheduleNoticeMinutes: 720,
      maxReschedules: 1,
      requireCancelReason: true,
    },
  });
  const text = await type.text();
  expect(type.status, text).toBe(201);
  const json = JSON.parse(text) as Record<string, unknown>;
  typeId = json._id as string;
  expect(json).toMatchObject({
    cancelNoticeMinutes: 1440,
    rescheduleNoticeMinutes: 720,
    maxReschedules: 1,
    requireCancelReason: true,
  });
});

afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

async function book(start: string): Promise<Booking> {
  const res = await call("POST", "/api/bookings", {
    json: {
      eventTypeId: typeId,
      start,
      name: "Gina Guest",
      email: `gina-${crypto.randomUUID().slice(0, 8)}@example.test`,
      timeZone: "UTC",
    },
  });
  const text = await res.text();
  expect(res.status, text).toBe(201);
  return (JSON.parse(text) as { booking: Booking }).booking;
}

/** Moves a booking's start `minutes` from now (negative: it has started). */
async function startIn(id: string, minutes: number) {
  await db`update events set starts_at = now() + make_interval(mins => ${minutes}),
    ends_at = now() + make_interval(mins => ${minutes + 30}) where id = ${id}`;
}

const statusOf = async (id: string) => (await db`select status from events where id = ${id}`)[0].status as string;

describe("the cancel policy", () => {
  it("refuses a late cancel on the mailed link's page, its form post and the JSON path; the host still cancels", async () => {
    const b = await book(at(5, "09:00"));
    await startIn(b.id, 120);

    const shown = await client().get(pathOf(b.cancelUrl));
    expect(shown.status).toBe(200);
    const html = await shown.text();
    const text = visibleText(html);
    expect(text).toContain("asks for at least 24 hours' notice to cancel");
    expect(html).toContain(`href="mailto:${host.email}?subject=`);
    expect(html).not.toContain('name="reason"');

    const posted = await client().post(pathOf(b.cancelUrl), { reason: "Sorry" });
    expect(posted.status).toBe(409);
    expect(visibleText(await posted.text())).toContain("24 hours' notice");

    const json = await call("POST", `/api/bookings/${b.id}/cancel?token=${encodeURIComponent(tokenOf(b.cancelUrl))}`, {
      json: { reason: "Sorry" },
    });
    expect(json.status).toBe(409);
    const body = (await json.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe("policy_refuses");
    expect(body.error.message).toContain("24 hours' notice to cancel");
    expect(await statusOf(b.id)).toBe("confirmed");

    // The host overrides: their own path is never refused.
    const byHost = await call("POST", `/api/bookings/${b.id}/cancel`, { token: host.token });
    expect(byHost.status).toBe(200);
    expect(await statusOf(b.id)).toBe("cancelled");
  });

  it("asks the guest for a reason: none is 409 with the field, one cancels", async () => {
    const b = await book(at(5, "10:00"));
    const path = `/api/bookings/${b.id}/cancel?token=${encodeURIComponent(tokenOf(b.cancelUrl))}`;
    const page = visibleText(await (await client().get(pathOf(b.cancelUrl))).text());
    expect(page).toContain("You can cancel up to 24 hours before the start. A reason is required.");
    const none = await call("POST", path, { json: { reason: "  " } });
    expect(none.status).toBe(409);
    const body = (await none.json()) as { error: { code: string; fields?: Record<string, string[]> } };
    expect(body.error.code).toBe("policy_refuses");
    expect(body.error.fields?.reason?.[0]).toContain("asks for a reason");
    const formPost = await client().post(pathOf(b.cancelUrl), { reason: "" });
    expect(formPost.status).toBe(400);
    expect(await statusOf(b.id)).toBe("confirmed");
    expect((await call("POST", path, { json: { reason: "Double-booked" } })).status).toBe(200);
    expect(await statusOf(b.id)).toBe("cancelled");
  });
});

describe("the reschedule policy", () => {
  it("lets the guest move a booking maxReschedules times, then refuses; the host still moves it", async () => {
    const b = await book(at(6, "09:00"));
    const path = `/api/bookings/${b.id}/reschedule?token=${encodeURIComponent(tokenOf(b.rescheduleUrl))}`;
    const first = await call("POST", path, { json: { start: at(6, "11:00") } });
    expect(first.status, await first.clone().text()).toBe(200);
    const second = await call("POST", path, { json: { start: at(6, "12:00") } });
    expect(second.status).toBe(409);
    const body = (await second.json()) as { error: { code: string; message: string } };
    expect(body.error).toMatchObject({ code: "policy_refuses" });
    expect(body.error.message).toContain("already rescheduled once");
    const page = visibleText(await (await client().get(pathOf(b.rescheduleUrl))).text());
    expect(page).toContain("already rescheduled once");
    const [row] = await db`select starts_at, reschedule_count from events where id = ${b.id}`;
    expect(new Date(row.starts_at as Date).toISOString()).toBe(new Date(at(6, "11:00")).toISOString());
    expect(row.reschedule_count).toBe(1);

    const byHost = await call("POST", `/api/bookings/${b.id}/reschedule`, {
      token: host.token,
      json: { start: at(6, "13:00") },
    });
    expect(byHost.status).toBe(200);
  });

  it("refuses a guest's JSON reschedule of a meeting that has started (meeting_started), nothing moved", async () => {
    const b = await book(at(6, "15:00"));
    await startIn(b.id, -10);
    const res = await call(
      "POST",
      `/api/bookings/${b.id}/reschedule?token=${encodeURIComponent(tokenOf(b.rescheduleUrl))}`,
      { json: { start: at(7, "09:00") } },
    );
    expect(res.status).toBe(409);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("meeting_started");
    const [row] = await db`select reschedule_count, sequence from events where id = ${b.id}`;
    expect(row).toMatchObject({ reschedule_count: 0, sequence: 0 });
  });
});

describe("the guest's reschedule reason and confirm step (decision 091)", () => {
  it("JSON: a reason reaches the booking's record and the host's mail; a long one or control characters are 400, nothing moved", async () => {
    const b = await book(at(8, "09:00"));
    const path = `/api/bookings/${b.id}/reschedule?token=${encodeURIComponent(tokenOf(b.rescheduleUrl))}`;
    for (const reason of ["x".repeat(2001), "Sorry\u0007", 42]) {
      const refused = await call("POST", path, { json: { start: at(8, "11:00"), reason } });
      expect(refused.status).toBe(400);
      const body = (await refused.json()) as { error: { code: string; fields: Record<string, string[]> } };
      expect(body.error.code).toBe("invalid_input");
      expect(body.error.fields.reason?.length).toBeGreaterThan(0);
    }
    const [unmoved] = await db`select starts_at, reschedule_count from events where id = ${b.id}`;
    expect(new Date(unmoved.starts_at as Date).toISOString()).toBe(new Date(at(8, "09:00")).toISOString());
    expect(unmoved.reschedule_count).toBe(0);

    const moved = await call("POST", path, { json: { start: at(8, "11:00"), reason: "  A clash with a school run " } });
    expect(moved.status, await moved.clone().text()).toBe(200);
    const [record] =
      await db`select reason, actor from booking_events where event_id = ${b.id} and kind = 'rescheduled'`;
    expect(record).toMatchObject({ reason: "A clash with a school run", actor: "guest" });
    await bookingMailsSettled(db);
    const toHost = await db`select m.text from mail_outbox m where m.event_id = ${b.id} and m."to" = ${host.email}`;
    expect(toHost.map((m) => m.text as string).join("\n")).toContain("Reason: A clash with a school run");
  });

  it("the page: a chosen time is a confirm step that moves nothing; its POST moves with the reason; a taken time sends back to pick", async () => {
    const b = await book(at(9, "09:00"));
    const start = new Date(at(9, "13:00")).toISOString();
    const confirmPath = `${pathOf(b.rescheduleUrl)}&tz=UTC&start=${encodeURIComponent(start)}&reason=Late+train`;
    const shown = await client().get(confirmPath);
    expect(shown.status).toBe(200);
    const html = await shown.text();
    const text = visibleText(html);
    expect(text).toContain("Confirm your new time");
    expect(text).toContain("1:00 PM – 1:30 PM");
    expect(text).toContain("30 minutes");
    expect(text).toContain("After this change, this booking cannot be rescheduled online again.");
    expect(html).toContain(">Late train</textarea>");
    const [still] = await db`select starts_at from events where id = ${b.id}`;
    expect(new Date(still.starts_at as Date).toISOString()).toBe(new Date(at(9, "09:00")).toISOString());

    // Someone else takes that time: the confirm step becomes the pick step, told why, the reason kept.
    const other = await book(start);
    const gone = await client().get(confirmPath);
    const goneText = visibleText(await gone.clone().text());
    expect(goneText).toContain("That time was just taken. Pick another time.");
    expect(goneText).toContain("Pick a new time");
    expect(await gone.text()).toContain('name="reason" value="Late train"');
    const posted = await client().post(confirmPath, { start, reason: "Late train" });
    expect(posted.status).toBe(409);
    expect(visibleText(await posted.text())).toContain("That time was just taken.");
    expect(await statusOf(other.id)).toBe("confirmed");

    const free = new Date(at(9, "14:00")).toISOString();
    const ok = await client().post(`${pathOf(b.rescheduleUrl)}&start=${encodeURIComponent(free)}`, {
      start: free,
      reason: "Late train",
    });
    expect(ok.status).toBe(200);
    expect(visibleText(await ok.text())).toContain("Rescheduled");
    const [record] = await db`select reason from booking_events where event_id = ${b.id} and kind = 'rescheduled'`;
    expect(record.reason).toBe("Late train");
  });
});

describe("no-shows", () => {
  it("refuses a mark before the start; marks and undoes after it, each with a signed booking.no_show webhook", async () => {
    const path = `/no-show-${crypto.randomUUID().slice(0, 6)}`;
    const hook = await call("POST", "/api/webhooks", {
      token: host.token,
      json: { url: `${base}${path}`, events: ["booking.no_show"] },
    });
    expect(hook.status).toBe(201);
    secrets.set(path, ((await hook.json()) as { secret: string }).secret);

    const b = await book(at(7, "09:00"));
    const early = await call("POST", `/api/bookings/${b.id}/no-show`, {
      token: host.token,
      json: { who: "guest", noShow: true },
    });
    expect(early.status).toBe(409);
    expect(((await early.json()) as { error: { code: string } }).error.code).toBe("not_started");

    await startIn(b.id, -100);
    const marked = await call("POST", `/api/bookings/${b.id}/no-show`, {
      token: host.token,
      json: { who: "guest", noShow: true },
    });
    expect(marked.status).toBe(200);
    expect(((await marked.json()) as { booking: { noShow: unknown } }).booking.noShow).toEqual({
      guest: true,
      host: false,
    });
    const [row] = await db`select guest_no_show from events where id = ${b.id}`;
    expect(row.guest_no_show).toBe(true);
    const [record] = await db`select payload from booking_events where event_id = ${b.id} and kind = 'no_show'`;
    expect(record.payload).toMatchObject({ who: "guest", noShow: true });

    const first = await eventually(
      () => received.filter((r) => r.path === path),
      (list) => list.length >= 1,
    );
    expect(first[0].verified).toBe(true);
    expect(first[0].json.type).toBe("booking.no_show");
    expect(first[0].json.data).toMatchObject({ id: b.id, noShow: { who: "guest", noShow: true } });

    const undone = await call("POST", `/api/bookings/${b.id}/no-show`, {
      token: host.token,
      json: { who: "guest", noShow: false },
    });
    expect(undone.status).toBe(200);
    const both = await eventually(
      () => received.filter((r) => r.path === path),
      (list) => list.length >= 2,
    );
    expect(both[1].json.data).toMatchObject({ noShow: { who: "guest", noShow: false } });
    expect((await db`select guest_no_show from events where id = ${b.id}`)[0].guest_no_show).toBe(false);
  });

  it("Scheduled Events marks and undoes a past booking's no-show with a plain form post, and shows the badge", async () => {
    const b = await book(at(8, "09:00"));
    await startIn(b.id, -300);
    const before = await host.c.get("/dashboard/scheduledEvents?tab=past");
    expect(before.status).toBe(200);
    const html = await before.text();
    expect(html).toContain(`name="eventId" value="${b.id}"`);
    expect(visibleText(html)).toContain("Mark no-show");
    const marked = await host.c.post("/dashboard/scheduledEvents?tab=past", {
      intent: "no-show",
      eventId: b.id,
      noShow: "true",
    });
    expect(marked.status).toBe(302);
    expect((await db`select guest_no_show from events where id = ${b.id}`)[0].guest_no_show).toBe(true);
    const after = await (await host.c.get("/dashboard/scheduledEvents?tab=past")).text();
    expect(after).toContain('data-testid="no-show-badge"');
    expect(visibleText(after)).toContain("Undo no-show");
    const undone = await host.c.post("/dashboard/scheduledEvents?tab=past", {
      intent: "no-show",
      eventId: b.id,
      noShow: "false",
    });
    expect(undone.status).toBe(302);
    expect((await db`select guest_no_show from events where id = ${b.id}`)[0].guest_no_show).toBe(false);
    // Someone else's booking: the site's 404, nothing marked.
    const stranger = await account("page-stranger");
    const refused = await stranger.c.post("/dashboard/scheduledEvents?tab=past", {
      intent: "no-show",
      eventId: b.id,
      noShow: "true",
    });
    expect(refused.status).toBe(404);
    expect((await db`select guest_no_show from events where id = ${b.id}`)[0].guest_no_show).toBe(false);
  });

  it("lets only those allowed mark: who=host is for team bookings' owners and admins; others 404, no sign-in 401", async () => {
    const b = await book(at(7, "11:00"));
    await startIn(b.id, -200);
    const asHost = await call("POST", `/api/bookings/${b.id}/no-show`, {
      token: host.token,
      json: { who: "host", noShow: true },
    });
    expect(asHost.status).toBe(403);
    const stranger = await account("stranger");
    const other = await call("POST", `/api/bookings/${b.id}/no-show`, {
      token: stranger.token,
      json: { who: "guest", noShow: true },
    });
    expect(other.status).toBe(404);
    const anonymous = await call("POST", `/api/bookings/${b.id}/no-show`, { json: { who: "guest", noShow: true } });
    expect(anonymous.status).toBe(401);
    const bad = await call("POST", `/api/bookings/${b.id}/no-show`, {
      token: host.token,
      json: { who: "everyone", noShow: true },
    });
    expect(bad.status).toBe(400);
    const [row] = await db`select guest_no_show, host_no_show from events where id = ${b.id}`;
    expect(row).toMatchObject({ guest_no_show: false, host_no_show: false });
  });
});
