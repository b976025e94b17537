/**
 * Bookings (decision 018) over real HTTP against PostgreSQL, on both app servers:
 * POST /api/bookings, POST /api/bookings/{id}/cancel and /reschedule.
 *
 * Covered: a booking lands as the host's event with the guest's data (SQL, GET /event); 50
 * simultaneous bookings of one slot over both servers give exactly one 201; overlapping starts
 * (:00 and :15) at once give exactly one 201; outside availability, off the grid, too soon,
 * past the window and in the past are 409; cancel by token frees the slot, a wrong token is
 * 404, a second cancel 409, a guest's cancel of a meeting that has started 409; reschedule by token to a free slot 200 and onto a taken one 409,
 * by the host's bearer 200; a group of 2 seats takes two guests and refuses the third; a host
 * at the free cap still takes bookings (decision 038); bad input 400 with fields; rate-limit headers;
 * guest and host get the calendar entry: REQUEST on create (with the links) and on a move
 * (SEQUENCE 1), CANCEL on cancel (SEQUENCE 2).
 */
import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { apiClient, errorOf, type Account, type Json, ok, dateIn, at, tokenOf } from "./api-client";
import { bookingMailsSettled } from "../support/mail-wait";

const { db, call, account } = apiClient({ ipPrefix: "10.93", namePrefix: "Book" });

interface Booking {
  id: string;
  start: string;
  end: string;
  status: string;
  cancelUrl: string | null;
  rescheduleUrl: string | null;
}

const slug = () => `book-${crypto.randomUUID().slice(0, 8)}`;

/** Every day 00:00-24:00 UTC, except the date 5 days ahead (unavailable). */
const allDay = () => ({
  name: "All day",
  timeZone: "UTC",
  weekly: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, start: "00:00", end: "24:00" })),
  overrides: [{ date: dateIn(5), unavailable: true }],
});

async function hostWithEventType(a: Account, patch: Record<string, unknown> = {}): Promise<string> {
  const schedule = await ok(await call("POST", "/api/schedules", { token: a.token, json: allDay() }), 201);
  const type = await ok(
    await call("POST", "/api/event-types", {
      token: a.token,
      json: {
        title: "Intro call",
        slug: slug(),
        duration: 30,
        slotInterval: 15,
        minimumNotice: 60,
        bookingWindowDays: 30,
        location: { type: "google-meet" },
        scheduleId: schedule._id,
        ...patch,
      },
    }),
    201,
  );
  return type._id;
}

const guest = (n: number | string) => ({
  name: `Guest ${n}`,
  email: `guest-${String(n).replace(/[^a-z0-9-]/gi, "")}-${crypto.randomUUID().slice(0, 6)}@example.test`,
  timeZone: "Europe/Berlin",
});

function book(eventTypeId: string, start: string, extra: Record<string, unknown> = {}, server = 0) {
  return call("POST", "/api/bookings", { json: { eventTypeId, start, ...guest(start), ...extra }, server });
}

let host: Account;
let typeId: string;

beforeAll(async () => {
  host = await account("host", "professional");
  typeId = await hostWithEventType(host);
});

