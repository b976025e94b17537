import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isOverlapViolation, NO_OVERLAP_CONSTRAINT } from "../../app/models/event.server";
import { DEMO_SEED_TOOLS } from "../../app/server/db.server";
import { openDatabase, type Database, type DatabaseHandle } from "../../db/client";
import { events } from "../../db/schema";
import { seedCatalog, seedDemo } from "../../db/seed";
import { createTestDatabase, type TestDatabase } from "../support/postgres";

/**
 * The no-overlap constraint (migration 0007, docs/decisions/017) straight on the database, on
 * both drivers: PGlite (the embedded default, btree_gist loaded as an extension) and a
 * PostgreSQL server. The database is first migrated to 0005 only, given overlapping rows as a
 * live database may hold them, then migrated to the end: the migration must resolve them.
 */

const MIGRATIONS = path.resolve("migrations");

/** A copy of the migrations folder that stops before 0006 (scheduling) and 0007 (this constraint). */
function migrationsBefore0006(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "migrations-0005-"));
  fs.mkdirSync(path.join(dir, "meta"));
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS, "meta/_journal.json"), "utf8")) as {
    entries: { idx: number; tag: string }[];
  };
  journal.entries = journal.entries.filter((e) => e.idx <= 5);
  fs.writeFileSync(path.join(dir, "meta/_journal.json"), JSON.stringify(journal));
  for (const e of journal.entries)
    fs.copyFileSync(path.join(MIGRATIONS, `${e.tag}.sql`), path.join(dir, `${e.tag}.sql`));
  return dir;
}

const at = (hhmm: string) => new Date(`2031-03-10T${hhmm}:00Z`);

function event(
  hostId: string,
  name: string,
  from: string,
  to: string,
  extra: Partial<typeof events.$inferInsert> = {},
) {
  return {
    hostId,
    eventName: name,
    eventType: "Phone Call",
    eventWith: "One-to-One",
    description: "d",
    startsAt: at(from),
    endsAt: at(to),
    ...extra,
  } as const;
}

async function insertError(db: Database, row: ReturnType<typeof event>): Promise<unknown> {
  try {
    await db.insert(events).values(row);
    return null;
  } catch (error) {
    return error;
  }
}

