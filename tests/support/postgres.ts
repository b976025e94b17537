import postgres from "postgres";

export const ADMIN_URL = process.env.TEST_DATABASE_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
/** The PostgreSQL server ADMIN_URL names, for a socket or proxy of a test's own. */
export const ADMIN_SERVER = (() => {
  const url = new URL(ADMIN_URL);
  return { host: url.hostname || "127.0.0.1", port: Number(url.port || 5432) };
})();

export interface TestDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

/** A brand-new database on the test server; dropped (even with open connections) afterwards. */
export async function createTestDatabase(prefix = "scheduler_it"): Promise<TestDatabase> {
  const name = `${prefix}_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`create database "${name}"`);
  } catch (error) {
    await admin.end();
    throw new Error(
      `Cannot create a test database through ${ADMIN_URL} (is PostgreSQL running? npm test starts one): ${String(error)}`,
    );
  }
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      const a = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
      try {
        await a.unsafe(`drop database if exists "${name}" with (force)`);
      } finally {
        await a.end();
      }
    },
  };
}
