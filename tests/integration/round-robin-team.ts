import crypto from "node:crypto";
import { expect } from "vitest";
import { ALL_DAY_SCHEDULE, ok, type Account, type Json } from "./api-client";

/**
 * A named team with a round-robin event type, for round-robin.test.ts and reassign.test.ts
 * (decision 060): the owner makes the team and invites the others over JSON, each accepts with the
 * mailed token, every member's default schedule (their hours as a host) is open all day (UTC), and
 * the owner makes the round-robin event type with its hosts' weights and priorities and its mode
 * on POST /api/teams/{id}/event-types; `tune` changes them with PUT.
 */

type Call = (
  method: string,
  path: string,
  options?: { token?: string; json?: unknown; server?: number },
) => Promise<Response>;
type Db = ReturnType<typeof import("./context").sql>;
type Priority = "low" | "medium" | "high" | "highest";

export type HostSetting = { account: Account; weight?: number; priority?: Priority };

export interface RoundRobinTeam {
  teamId: string;
  typeId: string;
  slug: string;
  owner: Account;
  /** The event type's body as last written (PUT replaces the whole). */
  body: Record<string, unknown>;
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
      json: { name: "Working hours", timeZone: "UTC", weekly: ALL_DAY_SCHEDULE.weekly, overrides: [], isDefault: true },
    }),
  );
}

const hostsJson = (hosts: HostSetting[]) =>
  hosts.map((h) => ({
    userId: h.account.id,
    ...(h.weight !== undefined ? { weight: h.weight } : {}),
    ...(h.priority !== undefined ? { priority: h.priority } : {}),
  }));

/**
 * The owner's team with `members` (role by account) and a round-robin event type hosted by
 * `hosts` (the owner only when listed), 30 minutes, no notice, in `mode`.
 */
export async function roundRobinTeam(
  call: Call,
  db: Db,
  owner: Account,
  members: Array<{ account: Account; role?: string }>,
  hosts: HostSetting[],
  mode: "fairness" | "availability" = "fairness",
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
  const slug = `rr-${crypto.randomUUID().slice(0, 8)}`;
  const body = {
    title: "Sales demo",
    slug,
    duration: 30,
    minimumNotice: 0,
    bookingWindowDays: 60,
    location: { type: "video" },
    kind: "round-robin",
    hosts: hostsJson(hosts),
    roundRobinMode: mode,
  };
  const type = await ok(
    await call("POST", `/api/teams/${team.id}/event-types`, { token: owner.token, json: body }),
    201,
  );
  return { teamId: team.id, typeId: type._id, slug, owner, body };
}

/** Changes the mode, and the hosts with their weights and priorities when given (PUT: the whole event type). */
export async function tune(
  call: Call,
  rr: RoundRobinTeam,
  settings: { mode?: "fairness" | "availability"; hosts?: HostSetting[] },
) {
  rr.body = {
    ...rr.body,
    ...(settings.mode ? { roundRobinMode: settings.mode } : {}),
    ...(settings.hosts ? { hosts: hostsJson(settings.hosts) } : {}),
  };
  await ok(
    await call("PUT", `/api/teams/${rr.teamId}/event-types/${rr.typeId}`, { token: rr.owner.token, json: rr.body }),
  );
}
