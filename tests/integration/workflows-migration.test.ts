/**
 * Migration 0035 (decision 085) on PostgreSQL: each host's reminder settings of decision 022
 * become default workflows with the same offsets, switches and follow-up message, for all of
 * their event types; a host without settings gets the defaults; reminders already sent keep
 * their delivery keys (nothing goes out twice); a new account gets the same default set.
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

/** A copy of migrations/ that stops before 0035. */
function migrationsBefore0035(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "migrations-0034-"));
  fs.cpSync(path.join(ROOT, "migrations"), dir, { recursive: true });
  const journalPath = path.join(dir, "meta/_journal.json");
  const journal = JSON.parse(fs.readFileSync(journalPath, "utf8")) as { entries: Array<{ idx: number; tag: string }> };
  for (const entry of journal.entries.filter((e) => e.idx >= 35)) fs.rmSync(path.join(dir, `${entry.tag}.sql`));
  journal.entries = journal.entries.filter((e) => e.idx < 35);
  fs.writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

type Row = { preset: string; trigger: string; offset_minutes: number; active: boolean; all_event_types: boolean };

describe("migration 0035: reminder settings become default workflows", () => {
  let target: TestDatabase;
  let sql: postgres.Sql;
  const ids: Record<string, string> = {};
  let oldDir = "";
  const start = new Date("2030-01-07T15:00:00Z");

  beforeAll(async () => {
    target = await createTestDatabase("scheduler_workflows_migration");
    sql = postgres(target.url, { max: 1, onnotice: () => {} });
    oldDir = migrationsBefore0035();
    await migrate(drizzle(sql), { migrationsFolder: oldDir });

    for (const key of ["custom", "plain"]) {
      const [row] =
        await sql`insert into users (email, name, username) values (${`${key}@example.test`}, ${key}, ${key}) returning id`;
      ids[key] = row.id as string;
    }
    await sql`insert into reminder_settings (user_id, guest_email_on, guest_email_minutes, second_guest_email_on, second_guest_email_minutes,
        host_in_app_on, host_in_app_minutes, follow_up_on, follow_up_minutes, follow_up_message)
      values (${ids.custom}, false, 2880, true, 30, false, 5, true, 120, 'Thanks & see you <soon>')`;
    const [event] =
      await sql`insert into events (host_id, event_name, event_type, event_with, description, starts_at, ends_at, guest_email, guest_name)
      values (${ids.custom}, 'Intro', 'Phone Call', 'One-to-One', '', ${start.toISOString()}, ${new Date(start.getTime() + 30 * 60_000).toISOString()}, 'guest@example.test', 'Guest') returning id`;
    ids.event = event.id as string;
    await sql`insert into reminder_deliveries (event_id, rule, starts_at) values (${ids.event}, 'guest-email-2', ${start.toISOString()})`;

    await migrate(drizzle(sql), { migrationsFolder: path.join(ROOT, "migrations") });
  });

  afterAll(async () => {
    await sql?.end();
    await target?.drop();
    if (oldDir) fs.rmSync(oldDir, { recursive: true, force: true });
  });

  const setOf = async (userId: string) =>
    (
      await sql<
        Row[]
      >`select preset, trigger, offset_minutes, active, all_event_types from workflows where user_id = ${userId} order by preset`
    ).map((r) => ({ ...r }));

  it("a host's own settings: same offsets and switches, for all event types", async () => {
    expect(await setOf(ids.custom)).toEqual([
      { preset: "follow-up", trigger: "after_end", offset_minutes: 120, active: true, all_event_types: true },
      { preset: "guest-email", trigger: "before_start", offset_minutes: 2880, active: false, all_event_types: true },
      { preset: "guest-email-2", trigger: "before_start", offset_minutes: 30, active: true, all_event_types: true },
      { preset: "host-in-app", trigger: "before_start", offset_minutes: 5, active: false, all_event_types: true },
    ]);
    const actions =
      await sql`select w.preset, a.type, a.position, a.body from workflow_actions a join workflows w on w.id = a.workflow_id
      where w.user_id = ${ids.custom} order by w.preset`;
    expect(actions.map((a) => [a.preset, a.type, a.position, a.body])).toEqual([
      ["follow-up", "email_guest", 0, "Thanks & see you <soon>"],
      ["guest-email", "email_guest", 0, ""],
      ["guest-email-2", "email_guest", 0, ""],
      ["host-in-app", "bell", 0, ""],
    ]);
  });

  const DEFAULTS = [
    { preset: "follow-up", trigger: "after_end", offset_minutes: 60, active: false, all_event_types: true },
    { preset: "guest-email", trigger: "before_start", offset_minutes: 1440, active: true, all_event_types: true },
    { preset: "guest-email-2", trigger: "before_start", offset_minutes: 60, active: false, all_event_types: true },
    { preset: "host-in-app", trigger: "before_start", offset_minutes: 15, active: true, all_event_types: true },
  ];

  it("a host without settings gets the defaults of decision 022", async () => {
    expect(await setOf(ids.plain)).toEqual(DEFAULTS);
  });

  it("a reminder already sent keeps its key under its workflow action", async () => {
    const keys =
      await sql`select w.preset, d.starts_at from workflow_deliveries d join workflow_actions a on a.id = d.action_id
      join workflows w on w.id = a.workflow_id where d.event_id = ${ids.event}`;
    expect(keys.map((k) => [k.preset, new Date(k.starts_at as string).toISOString()])).toEqual([
      ["guest-email-2", start.toISOString()],
    ]);
  });

  it("a new account gets the same default set", async () => {
    const [row] = await sql`insert into users (email, name) values ('new@example.test', 'New') returning id`;
    expect(await setOf(row.id as string)).toEqual(DEFAULTS);
  });
});
