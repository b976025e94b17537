/**
 * A team's bookings (decision 062) over real HTTP against PostgreSQL: GET
 * /api/teams/{id}/bookings for owners and admins (a member 403, an outsider 404), filtered by
 * member and status, paged; the team's owners and admins act on a member's booking through the
 * same service paths as its host (cancel, reschedule, approve, decline; the Scheduled Events page
 * and its timeline), and nobody else gains anything (a member on another's booking, an outsider,
 * deleting a member's row).
 */
import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { visibleText } from "../support/http";
import { apiClient, errorOf, ok, type Account } from "./api-client";
import { at, bookAt, join, teamCast, teamEventType, type TeamCast } from "./team-fixtures";

const { db, call, account } = apiClient({ ipPrefix: "10.162", namePrefix: "TB" });

interface TeamBooking {
  id: string;
  start: string;
  end: string;
  status: string;
  answers: Record<string, unknown>;
  eventType: { id: string; slug: string; title: string } | null;
  guest: { name: string | null; email: string; timeZone: string | null } | null;
  host: { userId: string; name: string; email: string };
}

let cast: TeamCast;
let typeId: string;
let vettedId: string;
/** The member's bookings through the team's event type, and the owner's one. */
let memberFirst: { id: string; start: string };
let memberSecond: { id: string; start: string };
let ownerBooking: { id: string; start: string };
let pending: { id: string; start: string; status: string };
let pendingToDecline: { id: string; start: string };
let personal: { id: string };

const list = async (who: Account | null, query = "") =>
  call("GET", `/api/teams/${cast.team.id}/bookings${query}`, { token: who?.token });
const hostOf = async (id: string) => (await db`select host_id from events where id = ${id}`)[0].host_id as string;

beforeAll(async () => {
  cast = await teamCast(call, db, account, "tb");
  typeId = await teamEventType(call, db, cast);
  vettedId = await teamEventType(call, db, cast, { title: "Vetted panel", requiresApproval: true });
  // After 02:00 only the member is free; the owner's first booking comes when the member has more.
  memberFirst = await bookAt(call, typeId, at(3, "10:00"));
  memberSecond = await bookAt(call, typeId, at(4, "11:00"));
  ownerBooking = await bookAt(call, typeId, at(5, "00:30"));
  pending = await bookAt(call, vettedId, at(6, "10:00"));
  pendingToDecline = await bookAt(call, vettedId, at(6, "12:00"));
  // The member's own event type (not the team's): never in the team's list.
  const schedule = await ok(
    await call("POST", "/api/schedules", {
      token: cast.member.token,
      json: {
        name: "Own",
        timeZone: "UTC",
        weekly: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, start: "00:00", end: "24:00" })),
      },
    }),
    201,
  );
  const own = await ok(
    await call("POST", "/api/event-types", {
      token: cast.member.token,
      json: {
        title: "Own call",
        slug: `own-${crypto.randomUUID().slice(0, 6)}`,
        duration: 30,
        scheduleId: schedule._id,
      },
    }),
    201,
  );
  personal = await bookAt(call, own._id, at(3, "15:00"));
});

describe("the setup", () => {
  it("the member hosts the late bookings, the owner the early one", async () => {
    expect(await hostOf(memberFirst.id)).toBe(cast.member.id);
    expect(await hostOf(memberSecond.id)).toBe(cast.member.id);
    expect(await hostOf(ownerBooking.id)).toBe(cast.owner.id);
    expect(await hostOf(pending.id)).toBe(cast.member.id);
    expect(pending.status).toBe("pending");
  });
});

