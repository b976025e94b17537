/**
 * Reassigning a round-robin booking (decision 060) over real HTTP against PostgreSQL: POST
 * /api/bookings/{id}/reassign to a named host and to the next in line, who may (the assigned
 * host, the team's owners and admins: yes; another member 403; anyone else 404), host_not_free
 * and the other refusals, the mails to the guest and both hosts, the booking leaving the old
 * host's CalDAV calendar (Debian's Radicale) for the new host's, the booking.reassigned webhooks,
 * the timeline's records, and the Reassign modal of Scheduled Events without JavaScript.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { visibleText } from "../support/http";
import { bookingMailsSettled, eventually } from "../support/mail-wait";
import { RADICALE_PASSWORD, startRadicale, type Radicale } from "../support/radicale";
import { allDayEventType, apiClient, at, errorOf, ok, type Account } from "./api-client";
import { roundRobinTeam } from "./round-robin-team";

const { db, call, account } = apiClient({ ipPrefix: "10.217", namePrefix: "RA" });

interface Answer {
  booking: { id: string; start: string; host: { userId: string; name: string; email: string } };
}

let owner: Account;
let admin: Account;
let m1: Account;
let m2: Account;
let plain: Account;
let outsider: Account;
let typeId: string;
let radicale: Radicale;
const calendars = new Map<string, string>();

let n = 0;
function book(start: string, eventTypeId = typeId) {
  n += 1;
  return call("POST", "/api/bookings", {
    json: {
      eventTypeId,
      start,
      name: `Guest ${n}`,
      email: `ra-guest-${n}-${Date.now()}@example.test`,
      timeZone: "UTC",
    },
    server: n % 2,
  });
}

function reassign(as: Account | null, id: string, userId?: string | null) {
  return call("POST", `/api/bookings/${id}/reassign`, {
    token: as?.token,
    json: userId === undefined ? {} : { userId },
  });
}

/** A stored mail's calendar file, its folded lines joined. */
const ics = (mail: { attachments?: unknown } | undefined) =>
  ((mail?.attachments as Array<{ content: string }> | undefined)?.[0]?.content ?? "").replace(/\r\n[ \t]/g, "");

const hostOf = async (id: string) => (await db`select host_id from events where id = ${id}`)[0].host_id as string;
const nameOf = (a: Account) => (a === owner ? "RA ra-owner" : a === m1 ? "RA ra-m1" : "RA ra-m2");

/** Makes `person` busy at `start` for 30 minutes: a booking of an event type of their own. */
async function busy(person: Account, start: string) {
  n += 1;
  const own = await allDayEventType(call, person.token, {
    title: "Own",
    slug: `own-${n}`,
    duration: 30,
    minimumNotice: 0,
    location: { type: "video" },
  });
  await ok(await book(start, own._id), 201);
}

beforeAll(async () => {
  [owner, admin, m1, m2, plain, outsider] = await Promise.all(
    ["ra-owner", "ra-admin", "ra-m1", "ra-m2", "ra-plain", "ra-outsider"].map((p) => account(p, "professional")),
  );
  // Bookings go to m1 and m2; the owner hosts too, last in line.
  ({ typeId } = await roundRobinTeam(
    call,
    db,
    owner,
    [{ account: admin, role: "admin" }, { account: m1 }, { account: m2 }, { account: plain }],
    [{ account: owner, priority: "low" }, { account: m1 }, { account: m2 }],
    "availability",
  ));
  // m1's and m2's CalDAV calendars receive their bookings.
  radicale = await startRadicale(["m1", "m2"]);
  for (const [user, person] of [
    ["m1", m1],
    ["m2", m2],
  ] as const) {
    calendars.set(person.id, await radicale.makeCalendar(user, "work", "Work"));
    const connection = await ok<{ calendars: Array<{ receivesBookings: boolean }> }>(
      await call("POST", "/api/calendars", {
        token: person.token,
        json: { type: "caldav", url: `${radicale.url}/`, username: user, password: RADICALE_PASSWORD },
      }),
      201,
    );
    expect(connection.calendars.filter((c) => c.receivesBookings)).toHaveLength(1);
  }
});

afterAll(async () => {
  await radicale?.stop();
});

