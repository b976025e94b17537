import { spawn, type ChildProcess } from "node:child_process";
import postgres from "postgres";
import { expect } from "@playwright/test";
import { createTestDatabase, type TestDatabase } from "../support/postgres";
import { freePort } from "../support/server";
import { STRONG_PASSWORD, uniqueEmail } from "./support";

/**
 * An app server of a spec's own, on a PostgreSQL database of its own, for journeys whose set-up
 * reads or moves what the suite's server keeps in its embedded database: mails in the outbox, a
 * job's due time. Accounts come from the JSON API (`person`); the sign-up spec tests the form.
 */
export interface OwnServer {
  url: string;
  /** The database, for reading the outbox and moving due times. */
  sql: postgres.Sql;
  api(method: string, path: string, token?: string, body?: unknown): Promise<Response>;
  stop(): Promise<void>;
}

export interface Person {
  email: string;
  id: string;
  token: string;
}

export async function startOwnServer(prefix: string, env: Record<string, string> = {}): Promise<OwnServer> {
  const database: TestDatabase = await createTestDatabase(prefix);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, ["server.mjs"], {
    env: {
      PATH: process.env.PATH ?? "",
      NODE_ENV: "production",
      PORT: String(port),
      DATABASE_URL: database.url,
      // Production on PostgreSQL needs the address its links use (decision 063).
      APP_URL: url,
      SESSION_SECRET: `e2e-${prefix}-session-secret-0123456789`,
      RATE_LIMIT_FACTOR: "100",
      JOBS: "off",
      WEB_CONCURRENCY: "1",
      ...env,
    },
    stdio: "ignore",
  });
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    }
    await database.drop();
  };
  try {
    await expect
      .poll(async () => (await fetch(`${url}/healthz`).catch(() => null))?.status ?? 0, {
        timeout: 60_000,
        intervals: [200],
      })
      .toBe(200);
  } catch (error) {
    await stop();
    throw error;
  }
  const sql = postgres(database.url, { max: 1, onnotice: () => {} });
  return {
    url,
    sql,
    api: (method, path, token, body) =>
      fetch(`${url}${path}`, {
        method,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    async stop() {
      await sql.end();
      await stop();
    },
  };
}

/** The answer's JSON, after checking its status (the body is the message when it is not). */
export async function json<T>(res: Response, status: number): Promise<T> {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return JSON.parse(text) as T;
}

/** Signs up over HTTP and takes an API token. */
export async function person(server: OwnServer, name: string, prefix: string): Promise<Person> {
  const email = uniqueEmail(prefix);
  const signup = await fetch(`${server.url}/signup`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url },
    body: new URLSearchParams({ name, email, password: STRONG_PASSWORD, confirmPassword: STRONG_PASSWORD }),
    redirect: "manual",
  });
  expect(signup.status).toBe(302);
  const { token } = await json<{ token: string }>(
    await server.api("POST", "/api/token", undefined, { email, password: STRONG_PASSWORD }),
    200,
  );
  const [row] = await server.sql`select id from users where email = ${email}`;
  return { email, id: row.id as string, token };
}