describe("POST /api/bookings", () => {
  it("books a free slot: 201 with links; the host's event holds the guest's data", async () => {
    const start = at(3, "09:00");
    const res = await call("POST", "/api/bookings", {
      json: {
        eventTypeId: typeId,
        start,
        name: "Ada Guest",
        email: "Ada@Example.test",
        timeZone: "Europe/Berlin",
        notes: "About the project",
      },
    });
    expect(res.headers.get("x-ratelimit-limit")).toMatch(/^\d+$/);
    expect(res.headers.get("x-ratelimit-remaining")).toMatch(/^\d+$/);
    const { booking } = await ok<{ booking: Booking }>(res, 201);
    expect(booking.start).toBe(new Date(start).toISOString());
    expect(booking.end).toBe(new Date(Date.parse(start) + 30 * 60_000).toISOString());
    expect(booking.status).toBe("confirmed");
    expect(booking.cancelUrl).toMatch(new RegExp(`/booking/${booking.id}/cancel\\?token=`));
    expect(booking.rescheduleUrl).toMatch(new RegExp(`/booking/${booking.id}/reschedule\\?token=`));
    const token = tokenOf(booking.cancelUrl);
    expect(token.length).toBeGreaterThanOrEqual(40);

    const [row] =
      await db`select e.*, (select array_agg(email order by position) from event_invitees where event_id = e.id) as invitees from events e where id = ${booking.id}`;
    expect(row.host_id).toBe(host.id);
    expect(row.event_type_id).toBe(typeId);
    expect(row.event_name).toBe("Intro call");
    expect(row.event_type).toBe("Google Meet");
    expect(row.event_with).toBe("One-to-One");
    expect(row.guest_name).toBe("Ada Guest");
    expect(row.guest_email).toBe("ada@example.test");
    expect(row.guest_time_zone).toBe("Europe/Berlin");
    expect(row.notes).toBe("About the project");
    expect(row.invitees).toEqual(["ada@example.test"]);
    expect(row.booking_token_hash).toBe(crypto.createHash("sha256").update(token).digest("hex"));
    expect(JSON.stringify(row)).not.toContain(token);

    const events = await ok<Json[]>(await call("GET", "/event", { token: host.token }));
    expect(events.map((e) => e._id)).toContain(booking.id);
    const [note] =
      await db`select notification from notifications where user_id = ${host.id} order by created_at desc limit 1`;
    expect(note.notification).toMatch(/^New booking: Intro call with Ada Guest on /);

    // The slot is gone from /api/slots and a second booking of it is refused.
    const slots = await ok<{ slots: Record<string, string[]> }>(
      await call("GET", `/api/slots?eventTypeId=${typeId}&start=${dateIn(3)}&end=${dateIn(3)}&timeZone=UTC`),
    );
    expect(slots.slots[dateIn(3)]).not.toContain(start);
    expect(slots.slots[dateIn(3)]).not.toContain(at(3, "09:15"));
    const again = await book(typeId, start);
    expect(again.status).toBe(409);
    const body = (await again.json()) as { error: { code: string; message: string }; nextSlots: string[] };
    expect(body.error).toEqual({ code: "slot_unavailable", message: "That time was just taken." });
    expect(body.nextSlots).toHaveLength(3);
    expect(Date.parse(body.nextSlots[0])).toBe(Date.parse(at(3, "09:30")));
    expect(body.nextSlots[0]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00[+-]\d{2}:\d{2}$/);
  });

  it("50 simultaneous bookings of one slot over both servers: exactly one 201", async () => {
    const start = at(4, "10:00");
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => book(typeId, start, guest(`race-${i}`), i % 2)),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    const [row] =
      await db`select count(*)::int as n from events where event_type_id = ${typeId} and starts_at = ${start} and status <> 'cancelled'`;
    expect(row.n).toBe(1);
  });

  it("overlapping starts (:00 and :15) at once: exactly one 201", async () => {
    const starts = [at(4, "14:00"), at(4, "14:15")];
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => book(typeId, starts[i % 2], guest(`overlap-${i}`), Math.floor(i / 2) % 2)),
    );
    expect(answers.filter((r) => r.status === 201)).toHaveLength(1);
    expect(answers.filter((r) => r.status === 409)).toHaveLength(19);
    const [row] =
      await db`select count(*)::int as n from events where host_id = ${host.id} and starts_at < ${at(4, "14:45")} and ends_at > ${at(4, "14:00")} and status <> 'cancelled'`;
    expect(row.n).toBe(1);
  });

  it("409 slot_unavailable outside availability, off the grid, too soon, past the window and in the past", async () => {
    const soon = new Date(Math.ceil(Date.now() / (15 * 60_000)) * 15 * 60_000 + 15 * 60_000)
      .toISOString()
      .replace(".000Z", "+00:00");
    for (const start of [at(5, "10:00"), at(6, "10:07"), soon, at(40, "10:00"), at(-1, "10:00")]) {
      const res = await book(typeId, start);
      expect(res.status, start).toBe(409);
      expect((await errorOf(res)).code, start).toBe("slot_unavailable");
    }
  });

  it("404 for an unknown or inactive event type", async () => {
    expect((await book(crypto.randomUUID(), at(6, "10:00"))).status).toBe(404);
    expect((await book("nope", at(6, "10:00"))).status).toBe(404);
    const inactive = await hostWithEventType(host, { active: false });
    expect((await book(inactive, at(6, "10:00"))).status).toBe(404);
  });

  it("400 with fields for bad input", async () => {
    const res = await call("POST", "/api/bookings", {
      json: {
        eventTypeId: typeId,
        start: "tomorrow at ten",
        name: "",
        email: "not-an-email",
        timeZone: "Mars/Olympus",
        notes: "x".repeat(2001),
        guests: ["a@example.test", "b@example.test", "c@example.test", "d@example.test"],
      },
    });
    expect(res.status).toBe(400);
    const error = await errorOf(res);
    expect(error.code).toBe("invalid_input");
    expect(Object.keys(error.fields ?? {}).sort()).toEqual(["email", "guests", "name", "notes", "start", "timeZone"]);
    const noOffset = await book(typeId, `${dateIn(6)}T10:00:00`);
    expect(noOffset.status).toBe(400);
    const guestsOnOneToOne = await book(typeId, at(6, "10:00"), { guests: ["x@example.test"] });
    expect(guestsOnOneToOne.status).toBe(400);
    expect((await errorOf(guestsOnOneToOne)).fields?.guests).toBeTruthy();
  });
});

