import postgres from "postgres";
import { afterAll, beforeAll } from "vitest";
import { createTestDatabase, type TestDatabase } from "../support/postgres";
import { startServer, type RunningServer } from "../support/server";
import { SESSION_SECRET } from "./global-setup";

/** How often the job runners of these servers poll. */
export const POLL_MS = 200;

export interface JobServers {
  database: TestDatabase;
  db: postgres.Sql;
  /** Two servers at first; a test may stop one and put another in its place. */
  servers: RunningServer[];
  /** The environment every server of the set starts with. */
  env(): Record<string, string>;
}

/**
 * A database of the file's own and two app servers on it whose job runners poll every POLL_MS,
 * so both race for every due message (the reminder and workflow tests). Started before the
 * file's tests, stopped and dropped after them.
 */
export function twoJobServers(prefix: string): JobServers {
  const set = { servers: [] as RunningServer[] } as JobServers;
  set.env = () => ({
    DATABASE_URL: set.database.url,
    SESSION_SECRET,
    JOBS_POLL_MS: String(POLL_MS),
    TRUST_PROXY: "loopback",
  });
  beforeAll(async () => {
    set.database = await createTestDatabase(prefix);
    set.servers = await Promise.all([startServer(set.env()), startServer(set.env())]);
    set.db = postgres(set.database.url, { max: 2, onnotice: () => {} });
  });
  afterAll(async () => {
    await Promise.all(set.servers.map((s) => s.stop()));
    await set.db?.end();
    await set.database?.drop();
  });
  return set;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Long enough for both servers to have polled several times. */
export const severalPolls = () => sleep(POLL_MS * 8);

/**
 * Probes until `ok` holds of the answer or the time is up (a hang-catcher), then answers the last
 * value: the test's own expectation says what was wrong.
 */
export async function settled<T>(probe: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (ok(v) || Date.now() > deadline) return v;
    await sleep(100);
  }
}
