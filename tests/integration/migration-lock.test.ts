import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MIGRATION_LOCK_ID, openDatabase, queryRows, type Database, type DatabaseHandle } from "../../db/client";
import { packages } from "../../db/schema";
import { seedCatalog } from "../../db/seed";
import { startPgBouncer, type Pooler } from "../support/pgbouncer";
import { createTestDatabase, type TestDatabase } from "../support/postgres";

/**
 * The migration lock (db/client.ts `prepare`, docs/decisions/026): a transaction-scoped advisory
 * lock, so servers cold-starting at once migrate and seed once, directly or through a
 * transaction-mode pooler, and no lock ever outlives its transaction.
 */

const MIGRATION_COUNT = (
  JSON.parse(fs.readFileSync(path.resolve("migrations/meta/_journal.json"), "utf8")) as { entries: unknown[] }
).entries.length;

/** Advisory locks with the migration lock's key held anywhere on the server, in this database. */
async function migrationLocksHeld(url: string): Promise<number> {
  const c = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const [row] = await c`
      select count(*)::int as n from pg_locks
      where locktype = 'advisory' and classid = 0 and objid = ${MIGRATION_LOCK_ID} and objsubid = 1
        and database = (select oid from pg_database where datname = current_database())`;
    return row.n as number;
  } finally {
    await c.end();
  }
}

/** `count` app servers' start-up (open, migrate, seed the catalogue) at the same moment. */
async function coldStart(url: string, count: number) {
  const handles: DatabaseHandle[] = [];
  const seeded: number[] = [];
  try {
    for (let i = 0; i < count; i++) handles.push(await openDatabase({ url, dataDir: ":memory:", poolSize: 2 }));
    await Promise.all(
      handles.map((h) =>
        h.prepare(async (db) => {
          const before = (await db.select({ id: packages.id }).from(packages)).length;
          await seedCatalog(db);
          if (before === 0) seeded.push(1);
        }),
      ),
    );
  } finally {
    await Promise.all(handles.map((h) => h.close()));
  }
  return { seeded: seeded.length };
}

async function appliedMigrations(url: string): Promise<number> {
  const c = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const [row] = await c`select count(*)::int as n from drizzle.__drizzle_migrations`;
    return row.n as number;
  } finally {
    await c.end();
  }
}

describe("the migration lock on a PostgreSQL server", () => {
  let target: TestDatabase;
  beforeAll(async () => {
    target = await createTestDatabase("scheduler_lock");
  });
  afterAll(async () => {
    await target?.drop();
  });

  it("four servers cold-starting at once on a fresh database migrate and seed once, and leave no lock", async () => {
    const { seeded } = await coldStart(target.url, 4);
    expect(seeded).toBe(1);
    expect(await appliedMigrations(target.url)).toBe(MIGRATION_COUNT);
    const c = postgres(target.url, { max: 1, onnotice: () => {} });
    const [{ n }] = await c`select count(*)::int as n from packages`;
    await c.end();
    expect(n).toBe(3);
    expect(await migrationLocksHeld(target.url)).toBe(0);
  });

  it("holds the lock for the work's transaction only: it cannot be released early and is gone after", async () => {
    const handle = await openDatabase({ url: target.url, dataDir: ":memory:", poolSize: 1 });
    const during: { held: number; unlocked: boolean }[] = [];
    try {
      await handle.prepare(async (db: Database) => {
        const [lock] = await queryRows<{ held: number }>(
          db,
          sql`
          select count(*)::int as held from pg_locks
          where locktype = 'advisory' and objid = ${MIGRATION_LOCK_ID} and pid = pg_backend_pid()`,
        );
        // A session-level lock would be released here; a transaction-level one cannot be.
        const [unlock] = await queryRows<{ unlocked: boolean }>(
          db,
          sql`select pg_advisory_unlock(${MIGRATION_LOCK_ID}) as unlocked`,
        );
        during.push({ held: lock.held, unlocked: unlock.unlocked });
      });
    } finally {
      await handle.close();
    }
    expect(during).toEqual([{ held: 1, unlocked: false }]);
    expect(await migrationLocksHeld(target.url)).toBe(0);
  });

  it("waits a bounded time for a lock someone holds, then fails with a clear error", async () => {
    const holder = postgres(target.url, { max: 1, onnotice: () => {} });
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    let holding!: () => void;
    const held = new Promise<void>((r) => (holding = r));
    const transaction = holder.begin(async (tx) => {
      await tx`select pg_advisory_xact_lock(${MIGRATION_LOCK_ID})`;
      holding();
      await released;
    });
    await held;
    const handle = await openDatabase({
      url: target.url,
      dataDir: ":memory:",
      poolSize: 1,
      migrationLockTimeoutMs: 800,
    });
    try {
      // The bounded wait's own error: a wait without a bound would never end (the test's limit).
      await expect(handle.prepare(async () => {})).rejects.toThrow(/waited 0\.8 s for the migration lock/);
    } finally {
      release();
      await transaction;
      await holder.end();
      await handle.close();
    }
    expect(await migrationLocksHeld(target.url)).toBe(0);
  });

  it("a lock held by a connection that dies never blocks the next start", async () => {
    const holder = postgres(target.url, { max: 1, onnotice: () => {} });
    let holding!: (pid: number) => void;
    const held = new Promise<number>((r) => (holding = r));
    const transaction = holder
      .begin(async (tx) => {
        const [{ pid }] = await tx`select pg_backend_pid() as pid, pg_advisory_xact_lock(${MIGRATION_LOCK_ID})`;
        holding(pid as number);
        await new Promise(() => {});
      })
      .catch(() => "terminated");
    const pid = await held;
    const killer = postgres(target.url, { max: 1, onnotice: () => {} });
    await killer`select pg_terminate_backend(${pid})`;
    await killer.end();
    expect(await transaction).toBe("terminated");
    await holder.end({ timeout: 1 });
    const handle = await openDatabase({
      url: target.url,
      dataDir: ":memory:",
      poolSize: 1,
      migrationLockTimeoutMs: 5_000,
    });
    try {
      await handle.prepare(async () => {});
    } finally {
      await handle.close();
    }
    expect(await migrationLocksHeld(target.url)).toBe(0);
  });
});

describe("the migration lock through PgBouncer in transaction mode", () => {
  let target: TestDatabase;
  let pooler: Pooler;
  beforeAll(async () => {
    target = await createTestDatabase("scheduler_lock_pgb");
    pooler = await startPgBouncer();
  });
  afterAll(async () => {
    await pooler?.stop();
    await target?.drop();
  });

  it("four servers cold-starting through the pooler migrate once, leave no lock, and a direct start is not blocked", async () => {
    for (let round = 0; round < 3; round++) {
      const { seeded } = await coldStart(pooler.via(target.url), 4);
      expect(seeded).toBe(round === 0 ? 1 : 0);
      // The pooler keeps its server connections open: a session-level lock would survive on one.
      expect(await migrationLocksHeld(target.url)).toBe(0);
    }
    expect(await appliedMigrations(target.url)).toBe(MIGRATION_COUNT);
    const direct = await openDatabase({
      url: target.url,
      dataDir: ":memory:",
      poolSize: 1,
      migrationLockTimeoutMs: 5_000,
    });
    try {
      await direct.prepare(async () => {});
    } finally {
      await direct.close();
    }
  });
});