describe("who may reassign", () => {
  it("the assigned host and the team's owner and admin may; another member is 403, anyone else 404, nobody 401", async () => {
    const { booking } = await ok<Answer>(await book(at(5, "10:00")), 201);
    const x = booking.host.userId === m1.id ? m1 : m2;
    const y = x === m1 ? m2 : m1;
    expect([m1.id, m2.id]).toContain(x.id);

    expect((await reassign(null, booking.id, y.id)).status).toBe(401);
    const outside = await reassign(outsider, booking.id, y.id);
    expect(outside.status).toBe(404);
    expect((await errorOf(outside)).code).toBe("not_found");
    for (const member of [plain, y]) {
      const refused = await reassign(member, booking.id, y.id);
      expect(refused.status).toBe(403);
      expect(await errorOf(refused)).toMatchObject({
        code: "forbidden",
        message: "Only the booking's host or an owner or admin of its team can reassign it.",
      });
    }
    expect(await hostOf(booking.id)).toBe(x.id);

    // The owner names y; the admin passes it to the next in line (x: the owner is last in line);
    // x, its host again, hands it to the owner.
    const byOwner = await ok<Answer>(await reassign(owner, booking.id, y.id));
    expect(byOwner.booking.host).toEqual({ userId: y.id, name: nameOf(y), email: y.email });
    const byAdmin = await ok<Answer>(await reassign(admin, booking.id));
    expect(byAdmin.booking.host.userId).toBe(x.id);
    const byHost = await ok<Answer>(await reassign(x, booking.id, owner.id));
    expect(byHost.booking.host.userId).toBe(owner.id);
    expect(await hostOf(booking.id)).toBe(owner.id);

    const records = await db`select kind, host_id, previous_host_id, actor_id from booking_assignments
      where event_id = ${booking.id} order by created_at`;
    expect(records.map((r) => [r.kind, r.host_id, r.previous_host_id, r.actor_id])).toEqual([
      ["assigned", x.id, null, null],
      ["reassigned", y.id, x.id, owner.id],
      ["reassigned", x.id, y.id, admin.id],
      ["reassigned", owner.id, x.id, x.id],
    ]);
    const changes = await db`select kind from booking_events where event_id = ${booking.id} order by created_at`;
    expect(changes.map((c) => c.kind)).toEqual(["created", "reassigned", "reassigned", "reassigned"]);
    const [{ sequence }] = await db`select sequence from events where id = ${booking.id}`;
    expect(sequence).toBe(3);
  });
});