describe("cancel and reschedule", () => {
  it("cancel by token frees the slot; a wrong token is 404; a second cancel 409", async () => {
    const start = at(7, "08:00");
    const { booking } = await ok<{ booking: Booking }>(await book(typeId, start), 201);
    const token = tokenOf(booking.cancelUrl);
    expect((await call("POST", `/api/bookings/${booking.id}/cancel?token=wrong-${token.slice(6)}`)).status).toBe(404);
    const other = await account("other-host", "professional");
    expect((await call("POST", `/api/bookings/${booking.id}/cancel`, { token: other.token })).status).toBe(404);
    expect((await call("POST", `/api/bookings/${booking.id}/cancel`)).status).toBe(401);

    const cancelled = await ok<{ booking: Booking }>(
      await call("POST", `/api/bookings/${booking.id}/cancel?token=${encodeURIComponent(token)}`, {
        json: { reason: "Plans changed" },
      }),
    );
    expect(cancelled.booking.status).toBe("cancelled");
    const [row] = await db`select status, sequence from events where id = ${booking.id}`;
    expect(row).toEqual({ status: "cancelled", sequence: 1 });
    const again = await call("POST", `/api/bookings/${booking.id}/cancel?token=${encodeURIComponent(token)}`);
    expect(again.status).toBe(409);
    expect((await errorOf(again)).code).toBe("already_cancelled");
    // A cancelled booking cannot be moved either (decision 029).
    const move = await call("POST", `/api/bookings/${booking.id}/reschedule?token=${encodeURIComponent(token)}`, {
      json: { start },
    });
    expect(move.status).toBe(409);
    expect(await errorOf(move)).toMatchObject({
      code: "already_cancelled",
      message: "This event was cancelled; it cannot be changed.",
    });
    expect((await book(typeId, start, {}, 1)).status).toBe(201);
  });

  it("a guest's cancel by token of a meeting that has started is 409 meeting_started, as on the cancel page", async () => {
    const { booking } = await ok<{ booking: Booking }>(await book(typeId, at(7, "10:00")), 201);
    const token = tokenOf(booking.cancelUrl);
    await db`update events set starts_at = now() - interval '2 hours', ends_at = now() - interval '90 minutes' where id = ${booking.id}`;
    const res = await call("POST", `/api/bookings/${booking.id}/cancel?token=${encodeURIComponent(token)}`);
    expect(res.status).toBe(409);
    expect(await errorOf(res)).toEqual({
      code: "meeting_started",
      message: "This meeting has already started or taken place, so it can no longer be cancelled.",
    });
    const [row] = await db`select status from events where id = ${booking.id}`;
    expect(row.status).toBe("confirmed");
  });

  it("the host cancels with their bearer token", async () => {
    const { booking } = await ok<{ booking: Booking }>(await book(typeId, at(7, "20:00")), 201);
    const res = await ok<{ booking: Booking }>(
      await call("POST", `/api/bookings/${booking.id}/cancel`, { token: host.token }),
    );
    expect(res.booking.status).toBe("cancelled");
  });

  it("reschedule by token to a free slot is 200, onto a taken one 409; the host may move it too", async () => {
    const { booking } = await ok<{ booking: Booking }>(await book(typeId, at(8, "12:00")), 201);
    await ok(await book(typeId, at(8, "15:00")), 201);
    const token = tokenOf(booking.rescheduleUrl);
    // Its own time does not block a small move.
    const moved = await ok<{ booking: Booking }>(
      await call("POST", `/api/bookings/${booking.id}/reschedule?token=${encodeURIComponent(token)}`, {
        json: { start: at(8, "12:15") },
      }),
    );
    expect(moved.booking.start).toBe(new Date(at(8, "12:15")).toISOString());
    expect(moved.booking.end).toBe(new Date(at(8, "12:45")).toISOString());
    const [row] = await db`select starts_at, sequence from events where id = ${booking.id}`;
    expect(row.sequence).toBe(1);
    expect((row.starts_at as Date).toISOString()).toBe(new Date(at(8, "12:15")).toISOString());
    const taken = await call("POST", `/api/bookings/${booking.id}/reschedule?token=${encodeURIComponent(token)}`, {
      json: { start: at(8, "14:45") },
    });
    expect(taken.status).toBe(409);
    expect((await errorOf(taken)).code).toBe("slot_unavailable");
    expect(
      (await call("POST", `/api/bookings/${booking.id}/reschedule?token=nope`, { json: { start: at(8, "16:00") } }))
        .status,
    ).toBe(404);
    const byHost = await ok<{ booking: Booking }>(
      await call("POST", `/api/bookings/${booking.id}/reschedule`, {
        token: host.token,
        json: { start: at(8, "16:00") },
      }),
    );
    expect(byHost.booking.start).toBe(new Date(at(8, "16:00")).toISOString());
    // The old time is free again.
    expect((await book(typeId, at(8, "12:00"))).status).toBe(201);
  });
});

