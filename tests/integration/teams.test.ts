/**
 * Teams (decision 020) over real HTTP against PostgreSQL, on both app servers: invitations on
 * a team's settings page (decision 057 moved them from the old Team page) and through the mailed link, who may host a team event type, collective slots
 * and bookings over every host, round-robin fairness and races, cancel and reschedule of a
 * collective booking, capped hosts.
 */
import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { visibleText } from "../support/http";
import { apiClient, errorOf, type Account, type Role, type Json, ok, dateIn, at, tokenOf } from "./api-client";
import { bookingMailsSettled } from "../support/mail-wait";

const { db, call, account } = apiClient({ ipPrefix: "10.121", namePrefix: "Team" });

interface Booking {
  id: string;
  start: string;
  status: string;
  cancelUrl: string | null;
  rescheduleUrl: string | null;
}

const slug = () => `team-${crypto.randomUUID().slice(0, 8)}`;
const guest = (n: number | string) => ({
  name: `Guest ${n}`,
  email: `guest-${crypto.randomUUID().slice(0, 8)}@example.test`,
  timeZone: "UTC",
});

const weekly = (start: string, end: string) => [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, start, end }));

/** Sets the person's default schedule (their availability as a team member) to `start`-`end` UTC every day. */
async function setDefaultHours(a: Account, start = "00:00", end = "24:00") {
  const list = await ok<Json[]>(await call("GET", "/api/schedules", { token: a.token }));
  const def = list.find((s) => s.isDefault)!;
  await ok(
    await call("PUT", `/api/schedules/${def._id}`, {
      token: a.token,
      json: { name: "Working hours", timeZone: "UTC", weekly: weekly(start, end), overrides: [], isDefault: true },
    }),
  );
  return def._id;
}

async function member(prefix: string, role: Role = "professional"): Promise<Account> {
  return account(prefix, role);
}

/** The newest invitation mail to `email`: its accept token. */
async function invitationToken(email: string): Promise<string> {
  const [mail] =
    await db`select text from mail_outbox where "to" = ${email} and subject like '%invited you to their team%' order by created_at desc limit 1`;
  expect(mail, `an invitation mail to ${email}`).toBeTruthy();
  const link = /(http\S+\/dashboard\/team\/accept\?token=\S+)/.exec(mail.text as string)?.[1] ?? "";
  return new URL(link).searchParams.get("token") ?? "";
}

/** Each owner's named team (decision 057), made on first use through the JSON API. */
const teamIds = new Map<string, string>();
async function teamIdOf(owner: Account): Promise<string> {
  let id = teamIds.get(owner.id);
  if (!id) {
    id = (
      await ok<{ id: string }>(
        await call("POST", "/api/teams", { token: owner.token, json: { name: "Team", slug: slug() } }),
        201,
      )
    ).id;
    teamIds.set(owner.id, id);
  }
  return id;
}

/** Invites on the team's settings page (the old Team page, /dashboard/team, moved there). */
async function invite(owner: Account, email: string) {
  return owner.c.post(`/dashboard/teams/${await teamIdOf(owner)}`, { intent: "invite", email, role: "member" });
}

async function invitedAndAccepted(owner: Account, m: Account) {
  expect((await invite(owner, m.email)).status).toBe(302);
  const token = await invitationToken(m.email);
  expect(
    (await m.c.post(`/dashboard/team/accept?token=${encodeURIComponent(token)}`, { token, intent: "accept" })).status,
  ).toBe(302);
}

/** The event type's event_type_hosts rows (decision 058), by user id. */
async function hostsOf(eventTypeId: string): Promise<string[]> {
  const rows = await db`select user_id from event_type_hosts where event_type_id = ${eventTypeId} order by user_id`;
  return rows.map((r) => r.user_id as string);
}

async function eventType(owner: Account, patch: Record<string, unknown>): Promise<Json> {
  const schedule = await ok(
    await call("POST", "/api/schedules", {
      token: owner.token,
      json: { name: "All day", timeZone: "UTC", weekly: weekly("00:00", "24:00"), overrides: [] },
    }),
    201,
  );
  return ok(
    await call("POST", "/api/event-types", {
      token: owner.token,
      json: {
        title: "Panel",
        slug: slug(),
        duration: 30,
        minimumNotice: 60,
        bookingWindowDays: 30,
        location: { type: "video" },
        scheduleId: schedule._id,
        ...patch,
      },
    }),
    201,
  );
}

