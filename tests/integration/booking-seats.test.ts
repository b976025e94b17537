/**
 * Seats of group sessions (decision 021) over real HTTP against PostgreSQL, on both app servers.
 *
 * Covered: every guest of a group slot gets their own seat and token (the answer's `id` is the
 * session's event, `seatId` the seat, the links carry the seat); seat A's token cannot touch seat
 * B (JSON and pages: 404) but opens A's own confirmation, .ics (its own UID) and pages; a seat's
 * cancel frees its places and leaves the session to the others, the last seat's cancel cancels
 * the session; a seat's reschedule opens a new session, joins one with room (its old session
 * then goes), or moves its own session when alone; no room is 409 slot_full; 12 simultaneous
 * single-seat bookings of a 5-seat slot over both servers give exactly 5 201s; a session holds
 * more than four people when seats allow while targetedEmail (GET /event) still answers its
 * first four; the host's bearer cancels the whole session (every seat's guest gets CANCEL of
 * their own entry); mails: the seat's guest REQUEST with their own UID and links, the host the
 * session's UID with rising SEQUENCE; the migration turns an existing group booking into a seat
 * holding its token hash.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import postgres from "postgres";
import { beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../support/postgres";
import { apiClient, errorOf, type Account, type Json, ok, dateIn, at, tokenOf } from "./api-client";
import { client } from "./context";
import { bookingMailsSettled } from "../support/mail-wait";

const { db, call, account } = apiClient({ ipPrefix: "10.96", namePrefix: "Seats" });

interface Booking {
  id: string;
  seatId: string;
  start: string;
  end: string;
  status: string;
  cancelUrl: string;
  rescheduleUrl: string;
}

const iso = (s: string) => new Date(s).toISOString();
const pathOf = (url: string) => `${new URL(url).pathname}${new URL(url).search}`;
const sha = (token: string) => crypto.createHash("sha256").update(token).digest("hex");

let host: Account;
let scheduleId: string;

async function groupType(seats: number, title = `Workshop ${crypto.randomUUID().slice(0, 6)}`): Promise<string> {
  const type = await ok(
    await call("POST", "/api/event-types", {
      token: host.token,
      json: {
        title,
        slug: `seats-${crypto.randomUUID().slice(0, 8)}`,
        kind: "group",
        seats,
        duration: 60,
        slotInterval: 60,
        minimumNotice: 60,
        bookingWindowDays: 30,
        location: { type: "video" },
        scheduleId,
      },
    }),
    201,
  );
  return type._id;
}

const guest = (n: string) => ({
  name: `Guest ${n}`,
  email: `seat-${n}-${crypto.randomUUID().slice(0, 6)}@example.test`,
  timeZone: "Asia/Tokyo",
});

async function book(
  typeId: string,
  start: string,
  who = guest("x"),
  extra: Record<string, unknown> = {},
  server = 0,
): Promise<Response> {
  return call("POST", "/api/bookings", { json: { eventTypeId: typeId, start, ...who, ...extra }, server });
}

async function booked(
  typeId: string,
  start: string,
  who = guest("x"),
  extra: Record<string, unknown> = {},
): Promise<Booking> {
  return (await ok<{ booking: Booking }>(await book(typeId, start, who, extra), 201)).booking;
}

const seatRows = (eventId: string) =>
  db`select id, email, guests, status, sequence from booking_seats where event_id = ${eventId} order by created_at, id`;
const inviteesOf = async (eventId: string) =>
  (await db`select email from event_invitees where event_id = ${eventId} order by position`).map(
    (r) => r.email as string,
  );

beforeAll(async () => {
  host = await account("host", "professional");
  const schedule = await ok(
    await call("POST", "/api/schedules", {
      token: host.token,
      json: {
        name: "All day",
        timeZone: "UTC",
        weekly: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, start: "00:00", end: "24:00" })),
      },
    }),
    201,
  );
  scheduleId = schedule._id;
});

describe("a seat per guest", () => {
  it("two guests of one slot: one session, two seats, two tokens; A's token cannot touch B's seat", async () => {
    const typeId = await groupType(5);
    const start = at(3, "09:00");
    const ga = guest("a");
    const a = await booked(typeId, start, ga);
    const b = await booked(typeId, start, guest("b"));
    expect(b.id).toBe(a.id);
    expect(a.seatId).toBeTruthy();
    expect(b.seatId).toBeTruthy();
    expect(a.seatId).not.toBe(b.seatId);
    expect(a.cancelUrl).toContain(`/booking/${a.seatId}/cancel?token=`);
    expect(b.rescheduleUrl).toContain(`/booking/${b.seatId}/reschedule?token=`);
    const [tokenA, tokenB] = [tokenOf(a.cancelUrl), tokenOf(b.cancelUrl)];
    expect(tokenA).not.toBe(tokenB);
    const seats = await seatRows(a.id);
    expect(seats.map((s) => s.id)).toEqual([a.seatId, b.seatId]);
    const [event] = await db`select booking_token_hash from events where id = ${a.id}`;
    expect(event.booking_token_hash).toBeNull();
    const [hashes] =
      await db`select array_agg(token_hash order by created_at) as h from booking_seats where event_id = ${a.id}`;
    expect(hashes.h).toEqual([sha(tokenA), sha(tokenB)]);

    // Seat A's token on seat B's id: 404 on the JSON paths and the pages.
    expect((await call("POST", `/api/bookings/${b.seatId}/cancel?token=${encodeURIComponent(tokenA)}`)).status).toBe(
      404,
    );
    expect(
      (
        await call("POST", `/api/bookings/${b.seatId}/reschedule?token=${encodeURIComponent(tokenA)}`, {
          json: { start: at(3, "11:00") },
        })
      ).status,
    ).toBe(404);
    const page = client();
    expect((await page.get(`/booking/${b.seatId}/cancel?token=${encodeURIComponent(tokenA)}`)).status).toBe(404);
    expect((await page.get(`/booking/${b.seatId}/reschedule?token=${encodeURIComponent(tokenA)}`)).status).toBe(404);
    expect((await page.get(`/booking/${a.seatId}/cancel?token=${encodeURIComponent(tokenA)}`)).status).toBe(200);
    expect((await seatRows(a.id)).map((s) => s.status)).toEqual(["confirmed", "confirmed"]);

    // Each guest's own confirmation and calendar file: their own entry (UID of the seat).
    await db`update users set username = ${`seats${crypto.randomUUID().slice(0, 8)}`} where id = ${host.id}`;
    const [{ username: name }] = await db`select username from users where id = ${host.id}`;
    const [{ slug }] = await db`select slug from event_types where id = ${typeId}`;
    const confirmation = await page.get(`/${name}/${slug}/booked/${b.seatId}?token=${encodeURIComponent(tokenB)}`);
    expect(confirmation.status).toBe(200);
    expect((await page.get(`/${name}/${slug}/booked/${b.seatId}?token=${encodeURIComponent(tokenA)}`)).status).toBe(
      404,
    );
    const ics = await page.get(`/${name}/${slug}/booked/${b.seatId}/ics?token=${encodeURIComponent(tokenB)}`);
    expect(ics.status).toBe(200);
    const text = (await ics.text()).replace(/\r?\n[ \t]/g, "");
    expect(text).toContain(`UID:${b.seatId}@`);
    expect(text).not.toContain(ga.email);
    await db`update users set username = null where id = ${host.id}`;
  });

  it("a seat's cancel frees its places and leaves the session to the others; the last seat's cancel cancels the session", async () => {
    const typeId = await groupType(3);
    const start = at(4, "10:00");
    const a = await booked(typeId, start, guest("a"), { guests: ["a-plus@example.test"] });
    const b = await booked(typeId, start, guest("b"));
    const full = await book(typeId, start, guest("c"));
    expect(full.status).toBe(409);

    // The session id with A's token cancels A's seat only (the booking `id` the answer gave A).
    const cancelled = await ok<{ booking: Booking }>(
      await call("POST", `/api/bookings/${a.id}/cancel?token=${encodeURIComponent(tokenOf(a.cancelUrl))}`),
    );
    expect(cancelled.booking).toMatchObject({ id: a.id, seatId: a.seatId, status: "cancelled" });
    expect((await seatRows(a.id)).map((s) => s.status)).toEqual(["cancelled", "confirmed"]);
    const [session] = await db`select status, sequence from events where id = ${a.id}`;
    expect(session.status).toBe("confirmed");
    expect(await inviteesOf(a.id)).toEqual([(await seatRows(a.id))[1].email]);
    const again = await call(
      "POST",
      `/api/bookings/${a.seatId}/cancel?token=${encodeURIComponent(tokenOf(a.cancelUrl))}`,
    );
    expect(again.status).toBe(409);
    expect((await errorOf(again)).code).toBe("already_cancelled");

    // A's two places are free again.
    const c = await booked(typeId, start, guest("c"), { guests: ["c-plus@example.test"] });
    expect(c.id).toBe(a.id);
    expect((await book(typeId, start, guest("d"))).status).toBe(409);

    // B and C leave: the session goes with its last seat.
    await ok(
      await call("POST", `/api/bookings/${b.seatId}/cancel?token=${encodeURIComponent(tokenOf(b.cancelUrl))}`, {
        server: 1,
      }),
    );
    expect((await db`select status from events where id = ${a.id}`)[0].status).toBe("confirmed");
    await ok(await call("POST", `/api/bookings/${c.seatId}/cancel?token=${encodeURIComponent(tokenOf(c.cancelUrl))}`));
    expect((await db`select status from events where id = ${a.id}`)[0].status).toBe("cancelled");
    // Free again: a new session at that start.
    const fresh = await booked(typeId, start, guest("e"));
    expect(fresh.id).not.toBe(a.id);
  });

  it("a seat's reschedule: opens a new session, joins one with room, or moves its own session when alone", async () => {
    const typeId = await groupType(3);
    const [ten, eleven, twelve] = [at(5, "10:00"), at(5, "11:00"), at(5, "12:00")];
    const a = await booked(typeId, ten, guest("a"));
    const b = await booked(typeId, ten, guest("b"));
    const tokenA = encodeURIComponent(tokenOf(a.rescheduleUrl));
    const tokenB = encodeURIComponent(tokenOf(b.rescheduleUrl));

    // A leaves B at ten for a new session at eleven.
    const movedA = await ok<{ booking: Booking }>(
      await call("POST", `/api/bookings/${a.seatId}/reschedule?token=${tokenA}`, { json: { start: eleven } }),
    );
    expect(movedA.booking.start).toBe(iso(eleven));
    expect(movedA.booking.seatId).toBe(a.seatId);
    expect(movedA.booking.id).not.toBe(a.id);
    expect((await db`select status from events where id = ${a.id}`)[0].status).toBe("confirmed");
    expect(await inviteesOf(a.id)).toEqual([(await seatRows(a.id))[0].email]);
    const [seatA] = await db`select event_id, sequence from booking_seats where id = ${a.seatId}`;
    expect(seatA).toEqual({ event_id: movedA.booking.id, sequence: 1 });

    // B joins A at eleven: the session at ten goes with its last seat.
    const movedB = await ok<{ booking: Booking }>(
      await call("POST", `/api/bookings/${b.seatId}/reschedule?token=${tokenB}`, {
        json: { start: eleven },
        server: 1,
      }),
    );
    expect(movedB.booking.id).toBe(movedA.booking.id);
    expect((await db`select status from events where id = ${a.id}`)[0].status).toBe("cancelled");
    expect((await seatRows(movedA.booking.id)).map((s) => s.id)).toEqual([a.seatId, b.seatId]);

    // A third guest bringing two fills eleven; no room for a move there from elsewhere.
    const c = await booked(typeId, twelve, guest("c"), { guests: ["c1@example.test", "c2@example.test"] });
    const noRoom = await call(
      "POST",
      `/api/bookings/${c.seatId}/reschedule?token=${encodeURIComponent(tokenOf(c.rescheduleUrl))}`,
      {
        json: { start: eleven },
      },
    );
    expect(noRoom.status).toBe(409);
    expect(["slot_full", "slot_unavailable"]).toContain((await errorOf(noRoom)).code);

    // Alone at twelve, C's own session moves (same event, SEQUENCE + 1).
    const [before] = await db`select sequence from events where id = ${c.id}`;
    const movedC = await ok<{ booking: Booking }>(
      await call("POST", `/api/bookings/${c.seatId}/reschedule?token=${encodeURIComponent(tokenOf(c.rescheduleUrl))}`, {
        json: { start: at(5, "14:00") },
      }),
    );
    expect(movedC.booking.id).toBe(c.id);
    const [after] = await db`select starts_at, sequence, status from events where id = ${c.id}`;
    expect((after.starts_at as Date).toISOString()).toBe(iso(at(5, "14:00")));
    expect(after.sequence).toBe(before.sequence + 1);
    expect(after.status).toBe("confirmed");
  });

  it("the guest's reschedule page lists times with room for the seat and moves it (form post)", async () => {
    const typeId = await groupType(2);
    const a = await booked(typeId, at(6, "09:00"), guest("a"));
    await booked(typeId, at(6, "10:00"), guest("b"), { guests: ["b1@example.test"] });
    const page = client();
    const res = await page.get(`${pathOf(a.rescheduleUrl)}&date=${dateIn(6)}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(`value="${iso(at(6, "11:00"))}"`);
    expect(html).not.toContain(`value="${iso(at(6, "10:00"))}"`);
    expect(html).not.toContain(`value="${iso(at(6, "09:00"))}"`);
    const moved = await page.post(`${pathOf(a.rescheduleUrl)}&date=${dateIn(6)}`, { start: iso(at(6, "11:00")) });
    expect(moved.status).toBe(200);
    const [seat] =
      await db`select e.starts_at from booking_seats s join events e on e.id = s.event_id where s.id = ${a.seatId}`;
    expect((seat.starts_at as Date).toISOString()).toBe(iso(at(6, "11:00")));
    // The guest's cancel page cancels the seat only.
    const cancel = await page.post(pathOf(a.cancelUrl), { reason: "" });
    expect(cancel.status).toBe(200);
    expect((await db`select status from booking_seats where id = ${a.seatId}`)[0].status).toBe("cancelled");
  });
});

describe("places under load and beyond four people", () => {
  it("12 simultaneous single-seat bookings of a 5-seat slot over both servers: exactly 5 201s", async () => {
    const typeId = await groupType(5);
    const start = at(7, "09:00");
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => book(typeId, start, guest(`race${i}`), {}, i % 2)),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 409)).toHaveLength(7);
    const [row] =
      await db`select count(distinct e.id)::int as sessions, count(s.id)::int as seats from events e join booking_seats s on s.event_id = e.id where e.event_type_id = ${typeId} and e.status = 'confirmed'`;
    expect(row).toEqual({ sessions: 1, seats: 5 });
  });

  it("a 6-seat session holds six people; targetedEmail still answers its first four", async () => {
    const typeId = await groupType(6);
    const start = at(8, "09:00");
    const a = await booked(typeId, start, guest("a"), {
      guests: ["a1@example.test", "a2@example.test", "a3@example.test"],
    });
    const b = await booked(typeId, start, guest("b"), { guests: ["b1@example.test"] });
    expect(b.id).toBe(a.id);
    const full = await book(typeId, start, guest("c"));
    expect(full.status).toBe(409);
    const seats = await seatRows(a.id);
    expect(seats.reduce((n, s) => n + 1 + (s.guests as string[]).length, 0)).toBe(6);
    const events = await ok<Json[]>(
      await call("GET", `/event?host=${encodeURIComponent(host.email)}`, { token: host.token }),
    );
    const session = events.find((e) => e._id === a.id);
    expect(session?.eventWith).toBe("Group");
    expect(session?.targetedEmail).toEqual({
      email1: seats[0].email,
      email2: "a1@example.test",
      email3: "a2@example.test",
      email4: "a3@example.test",
    });

    // A leaves: the view is rebuilt from the seats left.
    await ok(await call("POST", `/api/bookings/${a.seatId}/cancel?token=${encodeURIComponent(tokenOf(a.cancelUrl))}`));
    const after = (
      await ok<Json[]>(await call("GET", `/event?host=${encodeURIComponent(host.email)}`, { token: host.token }))
    ).find((e) => e._id === a.id);
    expect(after?.targetedEmail).toEqual({ email1: seats[1].email, email2: "b1@example.test" });
  });
});

describe("the host and the mails", () => {
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
    >`select "to", subject, text, attachments from mail_outbox where subject like ${`%${title}%`} order by created_at, id`
  );
  const icsOf = (mail: OutboxRow) => {
    const a = mail.attachments[0];
    return (a.encoding === "base64" ? Buffer.from(a.content, "base64").toString("utf8") : a.content).replace(
      /\r?\n[ \t]/g,
      "",
    );
  };

  it("each seat's guest gets their own entry and links; the host the session's, told of each seat", async () => {
    const title = `Seat mail ${crypto.randomUUID().slice(0, 8)}`;
    const typeId = await groupType(4, title);
    const [ga, gb] = [guest("ma"), guest("mb")];
    const a = await booked(typeId, at(9, "09:00"), ga);
    const b = await booked(typeId, at(9, "09:00"), gb);
    await ok(await call("POST", `/api/bookings/${a.seatId}/cancel?token=${encodeURIComponent(tokenOf(a.cancelUrl))}`));
    const mails = await mailsAbout(title);
    const toA = mails.filter((m) => String(m.to).includes(ga.email));
    const toB = mails.filter((m) => String(m.to).includes(gb.email));
    const toHost = mails.filter((m) => String(m.to).includes(host.email));
    expect(toA).toHaveLength(2);
    expect(toB).toHaveLength(1);
    expect(toHost).toHaveLength(3);
    expect(toA[0].text).toContain(a.cancelUrl);
    expect(toB[0].text).toContain(b.cancelUrl);
    expect(toB[0].text).not.toContain(a.cancelUrl);
    expect(icsOf(toA[0])).toContain(`UID:${a.seatId}@`);
    expect(icsOf(toA[0])).toMatch(/METHOD:REQUEST/);
    expect(icsOf(toA[1])).toContain(`UID:${a.seatId}@`);
    expect(icsOf(toA[1])).toMatch(/METHOD:CANCEL/);
    expect(icsOf(toA[1])).toMatch(/SEQUENCE:1/);
    expect(icsOf(toB[0])).toContain(`UID:${b.seatId}@`);
    // The host's calendar holds the session: REQUEST 0, REQUEST 1 (B joined), REQUEST 2 (A left; not a CANCEL).
    expect(toHost.map((m) => icsOf(m).match(/SEQUENCE:(\d+)/)?.[1])).toEqual(["0", "1", "2"]);
    for (const m of toHost) {
      expect(icsOf(m)).toContain(`UID:${a.id}@`);
      expect(icsOf(m)).toMatch(/METHOD:REQUEST/);
    }
    expect(toHost[2].subject).toMatch(/^Seat cancelled:/);
  });

  it("the host's bearer cancels the whole session: every seat's guest gets CANCEL of their own entry", async () => {
    const title = `Session cancel ${crypto.randomUUID().slice(0, 8)}`;
    const typeId = await groupType(4, title);
    const [ga, gb] = [guest("ha"), guest("hb")];
    const a = await booked(typeId, at(10, "09:00"), ga);
    const b = await booked(typeId, at(10, "09:00"), gb);
    const res = await ok<{ booking: Booking }>(
      await call("POST", `/api/bookings/${a.id}/cancel`, { token: host.token, json: { reason: "Room flooded" } }),
    );
    expect(res.booking.status).toBe("cancelled");
    expect((await seatRows(a.id)).map((s) => s.status)).toEqual(["cancelled", "cancelled"]);
    const cancels = (await mailsAbout(title)).filter((m) => m.subject.startsWith("Cancelled"));
    const toB = cancels.find((m) => String(m.to).includes(gb.email));
    expect(toB && icsOf(toB)).toContain(`UID:${b.seatId}@`);
    expect(toB?.text).toContain("Room flooded");
    expect(cancels.find((m) => String(m.to).includes(ga.email))).toBeTruthy();
    // Their links now say cancelled.
    const page = client();
    const html = await (await page.get(pathOf(b.cancelUrl))).text();
    expect(html).toContain("already cancelled");
  });
});

describe("an admin's cancel", () => {
  it("Manage All Event cancels a session: its seats go with it, each guest told on their own entry", async () => {
    const title = `Admin cancel ${crypto.randomUUID().slice(0, 8)}`;
    const typeId = await groupType(4, title);
    const gb = guest("adm-b");
    const a = await booked(typeId, at(12, "09:00"), guest("adm-a"));
    const b = await booked(typeId, at(12, "09:00"), gb);
    const admin = await account("admin", "admin");
    const res = await admin.c.post("/dashboard/manageEvent", { intent: "cancel", eventId: a.id });
    expect(res.status).toBe(302);
    expect((await seatRows(a.id)).map((s) => s.status)).toEqual(["cancelled", "cancelled"]);
    await bookingMailsSettled(db);
    const [mail] = await db<
      { attachments: { content: string; encoding: string }[] }[]
    >`select attachments from mail_outbox where subject like ${`Cancelled: ${title}%`} and "to"::text like ${`%${gb.email}%`}`;
    const ics = mail.attachments[0];
    const text = (
      ics.encoding === "base64" ? Buffer.from(ics.content, "base64").toString("utf8") : ics.content
    ).replace(/\r?\n[ \t]/g, "");
    expect(text).toContain(`UID:${b.seatId}@`);
    expect(text).toMatch(/METHOD:CANCEL/);
  });
});

describe("the booking_seats migration", () => {
  it("turns an existing group booking into a seat holding its token hash (the seat takes the event's id)", async () => {
    const test = await createTestDatabase("scheduler_seats_mig");
    const s = postgres(test.url, { max: 1, onnotice: () => {} });
    try {
      const journal = JSON.parse(fs.readFileSync(path.resolve("migrations/meta/_journal.json"), "utf8")) as {
        entries: { idx: number; tag: string }[];
      };
      const run = async (tag: string) => {
        for (const statement of fs
          .readFileSync(path.resolve(`migrations/${tag}.sql`), "utf8")
          .split("--> statement-breakpoint")) {
          if (statement.trim()) await s.unsafe(statement);
        }
      };
      const migration = journal.entries.find((e) => /booking_seats/.test(e.tag));
      expect(migration).toBeDefined();
      for (const e of journal.entries.filter((e) => e.idx < (migration?.idx ?? 0))) await run(e.tag);
      const [user] = await s`insert into users (email) values ('mig-host@example.test') returning id`;
      const [group] =
        await s`insert into events (host_id, event_name, event_type, event_with, description, starts_at, ends_at, guest_name, guest_email, guest_time_zone, booking_token_hash, sequence)
        values (${user.id}, 'Old workshop', 'Google Meet', 'Group', '', now() + interval '2 days', now() + interval '2 days 1 hour', 'Old Guest', 'old@example.test', 'Europe/Paris', 'hash-of-old-token', 2) returning id`;
      await s`insert into event_invitees (event_id, position, email) values (${group.id}, 1, 'old@example.test'), (${group.id}, 2, 'friend@example.test'), (${group.id}, 3, 'joined-later@example.test')`;
      const [single] =
        await s`insert into events (host_id, event_name, event_type, event_with, description, starts_at, ends_at, guest_email, booking_token_hash)
        values (${user.id}, 'Old call', 'Phone Call', 'One-to-One', '', now() + interval '3 days', now() + interval '3 days 30 minutes', 'one@example.test', 'hash-of-one') returning id`;
      await run(migration?.tag ?? "");
      const seats =
        await s`select id, event_id, name, email, time_zone, guests, token_hash, status, sequence from booking_seats`;
      expect(seats).toEqual([
        {
          id: group.id,
          event_id: group.id,
          name: "Old Guest",
          email: "old@example.test",
          time_zone: "Europe/Paris",
          guests: ["friend@example.test", "joined-later@example.test"],
          token_hash: "hash-of-old-token",
          status: "confirmed",
          sequence: 2,
        },
      ]);
      const hashes = await s`select id, booking_token_hash from events order by starts_at`;
      expect(hashes).toEqual([
        { id: group.id, booking_token_hash: null },
        { id: single.id, booking_token_hash: "hash-of-one" },
      ]);
    } finally {
      await s.end();
      await test.drop();
    }
  });
});
