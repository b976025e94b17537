import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import { sql, type SQL } from "drizzle-orm";
import { readMigrationFiles } from "drizzle-orm/migrator";
import type { PgDatabase, PgDialect, PgQueryResultHKT, PgSession } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import * as schema from "./schema";

export type Schema = typeof schema;
/** Both drivers expose the same query API; code is written against this type only. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  kind: "pglite" | "postgres";
  db: Database;
  /**
   * Runs `work` with the database migrated, in one transaction holding a lock that other app
   * servers on the same database wait for (a bounded time), so migrations and first-run
   * seeding happen exactly once; the lock ends with the transaction (docs/decisions/026).
   * With `migrate: false` it applies nothing and throws MigrationsPendingError when the
   * database lacks one of this code's migrations.
   */
  prepare(work: (db: Database) => Promise<void>, options?: { migrate?: boolean }): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres://… for a PostgreSQL server; undefined for the embedded database. */
  url?: string;
  /** Folder of the embedded database, or ":memory:". */
  dataDir: string;
  migrationsFolder?: string;
  poolSize?: number;
  /** How long `prepare` waits for another server's migration lock before failing (default 60 s). */
  migrationLockTimeoutMs?: number;
  /** PostgreSQL server only (docs/decisions/025): how long a connect may take, in ms. */
  connectTimeoutMs?: number;
  /** Longest statement, in ms; the server cancels it (57014). 0 = no limit. */
  statementTimeoutMs?: number;
  /** Longest pause inside a transaction, in ms; the server ends the session (25P03). 0 = no limit. */
  idleInTransactionTimeoutMs?: number;
  /**
   * PostgreSQL server only: statements prepared once per connection (default true). Off for a
   * transaction-mode pooler that cannot keep them (PgBouncer before 1.21, or without
   * max_prepared_statements): then every statement with parameters costs two round trips.
   */
  preparedStatements?: boolean;
}

/** An arbitrary constant that identifies this app's migration lock. */
export const MIGRATION_LOCK_ID = 727_274_001;
const DEFAULT_MIGRATION_LOCK_TIMEOUT_MS = 60_000;

/** The database lacks migrations this code needs, and this start was told not to apply them. */
export class MigrationsPendingError extends Error {
  name = "MigrationsPendingError";
}

type Sql = ReturnType<typeof postgres>;

/**
 * The client with every statement prepared (named, once per connection), in transactions and
 * savepoints too. drizzle asks postgres.js for unnamed statements, and postgres.js then sends
 * each statement with parameters in two round trips (describe, then execute), twice the
 * writes and waits of a prepared one, which it sends in one.
 */
function preparing<T extends Sql>(sql: T): T {
  type Loose = {
    unsafe: (...args: unknown[]) => unknown;
    begin?: (...args: unknown[]) => unknown;
    savepoint?: (...args: unknown[]) => unknown;
  };
  const loose = sql as unknown as Loose;
  const unsafe = loose.unsafe;
  loose.unsafe = (query, parameters, options) =>
    unsafe(query, parameters, { ...(options as object | undefined), prepare: true });
  // A transaction's and a savepoint's statements go through the client their callback gets.
  for (const name of ["begin", "savepoint"] as const) {
    const open = loose[name];
    if (typeof open !== "function") continue;
    loose[name] = (...args: unknown[]) => {
      const work = args.pop() as (tx: Sql) => unknown;
      return open(...args, (tx: Sql) => work(preparing(tx)));
    };
  }
  return sql;
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const migrationsFolder = options.migrationsFolder ?? path.resolve("migrations");
  if (options.url) return openPostgres(options.url, migrationsFolder, options);
  return openPglite(options.dataDir, migrationsFolder);
}

