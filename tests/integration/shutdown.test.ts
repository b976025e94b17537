/**
 * Graceful shutdown under load (decision 024). Two app servers of this file's own on a database
 * of its own; a host with an event type of 15-minute slots. 8 clients, each on one keep-alive
 * connection, send 160 POST /api/bookings for distinct slots (each with its own
 * Idempotency-Key) to the first server; SIGTERM lands when 60 have been answered.
 *
 * Asserted: every 201 a client received is stored; every answer after SIGTERM says
 * `Connection: close`; every request that got no answer (the connection refused or closed) is
 * retried with its key on the second server and books there afresh (never a replay: the first
 * server had not committed it, so no acknowledged write was cut); each slot is booked once; the
 * first server exits by itself with 0, well before its grace period, without cutting requests.
 * A third server with SHUTDOWN_DELAY_MS answers /healthz 503 while it drains, still books (with
 * `Connection: close`), then leaves by itself.
 */
import http from "node:http";
import postgres from "postgres";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../support/postgres";
import { startServer, type RunningServer } from "../support/server";
import { HttpClient, uniqueEmail } from "../support/http";

const GRACE_MS = 8_000;
const REQUESTS = 160;
const CLIENTS = 8;
const SIGTERM_AFTER = 60;

let database: TestDatabase;
let db: postgres.Sql;
let first: RunningServer;
let second: RunningServer;
let typeId: string;

beforeAll(async () => {
  database = await createTestDatabase("scheduler_shutdown");
  db = postgres(database.url, { max: 2, onnotice: () => {} });
  const env = {
    DATABASE_URL: database.url,
    SESSION_SECRET: "shutdown-secret-0123456789abcdef0123456789",
    TRUST_PROXY: "loopback",
    SHUTDOWN_GRACE_MS: String(GRACE_MS),
  };
  [first, second] = await Promise.all([startServer(env), startServer(env)]);

  const c = new HttpClient(second.url, { "x-forwarded-for": "10.200.0.1" });
  const email = uniqueEmail("shutdown");
  const password = "correct-horse-battery";
  expect((await c.post("/signup", { name: "Shutdown Host", email, password, confirmPassword: password })).status).toBe(
    302,
  );
  await db`update users set role = 'professional' where email = ${email}`;
  const tokenRes = await c.request(`/users/${encodeURIComponent(email)}`, {
    method: "PUT",
    body: JSON.stringify({ email }),
    headers: { origin: c.baseUrl, "content-type": "application/json" },
  });
  const { token } = (await tokenRes.json()) as { token: string };
  const api = async (path: string, json: unknown) => {
    const res = await fetch(`${second.url}${path}`, {
      method: "POST",
      body: JSON.stringify(json),
      headers: {
        authorization: `Bearer ${token}`,
        "content-type": "application/json",
        "x-forwarded-for": "10.200.0.2",
      },
    });
    const text = await res.text();
    expect(res.status, text).toBe(201);
    return JSON.parse(text) as { _id: string };
  };
  const schedule = await api("/api/schedules", {
    name: "All day",
    timeZone: "UTC",
    weekly: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, start: "00:00", end: "24:00" })),
  });
  const type = await api("/api/event-types", {
    title: "Storm",
    slug: "storm",
    duration: 15,
    slotInterval: 15,
    minimumNotice: 60,
    bookingWindowDays: 30,
    location: { type: "google-meet" },
    scheduleId: schedule._id,
  });
  typeId = type._id;
});

afterAll(async () => {
  await Promise.all([first?.stop(), second?.stop()]);
  await db?.end();
  await database?.drop();
});

type Outcome = (
  | { kind: "answer"; status: number; body: string; close: boolean; afterSigterm: boolean }
  | { kind: "error"; code: string }
) & {
  client: number;
  sentAfterSigterm: boolean;
};

type Attempt =
  | { kind: "answer"; status: number; body: string; close: boolean; afterSigterm: boolean }
  | { kind: "error"; code: string };

