/**
 * Reconfirmation (decision 086) over real HTTP against PostgreSQL, with the job runners of both
 * app servers polling the same database.
 *
 * Covered: `reconfirmHours` on the event type's JSON (and 400 out of range); a booking is
 * scheduled to be asked N hours before its start, one made later than that is not; when the time
 * to ask comes, both servers race and each guest gets exactly one "Please confirm" mail; opening
 * the link changes nothing, its button confirms, and a confirmed booking stands past its deadline;
 * an unconfirmed one is cancelled by the job once the deadline passes (cancelled once, the slot
 * bookable again, the guest and the host told why, the host's bell, the record's reason); a move
 * starts the reconfirmation over and the old link is 404. Times are put in the database directly
 * (the time to ask, the deadline): nothing waits for the clock.
 */
import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { apiClient, errorOf, ok, at, allDayEventType, tokenOf, type Account } from "./api-client";
import { bookingMailsSettled, eventually } from "../support/mail-wait";
import { HttpClient, visibleText } from "../support/http";

const { db, call, account, freshIp } = apiClient({ ipPrefix: "10.186", namePrefix: "Reconfirm" });

interface Booking {
  id: string;
  start: string;
  status: string;
  cancelUrl: string | null;
  rescheduleUrl: string | null;
}

const guest = (n: string) => ({
  name: `Guest ${n}`,
  email: `reconf-${n}-${crypto.randomUUID().slice(0, 6)}@example.test`,
  timeZone: "Europe/Berlin",
});

let host: Account;
let typeId: string;

function book(start: string, who = guest("x")) {
  return call("POST", "/api/bookings", { json: { eventTypeId: typeId, start, ...who } });
}

async function rowOf(id: string) {
  const [row] = await db<
    {
      status: string;
      reconfirm_state: string | null;
      reconfirm_due_at: Date | null;
      reconfirm_token_hash: string | null;
    }[]
  >`select status, reconfirm_state, reconfirm_due_at, reconfirm_token_hash from events where id = ${id}`;
  return row;
}

async function mailsTo(email: string) {
  return db<
    { subject: string; text: string }[]
  >`select subject, text from mail_outbox where "to"::text like ${`%${email}%`} order by created_at`;
}

/** Makes the time to ask come now, as the job runner's clock would find it. */
async function askNow(ids: string[]) {
  await db`update events set reconfirm_due_at = now() - interval '1 second' where id = any(${ids}::uuid[]) and reconfirm_state = 'scheduled'`;
  return Promise.all(
    ids.map((id) =>
      eventually(
        () => rowOf(id),
        (r) => r.reconfirm_state === "asked",
      ),
    ),
  );
}

async function confirmLink(email: string): Promise<URL> {
  await bookingMailsSettled(db);
  const mail = (await mailsTo(email)).find((m) => m.subject.startsWith("Please confirm:"));
  expect(mail, `no "Please confirm" mail to ${email}`).toBeDefined();
  return new URL(/(http\S+\/confirm\?token=\S+)/.exec(mail?.text ?? "")?.[1] ?? "http://x/");
}

beforeAll(async () => {
  host = await account("host", "professional");
  const type = await allDayEventType(call, host.token, {
    title: "Checked call",
    slug: `checked-${crypto.randomUUID().slice(0, 6)}`,
    duration: 30,
    minimumNotice: 60,
    bookingWindowDays: 30,
    location: { type: "google-meet" },
    reconfirmHours: 24,
  });
  expect(type.reconfirmHours).toBe(24);
  typeId = type._id;
});

describe("the event type's setting", () => {
  it("reconfirmHours outside 1..168 is a 400 naming the field; left out, it is off", async () => {
    for (const reconfirmHours of [0, 169, 2.5, "24"]) {
      const res = await call("POST", "/api/event-types", {
        token: host.token,
        json: { title: "Bad", duration: 30, location: { type: "phone" }, reconfirmHours },
      });
      expect(res.status).toBe(400);
      expect(JSON.stringify(await errorOf(res))).toContain("reconfirmHours");
    }
    const off = await ok(
      await call("POST", "/api/event-types", {
        token: host.token,
        json: {
          title: "Plain",
          slug: `plain-${crypto.randomUUID().slice(0, 6)}`,
          duration: 30,
          location: { type: "phone" },
        },
      }),
      201,
    );
    expect(off.reconfirmHours).toBeNull();
  });

  it("the event type page (a plain form post) saves it, shows it again, and says what is wrong with a bad value", async () => {
    const form = (reconfirmHours: string) => ({
      title: "Form checked",
      slug: `form-checked-${crypto.randomUUID().slice(0, 6)}`,
      duration: "30",
      kind: "one-to-one",
      "location.type": "video",
      minimumNotice: "0",
      minimumNoticeUnit: "minutes",
      bookingWindowDays: "30",
      reconfirmHours,
    });
    const bad = await host.c.post("/dashboard/eventTypes/new", form("200"));
    expect(bad.status).toBe(400);
    expect(visibleText(await bad.text())).toContain("reconfirmHours: a whole number of hours from 1 to 168.");
    const saved = await host.c.post("/dashboard/eventTypes/new", form("48"));
    expect(saved.status).toBe(302);
    const [row] =
      await db`select id, reconfirm_hours from event_types where user_id = ${host.id} and title = 'Form checked'`;
    expect(row.reconfirm_hours).toBe(48);
    const page = await host.c.get(`/dashboard/eventTypes/${row.id}`);
    const html = await page.text();
    expect(visibleText(html)).toContain("Ask guests to reconfirm (hours before, optional)");
    expect(html).toMatch(/name="reconfirmHours"[^>]*value="48"|value="48"[^>]*name="reconfirmHours"/);
  });
});

