/**
 * Bookings that require the host's approval (decision 040) over real HTTP against PostgreSQL, on
 * both app servers.
 *
 * Covered: 50 simultaneous requests for one slot give exactly one 201 `pending`, and the pending
 * booking holds the slot (slots, a later request 409); the guest is mailed "Request received"
 * (no calendar file) and the host the request with Approve / Decline links, plus a bell; GET
 * /event says pending. Approve (JSON) confirms it: the guests get the invitation with their links,
 * the host a copy, a second answer is 409 not_pending, another host's 404. Decline (JSON, with a
 * reason) frees the slot, the guest is told the reason, GET /event says declined. A hold that ran
 * out is declined by the job runner: slot free, guest told, host's bell. The mailed link page
 * answers nothing on GET, approves on POST, and is 404 for a wrong token. Scheduled Events'
 * Pending tab approves and declines with plain form posts. A group event type cannot require
 * approval (400). (Pending bookings get no reminder: app/scheduling/reminders.test.ts.)
 */
import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { apiClient, errorOf, ok, at, dateIn, allDayEventType, type Account, type Json } from "./api-client";
import { bookingMailsSettled, eventually } from "../support/mail-wait";
import { HttpClient, visibleText } from "../support/http";

const { db, call, account, freshIp } = apiClient({ ipPrefix: "10.141", namePrefix: "Approval" });

interface Booking {
  id: string;
  start: string;
  status: string;
  cancelUrl: string | null;
}

interface Mail {
  to: string[] | string;
  subject: string;
  text: string;
  attachments: unknown;
}

const guest = (n: number | string) => ({
  name: `Guest ${n}`,
  email: `appr-${String(n).replace(/[^a-z0-9-]/gi, "")}-${crypto.randomUUID().slice(0, 6)}@example.test`,
  timeZone: "Europe/Berlin",
});

let host: Account;
let other: Account;
let typeId: string;

function book(start: string, who = guest(start), server = 0) {
  return call("POST", "/api/bookings", { json: { eventTypeId: typeId, start, ...who }, server });
}

async function mailsTo(email: string): Promise<Mail[]> {
  return db<
    Mail[]
  >`select "to", subject, text, attachments from mail_outbox where "to"::text like ${`%${email}%`} order by created_at`;
}

async function slotsOf(day: number): Promise<string[]> {
  const { slots } = await ok<{ slots: Record<string, string[]> }>(
    await call("GET", `/api/slots?eventTypeId=${typeId}&start=${dateIn(day)}&end=${dateIn(day)}&timeZone=UTC`),
  );
  return (slots[dateIn(day)] ?? []).map((s) => new Date(s).toISOString());
}

beforeAll(async () => {
  host = await account("host", "professional");
  other = await account("other", "professional");
  const type = await allDayEventType(call, host.token, {
    title: "Vetted call",
    slug: `vetted-${crypto.randomUUID().slice(0, 6)}`,
    duration: 30,
    minimumNotice: 60,
    bookingWindowDays: 30,
    location: { type: "google-meet" },
    requiresApproval: true,
    approvalHoldHours: 12,
  });
  expect(type.requiresApproval).toBe(true);
  expect(type.approvalHoldHours).toBe(12);
  typeId = type._id;
});

