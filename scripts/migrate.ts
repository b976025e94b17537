// npm run db:migrate: applies pending migrations (the server also does this at start-up).
import { openDatabase } from "../db/client";
import { seedCatalog } from "../db/seed";

const handle = await openDatabase({ url: process.env.DATABASE_URL || undefined, dataDir: process.env.DATA_DIR ?? "./data" });
try {
  await handle.prepare(seedCatalog);
  console.log(`Migrated the ${handle.kind === "pglite" ? "embedded" : "PostgreSQL"} database.`);
} finally {
  await handle.close();
}