function book(eventTypeId: string, start: string, server = 0, who: ReturnType<typeof guest> = guest(start)) {
  return call("POST", "/api/bookings", { json: { eventTypeId, start, ...who }, server });
}

async function slotsOf(id: string, days: number): Promise<string[]> {
  const body = await ok<{ slots: Record<string, string[]> }>(
    await call("GET", `/api/slots?eventTypeId=${id}&start=${dateIn(days)}&end=${dateIn(days)}&timeZone=UTC`),
  );
  return body.slots[dateIn(days)] ?? [];
}

describe("invitations", () => {
  let owner: Account;
  let invitee: Account;
  let stranger: Account;
  let teamId: string;
  beforeAll(async () => {
    [owner, invitee, stranger] = await Promise.all([
      member("inv-owner"),
      member("inv-invitee"),
      member("inv-stranger"),
    ]);
    teamId = await teamIdOf(owner);
  });

  it("invite, mail with an unguessable link, accept only by the invited person; wrong token 404, another person 403", async () => {
    expect((await invite(owner, invitee.email.toUpperCase())).status).toBe(302);
    const [row] = await db`select * from team_invitations where team_id = ${teamId}`;
    expect(row).toMatchObject({ email: invitee.email, status: "pending", role: "member" });
    const token = await invitationToken(invitee.email);
    expect(token.length).toBeGreaterThanOrEqual(40);
    const [bell] =
      await db`select notification from notifications where user_id = ${invitee.id} order by created_at desc limit 1`;
    expect(bell.notification).toBe("Team inv-owner invited you to the team Team: answer on your Teams page.");
    expect(row.token_hash).toBe(crypto.createHash("sha256").update(token).digest("hex"));

    // A second invitation of the same address, and inviting oneself (a member), are refused with the field.
    const again = await invite(owner, invitee.email);
    expect(again.status).toBe(409);
    expect(visibleText(await again.text())).toContain("already invited");
    const self = await invite(owner, owner.email);
    expect(self.status).toBe(409);
    expect(visibleText(await self.text())).toContain("already on the team");
    expect((await invite(owner, "not an email")).status).toBe(400);

    const path = `/dashboard/team/accept?token=${encodeURIComponent(token)}`;
    // Signed out: to sign in, and back to the link.
    const anonymous = await call("GET", path);
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toBe(`/signin?${new URLSearchParams({ redirectTo: path })}`);
    // Someone else signed in: 403, also for the post; a wrong token: 404.
    expect((await stranger.c.get(path)).status).toBe(403);
    expect((await stranger.c.post(path, { token, intent: "accept" })).status).toBe(403);
    expect((await invitee.c.get(`/dashboard/team/accept?token=x${token}`)).status).toBe(404);
    expect(
      (await invitee.c.post(`/dashboard/team/accept?token=x${token}`, { token: `x${token}`, intent: "accept" })).status,
    ).toBe(404);
    // Nor by id on someone else's Teams page.
    expect((await stranger.c.post("/dashboard/teams", { intent: "accept", id: row.id })).status).toBe(404);
    expect((await db`select status from team_invitations where id = ${row.id}`)[0].status).toBe("pending");

    const page = await invitee.c.get(path);
    expect(page.status).toBe(200);
    expect(visibleText(await page.text())).toMatch(/Join Team ?\?/);
    const accepted = await invitee.c.post(path, { token, intent: "accept" });
    expect(accepted.status).toBe(302);
    expect(accepted.headers.get("location")).toBe(`/dashboard/teams/${teamId}`);
    expect(
      (await db`select role from team_memberships where team_id = ${teamId} and user_id = ${invitee.id}`)[0].role,
    ).toBe("member");
    // Answered: a second answer is 409; both pages show the membership.
    expect((await invitee.c.post(path, { token, intent: "decline" })).status).toBe(409);
    expect(visibleText(await (await owner.c.get(`/dashboard/teams/${teamId}`)).text())).toMatch(
      /Team inv-invitee .*Member/,
    );
    expect(visibleText(await (await invitee.c.get("/dashboard/teams")).text())).toMatch(/Team\s*Member/);
  });

  it("decline, resend (a new token, the old link dead), revoke; someone else's team is 404", async () => {
    const other = await member("inv-decliner");
    expect((await invite(owner, other.email)).status).toBe(302);
    const first = await invitationToken(other.email);
    const [row] = await db`select id from team_invitations where team_id = ${teamId} and email = ${other.email}`;
    expect((await other.c.post("/dashboard/teams", { intent: "decline", id: row.id })).status).toBe(302);
    expect((await db`select status from team_invitations where id = ${row.id}`)[0].status).toBe("declined");

    expect((await stranger.c.post(`/dashboard/teams/${teamId}`, { intent: "resend", id: row.id })).status).toBe(404);
    expect((await stranger.c.post(`/dashboard/teams/${teamId}`, { intent: "revoke", id: row.id })).status).toBe(404);
    expect((await stranger.c.get(`/dashboard/teams/${teamId}`)).status).toBe(404);
    expect((await owner.c.post(`/dashboard/teams/${teamId}`, { intent: "resend", id: row.id })).status).toBe(302);
    const second = await invitationToken(other.email);
    expect(second).not.toBe(first);
    expect((await other.c.get(`/dashboard/team/accept?token=${encodeURIComponent(first)}`)).status).toBe(404);
    expect((await db`select status from team_invitations where id = ${row.id}`)[0].status).toBe("pending");

    expect((await owner.c.post(`/dashboard/teams/${teamId}`, { intent: "revoke", id: row.id })).status).toBe(302);
    expect(await db`select id from team_invitations where id = ${row.id}`).toHaveLength(0);
    expect((await other.c.get(`/dashboard/team/accept?token=${encodeURIComponent(second)}`)).status).toBe(404);
  });

  it("the old Team page redirects to Teams; signed out goes to sign in", async () => {
    const old = await owner.c.get("/dashboard/team?remove=x");
    expect(old.status).toBe(301);
    expect(old.headers.get("location")).toBe("/dashboard/teams");
    expect((await call("GET", "/dashboard/teams")).status).toBe(302);
  });
});