async function openPostgres(url: string, migrationsFolder: string, options: DatabaseOptions): Promise<DatabaseHandle> {
  const lockTimeoutMs = options.migrationLockTimeoutMs ?? DEFAULT_MIGRATION_LOCK_TIMEOUT_MS;
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
  const db = drizzlePostgres(options.preparedStatements === false ? client : preparing(client), {
    schema,
  }) as unknown as Database;
  return {
    kind: "postgres",
    db,
    async prepare(work, prepareOptions) {
      // Its own connection without named prepared statements, so it also works through a
      // transaction-mode pooler (PgBouncer): everything below is one transaction, which such a
      // pooler keeps on one server connection.
      const lockClient = postgres(url, {
        max: 1,
        prepare: false,
        onnotice: () => {},
        connection: { application_name: "scheduler-migrate" },
      });
      try {
        const lockDb = drizzlePostgres(lockClient, { schema }) as unknown as Database;
        await lockDb.transaction(async (tx) => {
          await takeMigrationLock(tx, lockTimeoutMs);
          await migrateOrCheck(tx, migrationsFolder, prepareOptions?.migrate ?? true);
          await work(tx as unknown as Database);
        });
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
    async prepare(work, prepareOptions) {
      // PGlite is one connection owned by this process: nothing else can race us, so no lock;
      // still one transaction, so a failed seed leaves no half-migrated database.
      await db.transaction(async (tx) => {
        await migrateOrCheck(tx, migrationsFolder, prepareOptions?.migrate ?? true);
        await work(tx as unknown as Database);
      });
    },
    close: () => client.close(),
  };
}

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** The rows of `db.execute`: postgres.js answers an array, PGlite `{ rows }`. */
export async function queryRows<T>(db: Database | Transaction, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown;
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

/**
 * Waits at most `timeoutMs` for the migration lock, then fails with a clear error. The lock is
 * transaction-level: it ends with the transaction (commit, rollback, or the connection dying),
 * so it can never be left behind on a connection a pooler hands to someone else.
 */
async function takeMigrationLock(tx: Transaction, timeoutMs: number): Promise<void> {
  const [previous] = await queryRows<{ lock_timeout: string }>(
    tx,
    sql`select current_setting('lock_timeout') as lock_timeout`,
  );
  await tx.execute(sql`select set_config('lock_timeout', ${`${Math.max(1, Math.round(timeoutMs))}ms`}, true)`);
  try {
    await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK_ID})`);
  } catch (error) {
    if (postgresCode(error) === "55P03") {
      throw new Error(
        `Another process is migrating this database: waited ${timeoutMs / 1000} s for the migration lock (advisory lock ${MIGRATION_LOCK_ID}, held by another app server or \`npm run db:migrate\`). Start again when it is done; if it never ends, find the session holding it in pg_locks.`,
        { cause: error },
      );
    }
    throw error;
  }
  // Migrations themselves wait as the server is configured to.
  await tx.execute(sql`select set_config('lock_timeout', ${previous.lock_timeout}, true)`);
}

function postgresCode(error: unknown): string | undefined {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string") return code;
  }
  return undefined;
}

/** The migrations of `migrationsFolder` by name, in order (drizzle-kit's journal). */
export function migrationNames(migrationsFolder: string): { tag: string; when: number }[] {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8")) as {
    entries: { tag: string; when: number }[];
  };
  return journal.entries.map((e) => ({ tag: e.tag, when: e.when }));
}

/** This code's migrations that the database has not applied (drizzle's own bookkeeping table). */
export async function pendingMigrations(db: Database | Transaction, migrationsFolder: string): Promise<string[]> {
  const [table] = await queryRows<{ present: boolean }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  let last = -Infinity;
  if (table.present) {
    const [row] = await queryRows<{ last: string | null }>(
      db,
      sql`select max(created_at)::text as last from drizzle.__drizzle_migrations`,
    );
    if (row.last !== null) last = Number(row.last);
  }
  return migrationNames(migrationsFolder)
    .filter((m) => m.when > last)
    .map((m) => m.tag);
}

/**
 * Applies the pending migrations with drizzle's migrator inside the caller's transaction (its
 * own inner transaction runs as part of ours), or, with `apply` false, only checks that none is
 * pending. A database ahead of this code (migrated for a newer version) is fine either way.
 */
async function migrateOrCheck(tx: Transaction, migrationsFolder: string, apply: boolean): Promise<void> {
  if (!apply) {
    const pending = await pendingMigrations(tx, migrationsFolder);
    if (pending.length > 0) {
      throw new MigrationsPendingError(
        `The database lacks ${pending.length} migration(s) this version needs (${pending.join(", ")}) and MIGRATE_ON_START=false: run \`npm run db:migrate\` against it first, then start the app.`,
      );
    }
    return;
  }
  const inner = tx as unknown as { dialect: PgDialect; session: PgSession };
  const session = Object.assign(Object.create(inner.session) as PgSession, {
    transaction: (fn: (t: Transaction) => Promise<unknown>) => fn(tx),
  });
  await inner.dialect.migrate(readMigrationFiles({ migrationsFolder }), session, { migrationsFolder });
}

/** Cheap liveness probe used by /healthz. */
export async function ping(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}
