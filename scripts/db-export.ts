// npm run db:export -- <file>: writes every row of the embedded database (PGlite in DATA_DIR)
// to <file>, for `npm run db:import` into a PostgreSQL server (docs/decisions/026). Stop the app
// first: the embedded database belongs to one process.
//
// The file is plain SQL in pg_dump's data-only shape: one `COPY … FROM stdin` block per table
// (PostgreSQL's own text format, so every type round-trips exactly: ids, password hashes,
// timestamps, JSON), then the sequences' values. A first comment line holds the export's
// description as JSON (migrations applied, rows per table) for db:import's checks.
import "./load-env.mjs";
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";

const EXPORT_MARKER = "-- scheduler-export: ";

const file = process.argv[2];
if (!file) {
  console.error("Usage: npm run db:export -- <file>   (reads the embedded database in DATA_DIR, default ./data)");
  process.exit(2);
}
if (process.env.DATABASE_URL) {
  console.error("db:export reads the embedded database (DATA_DIR); unset DATABASE_URL (that one has pg_dump).");
  process.exit(2);
}
const dataDir = process.env.DATA_DIR ?? "./data";
const folder = path.resolve(dataDir, "pg");
if (!fs.existsSync(path.join(folder, "PG_VERSION"))) {
  console.error(`No embedded database in ${path.resolve(dataDir)} (expected ${folder}).`);
  process.exit(1);
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;
const pg = new PGlite(folder, { extensions: { btree_gist } });
try {
  await pg.waitReady;
  // One snapshot for the whole export.
  await pg.exec("begin isolation level repeatable read read only");
  const migrations = (
    await pg.query<{ hash: string; created_at: string }>(
      "select hash, created_at::text from drizzle.__drizzle_migrations order by created_at",
    )
  ).rows;
  const tables = (
    await pg.query<{ name: string }>(
      "select tablename as name from pg_tables where schemaname = 'public' order by tablename",
    )
  ).rows.map((r) => r.name);
  const blocks: string[] = [];
  const rows: Record<string, number> = {};
  for (const table of tables) {
    const columns = (
      await pg.query<{ name: string }>(
        `select column_name as name from information_schema.columns
         where table_schema = 'public' and table_name = $1 and is_generated = 'NEVER'
         order by ordinal_position`,
        [table],
      )
    ).rows.map((r) => quote(r.name));
    const copy = `COPY public.${quote(table)} (${columns.join(", ")})`;
    const result = await pg.query(`${copy} TO '/dev/blob'`);
    const text = result.blob ? await result.blob.text() : "";
    rows[table] = text === "" ? 0 : text.split("\n").filter((l) => l !== "").length;
    blocks.push(`${copy} FROM stdin;\n${text}\\.\n`);
  }
  const sequences = (
    await pg.query<{ name: string; value: string | null }>(
      "select sequencename as name, last_value::text as value from pg_sequences where schemaname = 'public' order by sequencename",
    )
  ).rows;
  await pg.exec("commit");
  const description = { format: 1, exportedAt: new Date().toISOString(), migrations, rows };
  const out = [
    `${EXPORT_MARKER}${JSON.stringify(description)}`,
    "-- Data only: load with `npm run db:import -- <this file>` into a migrated, empty database.",
    "",
    ...blocks,
    ...sequences.map((s) =>
      s.value === null
        ? `SELECT pg_catalog.setval('public.${quote(s.name)}', 1, false);`
        : `SELECT pg_catalog.setval('public.${quote(s.name)}', ${s.value}, true);`,
    ),
    "",
  ].join("\n");
  fs.writeFileSync(file, out, { mode: 0o600 });
  const total = Object.values(rows).reduce((a, b) => a + b, 0);
  console.log(
    `Exported ${total} rows of ${tables.length} tables from ${path.resolve(dataDir)} to ${path.resolve(file)}.`,
  );
} finally {
  await pg.close();
}
