import postgres from "postgres";
import { afterAll, beforeAll } from "vitest";
import { closeDatabase, startDatabase } from "../../app/server/db.server";
import { createTestDatabase, type TestDatabase } from "./postgres";

/**
 * A PostgreSQL database of the file's own, opened as the app's (getDb, migrated, no demo data),
 * for tests that call the app's model functions directly; `sql` is a second connection to it.
 * Registers its beforeAll and afterAll; the environment is as it was afterwards.
 */
export function ownAppDatabase(prefix: string): { sql: postgres.Sql; target: TestDatabase } {
  const saved = { DATABASE_URL: process.env.DATABASE_URL, SEED_DEMO: process.env.SEED_DEMO };
  const state = {} as { sql: postgres.Sql; target: TestDatabase };
  beforeAll(async () => {
    state.target = await createTestDatabase(prefix);
    process.env.DATABASE_URL = state.target.url;
    process.env.SEED_DEMO = "0";
    await startDatabase();
    state.sql = postgres(state.target.url, { max: 2, onnotice: () => {} });
  });
  afterAll(async () => {
    await state.sql?.end();
    await closeDatabase();
    Object.assign(process.env, saved);
    await state.target?.drop();
  });
  return state;
}