describe("hosts of team event types", () => {
  let owner: Account;
  let m: Account;
  let pending: Account;
  beforeAll(async () => {
    [owner, m, pending] = await Promise.all([member("hosts-owner"), member("hosts-member"), member("hosts-pending")]);
    await invitedAndAccepted(owner, m);
    expect((await invite(owner, pending.email)).status).toBe(302);
  });

  it("only accepted members, at least one, only for team kinds: 400 with the hosts field otherwise", async () => {
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ kind: "collective", hosts: [pending.id] }, /accepted your team invitation/],
      [{ kind: "round-robin", hosts: [owner.id, crypto.randomUUID()] }, /accepted your team invitation/],
      [{ kind: "collective", hosts: ["not-a-uuid"] }, /accepted your team invitation/],
      [{ kind: "collective" }, /at least one team member/],
      [{ kind: "round-robin", hosts: [owner.id] }, /at least one team member/],
      [{ kind: "one-to-one", hosts: [m.id] }, /Only you host/],
    ];
    for (const [patch, message] of cases) {
      const res = await call("POST", "/api/event-types", {
        token: owner.token,
        json: { title: "X", slug: slug(), duration: 30, ...patch },
      });
      expect(res.status, JSON.stringify(patch)).toBe(400);
      const error = await errorOf(res);
      expect(error.fields?.hosts?.[0], JSON.stringify(patch)).toMatch(message);
    }
    // Someone else's member is not the owner's.
    const other = await member("hosts-other");
    const res = await call("POST", "/api/event-types", {
      token: other.token,
      json: { title: "X", slug: slug(), duration: 30, kind: "collective", hosts: [m.id] },
    });
    expect(res.status).toBe(400);

    const made = await eventType(owner, { kind: "collective", hosts: [m.id, owner.id, m.id] });
    expect(made.hosts).toEqual([owner.id, m.id]);
    // The form refuses a stranger as host with the field, keeping the page.
    const form = await owner.c.post("/dashboard/eventTypes/new", {
      title: "Form panel",
      slug: slug(),
      duration: "30",
      kind: "collective",
      hosts: pending.id,
      "location.type": "video",
      bufferBefore: "0",
      bufferAfter: "0",
      minimumNotice: "2",
      minimumNoticeUnit: "hours",
      bookingWindowDays: "60",
      active: "on",
    });
    expect(form.status).toBe(400);
    expect(visibleText(await form.text())).toContain("Hosts must be members who accepted your team invitation.");
    const good = await owner.c.post("/dashboard/eventTypes/new", {
      title: "Form panel",
      slug: slug(),
      duration: "30",
      kind: "round-robin",
      hosts: m.id,
      "location.type": "video",
      bufferBefore: "0",
      bufferAfter: "0",
      minimumNotice: "2",
      minimumNoticeUnit: "hours",
      bookingWindowDays: "60",
      active: "on",
    });
    expect(good.status).toBe(302);
    const [row] = await db`select id, team_id from event_types where user_id = ${owner.id} and title = 'Form panel'`;
    expect(row.team_id).toBe(await teamIdOf(owner));
    expect(await hostsOf(row.id)).toEqual([owner.id, m.id].sort());
  });
});