describe("GET /api/teams/{id}/bookings", () => {
  it("owners and admins 200; a member 403; an outsider, an unknown team and a non-uuid 404; no token 401", async () => {
    expect((await list(cast.owner)).status).toBe(200);
    expect((await list(cast.admin)).status).toBe(200);
    const member = await list(cast.member);
    expect(member.status).toBe(403);
    expect((await errorOf(member)).code).toBe("forbidden");
    const outsider = await list(cast.outsider);
    expect(outsider.status).toBe(404);
    expect((await errorOf(outsider)).code).toBe("not_found");
    // An outsider learns nothing from a bad query either.
    expect((await list(cast.outsider, "?status=bogus")).status).toBe(404);
    expect((await call("GET", `/api/teams/${crypto.randomUUID()}/bookings`, { token: cast.owner.token })).status).toBe(
      404,
    );
    expect((await call("GET", "/api/teams/not-a-uuid/bookings", { token: cast.owner.token })).status).toBe(404);
    expect((await list(null)).status).toBe(401);
  });

  it("lists every upcoming booking of the team's event types with its host, soonest first, not the member's own event type", async () => {
    const res = await list(cast.admin);
    const rows = await ok<TeamBooking[]>(res);
    // Upcoming, as on Scheduled Events: requests waiting for approval included.
    expect(rows.map((r) => r.id)).toEqual([
      memberFirst.id,
      memberSecond.id,
      ownerBooking.id,
      pending.id,
      pendingToDecline.id,
    ]);
    expect(res.headers.get("x-total-count")).toBe("5");
    expect(rows.map((r) => r.id)).not.toContain(personal.id);
    const [first] = rows;
    expect(first).toMatchObject({
      start: new Date(memberFirst.start).toISOString(),
      status: "confirmed",
      answers: {},
      eventType: { id: typeId, title: "Team panel" },
      guest: { name: "Gail Guest", timeZone: "Europe/Paris" },
      host: { userId: cast.member.id, name: "TB tb-member", email: cast.member.email },
    });
    expect(rows[2].host.userId).toBe(cast.owner.id);
  });

  it("filters by member and by status (the Scheduled Events tabs); pages with limit and offset", async () => {
    const mine = await ok<TeamBooking[]>(await list(cast.owner, `?member=${cast.member.id}`));
    expect(mine.map((r) => r.id)).toEqual([memberFirst.id, memberSecond.id, pending.id, pendingToDecline.id]);
    const owners = await ok<TeamBooking[]>(await list(cast.owner, `?member=${cast.owner.id.toUpperCase()}`));
    expect(owners.map((r) => r.id)).toEqual([ownerBooking.id]);
    expect(await ok<TeamBooking[]>(await list(cast.owner, `?member=${cast.outsider.id}`))).toEqual([]);

    const waiting = await ok<TeamBooking[]>(await list(cast.owner, "?status=pending"));
    expect(waiting.map((r) => [r.id, r.status])).toEqual([
      [pending.id, "pending"],
      [pendingToDecline.id, "pending"],
    ]);
    expect(await ok<TeamBooking[]>(await list(cast.owner, "?status=past"))).toEqual([]);

    const page = await list(cast.owner, "?limit=1&offset=1");
    expect((await ok<TeamBooking[]>(page)).map((r) => r.id)).toEqual([memberSecond.id]);
    expect(page.headers.get("x-total-count")).toBe("5");
  });

  it("a bad query is 400 invalid_input with the parameter, never a 500", async () => {
    for (const [query, field] of [
      ["?member=someone", "member"],
      ["?status=confirmed", "status"],
      ["?limit=0", "limit"],
      ["?limit=501", "limit"],
      ["?offset=-1", "offset"],
      ["?member=%E2%80%AE", "member"],
    ] as const) {
      const res = await list(cast.owner, query);
      expect(res.status, query).toBe(400);
      const error = await errorOf(res);
      expect(error.code).toBe("invalid_input");
      expect(Object.keys(error.fields ?? {}), query).toContain(field);
    }
    // A control character never reaches the route: the server's request hygiene refuses it first.
    expect((await list(cast.owner, "?member=%00")).status).toBe(400);
  });
});

describe("acting on a member's booking", () => {
  it("the team admin declines and approves the member's requests through the booking paths; the member hears it", async () => {
    await ok(await call("POST", `/api/bookings/${pending.id}/approve`, { token: cast.admin.token }));
    await ok(
      await call("POST", `/api/bookings/${pendingToDecline.id}/decline`, {
        token: cast.owner.token,
        json: { reason: "Fully booked" },
      }),
    );
    const [approved] = await db`select status from events where id = ${pending.id}`;
    expect(approved.status).toBe("confirmed");
    const [declined] = await db`select status, declined_at from events where id = ${pendingToDecline.id}`;
    expect(declined.status).toBe("cancelled");
    expect(declined.declined_at).not.toBeNull();
    const bells =
      await db`select notification from notifications where user_id = ${cast.member.id} and notification like 'Request % by a team admin%'`;
    expect(bells.map((b) => (b.notification as string).split(":")[0]).sort()).toEqual([
      "Request approved by a team admin",
      "Request declined by a team admin",
    ]);
    const cancelled = await ok<TeamBooking[]>(await list(cast.admin, "?status=cancelled"));
    expect(cancelled.map((r) => [r.id, r.status])).toEqual([[pendingToDecline.id, "declined"]]);
  });

  it("nobody else gains anything: a member on another's booking, an outsider, and deleting a member's row stay 404", async () => {
    for (const who of [cast.member, cast.outsider]) {
      const res = await call("POST", `/api/bookings/${ownerBooking.id}/cancel`, { token: who.token, json: {} });
      expect(res.status).toBe(404);
    }
    expect(
      (await call("POST", `/api/bookings/${memberFirst.id}/cancel`, { token: cast.outsider.token, json: {} })).status,
    ).toBe(404);
    expect(
      (
        await call("POST", `/api/bookings/${memberFirst.id}/reschedule`, {
          token: cast.outsider.token,
          json: { start: at(7, "10:00") },
        })
      ).status,
    ).toBe(404);
    // Removing the row from the member's schedule (the legacy DELETE) stays the host's own.
    expect((await call("DELETE", `/event/${memberFirst.id}`, { token: cast.admin.token })).status).toBe(404);
    const [row] = await db`select status from events where id = ${memberFirst.id}`;
    expect(row.status).toBe("confirmed");
  });

  it("the team admin reschedules and the owner cancels the member's bookings through the JSON paths", async () => {
    const moved = await ok<{ booking: { id: string; start: string } }>(
      await call("POST", `/api/bookings/${memberSecond.id}/reschedule`, {
        token: cast.admin.token,
        json: { start: at(7, "14:00") },
      }),
    );
    expect(moved.booking.start).toBe(new Date(at(7, "14:00")).toISOString());
    // Still the member's: a round-robin booking stays with its host.
    expect(await hostOf(memberSecond.id)).toBe(cast.member.id);
    const cancelled = await ok<{ booking: { status: string } }>(
      await call("POST", `/api/bookings/${memberSecond.id}/cancel`, {
        token: cast.owner.token,
        json: { reason: "Team offsite" },
      }),
    );
    expect(cancelled.booking.status).toBe("cancelled");
    const bells = await db`select notification from notifications where user_id = ${cast.member.id}`;
    const texts = bells.map((b) => b.notification as string);
    expect(texts.some((t) => t.startsWith("Booking moved: Team panel"))).toBe(true);
    expect(texts.some((t) => t.startsWith("Booking cancelled by a team admin: Team panel"))).toBe(true);
    const [record] =
      await db`select actor, reason from booking_events where event_id = ${memberSecond.id} and kind = 'cancelled'`;
    expect(record).toMatchObject({ actor: "host", reason: "Team offsite" });
  });

  it("an admin who is demoted to member loses the team's bookings at once", async () => {
    const other = await account("tb-demoted", "professional");
    await join(call, db, cast.team.id, cast.owner, other, "admin");
    expect((await list(other)).status).toBe(200);
    await ok(
      await call("PATCH", `/api/teams/${cast.team.id}/members/${other.id}`, {
        token: cast.owner.token,
        json: { role: "member" },
      }),
    );
    expect((await list(other)).status).toBe(403);
    expect(
      (await call("POST", `/api/bookings/${memberFirst.id}/cancel`, { token: other.token, json: {} })).status,
    ).toBe(404);
  });
});