describe.each(["pglite", "postgres"] as const)("the no-overlap constraint on %s", (kind) => {
  let server: TestDatabase | undefined;
  let before: DatabaseHandle;
  let handle: DatabaseHandle;
  let db: Database;
  let host: string;
  let other: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    server = kind === "postgres" ? await createTestDatabase("scheduler_overlap") : undefined;
    const dataDir = kind === "pglite" ? fs.mkdtempSync(path.join(os.tmpdir(), "overlap-pglite-")) : ":memory:";
    before = await openDatabase({ url: server?.url, dataDir, migrationsFolder: migrationsBefore0006(), poolSize: 2 });
    await before.prepare(async (d) => {
      // Plain SQL, as for the events below: the schema module's users table has columns later
      // migrations add.
      const made: unknown = await d.execute(
        sql`insert into users (email) values (${`h-${kind}@example.test`}), (${`o-${kind}@example.test`}) returning id, email`,
      );
      const people = (Array.isArray(made) ? made : (made as { rows: unknown[] }).rows) as {
        id: string;
        email: string;
      }[];
      host = people.find((p) => p.email.startsWith("h-"))!.id;
      other = people.find((p) => p.email.startsWith("o-"))!.id;
      // Created in this order (created_at ascending): a, b overlaps a, c overlaps b only,
      // d overlaps a but is already cancelled, e is another host's at a's time.
      const rows = [
        ["a", event(host, "a", "10:00", "11:00")],
        ["b", event(host, "b", "10:30", "11:30")],
        ["c", event(host, "c", "11:15", "12:00")],
        ["d", event(host, "d", "10:00", "11:00", { status: "cancelled" })],
        ["e", event(other, "e", "10:00", "11:00")],
      ] as const;
      for (const [i, [key, row]] of rows.entries()) {
        const status = "status" in row ? row.status : "confirmed";
        const result: unknown = await d.execute(
          sql`insert into events (host_id, event_name, event_type, event_with, description, starts_at, ends_at, status, created_at)
              values (${row.hostId}, ${row.eventName}, ${row.eventType}, ${row.eventWith}, ${row.description}, ${row.startsAt.toISOString()}, ${row.endsAt.toISOString()}, ${status}, ${new Date(Date.UTC(2030, 0, 1, 0, i)).toISOString()})
              returning id`,
        );
        // postgres.js answers the rows, PGlite an object holding them.
        const inserted = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { id: string }[];
        ids[key] = inserted[0].id;
      }
    });
    await before.close();
    handle = await openDatabase({ url: server?.url, dataDir, poolSize: 2 });
    await handle.prepare(async () => {});
    db = handle.db;
  });

  afterAll(async () => {
    await handle?.close();
    await server?.drop();
  });

  it("is added by the migration, which cancels the later of overlapping rows first", async () => {
    const rows = await db.select({ id: events.id, status: events.status, sequence: events.sequence }).from(events);
    const byKey = Object.fromEntries(Object.entries(ids).map(([k, id]) => [k, rows.find((r) => r.id === id)]));
    expect(byKey.a).toMatchObject({ status: "confirmed", sequence: 0 });
    expect(byKey.b).toMatchObject({ status: "cancelled", sequence: 1 });
    // c only overlapped b, which the migration cancelled: c stays.
    expect(byKey.c).toMatchObject({ status: "confirmed", sequence: 0 });
    expect(byKey.d).toMatchObject({ status: "cancelled", sequence: 0 });
    expect(byKey.e).toMatchObject({ status: "confirmed", sequence: 0 });
    const found = await db.execute(sql`select 1 from pg_constraint where conname = ${NO_OVERLAP_CONSTRAINT}`);
    expect(Array.isArray(found) ? found.length : (found as { rows: unknown[] }).rows.length).toBe(1);
  });

  it("refuses an overlapping event of the same host with SQLSTATE 23P01, the app's check recognises it", async () => {
    const error = await insertError(db, event(host, "x", "10:59", "11:10"));
    expect(error).not.toBeNull();
    expect(isOverlapViolation(error)).toBe(true);
    // Moving an event onto another's time is refused too.
    let moveError: unknown = null;
    try {
      await db
        .update(events)
        .set({ startsAt: at("09:30"), endsAt: at("10:30") })
        .where(eq(events.id, ids.c));
    } catch (e) {
      moveError = e;
    }
    expect(isOverlapViolation(moveError)).toBe(true);
  });

  it("allows touching ranges, another host at the same time, cancelled events and moving an event over its own time", async () => {
    expect(await insertError(db, event(host, "touch-before", "09:00", "10:00"))).toBeNull();
    expect(await insertError(db, event(host, "touch-after", "12:00", "12:30"))).toBeNull();
    expect(await insertError(db, event(other, "other host", "12:00", "12:30"))).toBeNull();
    expect(await insertError(db, event(host, "cancelled", "10:15", "10:45", { status: "cancelled" }))).toBeNull();
    await db
      .update(events)
      .set({ startsAt: at("10:15"), endsAt: at("11:00") })
      .where(eq(events.id, ids.a));
    // Cancelling frees the time.
    await db.update(events).set({ status: "cancelled" }).where(eq(events.id, ids.a));
    expect(await insertError(db, event(host, "after cancel", "10:00", "10:30"))).toBeNull();
    // Re-confirming a cancelled event that now overlaps is refused.
    let error: unknown = null;
    try {
      await db.update(events).set({ status: "confirmed" }).where(eq(events.id, ids.a));
    } catch (e) {
      error = e;
    }
    expect(isOverlapViolation(error)).toBe(true);
  });

  it("takes the demo data (no overlapping demo events)", async () => {
    await seedCatalog(db);
    expect((await seedDemo(db, DEMO_SEED_TOOLS)).length).toBeGreaterThan(0);
  });
});
