import { expect } from "vitest";
import { HttpClient, uniqueEmail } from "../support/http";
import { blankAccount, servers, sql } from "./context";

/**
 * The JSON API test files' client: curl-like calls (no cookies, no Origin, a bearer token when
 * given), browser-like calls with a session cookie, and accounts of a role with a token.
 */

export const API_PASSWORD = "correct-horse-battery";

export type Role = "user" | "professional" | "admin";

export interface CallOptions {
  token?: string;
  json?: unknown;
  body?: BodyInit;
  headers?: Record<string, string>;
  /** Which app server: an index into servers(), or a base URL (default the first server). */
  server?: number | string;
}

export interface Account {
  c: HttpClient;
  email: string;
  id: string;
  token: string;
}

export interface ApiError {
  code: string;
  message: string;
  fields?: Record<string, string[]>;
}

/** A browser-like JSON call with the client's session cookie (same-origin). */
export function browserCall(
  c: HttpClient,
  method: string,
  path: string,
  json?: unknown,
  headers: Record<string, string> = {},
) {
  return c.request(path, {
    method,
    body: json === undefined ? undefined : JSON.stringify(json),
    headers: { origin: c.baseUrl, ...(json === undefined ? {} : { "content-type": "application/json" }), ...headers },
  });
}

/** The error body of a JSON answer, checked for the shared shape. */
export async function errorOf(res: Response): Promise<ApiError> {
  expect(res.headers.get("content-type")).toMatch(/application\/json/);
  const body = (await res.json()) as { error: ApiError };
  expect(typeof body.error.code).toBe("string");
  expect(typeof body.error.message).toBe("string");
  return body.error;
}

/**
 * A client for one test file. `ipPrefix` ("10.78") gives each call its own client address in
 * the file's own range, so per-address rate limits are not shared between calls or files;
 * accounts are named `${namePrefix} ${prefix}`; calls go to `server()` unless told otherwise.
 */
export function apiClient({
  ipPrefix,
  namePrefix = "API",
  server: defaultServer = () => servers()[0],
}: {
  ipPrefix: string;
  namePrefix?: string;
  server?: () => string;
}) {
  const db = sql();
  let ipCounter = 0;

  function freshIp(): string {
    ipCounter += 1;
    return `${ipPrefix}.${Math.floor(ipCounter / 250) % 250}.${ipCounter % 250}`;
  }

  function baseOf(server: number | string | undefined): string {
    if (typeof server === "number") return servers()[server];
    return server ?? defaultServer();
  }

  async function call(method: string, path: string, options: CallOptions = {}): Promise<Response> {
    const headers: Record<string, string> = { "x-forwarded-for": freshIp(), ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body = options.body;
    if (options.json !== undefined) {
      body = JSON.stringify(options.json);
      headers["content-type"] ??= "application/json";
    }
    return fetch(new URL(path, baseOf(options.server)), { method, headers, body, redirect: "manual" });
  }

  /**
   * Signs up, sets the role (a professional as an operator grant, without an end date unless
   * `professionalDays` is given) and swaps the session for a token with PUT /users/{email}.
   */
  async function account(
    prefix: string,
    role: Role = "user",
    options: { server?: number | string; professionalDays?: number } = {},
  ): Promise<Account> {
    const base = baseOf(options.server);
    const c = new HttpClient(base, { "x-forwarded-for": freshIp() });
    const email = uniqueEmail(prefix);
    expect(
      (
        await c.post("/signup", {
          name: `${namePrefix} ${prefix}`,
          email,
          password: API_PASSWORD,
          confirmPassword: API_PASSWORD,
        })
      ).status,
    ).toBe(302);
    await blankAccount(email);
    if (role === "professional" && options.professionalDays) {
      await db`update users set role = 'professional', professional_until = now() + make_interval(days => ${options.professionalDays}) where email = ${email}`;
    } else {
      await db`update users set role = ${role} where email = ${email}`;
    }
    const [row] = await db`select id from users where email = ${email}`;
    const res = await browserCall(c, "PUT", `/users/${encodeURIComponent(email)}`, { email });
    expect(res.status).toBe(200);
    const { token } = (await res.json()) as { token: string };
    return { c, email, id: row.id as string, token };
  }

  return { db, freshIp, call, account };
}

/** A JSON resource of the API (schedules, event types, events). */
export type Json = Record<string, unknown> & { _id: string };

/** The answer's JSON after checking its status (the body is in the failure message). */
export async function ok<T = Json>(res: Response, status = 200): Promise<T> {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return JSON.parse(text) as T;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** A UTC date `days` from today, YYYY-MM-DD. */
export const dateIn = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);
/** A slot start on a date `days` ahead, written like GET /api/slots does for UTC. */
export const at = (days: number, time: string) => `${dateIn(days)}T${time}:00+00:00`;
/** A schedule open all day, every day, in UTC: every slot of an event type on it is free. */
export const ALL_DAY_SCHEDULE = {
  name: "All day",
  timeZone: "UTC",
  weekly: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, start: "00:00", end: "24:00" })),
};

/** An event type of the token's holder on a fresh ALL_DAY_SCHEDULE: every slot of the window is free. */
export async function allDayEventType(
  call: (method: string, path: string, options: { token?: string; json?: unknown }) => Promise<Response>,
  token: string,
  fields: Record<string, unknown>,
): Promise<Json> {
  const schedule = await ok(await call("POST", "/api/schedules", { token, json: ALL_DAY_SCHEDULE }), 201);
  return ok(await call("POST", "/api/event-types", { token, json: { ...fields, scheduleId: schedule._id } }), 201);
}

/** The booking token of a cancel or reschedule link. */
export const tokenOf = (url: string | null) => new URL(url ?? "http://x/").searchParams.get("token") ?? "";
