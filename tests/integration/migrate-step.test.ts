import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MIGRATION_LOCK_ID } from "../../db/client";
import { createTestDatabase, type TestDatabase } from "../support/postgres";
import { ROOT, runServerExpectingExit, startServer } from "../support/server";

/**
 * Migrations as a separate deploy step (docs/decisions/026): `npm run db:migrate` on both
 * databases, under the same lock as the servers; MIGRATE_ON_START=false servers refuse a
 * database that lacks this version's migrations and start on one that has them.
 */

const SESSION_SECRET = "migrate-step-secret-0123456789abcdef0123456789";
const MIGRATION_COUNT = (
  JSON.parse(fs.readFileSync(path.join(ROOT, "migrations/meta/_journal.json"), "utf8")) as { entries: unknown[] }
).entries.length;

/** `npm run db:migrate` (tsx scripts/migrate.ts) with only the given environment. */
function runMigrate(env: Record<string, string>, timeoutMs = 60_000) {
  const child = spawn(path.join(ROOT, "node_modules/.bin/tsx"), ["scripts/migrate.ts"], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? "", NODE_ENV: "production", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  const done = new Promise<{ code: number | null; output: string }>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`db:migrate did not finish:\n${output}`));
    }, timeoutMs);
    child.once("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
  return { child, done };
}

// Each test starts two or three processes that migrate or start the app (tsx, PGlite): on a loaded
// 2-core machine that takes 20-30 s and more, so theirs is the limit of a test that starts servers.
const PROCESSES_TIMEOUT = 400_000;

describe("migrations as a separate step on PostgreSQL", { timeout: PROCESSES_TIMEOUT }, () => {
  let target: TestDatabase;
  beforeAll(async () => {
    target = await createTestDatabase("scheduler_migrate");
  });
  afterAll(async () => {
    await target?.drop();
  });

  it("MIGRATE_ON_START=false refuses an unmigrated database, db:migrate (waiting for the lock) migrates it, then the server starts", async () => {
    const env = { DATABASE_URL: target.url, SESSION_SECRET, MIGRATE_ON_START: "false", JOBS: "off" };
    const refused = await runServerExpectingExit(env);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain(`lacks ${MIGRATION_COUNT} migration(s)`);
    expect(refused.output).toContain("npm run db:migrate");

    // db:migrate takes the servers' lock: it waits while another holds it.
    const holder = postgres(target.url, { max: 1, onnotice: () => {} });
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    let holding!: () => void;
    const held = new Promise<void>((r) => (holding = r));
    const lock = holder.begin(async (tx) => {
      await tx`select pg_advisory_xact_lock(${MIGRATION_LOCK_ID})`;
      holding();
      await released;
    });
    await held;
    const migrate = runMigrate({ DATABASE_URL: target.url });
    let releasedYet = false;
    let finishedWhileHeld = false;
    void migrate.done.then(() => (finishedWhileHeld = !releasedYet));
    await new Promise((r) => setTimeout(r, 2_500));
    releasedYet = true;
    release();
    await lock;
    await holder.end();
    const { code, output } = await migrate.done;
    expect(output).toContain("Migrated the PostgreSQL database");
    expect(code).toBe(0);
    expect(finishedWhileHeld).toBe(false);

    const c = postgres(target.url, { max: 1, onnotice: () => {} });
    const [{ n }] = await c`select count(*)::int as n from drizzle.__drizzle_migrations`;
    const [{ p }] = await c`select count(*)::int as p from packages`;
    await c.end();
    expect(n).toBe(MIGRATION_COUNT);
    expect(p).toBe(3);

    const server = await startServer(env);
    try {
      expect((await fetch(`${server.url}/pricing`)).status).toBe(200);
    } finally {
      await server.stop();
    }
  });
});

describe("db:migrate on the embedded database", { timeout: PROCESSES_TIMEOUT }, () => {
  it("migrates an empty DATA_DIR, again without change, and a MIGRATE_ON_START=false server starts on it", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "migrate-step-"));
    try {
      const first = await runMigrate({ DATA_DIR: dataDir }).done;
      expect(first.output).toContain("Migrated the embedded database");
      expect(first.code).toBe(0);
      const again = await runMigrate({ DATA_DIR: dataDir }).done;
      expect(again.code).toBe(0);
      const server = await startServer({ DATA_DIR: dataDir, MIGRATE_ON_START: "false", JOBS: "off" });
      await server.stop();
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("MIGRATE_ON_START=false refuses an embedded database that was never migrated", async () => {
    const refused = await runServerExpectingExit({ DATA_DIR: ":memory:", MIGRATE_ON_START: "false" });
    expect(refused.code).toBe(1);
    expect(refused.output).toContain("npm run db:migrate");
  });
});