describe("Scheduled Events for a team", () => {
  const page = (who: Account, query: string) => who.c.get(`/dashboard/scheduledEvents${query}`);

  it("a team admin switches to the team, sees each booking with its host, filters by member; a member 403, an outsider 404", async () => {
    const own = visibleText(await (await page(cast.admin, "")).text());
    expect(own).toContain("Bookings of");
    expect(own).toContain(`Team: tb team`);
    expect(own).not.toContain("Host: TB tb-member");

    const res = await page(cast.admin, `?team=${cast.team.id}`);
    expect(res.status).toBe(200);
    const all = visibleText(await res.text());
    expect(all).toContain("Host: TB tb-member");
    expect(all).toContain("Host: TB tb-owner");
    expect(all).toContain("Hosted by");

    const filtered = visibleText(
      await (await page(cast.admin, `?team=${cast.team.id}&member=${cast.owner.id}`)).text(),
    );
    expect(filtered).toContain("Host: TB tb-owner");
    expect(filtered).not.toContain("Host: TB tb-member");

    expect((await page(cast.member, `?team=${cast.team.id}`)).status).toBe(403);
    expect((await page(cast.outsider, `?team=${cast.team.id}`)).status).toBe(404);
    expect((await page(cast.admin, `?team=${cast.team.id}&member=${cast.outsider.id}`)).status).toBe(404);
    expect((await page(cast.admin, "?team=not-a-team")).status).toBe(404);
    // Someone who runs no team sees no switch.
    expect(visibleText(await (await page(cast.outsider, "")).text())).not.toContain("Bookings of");
  });

  it("the team admin cancels the member's booking from the page (the host's form, without JavaScript), and reads its timeline", async () => {
    const query = `?team=${cast.team.id}&member=${cast.member.id}`;
    const modal = await page(cast.admin, `${query}&cancel=${memberFirst.id}`);
    expect(modal.status).toBe(200);
    expect(visibleText(await modal.text())).toContain('Cancel "');
    const done = await cast.admin.c.post(`/dashboard/scheduledEvents${query}&cancel=${memberFirst.id}`, {
      intent: "cancel",
      eventId: memberFirst.id,
      reason: "Covered by the team",
    });
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe(`/dashboard/scheduledEvents${query}`);
    const [row] = await db`select status from events where id = ${memberFirst.id}`;
    expect(row.status).toBe("cancelled");
    const [record] =
      await db`select reason from booking_events where event_id = ${memberFirst.id} and kind = 'cancelled'`;
    expect(record.reason).toBe("Covered by the team");

    const timeline = await cast.admin.c.get(`/dashboard/scheduledEvents/${memberFirst.id}/timeline`);
    expect(timeline.status).toBe(200);
    expect(visibleText(await timeline.text())).toContain("Booking cancelled");
    expect((await cast.outsider.c.get(`/dashboard/scheduledEvents/${memberFirst.id}/timeline`)).status).toBe(404);
    // A member who is not its host: the page's actions answer 404 as for any other host's booking.
    const refused = await cast.member.c.post("/dashboard/scheduledEvents", {
      intent: "cancel",
      eventId: ownerBooking.id,
    });
    expect(refused.status).toBe(404);
  });
});