describe("asking", () => {
  it("a booking is scheduled 24 h before its start; one made within 24 h of its start is never asked", async () => {
    const { booking } = await ok<{ booking: Booking }>(await book(at(4, "10:00"), guest("sched")), 201);
    const row = await rowOf(booking.id);
    expect(row.reconfirm_state).toBe("scheduled");
    expect(row.reconfirm_due_at?.getTime()).toBe(new Date(booking.start).getTime() - 24 * 3_600_000);

    // Three hours ahead on the 30-minute grid: later than 24 h before its start already.
    const soon = new Date(Math.ceil((Date.now() + 3 * 3_600_000) / 1_800_000) * 1_800_000).toISOString();
    const late = await ok<{ booking: Booking }>(await book(soon, guest("late")), 201);
    const lateRow = await rowOf(late.booking.id);
    expect(lateRow.reconfirm_state).toBeNull();
    expect(lateRow.reconfirm_due_at).toBeNull();
  });

  it("two servers race for due asks: each guest gets exactly one 'Please confirm' mail with the deadline", async () => {
    const who = Array.from({ length: 6 }, (_, i) => guest(`race${i}`));
    const bookings = await Promise.all(
      who.map(async (g, i) => (await ok<{ booking: Booking }>(await book(at(5, `${10 + i}:00`), g), 201)).booking),
    );
    const rows = await askNow(bookings.map((b) => b.id));
    for (const [i, row] of rows.entries()) {
      // The deadline is half way from the time to ask to the start.
      expect(row.reconfirm_due_at?.getTime()).toBeGreaterThan(Date.now());
      expect(row.reconfirm_due_at?.getTime()).toBeLessThan(new Date(bookings[i].start).getTime());
      expect(row.reconfirm_token_hash).toMatch(/^[0-9a-f]{64}$/);
    }
    await bookingMailsSettled(db);
    // Both servers have polled many times since.
    await new Promise((r) => setTimeout(r, 1_500));
    for (const g of who) {
      const asks = (await mailsTo(g.email)).filter((m) => m.subject.startsWith("Please confirm:"));
      expect(asks).toHaveLength(1);
      expect(asks[0].subject).toContain("Checked call");
      expect(asks[0].text).toMatch(/Confirm by .+: http\S+\/booking\/[0-9a-f-]+\/confirm\?token=\S+/);
    }
  });
});

