import crypto from "node:crypto";
import { expect } from "vitest";
import { ALL_DAY_SCHEDULE, ok, type Account, type Json } from "./api-client";

/**
 * A named team with a round-robin event type, for round-robin.test.ts and reassign.test.ts
 * (decision 060): the owner makes the team and invites the others over JSON, each accepts with the
 * mailed token, every member's default schedule is open all day (UTC), and the owner makes the
 * round-robin event type with them as hosts (POST /api/event-types: the owner hosts too).
 */

type Call = (
  method: string,
  path: string,
  options?: { token?: string; json?: unknown; server?: number },
) => Promise<Response>;
type Db = ReturnType<typeof import("./context").sql>;

const weekly = ALL_DAY_SCHEDULE.weekly;

export interface RoundRobinTeam {
  teamId: string;
  typeId: string;
  slug: string;
}

/** Invites `person` to the team with `role` and accepts with the token of the mail. */
export async function join(call: Call, db: Db, owner: Account, teamId: string, person: Account, role = "member") {
  await ok(
    await call("POST", `/api/teams/${teamId}/invitations`, { token: owner.token, json: { email: person.email, role } }),
    201,
  );
  const [mail] = await db`select text from mail_outbox where "to" = ${person.email} order by created_at desc limit 1`;
  const token = decodeURIComponent(/accept\?token=([A-Za-z0-9_%-]+)/.exec(mail.text as string)?.[1] ?? "");
  expect(token).not.toBe("");
  await ok(await call("POST", "/api/team-invitations/accept", { token: person.token, json: { token } }));
}

/** Opens the person's default schedule (their hours as a host) all day, every day, in UTC. */
export async function openAllDay(call: Call, person: Account) {
  const list = await ok<Json[]>(await call("GET", "/api/schedules", { token: person.token }));
  const def = list.find((s) => s.isDefault)!;
  await ok(
    await call("PUT", `/api/schedules/${def._id}`, {
      token: person.token,
      json: { name: "Working hours", timeZone: "UTC", weekly, overrides: [], isDefault: true },
    }),
  );
}

/**
 * The owner's team with `members` (role by account) and a round-robin event type hosted by the
 * owner and `hosts`, 30 minutes, no notice, open all day.
 */
export async function roundRobinTeam(
  call: Call,
  db: Db,
  owner: Account,
  members: Array<{ account: Account; role?: string }>,
  hosts: Account[],
  fields: Record<string, unknown> = {},
): Promise<RoundRobinTeam> {
  const team = await ok<{ id: string }>(
    await call("POST", "/api/teams", {
      token: owner.token,
      json: { name: "Round robin", slug: `rr-${crypto.randomUUID().slice(0, 8)}` },
    }),
    201,
  );
  for (const m of members) await join(call, db, owner, team.id, m.account, m.role);
  await Promise.all([owner, ...members.map((m) => m.account)].map((a) => openAllDay(call, a)));
  const schedule = await ok(await call("POST", "/api/schedules", { token: owner.token, json: ALL_DAY_SCHEDULE }), 201);
  const slug = `rr-${crypto.randomUUID().slice(0, 8)}`;
  const type = await ok(
    await call("POST", "/api/event-types", {
      token: owner.token,
      json: {
        title: "Sales demo",
        slug,
        duration: 30,
        minimumNotice: 0,
        bookingWindowDays: 60,
        location: { type: "video" },
        kind: "round-robin",
        scheduleId: schedule._id,
        hosts: hosts.map((h) => h.id),
        ...fields,
      },
    }),
    201,
  );
  return { teamId: team.id, typeId: type._id, slug };
}

/**
 * The one place that sets round robin's settings by SQL (decision 060): the mode, and each host's
 * weight and priority. The team event type paths (POST /api/teams/{id}/event-types, built beside
 * this) take them over JSON; until then the tests write the columns of migration 0021 directly.
 */
export async function tune(
  db: Db,
  typeId: string,
  settings: {
    mode?: "fairness" | "availability";
    hosts?: Array<{ id: string; weight?: number; priority?: "low" | "medium" | "high" | "highest" }>;
  },
) {
  if (settings.mode) await db`update event_types set round_robin_mode = ${settings.mode} where id = ${typeId}`;
  for (const h of settings.hosts ?? []) {
    const [row] = await db`update event_type_hosts
      set weight = coalesce(${h.weight ?? null}::int, weight), priority = coalesce(${h.priority ?? null}::text, priority)
      where event_type_id = ${typeId} and user_id = ${h.id} returning 1 as found`;
    expect(row, `${h.id} hosts ${typeId}`).toBeTruthy();
  }
}
