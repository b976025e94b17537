// npm run db:migrate: applies pending migrations and seeds the package catalogue of an empty
// database, under the same lock as the app servers' start-up (docs/decisions/026), on the
// database the app is configured for (DATABASE_URL, or the embedded one in DATA_DIR; stop the
// app first when embedded). Run it before starting servers with MIGRATE_ON_START=false.
import "./load-env.mjs";
import path from "node:path";
import { openDatabase, pendingMigrations } from "../db/client";
import { seedCatalog } from "../db/seed";

const migrationsFolder = path.resolve("migrations");
const handle = await openDatabase({
  url: process.env.DATABASE_URL || undefined,
  dataDir: process.env.DATA_DIR ?? "./data",
  poolSize: 1,
});
const kind = handle.kind === "pglite" ? "embedded" : "PostgreSQL";
try {
  const pending = await pendingMigrations(handle.db, migrationsFolder);
  await handle.prepare(seedCatalog);
  console.log(
    `Migrated the ${kind} database: ${pending.length ? `applied ${pending.length} migration(s) or found them applied by another process (${pending.join(", ")})` : "it was up to date"}.`,
  );
} catch (error) {
  console.error(`db:migrate failed on the ${kind} database:`, error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await handle.close();
}