describe("a reassignment", () => {
  let id: string;
  let x: Account;
  let y: Account;
  let guestEmail: string;
  beforeAll(async () => {
    for (const [person, path] of [
      [m1, "/m1"],
      [m2, "/m2"],
    ] as const) {
      await ok(
        await call("POST", "/api/webhooks", {
          token: person.token,
          json: { url: `http://127.0.0.1:9${path}`, events: ["booking.reassigned"] },
        }),
        201,
      );
    }
    const created = await ok<Answer>(await book(at(9, "10:00")), 201);
    id = created.booking.id;
    x = created.booking.host.userId === m1.id ? m1 : m2;
    y = x === m1 ? m2 : m1;
    [{ guest_email: guestEmail }] = await db`select guest_email from events where id = ${id}`;
    await eventually(
      async () => (await radicale.objects(calendars.get(x.id)!, x === m1 ? "m1" : "m2")).has(`${id}.ics`),
      Boolean,
      20_000,
    );
  });

  it("to a named host: the guest and both hosts are told, the calendars move, both hosts' webhooks fire", async () => {
    const answer = await ok<Answer>(await reassign(admin, id, y.id));
    expect(answer.booking.host).toEqual({ userId: y.id, name: nameOf(y), email: y.email });

    await bookingMailsSettled(db);
    const mails =
      await db`select "to", subject, text, attachments from mail_outbox where event_id = ${id} order by created_at`;
    const to = (address: string, subject: RegExp) =>
      mails.find((m) => m.to === address && subject.test(m.subject as string));
    const guest = to(guestEmail, /^Updated invitation: Sales demo/);
    expect(guest?.text).toContain(`Your meeting "Sales demo" is now hosted by ${nameOf(y)} instead of ${nameOf(x)}.`);
    expect(ics(guest)).toMatch(new RegExp(`^ORGANIZER;SENT-BY=[^\n]*:mailto:${y.email}\r?$`, "m"));
    const left = to(x.email, /^Reassigned: Sales demo with Guest/);
    expect(left?.text).toContain(`is now hosted by ${nameOf(y)}.`);
    expect(left?.text).toContain("RA ra-admin reassigned it");
    expect(ics(left)).toContain("METHOD:CANCEL");
    expect(ics(left)).toMatch(new RegExp(`^ORGANIZER;SENT-BY=[^\n]*:mailto:${x.email}\r?$`, "m"));
    const took = to(y.email, /^Assigned to you: Sales demo with Guest/);
    expect(took?.text).toContain(`is now yours (it was ${nameOf(x)}'s).`);
    expect(ics(took)).toContain("METHOD:REQUEST");

    const xCalendar = () => radicale.objects(calendars.get(x.id)!, x === m1 ? "m1" : "m2");
    const yCalendar = () => radicale.objects(calendars.get(y.id)!, y === m1 ? "m1" : "m2");
    await eventually(
      async () => !(await xCalendar()).has(`${id}.ics`) && (await yCalendar()).has(`${id}.ics`),
      Boolean,
      20_000,
    );
    expect((await yCalendar()).get(`${id}.ics`)).toContain(`UID:${id}@`);

    const hooks = await eventually(
      () => db`select d.body, s.user_id from webhook_deliveries d join webhook_subscriptions s on s.id = d.subscription_id
        where d.event_id = ${id} and d.type = 'booking.reassigned'`,
      (rows) => rows.length === 2,
    );
    expect(hooks.map((h) => h.user_id).sort()).toEqual([m1.id, m2.id].sort());
    const data = (JSON.parse(hooks[0].body as string) as { data: Record<string, unknown> }).data;
    expect(data).toMatchObject({
      id,
      host: { name: nameOf(y), email: y.email },
      previousHost: { name: nameOf(x), email: x.email },
      reassignedBy: "host",
    });
    expect(data.previousStart).toBeUndefined();
  });

  it("the timeline shows who was picked and why, with the candidates, to the team's admin; another member gets 404", async () => {
    const page = await admin.c.get(`/dashboard/scheduledEvents/${id}/timeline`);
    expect(page.status).toBe(200);
    const text = visibleText(await page.text());
    expect(text).toContain(`Assigned to ${nameOf(x)}`);
    expect(text).toContain(`Reassigned from ${nameOf(x)} to ${nameOf(y)} by RA ra-admin`);
    expect(text).toContain(`RA ra-admin reassigned it from ${nameOf(x)} to ${nameOf(y)}.`);
    expect(text).toMatch(/Host Free Bookings Weight Priority (RA ra-\w+ (Yes|No) \d+ 100 (low|medium) ){3}/);
    expect(text).toContain("Booking reassigned");
    expect((await plain.c.get(`/dashboard/scheduledEvents/${id}/timeline`)).status).toBe(404);
    expect((await outsider.c.get(`/dashboard/scheduledEvents/${id}/timeline`)).status).toBe(404);
  });

  it("to the next in line", async () => {
    // y hosts it now: the next in line is x (medium) before the owner (low).
    const answer = await ok<Answer>(await reassign(y, id));
    expect(answer.booking.host.userId).toBe(x.id);
    const [record] =
      await db`select reason from booking_assignments where event_id = ${id} order by created_at desc limit 1`;
    expect(record.reason).toMatch(
      new RegExp(
        `^${nameOf(y)} passed it to the next in line\\. ${nameOf(x)} had the highest priority among the free hosts \\(medium\\), of 2 free hosts: `,
      ),
    );
  });
});

