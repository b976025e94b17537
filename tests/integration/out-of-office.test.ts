/**
 * Out of office (decision 061) over real HTTP against PostgreSQL: the JSON paths (create, list,
 * read, delete; bad dates, order, absurd years, control characters, a teammate who is not one,
 * someone else's id, no credentials), slots that vanish during an absence for a one-to-one and a
 * group type and come back when it is deleted, bookings and reschedules into an absence refused
 * like a taken slot, round robin passing an absent host by, and the host's pages saying they are
 * away with a link to the teammate.
 */
import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { visibleText } from "../support/http";
import { allDayEventType, apiClient, at, dateIn, errorOf, ok, tokenOf, type Account, type Json } from "./api-client";

const { db, call, account } = apiClient({ ipPrefix: "10.161", namePrefix: "Ooo" });

interface Absence {
  id: string;
  start: string;
  end: string;
  reason: string | null;
  redirectToUserId: string | null;
  redirectTo?: { userId: string; name: string; username: string | null };
}

interface Booking {
  id: string;
  start: string;
  rescheduleUrl: string | null;
}

const handle = (prefix: string) => `${prefix}${crypto.randomUUID().slice(0, 8)}`;
const guest = () => ({
  name: "Guest",
  email: `guest-${crypto.randomUUID().slice(0, 8)}@example.test`,
  timeZone: "UTC",
});
const weekly = (start: string, end: string) => [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, start, end }));

function addAbsence(a: Account, json: Record<string, unknown>) {
  return call("POST", "/api/out-of-office", { token: a.token, json });
}

/** A new team of `owner` with each of `members` in it (invited and accepted over JSON). */
async function teamOf(owner: Account, ...members: Account[]): Promise<string> {
  const team = await ok<{ id: string }>(
    await call("POST", "/api/teams", { token: owner.token, json: { name: "Away team", slug: handle("ooo-") } }),
    201,
  );
  for (const m of members) {
    await ok(
      await call("POST", `/api/teams/${team.id}/invitations`, { token: owner.token, json: { email: m.email } }),
      201,
    );
    const [mail] =
      await db`select text from mail_outbox where "to" = ${m.email} and subject like '%invited you to their team%' order by created_at desc limit 1`;
    const link = /(http\S+\/dashboard\/team\/accept\?token=\S+)/.exec(mail.text as string)?.[1] ?? "";
    const token = new URL(link).searchParams.get("token") ?? "";
    await ok(await call("POST", "/api/team-invitations/accept", { token: m.token, json: { token } }));
  }
  return team.id;
}

async function slotsOn(eventTypeId: string, days: number): Promise<string[]> {
  const body = await ok<{ slots: Record<string, string[]> }>(
    await call("GET", `/api/slots?eventTypeId=${eventTypeId}&start=${dateIn(days)}&end=${dateIn(days)}&timeZone=UTC`),
  );
  return body.slots[dateIn(days)] ?? [];
}

const book = (eventTypeId: string, start: string) =>
  call("POST", "/api/bookings", { json: { eventTypeId, start, ...guest() } });

async function rowCount(userId: string): Promise<number> {
  const [row] = await db`select count(*)::int as n from out_of_office where user_id = ${userId}`;
  return row.n as number;
}

