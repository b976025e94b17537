/**
 * WEB_CONCURRENCY (docs/decisions/032): several worker processes share the port on
 * PostgreSQL; the embedded database, which one process owns, refuses more than one; SIGTERM
 * drains every worker and the server exits 0 once they have. Workers get the default heap cap.
 */
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../support/postgres";
import { runServerExpectingExit, startServer } from "../support/server";

const SECRET = "concurrency-secret-0123456789abcdef0123456789";

function childrenOf(pid: number): number[] {
  try {
    return fs.readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").split(" ").filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

describe("WEB_CONCURRENCY", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase("scheduler_it_workers");
  });
  afterAll(async () => {
    await database?.drop();
  });

  it("is refused above 1 on the embedded database, and when it is not a whole number from 1 to 64, saying why", async () => {
    const embedded = await runServerExpectingExit({ DATA_DIR: ":memory:", WEB_CONCURRENCY: "2" });
    expect(embedded.code).toBe(1);
    expect(embedded.output).toContain("WEB_CONCURRENCY: above 1 needs DATABASE_URL");
    const bad = await runServerExpectingExit({
      DATABASE_URL: database.url,
      SESSION_SECRET: SECRET,
      WEB_CONCURRENCY: "two",
    });
    expect(bad.code).toBe(1);
    expect(bad.output).toContain("WEB_CONCURRENCY: must be a whole number from 1 to 64");
  });

  it("runs that many workers on PostgreSQL, which all answer and all drain on SIGTERM", async () => {
    const server = await startServer({
      DATABASE_URL: database.url,
      SESSION_SECRET: SECRET,
      TRUST_PROXY: "loopback",
      WEB_CONCURRENCY: "3",
    });
    try {
      const deadline = Date.now() + 20_000;
      while ((server.output().match(/Scheduler listening on/g) ?? []).length < 3 && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 100));
      expect(server.output().match(/Scheduler listening on/g)).toHaveLength(3);
      const workers = childrenOf(server.process.pid!);
      expect(workers).toHaveLength(3);
      // Started without a heap flag, the workers get the default heap settings.
      for (const pid of workers) {
        const args = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
        expect(args).toContain("--max-old-space-size=384");
        expect(args).toContain("--heap-growing-percent=50");
      }
      const answers = await Promise.all(
        Array.from({ length: 12 }, () => fetch(`${server.url}/healthz`, { headers: { connection: "close" } })),
      );
      expect(answers.every((r) => r.status === 200)).toBe(true);
    } finally {
      expect(await server.stop("SIGTERM")).toBe(0);
    }
    expect(server.output().match(/SIGTERM: drained, database closed/g)).toHaveLength(3);
  }, 400_000);

  it("is one process on the embedded database by default", async () => {
    const server = await startServer({ DATA_DIR: ":memory:" });
    try {
      expect(childrenOf(server.process.pid!)).toHaveLength(0);
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    } finally {
      expect(await server.stop("SIGTERM")).toBe(0);
    }
    // startServer waits up to 60 s for a cold embedded start on a busy machine: the test's budget covers it.
  }, 400_000);
});