describe("a pending booking holds its slot", () => {
  it("50 simultaneous requests over both servers: exactly one 201 pending; the slot is held; guest and host are told", async () => {
    const start = at(3, "10:00");
    const who = Array.from({ length: 50 }, (_, i) => guest(`race-${i}`));
    const sentAt = Date.now();
    const answers = await Promise.all(who.map((g, i) => book(start, g, i % 2)));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    const winner = answers.findIndex((r) => r.status === 201);
    const { booking } = await ok<{ booking: Booking }>(answers[winner], 201);
    expect(booking.status).toBe("pending");
    expect(booking.cancelUrl).toMatch(/\/booking\/.+\/cancel\?token=/);

    const [row] = await db`select status, hold_until, approval_token_hash from events where id = ${booking.id}`;
    expect(row.status).toBe("pending");
    // Held for the event type's 12 hours from the booking, made between the posts and this read.
    const held = new Date(row.hold_until).getTime() - 12 * 3_600_000;
    expect(held).toBeGreaterThanOrEqual(sentAt);
    expect(held).toBeLessThanOrEqual(Date.now());
    expect(row.approval_token_hash).toMatch(/^[0-9a-f]{64}$/);

    expect(await slotsOf(3)).not.toContain(new Date(start).toISOString());
    expect((await book(start)).status).toBe(409);

    const events = await ok<Json[]>(await call("GET", "/event", { token: host.token }));
    expect(events.find((e) => e._id === booking.id)?.status).toBe("pending");
    const [bell] =
      await db`select notification from notifications where user_id = ${host.id} order by created_at desc limit 1`;
    expect(bell.notification).toMatch(/^Booking request \(approve or decline\): Vetted call with Guest race-/);

    await bookingMailsSettled(db);
    const guestMails = await mailsTo(who[winner].email);
    expect(guestMails).toHaveLength(1);
    expect(guestMails[0].subject).toMatch(/^Request received: Vetted call/);
    expect(guestMails[0].text).toContain("has not confirmed");
    expect(JSON.stringify(guestMails[0].attachments ?? null)).not.toContain("invite.ics");
    const [hostMail] = (await mailsTo(host.email)).filter((m) => m.subject.startsWith("Booking request: Vetted call"));
    expect(hostMail.text).toMatch(new RegExp(`Approve: http\\S+/booking/${booking.id}/approval\\?token=\\S+`));
    expect(hostMail.text).toMatch(/Decline: \S+&decision=decline/);
  });
});