describe("refusals", () => {
  it("host_not_free for a busy host and when nobody else is free; not_eligible, not_round_robin, bad input", async () => {
    const { booking } = await ok<Answer>(await book(at(10, "10:00")), 201);
    const x = booking.host.userId === m1.id ? m1 : m2;
    const y = x === m1 ? m2 : m1;
    await busy(y, at(10, "10:00"));
    const named = await reassign(owner, booking.id, y.id);
    expect(named.status).toBe(409);
    expect(await errorOf(named)).toMatchObject({
      code: "host_not_free",
      message: "That host is not free at this booking's time.",
    });
    // The owner is still free: the next in line.
    await busy(owner, at(10, "10:00"));
    const next = await reassign(owner, booking.id);
    expect(next.status).toBe(409);
    expect(await errorOf(next)).toMatchObject({
      code: "host_not_free",
      message: "No other host of this event type is free at this booking's time.",
    });
    for (const userId of [outsider.id, plain.id, x.id]) {
      const refused = await reassign(owner, booking.id, userId);
      expect(refused.status).toBe(422);
      expect((await errorOf(refused)).code).toBe("not_eligible");
    }
    const bad = await reassign(owner, booking.id, "not-an-id");
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).fields?.userId).toBeTruthy();
    expect(await hostOf(booking.id)).toBe(x.id);
    const [{ records }] =
      await db`select count(*)::int as records from booking_assignments where event_id = ${booking.id}`;
    expect(records).toBe(1);

    const own = await allDayEventType(call, x.token, {
      title: "Solo",
      slug: "solo",
      duration: 30,
      minimumNotice: 0,
      location: { type: "video" },
    });
    const solo = await ok<Answer>(await book(at(11, "09:00"), own._id), 201);
    const notRr = await reassign(x, solo.booking.id, y.id);
    expect(notRr.status).toBe(409);
    expect((await errorOf(notRr)).code).toBe("not_round_robin");

    await ok(await call("POST", `/api/bookings/${booking.id}/cancel`, { token: x.token, json: {} }));
    const cancelled = await reassign(owner, booking.id);
    expect(cancelled.status).toBe(409);
    expect((await errorOf(cancelled)).code).toBe("already_cancelled");
  });
});

describe("Scheduled Events (HTML, without JavaScript)", () => {
  it("the admin finds the team's booking, opens Reassign and reassigns it; a member cannot", async () => {
    const { booking } = await ok<Answer>(await book(at(12, "10:00")), 201);
    const x = booking.host.userId === m1.id ? m1 : m2;
    const list = visibleText(await (await admin.c.get("/dashboard/scheduledEvents")).text());
    expect(list).toContain("Round-robin bookings of your teams");
    expect(list).toMatch(new RegExp(`Sales demo Timeline Host ${nameOf(x)} Guest Guest \\d+`));
    const modal = await admin.c.get(`/dashboard/scheduledEvents?reassign=${booking.id}`);
    expect(modal.status).toBe(200);
    const modalText = visibleText(await modal.text());
    expect(modalText).toContain("Reassign Sales demo");
    expect(modalText).toContain(`Hosted by ${nameOf(x)}`);
    expect(modalText).toContain("Next in line");

    expect((await plain.c.get(`/dashboard/scheduledEvents?reassign=${booking.id}`)).status).toBe(404);
    const refused = await plain.c.post("/dashboard/scheduledEvents", {
      intent: "reassign",
      eventId: booking.id,
      host: "next",
    });
    expect(refused.status).toBe(403);
    expect(visibleText(await refused.text())).toContain(
      "Only the booking's host or an owner or admin of its team can reassign it.",
    );

    const done = await admin.c.post(`/dashboard/scheduledEvents?reassign=${booking.id}`, {
      intent: "reassign",
      eventId: booking.id,
      host: owner.id,
    });
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe("/dashboard/scheduledEvents");
    expect(await hostOf(booking.id)).toBe(owner.id);
    const after = visibleText(await (await admin.c.get("/dashboard/scheduledEvents")).text());
    expect(after).toContain(`Reassigned to ${nameOf(owner)}. The guest and both hosts are told.`);

    // A busy choice is refused in the modal, the choice kept.
    await busy(x, at(12, "10:00"));
    const busyAnswer = await admin.c.post(`/dashboard/scheduledEvents?reassign=${booking.id}`, {
      intent: "reassign",
      eventId: booking.id,
      host: x.id,
    });
    expect(busyAnswer.status).toBe(409);
    expect(visibleText(await busyAnswer.text())).toContain("That host is not free at this booking's time.");
  });
});