function post(
  url: string,
  agent: http.Agent,
  path: string,
  json: unknown,
  headers: Record<string, string>,
  onResponse = () => false,
): Promise<Attempt> {
  const payload = Buffer.from(JSON.stringify(json));
  const target = new URL(path, url);
  return new Promise((resolve) => {
    const req = http.request(
      {
        agent,
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: "POST",
        headers: { ...headers, "content-type": "application/json", "content-length": String(payload.length) },
      },
      (res) => {
        const afterSigterm = onResponse();
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (d) => (body += d));
        res.on("end", () =>
          resolve({
            kind: "answer",
            status: res.statusCode ?? 0,
            body,
            close: res.headers.connection === "close",
            afterSigterm,
          }),
        );
        res.on("error", (e: NodeJS.ErrnoException) =>
          resolve({ kind: "error", code: `response: ${e.code ?? e.message}` }),
        );
      },
    );
    req.setTimeout(15_000, () => req.destroy(Object.assign(new Error("timeout"), { code: "TIMEOUT" })));
    req.on("error", (e: NodeJS.ErrnoException) => resolve({ kind: "error", code: e.code ?? e.message }));
    req.end(payload);
  });
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** The i-th 15-minute slot from 06:00 UTC two days ahead. */
function slot(i: number): string {
  const day = new Date(Date.now() + 2 * DAY_MS).toISOString().slice(0, 10);
  return new Date(Date.parse(`${day}T06:00:00Z`) + i * 15 * 60_000).toISOString();
}

it("a booking storm survives SIGTERM: nothing acknowledged is lost, nothing answered is reset, retries book once", async () => {
  const requests = Array.from({ length: REQUESTS }, (_, i) => ({
    key: `storm-${i}-${Math.random().toString(36).slice(2)}`,
    json: { eventTypeId: typeId, start: slot(i), name: `Guest ${i}`, email: `guest${i}@example.test`, timeZone: "UTC" },
    ip: `10.201.${Math.floor(i / 250)}.${i % 250}`,
  }));
  const outcomes: Outcome[] = new Array(REQUESTS);
  let answered = 0;
  let sigtermAt = 0;
  const exited = new Promise<number | null>((resolve) => first.process.once("exit", (code) => resolve(code)));
  const onResponse = () => {
    answered += 1;
    if (answered === SIGTERM_AFTER) {
      sigtermAt = Date.now();
      first.process.kill("SIGTERM");
      return false;
    }
    return sigtermAt > 0;
  };
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, client) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      for (let i = client; i < REQUESTS; i += CLIENTS) {
        const r = requests[i];
        const sentAfterSigterm = sigtermAt > 0;
        const attempt = await post(
          first.url,
          agent,
          "/api/bookings",
          r.json,
          { "idempotency-key": r.key, "x-forwarded-for": r.ip },
          onResponse,
        );
        outcomes[i] = { ...attempt, client, sentAfterSigterm };
      }
      agent.destroy();
    }),
  );
  // A server that never exits is a hang: the test's own limit ends it.
  const code = await exited;
  const exitMs = Date.now() - sigtermAt;

  // Every request that got no answer is retried with its key on the second server.
  const unanswered = outcomes.map((o, i) => ({ o, i })).filter(({ o }) => o.kind === "error");
  let replays = 0;
  const retryStatuses: number[] = [];
  for (const { i } of unanswered) {
    const r = requests[i];
    const res = await fetch(`${second.url}/api/bookings`, {
      method: "POST",
      body: JSON.stringify(r.json),
      headers: { "content-type": "application/json", "idempotency-key": r.key, "x-forwarded-for": r.ip },
    });
    retryStatuses.push(res.status);
    if (res.headers.get("idempotent-replayed") === "true") replays += 1;
    await res.text();
  }

  const answers = outcomes.filter((o): o is Extract<Outcome, { kind: "answer" }> => o.kind === "answer");
  const created = answers.filter((a) => a.status === 201);
  const errors = outcomes.filter((o): o is Extract<Outcome, { kind: "error" }> => o.kind === "error");
  const codes = errors.reduce<Record<string, number>>((acc, e) => ({ ...acc, [e.code]: (acc[e.code] ?? 0) + 1 }), {});
  const resets = errors.filter((e) => e.code !== "ECONNREFUSED").length;
  const afterSigterm = answers.filter((a) => a.afterSigterm);
  console.log(
    `shutdown storm: ${REQUESTS} requests, ${created.length} x 201 (${answers.length - created.length} other answers), ${afterSigterm.length} answered after SIGTERM (${afterSigterm.filter((a) => a.close).length} with Connection: close), ` +
      `${errors.length} unanswered (${JSON.stringify(codes)}; ${resets} closed/reset on an open connection), retried on the second server: ${retryStatuses.filter((s) => s === 201).length} x 201, ${replays} replays; exit ${String(code)} ${exitMs} ms after SIGTERM`,
  );

  expect(answers.map((a) => a.status).filter((s) => s !== 201)).toEqual([]);
  expect(created.length).toBeGreaterThanOrEqual(SIGTERM_AFTER);
  // Every 201 is stored.
  const ids = created.map((a) => (JSON.parse(a.body) as { booking: { id: string } }).booking.id);
  const stored = await db`select id from events where id in ${db(ids)}`;
  expect(stored.length).toBe(ids.length);
  // Kept-alive connections stop carrying requests: after SIGTERM each client's connection
  // answers at most the request it was sending then (one more if that one crossed the signal),
  // then closes, and new connections are refused.
  const lateAnswers = Array.from(
    { length: CLIENTS },
    (_, client) => answers.filter((a) => a.client === client && a.sentAfterSigterm).length,
  );
  expect(
    Math.max(...lateAnswers),
    `answers to requests sent after SIGTERM, per client: ${lateAnswers.join(",")}`,
  ).toBeLessThanOrEqual(2);
  expect(afterSigterm.filter((a) => a.close).length).toBeGreaterThan(0);
  // Nothing unanswered had been committed: each retry books afresh, never a replay.
  expect(replays).toBe(0);
  expect(retryStatuses.filter((s) => s !== 201)).toEqual([]);
  // Each slot booked exactly once.
  const [count] =
    await db`select count(*)::int as n, count(distinct starts_at)::int as slots from events where event_type_id = ${typeId}`;
  expect(count.n).toBe(REQUESTS);
  expect(count.slots).toBe(REQUESTS);
  // The server left by itself, cleanly, within its grace period: had the grace run out, it
  // would have said that it cut the requests still running.
  expect(code).toBe(0);
  expect(first.output()).not.toMatch(/cutting|closing .* connections still open/i);
}, 400_000);

