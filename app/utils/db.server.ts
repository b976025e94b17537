import { openDatabase, type Database, type DatabaseHandle } from "../../db/client";
import { seedCatalog, seedDemo, type DemoAccount } from "../../db/seed";
import { env } from "./env.server";

interface DatabaseState {
  ready: Promise<DatabaseHandle>;
  demoAccounts: DemoAccount[];
}

const globalForDb = globalThis as typeof globalThis & { __schedulerDb?: DatabaseState };

/**
 * Opens, migrates and (on an empty database) seeds, once per process. Every model awaits
 * this, so the first request after start-up never sees an unmigrated database.
 */
function state(): DatabaseState {
  if (!globalForDb.__schedulerDb) {
    const s: DatabaseState = { demoAccounts: [], ready: undefined as never };
    s.ready = (async () => {
      const e = env();
      const handle = await openDatabase({
        url: e.DATABASE_URL,
        dataDir: e.DATA_DIR,
        poolSize: e.DATABASE_POOL_SIZE,
      });
      // MIGRATE_ON_START=false: migrations are a deploy step of their own (npm run db:migrate);
      // prepare then only checks that none of this code's is missing (docs/decisions/026).
      await handle.prepare(
        async (db) => {
          await seedCatalog(db);
          if (e.seedDemo) s.demoAccounts = await seedDemo(db);
        },
        { migrate: e.MIGRATE_ON_START === "true" },
      );
      return handle;
    })();
    // A failed start must not leave a rejected promise cached for the next caller.
    s.ready.catch(() => {
      if (globalForDb.__schedulerDb === s) globalForDb.__schedulerDb = undefined;
    });
    globalForDb.__schedulerDb = s;
  }
  return globalForDb.__schedulerDb;
}

export async function getDb(): Promise<Database> {
  return (await state().ready).db;
}

export async function startDatabase(): Promise<{ kind: DatabaseHandle["kind"]; demoAccounts: DemoAccount[] }> {
  const s = state();
  const handle = await s.ready;
  return { kind: handle.kind, demoAccounts: s.demoAccounts };
}

export async function closeDatabase(): Promise<void> {
  const s = globalForDb.__schedulerDb;
  if (!s) return;
  globalForDb.__schedulerDb = undefined;
  const handle = await s.ready.catch(() => undefined);
  await handle?.close();
}
