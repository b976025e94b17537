import { openDatabase, ping, type Database, type DatabaseHandle } from "../../db/client";
import { seedCatalog, seedDemo, type DemoAccount, type DemoSeedTools } from "../../db/seed";
import { addCalendarMonths } from "~/scheduling/months";
import { createDatabaseOutage, describe, type DatabaseOutage } from "./database-outage";
import { DatabaseUnavailableError, isDatabaseUnavailable } from "./database-unavailable";
import { env } from "./env.server";
import { hashPassword } from "./password.server";

/** What the demo seed needs from the app: its password hash, and one paid month (app/models/professional.server.ts). */
export const DEMO_SEED_TOOLS: DemoSeedTools = { hashPassword, professionalUntil: (now) => addCalendarMonths(now, 1) };

interface DatabaseState {
  ready: Promise<DatabaseHandle>;
  demoAccounts: DemoAccount[];
}

const globalForDb = globalThis as typeof globalThis & { __schedulerDb?: DatabaseState };

/** How long start-up waits for a database that does not answer yet (docs/decisions/025). */
const STARTUP_WAIT_MS = 60_000;

/**
 * Opens, migrates and (on an empty database) seeds, once per process. Every model awaits
 * this, so the first request after start-up never sees an unmigrated database. A database
 * that is not up yet (started at the same time, restarting) is waited for, at most a minute.
 */
function state(): DatabaseState {
  if (!globalForDb.__schedulerDb) {
    const s: DatabaseState = { demoAccounts: [], ready: undefined as never };
    s.ready = (async () => {
      const e = env();
      const waitUntil = Date.now() + STARTUP_WAIT_MS;
      for (let attempt = 1; ; attempt++) {
        const handle = await openDatabase({
          url: e.DATABASE_URL,
          dataDir: e.DATA_DIR,
          poolSize: e.DATABASE_POOL_SIZE,
          connectTimeoutMs: e.DATABASE_CONNECT_TIMEOUT_MS,
          statementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
          idleInTransactionTimeoutMs: e.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
          preparedStatements: e.DATABASE_PREPARED_STATEMENTS === "true",
        });
        try {
          // MIGRATE_ON_START=false: migrations are a deploy step of their own (npm run db:migrate);
          // prepare then only checks that none of this code's is missing (docs/decisions/026).
          await handle.prepare(
            async (db) => {
              await seedCatalog(db);
              if (e.seedDemo) s.demoAccounts = await seedDemo(db, DEMO_SEED_TOOLS);
            },
            { migrate: e.MIGRATE_ON_START === "true" },
          );
          if (attempt > 1) console.error("Database answering: starting");
          return handle;
        } catch (error) {
          await handle.close().catch(() => {});
          if (!isDatabaseUnavailable(error) || Date.now() > waitUntil) throw error;
          if (attempt === 1)
            console.error(`Waiting for the database (${describe(error)}), at most ${STARTUP_WAIT_MS / 1000} s`);
          await new Promise((resolve) => setTimeout(resolve, 1_000));
        }
      }
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
  if (outage.downSince() !== null) throw new DatabaseUnavailableError();
  return (await state().ready).db;
}

/** While the database cannot be reached, getDb() fails at once (app/server/database-outage.ts). */
const globalForOutage = globalThis as typeof globalThis & { __schedulerDbOutage?: DatabaseOutage };
const outage = (globalForOutage.__schedulerDbOutage ??= createDatabaseOutage({
  async ping() {
    const s = globalForDb.__schedulerDb;
    if (!s) throw new DatabaseUnavailableError("closed");
    await ping((await s.ready).db);
  },
  closed: () => !globalForDb.__schedulerDb,
  probeEveryMs: 1_000,
  // Read when an error comes, not at import (the settings are checked at start-up).
  get staleMs() {
    return env().DATABASE_CONNECT_TIMEOUT_MS;
  },
  log: (message) => console.error(message),
}));

/**
 * The one place errors are sorted: true when `error` means the database is unavailable
 * (answer 503 with Retry-After), and then noted, so later requests fail fast until it is back.
 */
export function noteDatabaseFault(error: unknown): boolean {
  return outage.note(error);
}

/** What /healthz reports: the database answers now. */
export async function databaseAnswers(): Promise<boolean> {
  try {
    await ping(await getDb());
    return true;
  } catch (error) {
    noteDatabaseFault(error);
    return false;
  }
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