describe("seats and caps", () => {
  it("a group of 2 seats takes two guests at one start and refuses the third (and a guest bringing too many)", async () => {
    const group = await hostWithEventType(host, {
      kind: "group",
      seats: 2,
      location: { type: "in-person", value: "Main St 1" },
    });
    const start = at(9, "10:00");
    const tooMany = await book(group, start, { guests: ["plus-one@example.test", "plus-two@example.test"] });
    expect(tooMany.status).toBe(409);
    expect((await errorOf(tooMany)).code).toBe("slot_full");
    const first = await ok<{ booking: Booking }>(await book(group, start), 201);
    const second = await ok<{ booking: Booking }>(await book(group, start, {}, 1), 201);
    expect(second.booking.id).toBe(first.booking.id);
    const third = await book(group, start);
    expect(third.status).toBe(409);
    const [row] =
      await db`select e.event_with, e.event_type, (select count(*)::int from event_invitees where event_id = e.id) as n from events e where id = ${first.booking.id}`;
    expect(row).toEqual({ event_with: "Group", event_type: "In Person Meeting", n: 2 });
  });

  it("guest bookings never count toward a free host's cap: a fourth booking lands and the host can still create their own events", async () => {
    const free = await account("free", "user");
    const freeType = await hostWithEventType(free);
    for (const time of ["10:00", "11:00", "12:00", "13:00"])
      expect((await book(freeType, at(11, time))).status).toBe(201);
    const own = await call("POST", "/events", {
      token: free.token,
      json: {
        eventName: "Own",
        eventType: "Google Meet",
        eventWith: "One-to-One",
        description: "Planning.",
        targetedEmail: "friend@example.org",
        dateTime: at(12, "10:00"),
      },
    });
    expect(own.status, await own.clone().text()).toBe(201);
  });

  it("a host at the free cap (a plain user with 3 upcoming events of their own) still takes bookings (decision 038)", async () => {
    const capped = await account("capped", "user");
    const cappedType = await hostWithEventType(capped);
    for (let i = 0; i < 3; i++) {
      await db`insert into events (host_id, event_name, event_type, event_with, description, starts_at, ends_at)
        values (${capped.id}, 'Own', 'Google Meet', 'One-to-One', '', ${at(20, `0${i}:00`)}, ${at(20, `0${i}:30`)})`;
    }
    const res = await book(cappedType, at(10, "10:00"));
    expect(res.status, await res.clone().text()).toBe(201);
  });
});