it("with SHUTDOWN_DELAY_MS the draining server answers /healthz 503, still serves with Connection: close, then exits", async () => {
  const delay = 1_500;
  const third = await startServer({
    DATABASE_URL: database.url,
    SESSION_SECRET: "shutdown-secret-0123456789abcdef0123456789",
    TRUST_PROXY: "loopback",
    SHUTDOWN_DELAY_MS: String(delay),
  });
  try {
    const exited = new Promise<number | null>((resolve) => third.process.once("exit", (code) => resolve(code)));
    const healthy = await fetch(`${third.url}/healthz`);
    expect(healthy.status).toBe(200);
    await healthy.text();
    const sigtermAt = Date.now();
    third.process.kill("SIGTERM");
    await new Promise((r) => setTimeout(r, 300));
    const health = await fetch(`${third.url}/healthz`);
    expect(health.status).toBe(503);
    expect(health.headers.get("connection")).toBe("close");
    expect(await health.json()).toEqual({ status: "draining" });
    const start = slot(REQUESTS + 4);
    const res = await fetch(`${third.url}/api/bookings`, {
      method: "POST",
      body: JSON.stringify({
        eventTypeId: typeId,
        start,
        name: "Late Guest",
        email: "late@example.test",
        timeZone: "UTC",
      }),
      headers: { "content-type": "application/json", "x-forwarded-for": "10.202.0.1" },
    });
    expect(res.status, await res.text()).toBe(201);
    expect(res.headers.get("connection")).toBe("close");
    const code = await exited;
    expect(code).toBe(0);
    expect(Date.now() - sigtermAt).toBeGreaterThanOrEqual(delay);
    // The job runner stopped at SIGTERM, before the server stopped listening; the database last.
    const out = third.output();
    const order = [
      "SIGTERM: draining",
      "SIGTERM: job runner stopped",
      "SIGTERM: no longer listening",
      "SIGTERM: drained, database closed",
    ].map((line) => out.indexOf(line));
    expect(
      order.every((at) => at >= 0),
      out,
    ).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  } finally {
    await third.stop("SIGKILL");
  }
}, 400_000);
