import crypto from "node:crypto";
import type postgres from "postgres";
import { expect } from "vitest";
import { at, ok, type Account, type Json } from "./api-client";

/**
 * A team with one person of each role and an outsider, and team event types whose bookings go to
 * the member (decision 062's tests: team-bookings.test.ts, team-webhooks.test.ts).
 */

type Call = (
  method: string,
  path: string,
  options?: { token?: string; json?: unknown; server?: number | string },
) => Promise<Response>;
type Db = postgres.Sql;

export interface TeamCast {
  team: { id: string; slug: string };
  owner: Account;
  admin: Account;
  member: Account;
  outsider: Account;
}

const weekly = (start: string, end: string) => [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, start, end }));

/** The newest team invitation mailed to `email`: its accept token. */
async function invitationToken(db: Db, email: string): Promise<string> {
  const [mail] = await db`select text from mail_outbox where "to" = ${email} order by created_at desc limit 1`;
  expect(mail, `an invitation mail to ${email}`).toBeTruthy();
  return decodeURIComponent(/accept\?token=([A-Za-z0-9_%-]+)/.exec(mail.text as string)?.[1] ?? "");
}

/** `who` joins `team` with `role`, invited by the owner through the JSON API. */
export async function join(call: Call, db: Db, teamId: string, owner: Account, who: Account, role: string) {
  await ok(
    await call("POST", `/api/teams/${teamId}/invitations`, { token: owner.token, json: { email: who.email, role } }),
    201,
  );
  const token = await invitationToken(db, who.email);
  await ok(await call("POST", "/api/team-invitations/accept", { token: who.token, json: { token } }));
}

/** The team, its owner, an admin, a member (free all day, every day, in UTC) and an outsider. */
export async function teamCast(
  call: Call,
  db: Db,
  account: (prefix: string, role?: "user" | "professional" | "admin") => Promise<Account>,
  prefix: string,
): Promise<TeamCast> {
  const [owner, admin, member, outsider] = await Promise.all([
    account(`${prefix}-owner`, "professional"),
    account(`${prefix}-admin`, "professional"),
    account(`${prefix}-member`, "professional"),
    account(`${prefix}-outsider`, "professional"),
  ]);
  const team = await ok<{ id: string; slug: string }>(
    await call("POST", "/api/teams", {
      token: owner.token,
      json: { name: `${prefix} team`, slug: `${prefix}-${crypto.randomUUID().slice(0, 8)}` },
    }),
    201,
  );
  await join(call, db, team.id, owner, admin, "admin");
  await join(call, db, team.id, owner, member, "member");
  // The member's availability as a team host is their default schedule: all day.
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
  return { team, owner, admin, member, outsider };
}

/**
 * A round-robin event type of the team (POST /api/teams/{id}/event-types, decision 059), hosted by
 * the owner and the member, offering every host's times (`availability`, decision 060). The
 * owner's hours (their default schedule) are 00:00 to 02:00 UTC, the member's all day: a booking
 * after 02:00 goes to the member.
 */
export async function teamEventType(
  call: Call,
  _db: Db,
  cast: TeamCast,
  fields: Record<string, unknown> = {},
): Promise<string> {
  const schedules = await ok<Json[]>(await call("GET", "/api/schedules", { token: cast.owner.token }));
  const def = schedules.find((s) => s.isDefault)!;
  await ok(
    await call("PUT", `/api/schedules/${def._id}`, {
      token: cast.owner.token,
      json: { name: "Early", timeZone: "UTC", weekly: weekly("00:00", "02:00"), overrides: [], isDefault: true },
    }),
  );
  const slug = `panel-${crypto.randomUUID().slice(0, 8)}`;
  const type = await ok(
    await call("POST", `/api/teams/${cast.team.id}/event-types`, {
      token: cast.owner.token,
      json: {
        title: "Team panel",
        slug,
        kind: "round-robin",
        roundRobinMode: "availability",
        hosts: [{ userId: cast.owner.id }, { userId: cast.member.id }],
        duration: 30,
        minimumNotice: 60,
        bookingWindowDays: 30,
        location: { type: "video" },
        ...fields,
      },
    }),
    201,
  );
  return type._id;
}

/** A guest books `start` (an instant from `at`) of the event type: the booking as POST /api/bookings answers it. */
export async function bookAt(call: Call, eventTypeId: string, start: string, name = "Gail Guest") {
  const res = await call("POST", "/api/bookings", {
    json: {
      eventTypeId,
      start,
      name,
      email: `gail-${crypto.randomUUID().slice(0, 6)}@example.test`,
      timeZone: "Europe/Paris",
    },
  });
  return (await ok<{ booking: { id: string; start: string; status: string; cancelUrl: string } }>(res, 201)).booking;
}

export { at };
