/**
 * Migration 0020 (decision 057) on a seeded PostgreSQL database: decision 020's owner-invite
 * teams, written at migration 0019, become named teams with nothing lost (owners, accepted
 * members, pending and declined invitations with their token hashes, team event types), and
 * migration 0021 (decision 058) makes their hosts event_type_hosts rows.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { drizzle } from "drizzle-orm/postgres-js";
import { migrate } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../support/postgres";

const ROOT = path.resolve(__dirname, "../..");

/** A copy of migrations/ that stops before 0020. */
function migrationsUpTo0019(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "migrations-0019-"));
  fs.cpSync(path.join(ROOT, "migrations"), dir, { recursive: true });
  const journalPath = path.join(dir, "meta/_journal.json");
  const journal = JSON.parse(fs.readFileSync(journalPath, "utf8")) as { entries: Array<{ idx: number; tag: string }> };
  for (const entry of journal.entries.filter((e) => e.idx >= 20)) fs.rmSync(path.join(dir, `${entry.tag}.sql`));
  journal.entries = journal.entries.filter((e) => e.idx < 20);
  fs.writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

describe("migration 0020: owner-invite teams become named teams", () => {
  let target: TestDatabase;
  let sql: postgres.Sql;
  const ids: Record<string, string> = {};
  let oldDir = "";

  beforeAll(async () => {
    target = await createTestDatabase("scheduler_teams_migration");
    sql = postgres(target.url, { max: 1, onnotice: () => {} });
    oldDir = migrationsUpTo0019();
    await migrate(drizzle(sql), { migrationsFolder: oldDir });

    const user = async (key: string, email: string, name: string, username: string | null) => {
      const [row] =
        await sql`insert into users (email, name, username) values (${email}, ${name}, ${username}) returning id`;
      ids[key] = row.id as string;
    };
    await user("ana", "ana@example.test", "Ana Owner", "ana");
    await user("squatter", "squatter@example.test", "Someone", "ana-team"); // the slug Ana would get
    await user("ben", "ben@example.test", "Ben", "ben");
    await user("cy", "cy@example.test", "", null); // an owner without username or name
    await user("dee", "dee@example.test", "Dee", null);
    await user("eve", "eve@example.test", "Eve", "eve"); // no team at all
    const member = async (owner: string, email: string, status: string, memberId: string | null, hash: string) =>
      sql`insert into team_members (owner_id, email, member_id, status, token_hash) values (${ids[owner]}, ${email}, ${memberId}, ${status}, ${hash})`;
    await member("ana", "ben@example.test", "accepted", ids.ben, "hash-ben");
    await member("ana", "dee@example.test", "accepted", ids.dee, "hash-dee");
    await member("ana", "pending@example.test", "pending", null, "hash-pending");
    await member("ana", "declined@example.test", "declined", null, "hash-declined");
    await member("ben", "ana@example.test", "accepted", ids.ana, "hash-ana-at-ben");
    const [schedule] =
      await sql`insert into schedules (user_id, name, time_zone, is_default) values (${ids.ana}, 'Hours', 'UTC', true) returning id`;
    const [cySchedule] =
      await sql`insert into schedules (user_id, name, time_zone, is_default) values (${ids.cy}, 'Hours', 'UTC', true) returning id`;
    const eventType = async (
      key: string,
      owner: string,
      scheduleId: string,
      slug: string,
      kind: string,
      hostIds: string[],
    ) => {
      const [row] =
        await sql`insert into event_types (user_id, title, slug, duration, kind, location, schedule_id, host_ids, seats)
        values (${ids[owner]}, ${slug}, ${slug}, 30, ${kind}, ${JSON.stringify({ type: "video" })}::jsonb, ${scheduleId}, ${hostIds}::uuid[], ${kind === "group" ? 3 : null}) returning id`;
      ids[key] = row.id as string;
    };
    await eventType("panel", "ana", schedule.id as string, "panel", "collective", [ids.ana, ids.ben]);
    // Eve is listed but was never Ana's member: she does not become a host.
    await eventType("rr", "ana", schedule.id as string, "rr", "round-robin", [ids.dee, ids.eve]);
    await eventType("solo", "ana", schedule.id as string, "solo", "one-to-one", [ids.ana]);
    await eventType("cyPanel", "cy", cySchedule.id as string, "cy-panel", "collective", [ids.cy]);

    await migrate(drizzle(sql), { migrationsFolder: path.join(ROOT, "migrations") });
  });

  afterAll(async () => {
    await sql?.end();
    await target?.drop();
    if (oldDir) fs.rmSync(oldDir, { recursive: true, force: true });
  });

  it("each owner gets a named team with a free slug; the owner is owner, accepted members are members", async () => {
    const teams =
      await sql`select t.id, t.name, t.slug, m.user_id from teams t join team_memberships m on m.team_id = t.id and m.role = 'owner' order by t.slug`;
    const byOwner = new Map(teams.map((t) => [t.user_id as string, t]));
    expect(teams).toHaveLength(3); // Ana, Ben (he has an accepted member), Cy (a collective event type only)
    expect(byOwner.get(ids.ana)).toMatchObject({ name: "Ana Owner's team", slug: "ana-team-2" });
    expect(byOwner.get(ids.ben)).toMatchObject({ name: "Ben's team", slug: "ben-team" });
    expect(byOwner.get(ids.cy)).toMatchObject({
      name: "cy's team",
      slug: `team-${ids.cy.replace(/-/g, "").slice(0, 8)}-team`,
    });
    expect(byOwner.has(ids.eve)).toBe(false);

    const anaTeam = byOwner.get(ids.ana)!.id as string;
    const members =
      await sql`select user_id, role from team_memberships where team_id = ${anaTeam} order by role, user_id`;
    expect(members.map((m) => [m.user_id, m.role]).sort()).toEqual(
      [
        [ids.ana, "owner"],
        [ids.ben, "member"],
        [ids.dee, "member"],
      ].sort(),
    );
    const benTeam = byOwner.get(ids.ben)!.id as string;
    expect(
      (await sql`select user_id, role from team_memberships where team_id = ${benTeam} and role = 'member'`).map(
        (r) => r.user_id,
      ),
    ).toEqual([ids.ana]);
  });

  it("every invitation is copied with its status and token hash; team_members keeps the accepted host list", async () => {
    const invitations = await sql`select email, role, status, token_hash from team_invitations order by token_hash`;
    expect(invitations.map((i) => ({ ...i }))).toEqual([
      { email: "ana@example.test", role: "member", status: "accepted", token_hash: "hash-ana-at-ben" },
      { email: "ben@example.test", role: "member", status: "accepted", token_hash: "hash-ben" },
      { email: "declined@example.test", role: "member", status: "declined", token_hash: "hash-declined" },
      { email: "dee@example.test", role: "member", status: "accepted", token_hash: "hash-dee" },
      { email: "pending@example.test", role: "member", status: "pending", token_hash: "hash-pending" },
    ]);
    const left = await sql`select owner_id, member_id, status from team_members order by token_hash`;
    expect(left.map((r) => ({ ...r }))).toEqual([
      { owner_id: ids.ben, member_id: ids.ana, status: "accepted" },
      { owner_id: ids.ana, member_id: ids.ben, status: "accepted" },
      { owner_id: ids.ana, member_id: ids.dee, status: "accepted" },
    ]);
  });

  it("the owner's Collective and Round Robin event types get the team; others do not; hosts unchanged", async () => {
    const rows =
      await sql`select e.id, e.team_id, e.host_ids, t.slug from event_types e left join teams t on t.id = e.team_id`;
    const by = new Map(rows.map((r) => [r.id as string, r]));
    expect(by.get(ids.panel)).toMatchObject({ slug: "ana-team-2", host_ids: [ids.ana, ids.ben] });
    expect(by.get(ids.rr)).toMatchObject({ slug: "ana-team-2", host_ids: [ids.dee, ids.eve] });
    expect(by.get(ids.solo)?.team_id).toBeNull();
    expect(by.get(ids.cyPanel)?.slug).toMatch(/^team-[0-9a-f]{8}-team$/);
  });

  it("migration 0021: each team event type's hosts are rows: its owner and each listed host still in its team", async () => {
    const rows =
      await sql`select event_type_id, user_id, weight, priority from event_type_hosts order by event_type_id, user_id`;
    const hostsOf = (key: string) =>
      rows
        .filter((r) => r.event_type_id === ids[key])
        .map((r) => ({ ...r }))
        .map(({ user_id, weight, priority }) => ({ user_id, weight, priority }));
    const at = (...keys: string[]) =>
      keys
        .map((k) => ({ user_id: ids[k], weight: 100, priority: "medium" }))
        .sort((a, b) => (a.user_id < b.user_id ? -1 : 1));
    expect(hostsOf("panel")).toEqual(at("ana", "ben"));
    // The owner hosts though host_ids left her out; Eve, never a member, does not.
    expect(hostsOf("rr")).toEqual(at("ana", "dee"));
    expect(hostsOf("cyPanel")).toEqual(at("cy"));
    expect(hostsOf("solo")).toEqual([]);
    expect(rows).toHaveLength(5);
  });

  it("every username and team slug is one handle; a later clash is refused either way", async () => {
    const handles = await sql`select handle from handles order by handle`;
    expect(handles.map((h) => h.handle)).toEqual(
      expect.arrayContaining(["ana", "ana-team", "ana-team-2", "ben", "ben-team", "eve"]),
    );
    await expect(sql`update users set username = 'ben-team' where id = ${ids.eve}`).rejects.toMatchObject({
      code: "23505",
      constraint_name: "users_username_key",
    });
    await expect(sql`insert into teams (name, slug) values ('X', 'EVE')`).rejects.toMatchObject({
      code: "23505",
      constraint_name: "teams_slug_key",
    });
    await sql`update users set username = 'eve-2' where id = ${ids.eve}`;
    await sql`insert into teams (name, slug) values ('Eve', 'eve')`;
  });
});