describe("collective", () => {
  let owner: Account;
  let m: Account;
  let typeId: string;
  beforeAll(async () => {
    [owner, m] = await Promise.all([member("col-owner"), member("col-member")]);
    await invitedAndAccepted(owner, m);
    await setDefaultHours(m, "10:00", "12:00");
    typeId = (await eventType(owner, { kind: "collective", hosts: [m.id] }))._id;
  });

  it("slots are the intersection; the co-host's own event removes a slot", async () => {
    expect(await slotsOf(typeId, 3)).toEqual([at(3, "10:00"), at(3, "10:30"), at(3, "11:00"), at(3, "11:30")]);
    // The member's own one-to-one booking at 10:30.
    const own = await eventType(m, { kind: "one-to-one" });
    await ok(await book(own._id, at(3, "10:30")), 201);
    expect(await slotsOf(typeId, 3)).toEqual([at(3, "10:00"), at(3, "11:00"), at(3, "11:30")]);
  });

  it("a booking makes one row per host, blocks both, mails every host; cancel frees all", async () => {
    const { booking } = await ok<{ booking: Booking }>(
      await book(typeId, at(4, "10:00"), 0, {
        name: "Pat Guest",
        email: `pat-${crypto.randomUUID().slice(0, 6)}@example.test`,
        timeZone: "UTC",
      }),
      201,
    );
    const rows =
      await db`select id, host_id, booking_id, status, guest_email, booking_token_hash is not null as has_token from events where id = ${booking.id} or booking_id = ${booking.id} order by booking_id nulls first`;
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ host_id: owner.id, booking_id: null, has_token: true });
    expect(rows[1]).toMatchObject({ host_id: m.id, booking_id: booking.id, has_token: false, guest_email: null });
    // Both hosts see it on their schedule (GET /event lists each host's own events).
    expect((await ok<Json[]>(await call("GET", "/event", { token: m.token }))).map((e) => e._id)).toContain(rows[1].id);
    await bookingMailsSettled(db);
    const mails = await db`select "to" from mail_outbox where subject like 'Booking: Panel with Pat Guest%'`;
    expect(mails.map((r) => r.to).sort()).toEqual([owner.email, m.email].sort());
    expect(await slotsOf(typeId, 4)).not.toContain(at(4, "10:00"));
    // The co-host's own event type cannot take that time either.
    const own = await eventType(m, { kind: "one-to-one" });
    expect((await book(own._id, at(4, "10:00"))).status).toBe(409);

    // The co-host's row never changes alone: 409 on the JSON paths and on Scheduled Events,
    // which lists it with the guest's name and no Cancel/Reschedule.
    const del = await call("DELETE", `/event/${rows[1].id}`, { token: m.token });
    expect(del.status).toBe(409);
    expect(((await del.json()) as { error: { code: string } }).error.code).toBe("part_of_booking");
    const put = await call("PUT", `/event/${rows[1].id}`, {
      token: m.token,
      json: { eventName: "Mine now", eventType: "Google Meet", description: "x", dateTime: at(5, "10:00") },
    });
    expect(put.status).toBe(409);
    const scheduled = await (await m.c.get("/dashboard/scheduledEvents")).text();
    expect(scheduled).toContain("Pat Guest");
    expect(scheduled).toContain("part of a collective booking");
    expect(scheduled).not.toContain(`cancel=${rows[1].id}`);
    expect((await m.c.post("/dashboard/scheduledEvents", { intent: "cancel", eventId: rows[1].id })).status).toBe(409);
    expect((await db`select status, starts_at from events where id = ${rows[1].id}`)[0]).toMatchObject({
      status: "confirmed",
    });

    // Reschedule moves every row.
    const token = tokenOf(booking.cancelUrl);
    await ok(
      await call("POST", `/api/bookings/${booking.id}/reschedule?token=${encodeURIComponent(token)}`, {
        json: { start: at(4, "11:00") },
      }),
    );
    const moved = await db`select starts_at from events where id = ${booking.id} or booking_id = ${booking.id}`;
    expect(moved.map((r) => (r.starts_at as Date).toISOString())).toEqual([
      new Date(at(4, "11:00")).toISOString(),
      new Date(at(4, "11:00")).toISOString(),
    ]);

    await ok(await call("POST", `/api/bookings/${booking.id}/cancel?token=${encodeURIComponent(token)}`));
    const after = await db`select status from events where id = ${booking.id} or booking_id = ${booking.id}`;
    expect(after.map((r) => r.status)).toEqual(["cancelled", "cancelled"]);
    await bookingMailsSettled(db);
    const cancelMails = await db`select "to" from mail_outbox where subject like 'Cancelled: Panel with Pat Guest%'`;
    expect(cancelMails.map((r) => r.to).sort()).toEqual([owner.email, m.email].sort());
    expect(await slotsOf(typeId, 4)).toContain(at(4, "11:00"));
    await ok(await book(own._id, at(4, "11:00")), 201);
  });

  it("the owner deleting the booking from My Schedule takes the co-host rows with it and mails the co-host", async () => {
    const name = `Del Guest ${crypto.randomUUID().slice(0, 6)}`;
    const { booking } = await ok<{ booking: Booking }>(
      await book(typeId, at(6, "10:00"), 0, {
        name,
        email: `del-${crypto.randomUUID().slice(0, 6)}@example.test`,
        timeZone: "UTC",
      }),
      201,
    );
    expect(await db`select id from events where booking_id = ${booking.id}`).toHaveLength(1);
    expect((await call("DELETE", `/event/${booking.id}`, { token: owner.token })).status).toBe(204);
    expect(await db`select id from events where id = ${booking.id} or booking_id = ${booking.id}`).toHaveLength(0);
    await bookingMailsSettled(db);
    const mails = await db`select "to" from mail_outbox where subject like ${`Cancelled: Panel with ${name}%`}`;
    expect(mails.map((r) => r.to)).toContain(m.email);
    expect(await slotsOf(typeId, 6)).toContain(at(6, "10:00"));
  });

  it("an admin's cancel in Manage All Event frees every co-host; a co-host row alone is 409 for everyone, admin included", async () => {
    const admin = await account("col-admin", "admin");
    const own = await eventType(m, { kind: "one-to-one" });
    const name = `Adm Guest ${crypto.randomUUID().slice(0, 6)}`;
    const { booking } = await ok<{ booking: Booking }>(
      await book(typeId, at(7, "10:00"), 0, {
        name,
        email: `adm-${crypto.randomUUID().slice(0, 6)}@example.test`,
        timeZone: "UTC",
      }),
      201,
    );
    const [coRow] = await db`select id from events where booking_id = ${booking.id}`;
    expect(await slotsOf(own._id, 7)).not.toContain(at(7, "10:00"));

    // The co-host's row alone: 409 for the admin (page) and for its own host (JSON), nothing changes.
    const alone = await admin.c.post("/dashboard/manageEvent", { intent: "cancel", eventId: coRow.id });
    expect(alone.status).toBe(409);
    expect(visibleText(await alone.text())).toContain("part of a collective booking");
    const json = await call("POST", `/api/bookings/${coRow.id}/cancel`, { token: m.token });
    expect(json.status).toBe(409);
    expect(await errorOf(json)).toMatchObject({ code: "part_of_booking" });
    expect(
      (await db`select status from events where id = ${booking.id} or booking_id = ${booking.id}`).map((r) => r.status),
    ).toEqual(["confirmed", "confirmed"]);

    // The booking's own row: every row goes, the co-host's time is free on both event types.
    expect((await admin.c.post("/dashboard/manageEvent", { intent: "cancel", eventId: booking.id })).status).toBe(302);
    const after = await db`select status, host_id from events where id = ${booking.id} or booking_id = ${booking.id}`;
    expect(after.map((r) => r.status)).toEqual(["cancelled", "cancelled"]);
    expect(await slotsOf(typeId, 7)).toContain(at(7, "10:00"));
    expect(await slotsOf(own._id, 7)).toContain(at(7, "10:00"));
    await bookingMailsSettled(db);
    const mails = await db`select "to" from mail_outbox where subject like ${`Cancelled: Panel with ${name}%`}`;
    expect(mails.map((r) => r.to)).toEqual([m.email]);
    const [bell] =
      await db`select notification from notifications where user_id = ${m.id} and notification like ${"Booking cancelled by an admin%"}`;
    expect(bell).toBeTruthy();
    // A second cancel: already cancelled.
    expect((await admin.c.post("/dashboard/manageEvent", { intent: "cancel", eventId: booking.id })).status).toBe(409);
  });

  it("a collective and the co-host's own type racing for one time: exactly one 201", async () => {
    const own = await eventType(m, { kind: "one-to-one" });
    const start = at(5, "11:00");
    const answers = await Promise.all(
      Array.from({ length: 16 }, (_, i) => book(i % 2 ? typeId : own._id, start, i % 2)),
    );
    expect(answers.filter((r) => r.status === 201)).toHaveLength(1);
    expect(answers.filter((r) => r.status === 409)).toHaveLength(15);
    const [row] =
      await db`select count(*)::int as n from events where host_id = ${m.id} and starts_at = ${start} and status <> 'cancelled'`;
    expect(row.n).toBe(1);
  });

  it("a co-host at the free cap keeps hosting (decision 038); leaving stops hosting", async () => {
    const capped = await member("col-capped", "user");
    await invitedAndAccepted(owner, capped);
    await setDefaultHours(capped);
    const type = await eventType(owner, { kind: "collective", hosts: [m.id, capped.id] });
    expect((await slotsOf(type._id, 6)).length).toBeGreaterThan(0);
    // The cap counts the host's own events (guest bookings never do): three of them.
    for (const hour of ["01", "02", "03"]) {
      await db`insert into events (host_id, event_name, event_type, event_with, description, starts_at, ends_at)
        values (${capped.id}, 'Own', 'Google Meet', 'One-to-One', '', ${at(8, `${hour}:00`)}, ${at(8, `${hour}:30`)})`;
    }
    expect((await slotsOf(type._id, 6)).length).toBeGreaterThan(0);
    expect((await book(type._id, at(6, "10:00"))).status).toBe(201);

    const teamId = await teamIdOf(owner);
    expect((await capped.c.get(`/dashboard/teams/${teamId}?leave=1`)).status).toBe(200);
    expect((await capped.c.post(`/dashboard/teams/${teamId}`, { intent: "leave" })).status).toBe(302);
    expect(await hostsOf(type._id)).toEqual([owner.id, m.id].sort());
    expect((await ok<Json>(await call("GET", `/api/event-types/${type._id}`, { token: owner.token }))).hosts).toEqual([
      owner.id,
      m.id,
    ]);
    expect((await slotsOf(type._id, 6)).length).toBeGreaterThan(0);
  });
});