describe("confirming and lapsing", () => {
  it("opening the link changes nothing; the button confirms; a confirmed booking stands past its deadline", async () => {
    const who = guest("yes");
    const { booking } = await ok<{ booking: Booking }>(await book(at(6, "09:00"), who), 201);
    await askNow([booking.id]);
    const link = await confirmLink(who.email);
    const c = new HttpClient(link.origin, { "x-forwarded-for": freshIp() });

    const page = await c.get(link.pathname + link.search);
    expect(page.status).toBe(200);
    const text = visibleText(await page.text());
    expect(text).toContain("Please confirm your meeting");
    expect(text).toContain("Yes, I will be there");
    expect((await rowOf(booking.id)).reconfirm_state).toBe("asked");

    expect((await c.get(`/booking/${booking.id}/confirm?token=wrong`)).status).toBe(404);
    expect((await c.post(`/booking/${booking.id}/confirm?token=wrong`, {})).status).toBe(404);
    // The guest's cancel token is not the confirm link's.
    expect((await c.post(`/booking/${booking.id}/confirm?token=${tokenOf(booking.cancelUrl)}`, {})).status).toBe(404);

    const done = await c.post(link.pathname + link.search, {});
    expect(done.status).toBe(200);
    expect(visibleText(await done.text())).toContain("your meeting is confirmed");
    const row = await rowOf(booking.id);
    expect(row.reconfirm_state).toBe("confirmed");
    expect(row.reconfirm_due_at).toBeNull();
    const again = await c.post(link.pathname + link.search, {});
    expect(visibleText(await again.text())).toContain("already confirmed");

    // Even with a due time in the past, the job leaves a confirmed booking alone.
    await db`update events set reconfirm_due_at = now() - interval '1 second' where id = ${booking.id}`;
    await new Promise((r) => setTimeout(r, 1_000));
    expect((await rowOf(booking.id)).status).toBe("confirmed");
  });

  it("a client confirms with POST /api/bookings/{id}/confirm and the link's token; a wrong token is 404, a cancelled booking 409", async () => {
    const who = guest("json");
    const { booking } = await ok<{ booking: Booking }>(await book(at(6, "11:00"), who), 201);
    await askNow([booking.id]);
    const token = new URL(await confirmLink(who.email)).searchParams.get("token") ?? "";
    const path = `/api/bookings/${booking.id}/confirm`;
    for (const wrong of ["wrong", tokenOf(booking.cancelUrl), ""]) {
      const res = await call("POST", `${path}?token=${encodeURIComponent(wrong)}`);
      expect(res.status, wrong).toBe(404);
      expect((await errorOf(res)).code).toBe("not_found");
    }
    expect((await rowOf(booking.id)).reconfirm_state).toBe("asked");
    const first = await ok<{ booking: { id: string; reconfirmState: string; start: string }; already: boolean }>(
      await call("POST", `${path}?token=${token}`),
      200,
    );
    expect(first.booking).toMatchObject({ id: booking.id, reconfirmState: "confirmed" });
    expect(Date.parse(first.booking.start)).toBe(Date.parse(booking.start));
    expect(first.already).toBe(false);
    expect((await rowOf(booking.id)).reconfirm_state).toBe("confirmed");
    const again = await ok<{ already: boolean }>(await call("POST", `${path}?token=${token}`), 200);
    expect(again.already).toBe(true);
    await db`update events set status = 'cancelled' where id = ${booking.id}`;
    const late = await call("POST", `${path}?token=${token}`);
    expect(late.status).toBe(409);
    expect((await errorOf(late)).code).toBe("already_cancelled");
  });

  it("unconfirmed by the deadline: cancelled once by the job, the slot bookable again, guest and host told why", async () => {
    const who = guest("no");
    const start = at(7, "14:00");
    const { booking } = await ok<{ booking: Booking }>(await book(start, who), 201);
    await askNow([booking.id]);
    const link = await confirmLink(who.email);
    await db`update events set reconfirm_due_at = now() - interval '1 second' where id = ${booking.id}`;
    const row = await eventually(
      () => rowOf(booking.id),
      (r) => r.status === "cancelled",
    );
    expect(row.status).toBe("cancelled");

    // The slot is free again.
    expect((await book(start, guest("next"))).status).toBe(201);

    await bookingMailsSettled(db);
    const records =
      await db`select actor, reason from booking_events where event_id = ${booking.id} and kind = 'cancelled'`;
    expect(records).toHaveLength(1);
    expect(records[0].actor).toBe("system");
    expect(records[0].reason).toMatch(/^Not reconfirmed/);
    const guestMail = (await mailsTo(who.email)).at(-1);
    expect(guestMail?.subject).toMatch(/Cancel/i);
    expect(guestMail?.text).toContain("did not confirm in time");
    const hostMail = (await mailsTo(host.email)).filter((m) => m.subject.startsWith("Cancelled: Checked call")).at(-1);
    expect(hostMail?.text).toContain("did not confirm in time");
    const [bell] =
      await db`select notification from notifications where user_id = ${host.id} and notification like 'Booking cancelled, not reconfirmed:%' order by created_at desc limit 1`;
    expect(bell.notification).toContain(`Checked call with ${who.name}`);

    // Too late to confirm now: the page says so, and nothing changes.
    const c = new HttpClient(link.origin, { "x-forwarded-for": freshIp() });
    const late = await c.post(link.pathname + link.search, {});
    expect(late.status).toBe(409);
    expect(visibleText(await late.text())).toContain("can no longer be confirmed");
    expect((await rowOf(booking.id)).status).toBe("cancelled");
  });

  it("a move starts it over: scheduled for the new time, the old link 404", async () => {
    const who = guest("move");
    const { booking } = await ok<{ booking: Booking }>(await book(at(8, "09:00"), who), 201);
    await askNow([booking.id]);
    const link = await confirmLink(who.email);
    const moved = await ok<{ booking: Booking }>(
      await call("POST", `/api/bookings/${booking.id}/reschedule?token=${tokenOf(booking.rescheduleUrl)}`, {
        json: { start: at(9, "11:00") },
      }),
    );
    const row = await rowOf(booking.id);
    expect(row.reconfirm_state).toBe("scheduled");
    expect(row.reconfirm_due_at?.getTime()).toBe(new Date(moved.booking.start).getTime() - 24 * 3_600_000);
    expect(row.reconfirm_token_hash).toBeNull();
    const c = new HttpClient(link.origin, { "x-forwarded-for": freshIp() });
    expect((await c.get(link.pathname + link.search)).status).toBe(404);
  });
});
