import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import * as schema from "./schema";

export type Schema = typeof schema;
/** Both drivers expose the same query API; code is written against this type only. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  kind: "pglite" | "postgres";
  db: Database;
  /**
   * Runs `work` with the database migrated, holding a lock that other app servers on the
   * same database wait for, so migrations and first-run seeding happen exactly once.
   */
  prepare(work: (db: Database) => Promise<void>): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres://… for a PostgreSQL server; undefined for the embedded database. */
  url?: string;
  /** Folder of the embedded database, or ":memory:". */
  dataDir: string;
  migrationsFolder?: string;
  poolSize?: number;
  /** PostgreSQL server only (docs/decisions/025): how long a connect may take, in ms. */
  connectTimeoutMs?: number;
  /** Longest statement, in ms; the server cancels it (57014). 0 = no limit. */
  statementTimeoutMs?: number;
  /** Longest pause inside a transaction, in ms; the server ends the session (25P03). 0 = no limit. */
  idleInTransactionTimeoutMs?: number;
}

/** An arbitrary constant that identifies this app's migration lock. */
const MIGRATION_LOCK_ID = 727_274_001;

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const migrationsFolder = options.migrationsFolder ?? path.resolve("migrations");
  if (options.url) return openPostgres(options.url, migrationsFolder, options);
  return openPglite(options.dataDir, migrationsFolder);
}

async function openPostgres(url: string, migrationsFolder: string, options: DatabaseOptions): Promise<DatabaseHandle> {
  // Every wait is bounded, so a database that goes away yields errors (503) within seconds
  // rather than requests that hang, and pooled connections are recycled (docs/decisions/025).
  const client = postgres(url, {
    max: options.poolSize ?? 10,
    onnotice: () => {},
    connect_timeout: (options.connectTimeoutMs ?? 3_000) / 1000,
    idle_timeout: 60,
    max_lifetime: 30 * 60,
    // Reconnect attempts wait at most 0.5 s: a query waits for them, and postgres.js's default
    // (growing to 20 s) would hold requests that long after the database came back.
    backoff: (attempt) => Math.min(0.5, 0.05 * 2 ** attempt),
    connection: {
      application_name: "scheduler",
      statement_timeout: options.statementTimeoutMs ?? 15_000,
      idle_in_transaction_session_timeout: options.idleInTransactionTimeoutMs ?? 15_000,
    },
  });
  const db = drizzlePostgres(client, { schema }) as unknown as Database;
  return {
    kind: "postgres",
    db,
    async prepare(work) {
      // A single-connection client, so the session-level advisory lock covers every statement.
      const lockClient = postgres(url, { max: 1, onnotice: () => {} });
      try {
        await lockClient`select pg_advisory_lock(${MIGRATION_LOCK_ID})`;
        const lockDb = drizzlePostgres(lockClient, { schema });
        await migratePostgres(lockDb, { migrationsFolder });
        await work(lockDb as unknown as Database);
        await lockClient`select pg_advisory_unlock(${MIGRATION_LOCK_ID})`;
      } finally {
        await lockClient.end({ timeout: 5 });
      }
    },
    close: () => client.end({ timeout: 5 }),
  };
}

async function openPglite(dataDir: string, migrationsFolder: string): Promise<DatabaseHandle> {
  let client: PGlite;
  // btree_gist: the no-overlap exclusion constraint on events (migration 0007, docs/decisions/017).
  const extensions = { btree_gist };
  if (dataDir === ":memory:") {
    client = new PGlite({ extensions });
  } else {
    const folder = path.resolve(dataDir, "pg");
    fs.mkdirSync(folder, { recursive: true });
    // The embedded database is for demos and development: flushing to disk after the answer
    // halves the time of every query (docs/decisions/005).
    client = new PGlite(folder, { relaxedDurability: true, extensions });
  }
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    kind: "pglite",
    db,
    async prepare(work) {
      // PGlite is one connection owned by this process: nothing else can race us.
      await migratePglite(db as never, { migrationsFolder });
      await work(db);
    },
    close: () => client.close(),
  };
}

/** Cheap liveness probe used by /healthz. */
export async function ping(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}