describe("approve, decline, expire", () => {
  it("approve (JSON): confirmed, the guest gets the invitation with links; a second answer is 409; another host's 404", async () => {
    const who = guest("approve");
    const { booking } = await ok<{ booking: Booking }>(await book(at(4, "09:00"), who), 201);
    expect((await call("POST", `/api/bookings/${booking.id}/approve`, { token: other.token })).status).toBe(404);
    expect((await call("POST", `/api/bookings/${booking.id}/approve`)).status).toBe(401);

    const approved = await ok<{ booking: Booking }>(
      await call("POST", `/api/bookings/${booking.id}/approve`, { token: host.token }),
    );
    expect(approved.booking.status).toBe("confirmed");
    const again = await call("POST", `/api/bookings/${booking.id}/approve`, { token: host.token, server: 1 });
    expect(again.status).toBe(409);
    expect((await errorOf(again)).code).toBe("not_pending");
    expect((await errorOf(await call("POST", `/api/bookings/${booking.id}/decline`, { token: host.token }))).code).toBe(
      "not_pending",
    );

    await bookingMailsSettled(db);
    const mails = await mailsTo(who.email);
    expect(mails.map((m) => m.subject.split(":")[0])).toEqual(["Request received", "Invitation"]);
    expect(mails[1].text).toContain(`/booking/${booking.id}/cancel?token=`);
    expect(JSON.stringify(mails[1].attachments)).toContain("invite.ics");
    const [record] =
      await db`select kind, payload from booking_events where event_id = ${booking.id} and kind = 'approved'`;
    expect(record.payload.tell).toBe("booking");
    const events = await ok<Json[]>(await call("GET", "/event", { token: host.token }));
    expect(events.find((e) => e._id === booking.id)?.status).toBe("confirmed");
  });

  it("decline (JSON) with a reason frees the slot and tells the guest", async () => {
    const who = guest("decline");
    const start = at(5, "11:00");
    const { booking } = await ok<{ booking: Booking }>(await book(start, who), 201);
    expect((await call("POST", `/api/bookings/${booking.id}/decline`, { token: other.token, json: {} })).status).toBe(
      404,
    );
    const bad = await call("POST", `/api/bookings/${booking.id}/decline`, { token: host.token, json: { reason: 5 } });
    expect(bad.status).toBe(400);
    const declined = await ok<{ booking: Booking }>(
      await call("POST", `/api/bookings/${booking.id}/decline`, {
        token: host.token,
        json: { reason: "Fully booked that week" },
      }),
    );
    expect(declined.booking.status).toBe("declined");
    expect(await slotsOf(5)).toContain(new Date(start).toISOString());
    const events = await ok<Json[]>(await call("GET", "/event", { token: host.token }));
    expect(events.find((e) => e._id === booking.id)?.status).toBe("declined");

    await bookingMailsSettled(db);
    const mails = await mailsTo(who.email);
    expect(mails.at(-1)?.subject).toMatch(/^Request declined: Vetted call/);
    expect(mails.at(-1)?.text).toContain("Reason: Fully booked that week");
    // The freed slot books again.
    expect((await book(start)).status).toBe(201);
  });

  it("a hold that ran out is declined by the job runner: slot free, guest told, host's bell", async () => {
    const who = guest("expire");
    const start = at(6, "12:00");
    const { booking } = await ok<{ booking: Booking }>(await book(start, who), 201);
    await db`update events set hold_until = now() - interval '1 second' where id = ${booking.id}`;
    // Approving a lapsed request is refused, whoever is faster.
    const late = await call("POST", `/api/bookings/${booking.id}/approve`, { token: host.token });
    expect(late.status).toBe(409);
    const row = await eventually(
      async () => (await db`select status, declined_at from events where id = ${booking.id}`)[0],
      (r) => r.status === "cancelled",
    );
    expect(row.declined_at).not.toBeNull();
    expect(await slotsOf(6)).toContain(new Date(start).toISOString());
    await bookingMailsSettled(db);
    const mails = await mailsTo(who.email);
    expect(mails.at(-1)?.subject).toMatch(/^Request declined/);
    expect(mails.at(-1)?.text).toContain("did not answer your request");
    const [bell] =
      await db`select notification from notifications where user_id = ${host.id} and notification like 'Request expired:%' limit 1`;
    expect(bell.notification).toContain("Vetted call with Guest expire");
    const [record] =
      await db`select actor, reason from booking_events where event_id = ${booking.id} and kind = 'declined'`;
    expect(record).toEqual({ actor: "system", reason: "expired" });
  });

  it("the mailed link page: GET changes nothing, POST approves; a wrong token is 404", async () => {
    const { booking } = await ok<{ booking: Booking }>(await book(at(7, "13:00"), guest("link")), 201);
    await bookingMailsSettled(db);
    const [mail] = (await mailsTo(host.email)).filter((m) => m.text.includes(`/booking/${booking.id}/approval?token=`));
    const url = new URL(/Approve: (\S+)/.exec(mail.text)?.[1] ?? "");
    const c = new HttpClient(url.origin, { "x-forwarded-for": freshIp() });
    const page = await c.get(url.pathname + url.search);
    expect(page.status).toBe(200);
    expect(visibleText(await page.text())).toContain("Guest link asks for this time");
    expect((await db`select status from events where id = ${booking.id}`)[0].status).toBe("pending");
    expect((await c.get(`/booking/${booking.id}/approval?token=nope`)).status).toBe(404);
    expect((await c.post(`/booking/${booking.id}/approval?token=nope`, { intent: "approve" })).status).toBe(404);

    const done = await c.post(url.pathname + url.search, { intent: "approve" });
    expect(done.status).toBe(200);
    expect(visibleText(await done.text())).toContain("Approved.");
    expect((await db`select status from events where id = ${booking.id}`)[0].status).toBe("confirmed");
    const twice = await c.post(url.pathname + url.search, { intent: "decline", reason: "" });
    expect(twice.status).toBe(409);
  });

  it("Scheduled Events: the Pending tab lists requests; Approve and Decline (with a reason) are plain form posts; another host's id is 404", async () => {
    const a = await ok<{ booking: Booking }>(await book(at(8, "09:00"), guest("tab-a")), 201);
    const b = await ok<{ booking: Booking }>(await book(at(8, "11:00"), guest("tab-b")), 201);
    const PATH = "/dashboard/scheduledEvents";
    const tab = visibleText(await (await host.c.get(`${PATH}?tab=pending`)).text());
    expect(tab).toContain("Guest tab-a");
    expect(tab).toContain("Guest tab-b");
    expect(tab).toMatch(/Answer by /);
    expect((await other.c.post(`${PATH}?tab=pending`, { intent: "approve", eventId: a.booking.id })).status).toBe(404);
    const modal = visibleText(await (await host.c.get(`${PATH}?tab=pending&decline=${b.booking.id}`)).text());
    expect(modal).toContain('Decline "Vetted call"?');
    const approved = await host.c.post(`${PATH}?tab=pending`, { intent: "approve", eventId: a.booking.id });
    expect(approved.status).toBe(302);
    const tooLong = await host.c.post(`${PATH}?tab=pending&decline=${b.booking.id}`, {
      intent: "decline",
      eventId: b.booking.id,
      reason: "x".repeat(2001),
    });
    expect(tooLong.status).toBe(400);
    const declined = await host.c.post(`${PATH}?tab=pending&decline=${b.booking.id}`, {
      intent: "decline",
      eventId: b.booking.id,
      reason: "Out that day",
    });
    expect(declined.status).toBe(302);
    const rows = await db`select id, status, declined_at from events where id in (${a.booking.id}, ${b.booking.id})`;
    expect(Object.fromEntries(rows.map((r) => [r.id, r.status]))).toEqual({
      [a.booking.id]: "confirmed",
      [b.booking.id]: "cancelled",
    });
    const again = await host.c.post(`${PATH}?tab=pending`, { intent: "approve", eventId: a.booking.id });
    expect(again.status).toBe(409);
    const [record] = await db`select reason from booking_events where event_id = ${b.booking.id} and kind = 'declined'`;
    expect(record.reason).toBe("Out that day");
  });

  it("the bell: a request's entry links to the booking and offers Approve (the Pending tab's post) and Decline; once answered, only the link stays", async () => {
    const req = await ok<{ booking: Booking }>(await book(at(9, "09:00"), guest("bell-req")), 201);
    const entryOf = async () => {
      const html = await (await host.c.get("/dashboard")).text();
      const list = html.slice(html.indexOf('data-testid="notification-list"'));
      const at = list.indexOf("with Guest bell-req");
      expect(at, "the request's bell entry").toBeGreaterThan(-1);
      return list.slice(list.lastIndexOf("<li", at), list.indexOf("</li>", at));
    };
    let entry = await entryOf();
    expect(entry).toContain("Booking request (approve or decline): Vetted call with Guest bell-req");
    expect(entry).toContain(`href="/dashboard/scheduledEvents/${req.booking.id}/timeline"`);
    expect(entry).toMatch(/<form method="post" action="\/dashboard\/scheduledEvents\?tab=pending"/);
    expect(entry).toContain(`name="eventId" value="${req.booking.id}"`);
    expect(entry).toContain('name="intent" value="approve"');
    expect(entry).toContain(`href="/dashboard/scheduledEvents?tab=pending&amp;decline=${req.booking.id}"`);
    // The link's page is the booking's.
    const page = await host.c.get(`/dashboard/scheduledEvents/${req.booking.id}/timeline`);
    expect(page.status).toBe(200);
    expect(visibleText(await page.text())).toContain("Vetted call");

    // What the bell's Approve posts approves it, and comes back to the Pending tab.
    const approved = await host.c.post("/dashboard/scheduledEvents?tab=pending", {
      intent: "approve",
      eventId: req.booking.id,
    });
    expect(approved.status).toBe(302);
    expect(approved.headers.get("location")).toBe("/dashboard/scheduledEvents?tab=pending");
    entry = await entryOf();
    expect(entry).toContain(`href="/dashboard/scheduledEvents/${req.booking.id}/timeline"`);
    expect(entry).not.toContain('value="approve"');
    expect(entry).not.toContain("decline=");
    // Another host's bell never offers it.
    const theirs = await (await other.c.get("/dashboard")).text();
    expect(theirs).not.toContain(req.booking.id);
  });

  it("a guest moving a pending request keeps it pending and gets Request received again, with no calendar file", async () => {
    const who = guest("moved");
    const { booking } = await ok<{ booking: Booking }>(await book(at(9, "10:00"), who), 201);
    const token = new URL(booking.cancelUrl ?? "").searchParams.get("token") ?? "";
    const moved = await ok<{ booking: Booking }>(
      await call("POST", `/api/bookings/${booking.id}/reschedule?token=${encodeURIComponent(token)}`, {
        json: { start: at(9, "12:00") },
      }),
    );
    expect(moved.booking.status).toBe("pending");
    await bookingMailsSettled(db);
    const mails = await mailsTo(who.email);
    expect(mails.map((m) => m.subject.split(":")[0])).toEqual(["Request received", "Request received"]);
    expect(JSON.stringify(mails.map((m) => m.attachments))).not.toContain("invite.ics");
  });

  it("a guest cancelling their pending request: both hear the request was cancelled, with no calendar file", async () => {
    const who = guest("withdrawn");
    const { booking } = await ok<{ booking: Booking }>(await book(at(10, "10:00"), who), 201);
    // The guest's cancel page (a plain form post) speaks of a request, not a meeting.
    const url = new URL(booking.cancelUrl ?? "");
    const c = new HttpClient(url.origin, { "x-forwarded-for": freshIp() });
    const page = visibleText(await (await c.get(url.pathname + url.search)).text());
    expect(page).toContain("Cancel this request?");
    expect(page).not.toContain("Cancel this meeting");
    const done = await c.post(url.pathname + url.search, { reason: "Found another slot" });
    expect(done.status).toBe(200);
    expect(visibleText(await done.text())).toContain("Your request to Approval host is cancelled.");
    expect(visibleText(await (await c.get(url.pathname + url.search)).text())).toContain(
      "This request is already cancelled",
    );
    await bookingMailsSettled(db);
    const mails = await mailsTo(who.email);
    expect(mails.map((m) => m.subject.split(":")[0])).toEqual(["Request received", "Request cancelled"]);
    expect(mails[1].text).toContain('You cancelled your request for "Vetted call"');
    expect(JSON.stringify(mails[1].attachments)).not.toContain(".ics");
    const toHost = (await mailsTo(host.email)).filter((m) => m.text.includes("Guest withdrawn"));
    expect(toHost.map((m) => m.subject.split(":")[0])).toEqual(["Booking request", "Request cancelled"]);
    expect(toHost[1].text).toContain('Guest withdrawn cancelled their request for "Vetted call"');
    expect(toHost[1].text).toContain("Reason: Found another slot");
    expect(JSON.stringify(toHost[1].attachments)).not.toContain(".ics");
    expect(await slotsOf(10)).toContain(new Date(at(10, "10:00")).toISOString());
  });

  it("the host cancelling a pending request: the guest hears it with the reason, with no calendar file", async () => {
    const who = guest("host-cancels");
    const { booking } = await ok<{ booking: Booking }>(await book(at(10, "12:00"), who), 201);
    await ok(
      await call("POST", `/api/bookings/${booking.id}/cancel`, {
        token: host.token,
        json: { reason: "Fully booked that week" },
      }),
    );
    await bookingMailsSettled(db);
    const mails = await mailsTo(who.email);
    expect(mails.map((m) => m.subject.split(":")[0])).toEqual(["Request received", "Request cancelled"]);
    expect(mails[1].text).toContain('cancelled your request for "Vetted call"');
    expect(mails[1].text).toContain("Reason: Fully booked that week");
    expect(JSON.stringify(mails[1].attachments)).not.toContain(".ics");
    const toHost = (await mailsTo(host.email)).filter((m) => m.text.includes("Guest host-cancels"));
    expect(toHost.map((m) => m.subject.split(":")[0])).toEqual(["Booking request"]);
  });

  it("a group event type cannot require approval; approval settings default off", async () => {
    const res = await call("POST", "/api/event-types", {
      token: host.token,
      json: {
        title: "Class",
        slug: `class-${crypto.randomUUID().slice(0, 6)}`,
        duration: 30,
        kind: "group",
        seats: 5,
        requiresApproval: true,
      },
    });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).fields?.requiresApproval).toBeDefined();
    const plain = await allDayEventType(call, host.token, {
      title: "Plain",
      slug: `plain-${crypto.randomUUID().slice(0, 6)}`,
      duration: 30,
    });
    expect(plain.requiresApproval).toBe(false);
    expect(plain.approvalHoldHours).toBe(24);
    const badHold = await call("PUT", `/api/event-types/${plain._id}`, {
      token: host.token,
      json: { title: "Plain", slug: "plain-x", duration: 30, approvalHoldHours: 0 },
    });
    expect((await errorOf(badHold)).fields?.approvalHoldHours).toBeDefined();
  });
});
