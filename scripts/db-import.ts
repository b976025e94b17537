// npm run db:import -- <file> [--force]: loads a `npm run db:export` file into the PostgreSQL
// database at DATABASE_URL (docs/decisions/026). It first migrates that database (same lock as
// the app servers), then, in one transaction, checks it is empty (the package catalogue the app
// seeds on its own does not count: it is replaced), loads every table in foreign-key order with
// the rows' own ids, hashes and timestamps (user triggers off, so nothing is re-stamped), and
// sets the sequences. A non-empty target is refused unless --force, which empties it first.
// Either everything is loaded or nothing is. Stop the app servers on that database first.
import "./load-env.mjs";
import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import postgres from "postgres";
import { openDatabase } from "../db/client";

const EXPORT_MARKER = "-- scheduler-export: ";
/** Rows the app seeds on every empty database; a target holding only these is still "empty". */
const SEEDED_TABLES = new Set(["packages"]);

interface ExportDescription {
  format: number;
  migrations: { hash: string; created_at: string }[];
  rows: Record<string, number>;
}

function fail(message: string, code = 1): never {
  console.error(`db:import: ${message}`);
  process.exit(code);
}

const args = process.argv.slice(2);
const force = args.includes("--force");
const file = args.find((a) => !a.startsWith("--"));
if (!file) fail("usage: npm run db:import -- <file> [--force]   (loads into DATABASE_URL)", 2);
const url = process.env.DATABASE_URL;
if (!url) fail("set DATABASE_URL to the PostgreSQL database to load into (created empty, e.g. createdb scheduler).", 2);
if (!fs.existsSync(file)) fail(`no such file: ${path.resolve(file)}`, 2);

const text = fs.readFileSync(file, "utf8");
const lines = text.split("\n");
if (!lines[0].startsWith(EXPORT_MARKER)) fail(`${file} is not a file written by npm run db:export.`, 2);
const description = JSON.parse(lines[0].slice(EXPORT_MARKER.length)) as ExportDescription;
if (description.format !== 1) fail(`${file} has export format ${description.format}; this version reads format 1.`, 2);

/** The COPY blocks (statement and data lines) and the setval statements of the file. */
const copies = new Map<string, { statement: string; data: string }>();
const setvals: string[] = [];
for (let i = 1; i < lines.length; i++) {
  const copy = /^COPY public\."((?:[^"]|"")+)" \(.*\) FROM stdin;$/.exec(lines[i]);
  if (copy) {
    const end = lines.indexOf("\\.", i + 1);
    if (end < 0) fail(`${file} is cut short (no end of the data of ${copy[1]}).`, 2);
    const table = copy[1].replace(/""/g, '"');
    const data = lines.slice(i + 1, end);
    copies.set(table, { statement: lines[i].replace(/;$/, ""), data: data.length ? `${data.join("\n")}\n` : "" });
    i = end;
  } else if (lines[i].startsWith("SELECT pg_catalog.setval(")) {
    setvals.push(lines[i]);
  }
}

// 1. Migrate the target to this version's schema, under the app servers' lock.
const handle = await openDatabase({ url, dataDir: ":memory:", poolSize: 1 });
try {
  await handle.prepare(async () => {});
} finally {
  await handle.close();
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;
const sql = postgres(url, { max: 1, onnotice: () => {} });
try {
  const loaded = await sql.begin(async (tx) => {
    const [last] = await tx<
      { last: string | null }[]
    >`select max(created_at)::text as last from drizzle.__drizzle_migrations`;
    const exported = description.migrations.at(-1)?.created_at;
    if (!exported || last.last === null || Number(exported) > Number(last.last)) {
      throw new Error(
        "the export comes from a newer version of the app than this one (it has migrations this code lacks): import it with that version.",
      );
    }
    if (Number(exported) < Number(last.last)) {
      throw new Error(
        "the export was made before some of this version's migrations: run `npm run db:migrate` on the embedded database (same DATA_DIR), export again, then import.",
      );
    }
    const tables = (
      await tx<{ name: string }[]>`select tablename as name from pg_tables where schemaname = 'public'`
    ).map((r) => r.name);
    const unknown = [...copies.keys()].filter((t) => !tables.includes(t));
    if (unknown.length) throw new Error(`the target has no table ${unknown.join(", ")}.`);

    // 2. Empty? (--force: make it so.)
    const counts: string[] = [];
    for (const t of tables) {
      const [{ n }] = await tx.unsafe<{ n: number }[]>(`select count(*)::int as n from public.${quote(t)}`);
      if (n > 0 && !SEEDED_TABLES.has(t)) counts.push(`${t} (${n})`);
    }
    if (counts.length && !force) {
      throw new Error(
        `the target database is not empty: ${counts.join(", ")}. Import into a new database, or pass --force to delete all its rows first.`,
      );
    }
    // --force replaces the audit log too: its append-only trigger lets this transaction (decision 070).
    await tx.unsafe("select set_config('app.audit_retention', 'on', true)");
    await tx.unsafe(`truncate ${tables.map((t) => `public.${quote(t)}`).join(", ")} restart identity cascade`);

    // 3. Parents before children, so every foreign key is checked as the rows arrive.
    const edges = await tx<{ child: string; parent: string }[]>`
      select c.relname as child, p.relname as parent from pg_constraint k
      join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
      where k.contype = 'f' and k.connamespace = 'public'::regnamespace and c.oid <> p.oid`;
    const order: string[] = [];
    const visiting = new Set<string>();
    const visit = (t: string) => {
      if (order.includes(t)) return;
      if (visiting.has(t)) throw new Error(`foreign keys form a cycle through ${t}; cannot order the load.`);
      visiting.add(t);
      for (const e of edges) if (e.child === t) visit(e.parent);
      visiting.delete(t);
      order.push(t);
    };
    for (const t of [...tables].sort()) visit(t);

    let total = 0;
    for (const t of order) {
      const block = copies.get(t);
      if (!block || block.data === "") continue;
      // User triggers (events.start_set_at) would re-stamp what the export carries.
      await tx.unsafe(`alter table public.${quote(t)} disable trigger user`);
      await pipeline(Readable.from([block.data]), await tx.unsafe(block.statement).writable());
      await tx.unsafe(`alter table public.${quote(t)} enable trigger user`);
      const [{ n }] = await tx.unsafe<{ n: number }[]>(`select count(*)::int as n from public.${quote(t)}`);
      if (n !== description.rows[t]) throw new Error(`${t}: loaded ${n} rows, the export has ${description.rows[t]}.`);
      total += n;
    }
    for (const s of setvals) await tx.unsafe(s);
    return total;
  });
  console.log(`Imported ${loaded} rows from ${path.resolve(file)} into the PostgreSQL database.`);
} catch (error) {
  console.error(`db:import: ${error instanceof Error ? error.message : String(error)} Nothing was imported.`);
  process.exitCode = 1;
} finally {
  await sql.end({ timeout: 5 });
}