describe("the JSON paths", () => {
  let host: Account;
  let teammate: Account;
  let stranger: Account;
  let teammateUsername: string;

  beforeAll(async () => {
    [host, teammate, stranger] = await Promise.all([account("host"), account("mate"), account("stranger")]);
    teammateUsername = handle("mate");
    await db`update users set username = ${teammateUsername}, name = 'Mara Mate' where id = ${teammate.id}`;
    await teamOf(host, teammate);
  });

  it("201 with the absence; GET lists what is not over, the current first; GET by id; DELETE 204, then 404", async () => {
    const later = await ok<Absence>(
      await addAbsence(host, {
        start: `${dateIn(20)}T00:00:00+02:00`,
        end: `${dateIn(27)}T00:00:00+02:00`,
        reason: "  Family visit ",
        redirectToUserId: teammate.id,
      }),
      201,
    );
    expect(later).toEqual({
      id: expect.any(String),
      start: new Date(`${dateIn(20)}T00:00:00+02:00`).toISOString(),
      end: new Date(`${dateIn(27)}T00:00:00+02:00`).toISOString(),
      reason: "Family visit",
      redirectToUserId: teammate.id,
      redirectTo: { userId: teammate.id, name: "Mara Mate", username: teammateUsername },
    });
    // Under way since yesterday: a start in the past is fine.
    const current = await ok<Absence>(
      await addAbsence(host, { start: at(-1, "08:00"), end: at(2, "08:00"), reason: null }),
      201,
    );
    expect(current).not.toHaveProperty("redirectTo");
    expect(current.redirectToUserId).toBeNull();
    // One that is over no longer lists.
    await db`insert into out_of_office (user_id, starts_at, ends_at) values (${host.id}, now() - interval '10 days', now() - interval '9 days')`;

    const list = await ok<Absence[]>(await call("GET", "/api/out-of-office", { token: host.token }));
    expect(list.map((a) => a.id)).toEqual([current.id, later.id]);
    expect(list[1]).toEqual(later);
    expect(await ok<Absence>(await call("GET", `/api/out-of-office/${later.id}`, { token: host.token }))).toEqual(
      later,
    );
    // Nobody else sees them.
    expect(await ok<Absence[]>(await call("GET", "/api/out-of-office", { token: stranger.token }))).toEqual([]);

    expect((await call("DELETE", `/api/out-of-office/${later.id}`, { token: host.token })).status).toBe(204);
    expect((await call("DELETE", `/api/out-of-office/${later.id}`, { token: host.token })).status).toBe(404);
    expect((await call("GET", `/api/out-of-office/${later.id}`, { token: host.token })).status).toBe(404);
    expect(
      (await ok<Absence[]>(await call("GET", "/api/out-of-office", { token: host.token }))).map((a) => a.id),
    ).toEqual([current.id]);
  });

  it("someone else's absence is 404 to read and to delete, and stays; a non-uuid is 404", async () => {
    const mine = await ok<Absence>(await addAbsence(host, { start: at(30, "09:00"), end: at(31, "09:00") }), 201);
    for (const method of ["GET", "DELETE"]) {
      const res = await call(method, `/api/out-of-office/${mine.id}`, { token: stranger.token });
      expect(res.status, method).toBe(404);
      expect((await errorOf(res)).code).toBe("not_found");
      expect((await call(method, "/api/out-of-office/not-a-uuid", { token: host.token })).status).toBe(404);
    }
    const [row] = await db`select id from out_of_office where id = ${mine.id}`;
    expect(row?.id).toBe(mine.id);
  });

  it("no credentials is 401 on every path, and writes nothing", async () => {
    const before = await rowCount(host.id);
    const [row] = await db`select id from out_of_office where user_id = ${host.id} limit 1`;
    for (const [method, path, json] of [
      ["GET", "/api/out-of-office", undefined],
      ["POST", "/api/out-of-office", { start: at(40, "09:00"), end: at(41, "09:00") }],
      ["GET", `/api/out-of-office/${row.id}`, undefined],
      ["DELETE", `/api/out-of-office/${row.id}`, undefined],
    ] as const) {
      const res = await call(method, path, json ? { json } : {});
      expect(res.status, `${method} ${path}`).toBe(401);
      expect((await errorOf(res)).code).toBe("unauthorized");
    }
    expect(await rowCount(host.id)).toBe(before);
  });

  it("bad input is 400 invalid_input on the field, never a 500, and writes nothing", async () => {
    const before = await rowCount(host.id);
    const start = at(10, "09:00");
    const end = at(12, "09:00");
    const cases: Array<[Record<string, unknown>, string, RegExp]> = [
      [{ start: `${dateIn(10)}T09:00:00`, end }, "start", /ISO 8601 instant with an offset/],
      [{ start, end: dateIn(12) }, "end", /ISO 8601 instant with an offset/],
      [{ start: "next monday", end }, "start", /ISO 8601/],
      [{ start, end: 5 }, "end", /ISO 8601/],
      [{ start: end, end: start }, "end", /after the start/],
      [{ start, end: start }, "end", /after the start/],
      [{ start: at(-5, "09:00"), end: at(-3, "09:00") }, "end", /already over/],
      [{ start: "1999-06-01T00:00:00Z", end }, "start", /between 2000-01-01 and 730 days/],
      [{ start, end: "9999-12-31T00:00:00Z" }, "end", /between 2000-01-01 and 730 days/],
      [{ start: at(800, "09:00"), end: at(801, "09:00") }, "start", /730 days/],
      [{ start, end, reason: "Away\u0000" }, "reason", /control characters/],
      [{ start, end, reason: "Line\nbreak" }, "reason", /control characters/],
      [{ start, end, reason: "x".repeat(501) }, "reason", /at most 500/],
      [{ start, end, redirectToUserId: stranger.id }, "redirectToUserId", /shares a team with you/],
      [{ start, end, redirectToUserId: crypto.randomUUID() }, "redirectToUserId", /shares a team with you/],
      [{ start, end, redirectToUserId: host.id }, "redirectToUserId", /yourself/],
      [{ start, end, redirectToUserId: "mara" }, "redirectToUserId", /Pick a teammate/],
      [{ start, end, extra: true }, "body", /./],
    ];
    for (const [json, field, message] of cases) {
      const res = await addAbsence(host, json);
      expect(res.status, JSON.stringify(json)).toBe(400);
      const error = await errorOf(res);
      expect(error.code).toBe("invalid_input");
      expect(error.fields?.[field]?.join(" "), JSON.stringify(json)).toMatch(message);
    }
    const notJson = await call("POST", "/api/out-of-office", {
      token: host.token,
      body: "start=x",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(notJson.status).toBe(415);
    expect(await rowCount(host.id)).toBe(before);
    // A teammate is fine, and so is a reason of 500 characters.
    await ok(await addAbsence(host, { start, end, reason: "x".repeat(500), redirectToUserId: teammate.id }), 201);
  });
});

describe("slots, bookings and reschedules during an absence", () => {
  let host: Account;
  let oneToOne: Json;
  let group: Json;

  beforeAll(async () => {
    host = await account("slots", "professional");
    oneToOne = await allDayEventType(call, host.token, {
      title: "Chat",
      slug: handle("chat-"),
      duration: 30,
      minimumNotice: 0,
    });
    group = await allDayEventType(call, host.token, {
      title: "Class",
      slug: handle("class-"),
      duration: 60,
      kind: "group",
      seats: 5,
      minimumNotice: 0,
    });
  });

  it("no slots inside it in a one-to-one or a group type, a booking into it is 409, and deleting it brings them back", async () => {
    const before = await slotsOn(oneToOne._id, 3);
    for (const time of ["09:30", "10:00", "11:30", "12:00"]) expect(before).toContain(at(3, time));
    for (const time of ["10:00", "11:00"]) expect(await slotsOn(group._id, 3)).toContain(at(3, time));

    const absence = await ok<Absence>(await addAbsence(host, { start: at(3, "10:00"), end: at(3, "12:00") }), 201);
    const during = await slotsOn(oneToOne._id, 3);
    // The end is not included, and an absence has no buffers.
    expect(during).toContain(at(3, "09:30"));
    expect(during).toContain(at(3, "12:00"));
    for (const time of ["10:00", "10:30", "11:00", "11:30"]) expect(during).not.toContain(at(3, time));
    expect(during).toHaveLength(before.length - 4);
    // The group type's hourly grid: 09:00-10:00 touches the absence and stays.
    const groupDuring = await slotsOn(group._id, 3);
    expect(groupDuring).toContain(at(3, "09:00"));
    for (const time of ["10:00", "11:00"]) expect(groupDuring).not.toContain(at(3, time));
    expect(groupDuring).toContain(at(3, "12:00"));

    const refused = await book(oneToOne._id, at(3, "10:30"));
    expect(refused.status).toBe(409);
    const body = (await refused.json()) as { error: { code: string }; nextSlots: string[] };
    expect(body.error.code).toBe("slot_unavailable");
    expect(Date.parse(body.nextSlots[0])).toBe(Date.parse(at(3, "12:00")));
    expect((await book(group._id, at(3, "11:00"))).status).toBe(409);
    const [events] = await db`select count(*)::int as n from events where host_id = ${host.id}`;
    expect(events.n).toBe(0);

    expect((await call("DELETE", `/api/out-of-office/${absence.id}`, { token: host.token })).status).toBe(204);
    expect(await slotsOn(oneToOne._id, 3)).toEqual(before);
    await ok(await book(oneToOne._id, at(3, "10:30")), 201);
  });

  it("a reschedule into an absence is refused; the booking stays where it was", async () => {
    const booked = await ok<{ booking: Booking }>(await book(oneToOne._id, at(5, "15:00")), 201);
    await ok(await addAbsence(host, { start: at(6, "00:00"), end: at(7, "00:00") }), 201);
    const token = tokenOf(booked.booking.rescheduleUrl);
    const move = await call(
      "POST",
      `/api/bookings/${booked.booking.id}/reschedule?token=${encodeURIComponent(token)}`,
      {
        json: { start: at(6, "09:00") },
      },
    );
    expect(move.status).toBe(409);
    expect((await errorOf(move)).code).toBe("slot_unavailable");
    const [row] = await db`select starts_at from events where id = ${booked.booking.id}`;
    expect((row.starts_at as Date).toISOString()).toBe(new Date(at(5, "15:00")).toISOString());
    // The whole day is gone from its slots; the day before is not.
    expect(await slotsOn(oneToOne._id, 6)).toEqual([]);
    expect((await slotsOn(oneToOne._id, 5)).length).toBeGreaterThan(0);
  });
});

describe("round robin", () => {
  let owner: Account;
  let member: Account;
  let typeId: string;

  beforeAll(async () => {
    [owner, member] = await Promise.all([account("rr-owner", "professional"), account("rr-member", "professional")]);
    await teamOf(owner, member);
    // The member hosts on their default schedule: open all day.
    const schedules = await ok<Json[]>(await call("GET", "/api/schedules", { token: member.token }));
    const def = schedules.find((s) => s.isDefault)!;
    await ok(
      await call("PUT", `/api/schedules/${def._id}`, {
        token: member.token,
        json: {
          name: "Working hours",
          timeZone: "UTC",
          weekly: weekly("00:00", "24:00"),
          overrides: [],
          isDefault: true,
        },
      }),
    );
    typeId = (
      await allDayEventType(call, owner.token, {
        title: "Support",
        slug: handle("rr-"),
        duration: 30,
        minimumNotice: 0,
        kind: "round-robin",
        hosts: [member.id],
      })
    )._id;
  });

  const hostOf = async (id: string) => (await db`select host_id from events where id = ${id}`)[0].host_id as string;

  it("passes an absent host by: every booking of the day goes to the host who is in", async () => {
    await ok(await addAbsence(member, { start: at(8, "00:00"), end: at(9, "00:00") }), 201);
    const hosts: string[] = [];
    for (const time of ["09:00", "10:00", "11:00"]) {
      const r = await ok<{ booking: Booking }>(await book(typeId, at(8, time)), 201);
      hosts.push(await hostOf(r.booking.id));
    }
    // Without the absence the member, with no bookings yet, would have had the second one.
    expect(hosts).toEqual([owner.id, owner.id, owner.id]);
  });

  it("a collective type over the same hosts has no slot while either is away", async () => {
    const collective = await allDayEventType(call, owner.token, {
      title: "Panel",
      slug: handle("panel-"),
      duration: 30,
      minimumNotice: 0,
      kind: "collective",
      hosts: [member.id],
    });
    expect(await slotsOn(collective._id, 13)).toContain(at(13, "10:00"));
    await ok(await addAbsence(member, { start: at(13, "09:00"), end: at(13, "12:00") }), 201);
    const slots = await slotsOn(collective._id, 13);
    for (const time of ["09:00", "10:00", "11:30"]) expect(slots).not.toContain(at(13, time));
    expect(slots).toContain(at(13, "08:30"));
    expect(slots).toContain(at(13, "12:00"));
    expect((await book(collective._id, at(13, "10:00"))).status).toBe(409);
  });

  it("gives the turns to the other host when the owner is away, and has no slot while both are", async () => {
    await ok(await addAbsence(owner, { start: at(10, "00:00"), end: at(11, "00:00") }), 201);
    const hosts: string[] = [];
    for (const time of ["09:00", "10:00"]) {
      const r = await ok<{ booking: Booking }>(await book(typeId, at(10, time)), 201);
      hosts.push(await hostOf(r.booking.id));
    }
    expect(hosts).toEqual([member.id, member.id]);

    expect((await slotsOn(typeId, 11)).length).toBeGreaterThan(0);
    await ok(await addAbsence(owner, { start: at(11, "00:00"), end: at(12, "00:00") }), 201);
    await ok(await addAbsence(member, { start: at(11, "06:00"), end: at(11, "18:00") }), 201);
    const both = await slotsOn(typeId, 11);
    expect(both.length).toBeGreaterThan(0);
    expect(
      both.every((s) => Date.parse(s) < Date.parse(at(11, "06:00")) || Date.parse(s) >= Date.parse(at(11, "18:00"))),
    ).toBe(true);
    expect((await book(typeId, at(11, "12:00"))).status).toBe(409);
    expect((await ok<{ booking: Booking }>(await book(typeId, at(11, "19:00")), 201)).booking.start).toBe(
      new Date(at(11, "19:00")).toISOString(),
    );
  });
});

describe("the host's pages while they are away", () => {
  let host: Account;
  let mate: Account;
  let hostName: string;
  let mateName: string;
  let slug: string;
  let teamId: string;

  beforeAll(async () => {
    [host, mate] = await Promise.all([account("page-host", "professional"), account("page-mate", "professional")]);
    hostName = handle("host");
    mateName = handle("mate");
    await db`update users set username = ${hostName}, name = 'Hana Host', time_zone = 'UTC' where id = ${host.id}`;
    await db`update users set username = ${mateName}, name = 'Milo Mate' where id = ${mate.id}`;
    teamId = await teamOf(host, mate);
    slug = handle("intro-");
    await allDayEventType(call, host.token, { title: "Intro", slug, duration: 30, minimumNotice: 0 });
  });

  const page = async (path: string) => {
    const res = await call("GET", path);
    expect(res.status, path).toBe(200);
    return visibleText(await res.text());
  };
  const dayLabel = (iso: string) =>
    new Intl.DateTimeFormat("en-US", { weekday: "long", month: "long", day: "numeric", timeZone: "UTC" }).format(
      new Date(iso),
    );

  it("say nothing before the absence starts", async () => {
    await ok(await addAbsence(host, { start: at(4, "00:00"), end: at(6, "00:00") }), 201);
    expect(await page(`/${hostName}/${slug}`)).not.toContain("is away until");
    expect(await page(`/${hostName}`)).not.toContain("is away until");
  });

  it("say until when (absences in a row read as one) and link to the teammate's page, then their same-slug type", async () => {
    const [current] = await Promise.all([
      ok<Absence>(
        await addAbsence(host, { start: at(-1, "00:00"), end: at(2, "09:00"), redirectToUserId: mate.id }),
        201,
      ),
      ok(await addAbsence(host, { start: at(2, "09:00"), end: at(3, "12:00") }), 201),
    ]);
    const text = `Hana Host is away until ${dayLabel(at(3, "12:00"))}`;
    const booking = await call("GET", `/${hostName}/${slug}`);
    const html = await booking.text();
    expect(visibleText(html)).toContain(text);
    expect(visibleText(html)).toContain("Book with Milo Mate");
    expect(html).toContain(`href="/${mateName}"`);
    const profile = await call("GET", `/${hostName}`);
    const profileHtml = await profile.text();
    expect(visibleText(profileHtml)).toContain(text);
    expect(profileHtml).toContain(`href="/${mateName}"`);

    // The teammate's own event type with the same slug, once it is there and on.
    const theirs = await allDayEventType(call, mate.token, { title: "Intro", slug, duration: 30 });
    expect(await call("GET", `/${hostName}/${slug}`).then((r) => r.text())).toContain(`href="/${mateName}/${slug}"`);
    await ok(
      await call("PUT", `/api/event-types/${theirs._id}`, {
        token: mate.token,
        json: { title: "Intro", slug, duration: 30, scheduleId: theirs.scheduleId, active: false },
      }),
    );
    const off = await call("GET", `/${hostName}/${slug}`).then((r) => r.text());
    expect(off).not.toContain(`href="/${mateName}/`);
    expect(off).toContain(`href="/${mateName}"`);

    // A teammate who left the team is no longer offered; the notice stays.
    expect((await call("DELETE", `/api/teams/${teamId}/members/${mate.id}`, { token: mate.token })).status).toBe(204);
    const left = await call("GET", `/${hostName}/${slug}`).then((r) => r.text());
    expect(visibleText(left)).toContain(text);
    expect(left).not.toContain("Book with Milo Mate");

    expect((await call("DELETE", `/api/out-of-office/${current.id}`, { token: host.token })).status).toBe(204);
    expect(await page(`/${hostName}/${slug}`)).not.toContain("is away until");
  });
});