describe("round robin", () => {
  let owner: Account;
  let m: Account;
  let typeId: string;
  let first: string;
  let second: string;
  beforeAll(async () => {
    [owner, m] = await Promise.all([member("rr-owner"), member("rr-member")]);
    await invitedAndAccepted(owner, m);
    await setDefaultHours(m);
    typeId = (await eventType(owner, { kind: "round-robin", hosts: [m.id] }))._id;
    [first, second] = [owner.id, m.id].sort();
  });

  const hostOf = async (id: string) => (await db`select host_id from events where id = ${id}`)[0].host_id as string;

  it("alternates, then ties go to the least recently booked (when the booking was made, not its time)", async () => {
    const a = await ok<{ booking: Booking }>(await book(typeId, at(3, "14:00")), 201);
    expect(await hostOf(a.booking.id)).toBe(first);
    const b = await ok<{ booking: Booking }>(await book(typeId, at(3, "09:00")), 201);
    expect(await hostOf(b.booking.id)).toBe(second);
    const c = await ok<{ booking: Booking }>(await book(typeId, at(3, "11:00")), 201);
    expect(await hostOf(c.booking.id)).toBe(first);
    // The host mails of a-c are stored first, so the one new host mail after d is d's (mails
    // stored in one batch can share created_at, so "the newest" would be ambiguous).
    await bookingMailsSettled(db);
    const hostMails = () =>
      db<
        { id: string; to: string }[]
      >`select id, "to" from mail_outbox where subject like 'Booking: Panel with Guest%'`;
    const before = new Set((await hostMails()).map((r) => r.id));
    const d = await ok<{ booking: Booking }>(await book(typeId, at(3, "12:00")), 201);
    expect(await hostOf(d.booking.id)).toBe(second);
    // The assigned host gets the mail and is named on the confirmation page.
    await bookingMailsSettled(db);
    const added = (await hostMails()).filter((r) => !before.has(r.id));
    expect(added.map((r) => r.to)).toEqual([second === m.id ? m.email : owner.email]);
    await db`update users set username = ${`rr${crypto.randomUUID().slice(0, 8)}`} where id = ${owner.id}`;
    const [{ username }] = await db`select username from users where id = ${owner.id}`;
    const [{ slug: s }] = await db`select slug from event_types where id = ${typeId}`;
    const page = await call(
      "GET",
      `/${username}/${s}/booked/${d.booking.id}?token=${encodeURIComponent(tokenOf(d.booking.cancelUrl))}`,
    );
    expect(page.status).toBe(200);
    expect(visibleText(await page.text())).toContain(second === m.id ? "Team rr-member" : "Team rr-owner");

    // A cancelled booking no longer counts: the host it belonged to is behind again.
    await ok(
      await call(
        "POST",
        `/api/bookings/${c.booking.id}/cancel?token=${encodeURIComponent(tokenOf(c.booking.cancelUrl))}`,
      ),
    );
    const e = await ok<{ booking: Booking }>(await book(typeId, at(3, "15:00")), 201);
    expect(await hostOf(e.booking.id)).toBe(first);
  });

  it("availability mode (decision 060): only free hosts are picked, a busy one is passed by", async () => {
    // The fairness mode offers only the turn-holder's times (tests/integration/round-robin.test.ts).
    await db`update event_types set round_robin_mode = 'availability' where id = ${typeId}`;
    const own = await eventType(m, { kind: "one-to-one" });
    const ownerOwn = await eventType(owner, { kind: "one-to-one" });
    await ok(await book(own._id, at(4, "10:00")), 201);
    const x = await ok<{ booking: Booking }>(await book(typeId, at(4, "10:00")), 201);
    expect(await hostOf(x.booking.id)).toBe(owner.id);
    await ok(await book(ownerOwn._id, at(4, "13:00")), 201);
    const y = await ok<{ booking: Booking }>(await book(typeId, at(4, "13:00")), 201);
    expect(await hostOf(y.booking.id)).toBe(m.id);
    expect((await book(typeId, at(4, "13:00"))).status).toBe(409);
    await db`update event_types set round_robin_mode = 'fairness' where id = ${typeId}`;
  });

  it("20 simultaneous bookings of one slot with 2 hosts: exactly two 201s, one per host", async () => {
    const start = at(5, "16:00");
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => book(typeId, start, i % 2)));
    const won = answers.filter((r) => r.status === 201);
    expect(won).toHaveLength(2);
    expect(answers.filter((r) => r.status === 409)).toHaveLength(18);
    const rows =
      await db`select host_id from events where event_type_id = ${typeId} and starts_at = ${start} and status <> 'cancelled' order by host_id`;
    expect(rows.map((r) => r.host_id)).toEqual([first, second]);
  });

  it("a guest's move keeps the assigned host where free and hands it to a free host where not (decision 060); the host's own move stays theirs", async () => {
    const r = await ok<{ booking: Booking }>(await book(typeId, at(7, "10:00")), 201);
    const assigned = await hostOf(r.booking.id);
    const assignedAccount = assigned === m.id ? m : owner;
    const other = assigned === m.id ? owner.id : m.id;
    const own = await eventType(assignedAccount, { kind: "one-to-one" });
    await ok(await book(own._id, at(7, "11:00")), 201);
    const token = encodeURIComponent(tokenOf(r.booking.cancelUrl));
    // The host moves their own meeting within their own free times.
    const byHost = await call("POST", `/api/bookings/${r.booking.id}/reschedule`, {
      token: assignedAccount.token,
      json: { start: at(7, "11:00") },
    });
    expect(byHost.status).toBe(409);
    // The guest's reschedule page offers 11:00: the other host is free then.
    const page = visibleText(
      await (await call("GET", `/booking/${r.booking.id}/reschedule?token=${token}&date=${dateIn(7)}`)).text(),
    );
    expect(page).toContain("11:00 AM 11:30 AM 12:00 PM");
    // Where the assigned host is free, they keep it.
    await ok(
      await call("POST", `/api/bookings/${r.booking.id}/reschedule?token=${token}`, {
        json: { start: at(7, "12:00") },
      }),
    );
    expect(await hostOf(r.booking.id)).toBe(assigned);
    // Where they are busy, the free host takes it, recorded as a reassignment by the guest's move.
    const moved = await ok<{ booking: Booking & { host: { userId: string } } }>(
      await call("POST", `/api/bookings/${r.booking.id}/reschedule?token=${token}`, {
        json: { start: at(7, "11:00") },
      }),
    );
    expect(moved.booking.host.userId).toBe(other);
    expect(await hostOf(r.booking.id)).toBe(other);
    const [record] =
      await db`select kind, host_id, previous_host_id, actor_id, reason from booking_assignments where event_id = ${r.booking.id} order by created_at desc limit 1`;
    expect(record).toMatchObject({ kind: "reassigned", host_id: other, previous_host_id: assigned, actor_id: null });
    expect(record.reason).toMatch(/^The guest moved it to a time Team rr-(owner|member) is not free\. Team rr-/);
    const [change] =
      await db`select kind, actor from booking_events where event_id = ${r.booking.id} order by created_at desc limit 1`;
    expect(change).toEqual({ kind: "reassigned", actor: "guest" });
  });

  it("a member at the free cap still takes bookings (decision 038)", async () => {
    const capped = await member("rr-capped", "user");
    await invitedAndAccepted(owner, capped);
    await setDefaultHours(capped);
    const type = await eventType(owner, { kind: "round-robin", hosts: [capped.id] });
    // The cap counts the host's own events (guest bookings never do): three of them.
    for (const hour of ["01", "02", "03"]) {
      await db`insert into events (host_id, event_name, event_type, event_with, description, starts_at, ends_at)
        values (${capped.id}, 'Own', 'Google Meet', 'One-to-One', '', ${at(9, `${hour}:00`)}, ${at(9, `${hour}:30`)})`;
    }
    const hosts = new Set<string>();
    for (const time of ["09:00", "10:00"]) {
      const r = await ok<{ booking: Booking }>(await book(type._id, at(6, time)), 201);
      hosts.add(await hostOf(r.booking.id));
    }
    expect(hosts).toEqual(new Set([owner.id, capped.id]));
  });
});