describe("mails", () => {
  interface OutboxRow {
    to: string;
    subject: string;
    text: string;
    attachments: { filename: string; content: string; encoding: string }[];
  }
  const mailsAbout = async (title: string) => (
    await bookingMailsSettled(db),
    db<
      OutboxRow[]
    >`select "to", subject, text, attachments from mail_outbox where subject like ${`%${title}%`} order by created_at`
  );
  const icsOf = (mail: OutboxRow) => {
    const a = mail.attachments[0];
    const text = a.encoding === "base64" ? Buffer.from(a.content, "base64").toString("utf8") : a.content;
    return text.replace(/\r?\n[ \t]/g, "");
  };

  it("guest and host get REQUEST on create and move, CANCEL on cancel, with rising SEQUENCE", async () => {
    const title = `Mail call ${crypto.randomUUID().slice(0, 8)}`;
    const mailType = await hostWithEventType(host, { title });
    const who = guest("mail");
    const { booking } = await ok<{ booking: Booking }>(
      await call("POST", "/api/bookings", { json: { eventTypeId: mailType, start: at(11, "10:00"), ...who } }),
      201,
    );
    const token = tokenOf(booking.cancelUrl);
    await ok(
      await call("POST", `/api/bookings/${booking.id}/reschedule?token=${encodeURIComponent(token)}`, {
        json: { start: at(11, "11:00") },
      }),
    );
    await ok(await call("POST", `/api/bookings/${booking.id}/cancel?token=${encodeURIComponent(token)}`));
    const mails = await mailsAbout(title);
    expect(mails).toHaveLength(6);
    const toGuest = mails.filter((m) => String(m.to).includes(who.email));
    const toHost = mails.filter((m) => String(m.to).includes(host.email));
    expect(toGuest).toHaveLength(3);
    expect(toHost).toHaveLength(3);
    expect(toGuest[0].text).toContain(booking.cancelUrl);
    expect(toGuest[0].text).toContain(booking.rescheduleUrl);
    for (const list of [toGuest, toHost]) {
      const [created, moved, cancelled] = list.map(icsOf);
      expect(created).toMatch(/METHOD:REQUEST/);
      expect(created).toMatch(/SEQUENCE:0/);
      expect(moved).toMatch(/METHOD:REQUEST/);
      expect(moved).toMatch(/SEQUENCE:1/);
      expect(cancelled).toMatch(/METHOD:CANCEL/);
      expect(cancelled).toMatch(/SEQUENCE:2/);
      expect(created).toContain(`UID:${booking.id}@`);
    }
  });
});
