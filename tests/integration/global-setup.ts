import type { TestProject } from "vitest/node";
import { createTestDatabase } from "../support/postgres";
import { freePort, startServer, type RunningServer } from "../support/server";

declare module "vitest" {
  export interface ProvidedContext {
    /** One entry per vitest worker (tests/integration/context.ts picks a file's own). */
    workerSets: {
      databaseUrl: string;
      serverUrls: string[];
      fakeGoogleUrl: string;
      fakeMicrosoftUrl: string;
      fakeZoomUrl: string;
    }[];
  }
}

export const SESSION_SECRET = "integration-secret-0123456789abcdef0123456789";
/** The one other site whose pages may call the JSON paths (CORS). */
export const CORS_ORIGIN = "https://partner.example.test";
/** 32 bytes, base64: the calendar secrets' key of the test servers. */
export const CALENDAR_KEY = Buffer.alloc(32, 7).toString("base64");

/**
 * Per vitest worker, one fresh PostgreSQL database and two app servers on it, started at the
 * same moment: they race to migrate and seed, which the migration lock must make safe. Files run
 * in parallel, one per worker at a time, and a file only sees its worker's database, so a test
 * that counts rows or lists every user sees only what the files of its own worker made.
 */
export default async function setup(project: TestProject) {
  const workers = Math.max(1, Number(project.config.maxWorkers) || 1);
  const sets = await Promise.allSettled(Array.from({ length: workers }, () => startSet()));
  const started = sets.flatMap((s) => (s.status === "fulfilled" ? [s.value] : []));
  const failed = sets.find((s) => s.status === "rejected");
  if (failed) {
    await Promise.all(started.map((s) => s.stop()));
    throw failed.reason;
  }
  project.provide(
    "workerSets",
    started.map((s) => s.provided),
  );
  return async () => {
    await Promise.all(started.map((s) => s.stop()));
  };
}

async function startSet() {
  const db = await createTestDatabase();
  // Where tests/integration/google-calendar.test.ts runs its fake Google: every server's job
  // runner may write a booking into a Google calendar, so every server must reach the same fake.
  const fakeGoogleUrl = `http://127.0.0.1:${await freePort()}`;
  // The same for tests/integration/microsoft-calendar.test.ts's fake Microsoft.
  const fakeMicrosoftUrl = `http://127.0.0.1:${await freePort()}`;
  // The same for tests/integration/conferencing.test.ts's fake Zoom (decision 065).
  const fakeZoomUrl = `http://127.0.0.1:${await freePort()}`;
  let servers: RunningServer[] = [];
  try {
    const env = {
      DATABASE_URL: db.url,
      SESSION_SECRET,
      RATE_LIMIT_FACTOR: "1",
      ADMIN_EMAILS: "chief@example.test",
      TRUST_PROXY: "loopback",
      CORS_ORIGINS: CORS_ORIGIN,
      // Webhook receivers in the tests listen on 127.0.0.1, with retries 1000 times sooner (docs/decisions/037).
      ALLOW_PRIVATE_WEBHOOK_URLS: "true",
      WEBHOOK_RETRY_SCALE: "0.001",
      // Calendars (docs/decisions/035): Radicale and the feed servers of the tests listen on loopback.
      CALENDAR_ENCRYPTION_KEY: CALENDAR_KEY,
      ALLOW_PRIVATE_CALENDAR_URLS: "true",
      CALENDAR_SYNC_SECONDS: "5",
      GOOGLE_OAUTH_BASE: fakeGoogleUrl,
      GOOGLE_API_BASE: fakeGoogleUrl,
      MICROSOFT_LOGIN_BASE: fakeMicrosoftUrl,
      MICROSOFT_GRAPH_BASE: fakeMicrosoftUrl,
      ZOOM_OAUTH_BASE: fakeZoomUrl,
      ZOOM_API_BASE: fakeZoomUrl,
    };
    const results = await Promise.allSettled([startServer(env), startServer(env)]);
    servers = results.flatMap((r) => (r.status === "fulfilled" ? [r.value] : []));
    const failed = results.find((r) => r.status === "rejected");
    if (failed) throw failed.reason;
  } catch (error) {
    await Promise.all(servers.map((s) => s.stop()));
    await db.drop();
    throw error;
  }
  return {
    provided: {
      databaseUrl: db.url,
      serverUrls: servers.map((s) => s.url),
      fakeGoogleUrl,
      fakeMicrosoftUrl,
      fakeZoomUrl,
    },
    async stop() {
      await Promise.all(servers.map((s) => s.stop()));
      await db.drop();
    },
  };
}
