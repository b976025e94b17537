/**
 * Property-based fuzz of everything a client can send (docs/decisions/023-input-rules.md), with
 * fast-check on fixed seeds, over real HTTP on PostgreSQL and both app servers:
 *
 * - every operation of GET /api/openapi.json, with path parameters, query strings and JSON
 *   bodies generated from the operation's own schema and mixed with hostile values (NUL and
 *   control characters, huge strings, wrong types, 9999-12-31 and -000001-01-01, deep nesting,
 *   unicode, %-escapes), as a visitor, a user, a professional and an admin;
 * - every form of the HTML pages that post to an action (found by reading the pages as the role
 *   that reaches them), posted urlencoded or multipart with hostile, repeated and extra fields;
 * - every field of every form as `name[0]` and `name.a`;
 * - every form behind a proxy: the Origin, Host and X-Forwarded-* headers a proxy (or an
 *   attacker) may send, in combination (decision 063: one origin rule, APP_URL's origin).
 *
 * Properties: no answer is a 5xx; every request answers within its timeout (no hang); after
 * each refused request (4xx), every table is exactly as before it (db-snapshot). Prints how many
 * requests were sent and how many refusals were checked.
 */
import crypto from "node:crypto";
import fc from "fast-check";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HttpClient, rawRequest, uniqueEmail } from "../support/http";
import { createTestDatabase, type TestDatabase } from "../support/postgres";
import { startServer, type RunningServer } from "../support/server";
import { allDayEventType, API_PASSWORD, at, dateIn, ok, type Account } from "./api-client";
import { changedTables, snapshot } from "./db-snapshot";
import { CALENDAR_KEY, CORS_ORIGIN, SESSION_SECRET } from "./global-setup";

// ---------------------------------------------------------------------------------------------
// Its own database and two app servers: what the fuzz creates, edits or deletes (packages,
// roles, reviews...) never meets another test file's expectations.

let database: TestDatabase | null = null;
let running: RunningServer[] = [];
let urls: string[] = [];
let db: postgres.Sql;
const servers = () => urls;

let ipCounter = 0;
function freshIp(): string {
  ipCounter += 1;
  return `10.62.${Math.floor(ipCounter / 250) % 250}.${ipCounter % 250}`;
}

/** A curl-like JSON call on the first server (no cookies), with a bearer token when given. */
function call(method: string, path: string, options: { token?: string; json?: unknown } = {}): Promise<Response> {
  const headers: Record<string, string> = { "x-forwarded-for": freshIp() };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.json !== undefined) headers["content-type"] = "application/json";
  return fetch(new URL(path, urls[0]), {
    method,
    headers,
    body: options.json === undefined ? undefined : JSON.stringify(options.json),
    redirect: "manual",
  });
}

/** Signs up, sets the role, and swaps the session for a token (as api-client's account does). */
async function account(prefix: string, role: Exclude<Role, "visitor">): Promise<Account> {
  const c = new HttpClient(urls[0], { "x-forwarded-for": freshIp() });
  const email = uniqueEmail(prefix);
  expect(
    (await c.post("/signup", { name: `Fuzz ${prefix}`, email, password: API_PASSWORD, confirmPassword: API_PASSWORD }))
      .status,
  ).toBe(302);
  await db`update users set role = ${role} where email = ${email}`;
  const [row] = await db`select id from users where email = ${email}`;
  const res = await c.request(`/users/${encodeURIComponent(email)}`, {
    method: "PUT",
    body: JSON.stringify({ email }),
    headers: { origin: c.baseUrl, "content-type": "application/json" },
  });
  expect(res.status).toBe(200);
  const { token } = (await res.json()) as { token: string };
  return { c, email, id: row.id as string, token };
}

/**
 * A request's limit: what catches a hang. A test's limit (900 s) only bounds the whole run, a fixed
 * number of requests whose time depends on the machine and what else runs on it.
 */
const TIMEOUT_MS = 10_000;
const BATCH = 8;
const API_RUNS = 70;
const FORM_RUNS = 60;
const PROXY_RUNS = 40;

type Role = "visitor" | "user" | "professional" | "admin";
const ROLES: Role[] = ["visitor", "user", "professional", "admin"];

/** Several accounts per role, taken in turn, so the per-user API budget (120 a minute) is not the limit. */
const accounts: Record<Exclude<Role, "visitor">, Account[]> = { user: [], professional: [], admin: [] };
let turn = 0;
function accountOf(role: Exclude<Role, "visitor">): Account {
  turn += 1;
  return accounts[role][turn % accounts[role].length];
}

/** Real ids and addresses, so generated requests also reach past the lookups. */
const known = { ids: [] as string[], emails: [] as string[], tokens: [] as string[], username: "", slug: "" };

const stats = { requests: 0, byStatus: new Map<number, number>(), checkedRefusals: 0, batches: 0 };

const SAME_ORIGIN = "same-origin";

/** encodeURIComponent for any string: a lone surrogate is sent as U+FFFD (raw bytes come from pathSegment). */
function encode(value: string): string {
  return encodeURIComponent(
    value.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, "\ufffd"),
  );
}

interface Sent {
  label: string;
  status: number;
}

async function send(
  method: string,
  path: string,
  headersIn: Record<string, string>,
  bodyIn?: string | Buffer,
): Promise<Sent> {
  // Past Node's 16 KB of request head the server answers 431 and closes the connection without
  // reading a body (a client still sending one gets a reset): such a request goes without body.
  const body = path.length > 15_000 ? undefined : bodyIn;
  const server = servers()[stats.requests % servers().length];
  stats.requests += 1;
  // A browser's same-origin post: the Origin of the server it goes to.
  const headers = headersIn.origin === SAME_ORIGIN ? { ...headersIn, origin: server } : headersIn;
  const res = await rawRequest(server, method, path, {
    headers: { "x-forwarded-for": freshIp(), ...headers },
    body,
    timeoutMs: TIMEOUT_MS,
  }).catch((error: Error) => {
    throw new Error(
      `${method} ${path.slice(0, 300)} (path ${path.length} chars, body ${body?.length ?? 0}): ${error.message}; body: ${String(body ?? "").slice(0, 1000)}`,
    );
  });
  stats.byStatus.set(res.status, (stats.byStatus.get(res.status) ?? 0) + 1);
  return { label: `${method} ${path.slice(0, 160)} -> ${res.status} ${res.text.slice(0, 200)}`, status: res.status };
}

/**
 * Sends a batch one request at a time and checks the properties: no 5xx, and after each
 * refusal (4xx) the database exactly as it was before that request (a snapshot after every
 * request, so each refusal is judged on its own).
 */
async function runBatch(requests: (() => Promise<Sent>)[]) {
  let before = await snapshot(db);
  stats.batches += 1;
  for (const request of requests) {
    const answer = await request();
    expect(answer.status >= 500 || answer.status < 100, answer.label).toBe(false);
    const after = await snapshot(db);
    if (answer.status >= 400) {
      stats.checkedRefusals += 1;
      expect(changedTables(before, after), answer.label).toEqual([]);
    }
    before = after;
  }
}

// ---------------------------------------------------------------------------------------------
// Hostile values

const ABSURD_DATES = [
  "9999-12-31T23:59:59Z",
  "-000001-01-01T00:00:00Z",
  "+275760-09-13T00:00:00Z",
  "9999-12-31",
  "-000001-01-01",
  "0000-00-00",
  "2026-02-30",
  "1969-12-31T23:59:59Z",
];
const NASTY = [
  "\u0000",
  "a\u0000b",
  "\u0007\u001b[31m\u007f",
  "\r\n\t",
  "\u0085\u2028\u2029",
  "\u202e\u200b\ufeff",
  "\ud800",
  "\udfff\ud800",
  "%00",
  "%ZZ",
  "%",
  "..%2f..%2fetc%2fpasswd",
  "'; drop table users;--",
  "<script>alert(1)</script>",
  "javascript:alert(1)",
  "NaN",
  "Infinity",
  "1e309",
  "-0",
  "",
  " ",
  "null",
  "true",
  "[]",
  "{}",
  "Zoë 東京 🗓️👩‍👩‍👧",
  "e\u0301\u0301\u0301",
  ...ABSURD_DATES,
];

const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...NASTY) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 20 }).map((s) => `${s}\u0000${s}`) },
  { weight: 1, arbitrary: fc.constantFrom(5_000, 70_000, 300_000).map((n) => "x".repeat(n)) },
  { weight: 1, arbitrary: fc.constantFrom(2_000, 20_000).map((n) => "😀".repeat(n)) },
);

/**
 * JSON nested `depth` levels deep. Written out as text by `toJsonText` (JSON.stringify and
 * fast-check's printer overflow the stack on a few thousand levels; the server must not).
 */
class Nested {
  constructor(
    readonly depth: number,
    readonly asObject: boolean,
  ) {}
  toJSON() {
    return `\u0001nested:${this.depth}:${this.asObject ? "o" : "a"}\u0001`;
  }
  [fc.toStringMethod]() {
    return `nested(${this.depth}, ${this.asObject ? "objects" : "arrays"})`;
  }
}
function nested(depth: number, asObject: boolean): unknown {
  return new Nested(depth, asObject);
}

/** JSON text of a generated value, with each Nested written out in full. */
function toJsonText(value: unknown): string {
  return (JSON.stringify(value) ?? "null").replace(
    /"\\u0001nested:(\d+):([oa])\\u0001"/g,
    (_, depth: string, kind: string) => {
      const n = Number(depth);
      return kind === "o" ? `${'{"a":'.repeat(n)}"deep"${"}".repeat(n)}` : `${"[".repeat(n)}"deep"${"]".repeat(n)}`;
    },
  );
}

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: hostileString },
  {
    weight: 2,
    arbitrary: fc.constantFrom<unknown>(
      null,
      true,
      false,
      0,
      -1,
      1.5,
      1e308,
      -1e308,
      2 ** 53 + 1,
      Number.MIN_VALUE,
      [],
      {},
      [null],
      { $ne: 1 },
    ),
  },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom(20, 500, 5_000), fc.boolean()).map(([d, o]) => nested(d, o)) },
  { weight: 1, arbitrary: fc.array(hostileString, { maxLength: 5 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

// ---------------------------------------------------------------------------------------------
// Values from the OpenAPI schemas

type Schema = Record<string, unknown> & {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  const?: unknown;
  oneOf?: Schema[];
  anyOf?: Schema[];
  allOf?: Schema[];
  format?: string;
  example?: unknown;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
};

let components: Record<string, Schema> = {};

function resolve(schema: Schema | undefined): Schema {
  let s = schema ?? {};
  for (let i = 0; i < 10 && s.$ref; i++) s = components[s.$ref.split("/").pop() ?? ""] ?? {};
  return s;
}

/**
 * A value for `schema`: `loose` mixes fitting and hostile values at every level (one time in
 * three hostile); `strict` fits the schema as well as names and examples allow, so that one
 * hostile value put in it (see `nearlyValid`) meets code past validation.
 */
function valueOf(schema: Schema | undefined, name = "", depth = 0, strict = false): fc.Arbitrary<unknown> {
  const fits = fitting(resolve(schema), name, depth, strict);
  return strict ? fits : fc.oneof({ weight: 2, arbitrary: fits }, { weight: 1, arbitrary: hostileValue });
}

function fitting(s: Schema, name: string, depth: number, strict: boolean): fc.Arbitrary<unknown> {
  const variants = s.oneOf ?? s.anyOf;
  if (variants?.length) return fc.oneof(...variants.map((v) => fitting(resolve(v), name, depth, strict)));
  if (s.allOf?.length) return fitting(resolve(s.allOf[0]), name, depth, strict);
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum?.length) return fc.constantFrom(...s.enum);
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== "null") : s.type;
  switch (type) {
    case "object": {
      if (depth > 4 || !s.properties) return fc.constant({});
      const shape: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, child] of Object.entries(s.properties)) shape[key] = valueOf(child, key, depth + 1, strict);
      return fc.record(shape, { requiredKeys: s.required?.filter((k) => k in shape) ?? [] });
    }
    case "array":
      return fc.array(valueOf(s.items, name, depth + 1, strict), { maxLength: Math.min(s.maxItems ?? 4, 4) });
    case "integer":
    case "number": {
      const min = s.minimum ?? (strict ? 0 : -10);
      const max = Math.max(min, s.maximum ?? 10_000);
      const inRange = fc.integer({ min: Math.ceil(min), max: Math.floor(Math.min(max, 2 ** 31 - 1)) });
      return strict ? inRange : fc.oneof(inRange, fc.constantFrom(30, 60, 2));
    }
    case "boolean":
      return fc.boolean();
    default:
      return stringFor(s, name, strict);
  }
}

/** Plausible text for a field, by its name and format: real ids, e-mails, instants, zones. */
function stringFor(s: Schema, name: string, strict: boolean): fc.Arbitrary<unknown> {
  const lower = name.toLowerCase();
  const options: fc.Arbitrary<unknown>[] = [];
  if (typeof s.example === "string") options.push(fc.constant(s.example));
  if (s.format === "email" || lower.includes("email"))
    options.push(fc.constantFrom(...known.emails, "new-guest@example.test"));
  if (lower.endsWith("id") || lower === "hosts") options.push(fc.constantFrom(...known.ids, crypto.randomUUID()));
  if (lower === "token") options.push(fc.constantFrom(...known.tokens));
  if (lower === "start" || lower === "datetime" || s.format === "date-time")
    options.push(fc.integer({ min: 1, max: 40 }).map((d) => at(d, `${String(8 + (d % 9)).padStart(2, "0")}:00`)));
  if (lower === "start" || lower === "end" || lower === "date")
    options.push(fc.integer({ min: -3, max: 40 }).map((d) => dateIn(d)));
  if (lower === "timezone") options.push(fc.constantFrom("UTC", "Europe/Berlin", "America/New_York"));
  if (lower === "username") options.push(fc.constant(known.username));
  if (lower === "slug") options.push(strict ? fc.uuid().map((u) => `fuzz-${u.slice(0, 8)}`) : fc.constant(known.slug));
  if (!strict || options.length === 0) {
    const max = typeof s.maxLength === "number" ? Math.min(s.maxLength, 30) : 30;
    options.push(
      strict
        ? fc
            .string({ minLength: Math.max(1, Number(s.minLength ?? 1)), maxLength: Math.max(1, max) })
            .filter((t) => t.trim() !== "")
        : fc.string({ maxLength: 30 }),
    );
  }
  return fc.oneof(...options);
}

/** A body that fits the schema but for one field, which holds a hostile value. */
function nearlyValid(schema: Schema): fc.Arbitrary<unknown> {
  return fc.tuple(valueOf(schema, "", 0, true), fc.nat(), hostileValue).map(([value, n, hostile]) => {
    if (!value || typeof value !== "object" || Array.isArray(value)) return value;
    const keys = Object.keys(value);
    return keys.length === 0 ? value : { ...value, [keys[n % keys.length]]: hostile };
  });
}

// ---------------------------------------------------------------------------------------------
// Requests from the OpenAPI document

interface Operation {
  method: string;
  path: string;
  params: { in: string; name: string; schema?: Schema }[];
  body?: Schema;
  session: boolean;
}

const operations: Operation[] = [];

/** A path segment: a real id or e-mail, or something hostile, percent-encoded or raw. */
const pathSegment: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc
      .constantFrom(...["ids", "emails"])
      .chain((k) => fc.constantFrom(...known[k as "ids" | "emails"]))
      .map(encode),
  },
  { weight: 3, arbitrary: hostileString.map((s) => encode(s.slice(0, 3000))) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      "%ZZ",
      "%00",
      "%",
      "%C0%AE",
      "..",
      "%2e%2e",
      "a%2fb",
      "x".repeat(5000),
      "%F0%9F%92%A5",
      "%ED%A0%80",
    ),
  },
);

function queryString(entries: [string, unknown][]): string {
  return entries
    .map(([k, v]) => {
      const raw = typeof v === "string" ? v : toJsonText(v).slice(0, 4000);
      // Now and then a raw (not re-encoded) value, so malformed escapes reach the server too; only
      // what no HTTP client sends raw (controls, spaces, non-ASCII) is escaped in it.
      return `${encode(k)}=${raw.startsWith("%") ? raw.replace(/[^\x21-\x7e]/gu, (c) => encode(c)) : encode(String(raw ?? "")).slice(0, 4000)}`;
    })
    .join("&");
}

const apiRequest = fc.integer({ min: 0, max: 10_000 }).chain((n) => {
  const op = operations[n % operations.length];
  const pathParams = op.params.filter((p) => p.in === "path");
  const queryParams = op.params.filter((p) => p.in === "query");
  return fc.record({
    op: fc.constant(op),
    role: fc.constantFrom(...ROLES),
    method: fc.oneof(
      { weight: 12, arbitrary: fc.constant(op.method) },
      { weight: 1, arbitrary: fc.constantFrom("PATCH", "OPTIONS", "HEAD", "TRACE", "PROPFIND", "DELETE", "PUT") },
    ),
    segments: fc.tuple(...pathParams.map(() => pathSegment)),
    query: fc.tuple(
      ...queryParams.map((p) =>
        fc.option(
          valueOf(p.schema, p.name).map((v) => [p.name, v] as [string, unknown]),
          { nil: undefined },
        ),
      ),
    ),
    extraQuery: fc.array(
      fc.tuple(
        hostileString.map((s) => s.slice(0, 50)),
        hostileValue,
      ),
      { maxLength: 2 },
    ),
    body: op.body ? fc.oneof(valueOf(op.body), nearlyValid(op.body)) : fc.option(hostileValue, { nil: undefined }),
    encoding: fc.constantFrom("json", "json", "json", "json", "broken-json", "form", "no-type"),
  });
});

type ApiRequest = typeof apiRequest extends fc.Arbitrary<infer T> ? T : never;

function sendApi(r: ApiRequest): () => Promise<Sent> {
  return () => {
    let i = 0;
    const path = r.op.path.replace(/\{[^}]+\}/g, () => r.segments[i++] ?? "x");
    const entries = [...r.query.filter((q): q is [string, unknown] => q !== undefined), ...r.extraQuery];
    const qs = queryString(entries);
    const headers: Record<string, string> = {};
    if (r.role !== "visitor") {
      const a = accountOf(r.role);
      if (r.op.session) {
        headers.cookie = a.c.cookieHeader();
        headers.origin = SAME_ORIGIN;
      } else headers.authorization = `Bearer ${a.token}`;
    }
    let body: string | undefined;
    if (r.body !== undefined && r.method !== "GET" && r.method !== "HEAD") {
      const json = toJsonText(r.body);
      if (r.encoding === "broken-json") body = json.slice(0, Math.max(1, json.length - 1)) + "\u0000{";
      else if (r.encoding === "form") body = new URLSearchParams({ body: json.slice(0, 10_000) }).toString();
      else body = json;
      if (r.encoding === "form") headers["content-type"] = "application/x-www-form-urlencoded";
      else if (r.encoding !== "no-type") headers["content-type"] = "application/json";
    }
    return send(r.method, qs ? `${path}?${qs}` : path, headers, body);
  };
}

// ---------------------------------------------------------------------------------------------
// Forms of the HTML pages

interface Form {
  role: Role;
  action: string;
  fields: [string, string][];
  multipart: boolean;
}

const forms: Form[] = [];

function decode(html: string): string {
  return html
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">");
}

function attr(tag: string, name: string): string | null {
  const m = new RegExp(`\\s${name}="([^"]*)"`, "i").exec(tag);
  return m ? decode(m[1]) : null;
}

/** The post forms of a page, with their fields and the values the page put in them. */
function formsOf(html: string, pagePath: string, role: Role): Form[] {
  const found: Form[] = [];
  for (const m of html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/gi)) {
    const open = m[1];
    if ((attr(`<form ${open}`, "method") ?? "get").toLowerCase() !== "post") continue;
    const action = attr(`<form ${open}`, "action") ?? pagePath;
    const fields: [string, string][] = [];
    for (const t of m[2].matchAll(/<(input|textarea|select|button)\b([^>]*)>/gi)) {
      const name = attr(`<x ${t[2]}`, "name");
      if (!name) continue;
      fields.push([name, attr(`<x ${t[2]}`, "value") ?? ""]);
    }
    found.push({ role, action, fields, multipart: /multipart/i.test(attr(`<form ${open}`, "enctype") ?? "") });
  }
  return found;
}

/** What the fuzz must not post: what ends the role's own sessions or tokens (it would only make the rest 401s). */
function ends(form: Form): boolean {
  if (/\/signout|\/auth\/google/.test(form.action)) return true;
  // secondFactorRequired: the admin's switch would send every later sign-in of the fuzz to set up TOTP.
  return form.fields.some(
    ([name, value]) => name === "intent" && /revoke|sign-?out|everywhere|password|secondFactorRequired/i.test(value),
  );
}

const formField: fc.Arbitrary<"keep" | "hostile" | "repeat" | "drop"> = fc.constantFrom(
  "keep",
  "keep",
  "hostile",
  "hostile",
  "repeat",
  "drop",
);

const formRequest = fc.integer({ min: 0, max: 10_000 }).chain((n) => {
  const form = forms[n % forms.length];
  return fc.record({
    form: fc.constant(form),
    moves: fc.tuple(...form.fields.map(() => formField)),
    values: fc.tuple(...form.fields.map(() => hostileString)),
    extra: fc.array(
      fc.tuple(
        fc.constantFrom("intent", "id", "title", "name", "email", "start", "date", ...NASTY.slice(0, 4)),
        hostileString,
      ),
      {
        maxLength: 3,
      },
    ),
    multipart: fc.boolean(),
  });
});

type FormRequest = typeof formRequest extends fc.Arbitrary<infer T> ? T : never;

function multipartBody(entries: [string, string][], boundary: string): Buffer {
  const parts = entries.map(([k, v], i) =>
    i === 0 && k.startsWith("file")
      ? `--${boundary}\r\nContent-Disposition: form-data; name="${k}"; filename="a\u0000.txt"\r\nContent-Type: text/plain\r\n\r\n${v}\r\n`
      : `--${boundary}\r\nContent-Disposition: form-data; name="${k.replace(/["\r\n]/g, "_")}"\r\n\r\n${v}\r\n`,
  );
  return Buffer.from(`${parts.join("")}--${boundary}--\r\n`, "utf8");
}

function sendForm(r: FormRequest): () => Promise<Sent> {
  return () => {
    const entries: [string, string][] = [];
    r.form.fields.forEach(([name, value], i) => {
      const move = r.moves[i];
      if (move === "drop" && name !== "intent") return;
      if (move === "hostile") entries.push([name, r.values[i]]);
      else entries.push([name, value]);
      if (move === "repeat") entries.push([name, r.values[i]]);
    });
    entries.push(...r.extra);
    const headers: Record<string, string> = {};
    // The account whose page the form came from: its hidden ids are that account's.
    if (r.form.role !== "visitor") headers.cookie = accounts[r.form.role][0].c.cookieHeader();
    headers.origin = SAME_ORIGIN;
    let body: string | Buffer;
    if (r.multipart || r.form.multipart) {
      const boundary = `----fuzz${crypto.randomUUID()}`;
      body = multipartBody(entries, boundary);
      headers["content-type"] = `multipart/form-data; boundary=${boundary}`;
    } else {
      body = new URLSearchParams(entries).toString();
      headers["content-type"] = "application/x-www-form-urlencoded";
    }
    return send("POST", r.form.action, headers, body);
  };
}

/** What a proxy in front, or an attacker, may put in the headers of a form post. */
const PROXY_ORIGINS = [SAME_ORIGIN, "https://evil.example", "null", "not a url", "http://[bad", undefined];
const PROXY_HOSTS = [undefined, "evil.example", "app-upstream.internal:8080", "[::1", "a b", "127.0.0.1:1"];
const PROXY_FORWARDED: Record<string, string>[] = [
  {},
  { "x-forwarded-host": "evil.example" },
  { "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" },
  { "x-forwarded-host": "[bad", "x-forwarded-proto": "gopher" },
  { "x-forwarded-proto": "ht tp", "x-forwarded-port": "99999" },
  { "x-forwarded-host": "a b, c", "x-forwarded-for": "not-an-ip" },
  { forwarded: 'for="[::1"; host=evil.example; proto=https' },
];

const proxiedFormRequest = fc.record({
  form: fc.integer({ min: 0, max: 10_000 }),
  origin: fc.constantFrom(...PROXY_ORIGINS),
  host: fc.constantFrom(...PROXY_HOSTS),
  forwarded: fc.constantFrom(...PROXY_FORWARDED),
});

/**
 * A form as its page gave it, with proxy headers. Its answer is never a 5xx, and a post from
 * another origin (or an unreadable one) is refused with 403 whatever Host and X-Forwarded-* say.
 */
function sendProxiedForm(r: typeof proxiedFormRequest extends fc.Arbitrary<infer T> ? T : never) {
  return async (): Promise<Sent> => {
    const form = forms[r.form % forms.length];
    const headers: Record<string, string> = {
      "content-type": "application/x-www-form-urlencoded",
      ...r.forwarded,
    };
    if (r.host !== undefined) headers.host = r.host;
    if (r.origin !== undefined) headers.origin = r.origin;
    if (form.role !== "visitor") headers.cookie = accounts[form.role][0].c.cookieHeader();
    const sent = await send("POST", form.action, headers, new URLSearchParams(form.fields).toString());
    const label = `${sent.label} [origin ${r.origin}, host ${r.host}, ${JSON.stringify(r.forwarded)}]`;
    if (r.origin !== undefined && r.origin !== SAME_ORIGIN) expect(sent.status, label).toBe(403);
    return { ...sent, label };
  };
}

// ---------------------------------------------------------------------------------------------

let started = 0;
const setupSeconds = { servers: 0, fixtures: 0 };

beforeAll(async () => {
  started = Date.now();
  database = await createTestDatabase("scheduler_fuzz");
  const env = {
    DATABASE_URL: database.url,
    SESSION_SECRET,
    RATE_LIMIT_FACTOR: "1",
    TRUST_PROXY: "loopback",
    CORS_ORIGINS: CORS_ORIGIN,
    CALENDAR_ENCRYPTION_KEY: CALENDAR_KEY,
    // Set up, so the fuzz reaches the Microsoft connection's own checks: without it the server
    // answers its documented 503 microsoft_unavailable (tests/integration/microsoft-calendar.test.ts).
    // Starting a connection only builds Microsoft's sign-in address; nothing is sent there.
    MICROSOFT_CLIENT_ID: "fuzz-microsoft-client",
    MICROSOFT_CLIENT_SECRET: "fuzz-microsoft-secret",
  };
  running = await Promise.all([startServer(env), startServer(env)]);
  urls = running.map((r) => r.url);
  setupSeconds.servers = (Date.now() - started) / 1000;
  db = postgres(database.url, { max: 2, onnotice: () => {} });
  for (const role of ["user", "professional", "admin"] as const) {
    for (let i = 0; i < 4; i++) accounts[role].push(await account(`${role}${i}`, role));
  }
  const host = accounts.professional[0];
  known.username = `fuzz${crypto.randomUUID().slice(0, 8)}`;
  known.slug = "fuzz-intro";
  await db`update users set username = ${known.username} where id = ${host.id}`;
  const type = await allDayEventType(call, host.token, {
    title: "Fuzz intro",
    slug: known.slug,
    duration: 30,
    minimumNotice: 0,
    bookingWindowDays: 60,
  });
  const scheduleId = String(type.scheduleId);
  const { booking } = await ok<{ booking: { id: string; cancelUrl: string } }>(
    await call("POST", "/api/bookings", {
      json: {
        eventTypeId: type._id,
        start: at(5, "09:00"),
        name: "Guest",
        email: "fuzz-guest@example.test",
        timeZone: "UTC",
      },
    }),
    201,
  );
  const token = new URL(booking.cancelUrl).searchParams.get("token") ?? "";
  const event = await ok(
    await call("POST", "/events", {
      token: host.token,
      json: {
        eventName: "Fuzz",
        eventType: "Phone Call",
        eventWith: "One-to-One",
        description: "d",
        targetedEmail: "x@example.test",
        dateTime: at(7, "12:00"),
      },
    }),
    201,
  );
  const [pkg] = await db`select id from packages limit 1`;
  known.ids.push(type._id, scheduleId, booking.id, event._id, host.id, ...(pkg ? [pkg.id as string] : []));
  known.emails.push(...Object.values(accounts).flatMap((list) => list.map((a) => a.email)));
  known.tokens.push(token);

  const doc = await ok<{
    paths: Record<string, Record<string, Record<string, unknown>>>;
    components: { schemas: Record<string, Schema> };
  }>(await call("GET", "/api/openapi.json"));
  components = doc.components.schemas;
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      const content = (op.requestBody as { content?: Record<string, { schema?: Schema }> } | undefined)?.content;
      const security = (op.security as Record<string, unknown>[] | undefined) ?? [];
      operations.push({
        method: method.toUpperCase(),
        path,
        params: (op.parameters as Operation["params"] | undefined) ?? [],
        body: content?.["application/json"]?.schema,
        session: security.some((s) => "session" in s),
      });
    }
  }

  // The pages with forms, as the role that reaches them.
  const pages: [Role, string][] = [
    ["visitor", "/"],
    ["visitor", "/contact"],
    ["visitor", "/signin"],
    ["visitor", "/signup"],
    ["visitor", `/${known.username}/${known.slug}?date=${dateIn(6)}&slot=${encodeURIComponent(at(6, "09:00"))}&tz=UTC`],
    ["visitor", `/booking/${booking.id}/cancel?token=${token}`],
    ["visitor", `/booking/${booking.id}/reschedule?token=${token}&date=${dateIn(6)}`],
    ["user", "/?review=new"],
    ["user", "/one-to-one"],
    ["user", "/group-meeting"],
    ["user", "/dashboard/profile"],
    ["user", "/dashboard/apiTokens"],
    ["user", "/dashboard/workFlow"],
    ["user", "/dashboard/teams"],
    ["user", "/dashboard/out-of-office"],
    ["user", "/dashboard/eventTypes/new"],
    ["professional", `/dashboard?edit=${event._id}`],
    ["professional", `/dashboard?delete=${event._id}`],
    ["professional", "/dashboard/availability"],
    ["professional", `/dashboard/availability?schedule=${scheduleId}`],
    ["professional", `/dashboard/eventTypes?delete=${type._id}`],
    ["professional", `/dashboard/eventTypes/${type._id}`],
    ["professional", `/dashboard/scheduledEvents?cancel=${booking.id}`],
    ["professional", `/dashboard/scheduledEvents?reschedule=${booking.id}&date=${dateIn(6)}`],
    ["admin", "/dashboard/manageUser"],
    ["admin", `/dashboard/manageEvent?cancel=${event._id}`],
    ["admin", "/dashboard/packages?create"],
    ...(pkg ? ([["admin", `/dashboard/packages?edit=${pkg.id as string}`]] as [Role, string][]) : []),
    ["admin", "/dashboard/professionalCollections"],
    ["admin", "/dashboard/contactMessages"],
  ];
  const seen = new Set<string>();
  for (const [role, path] of pages) {
    // Every page's forms come from the first account of the role (the fixtures are the professional's).
    const c = role === "visitor" ? new HttpClient(servers()[0], { "x-forwarded-for": freshIp() }) : accounts[role][0].c;
    const res = await c.get(path);
    expect(res.status, `${role} ${path}`).toBe(200);
    for (const form of formsOf(await res.text(), path, role)) {
      const key = `${role} ${form.action.split("?")[0]} ${form.fields.map(([n]) => n).join(",")}`;
      if (seen.has(key) || ends(form)) continue;
      seen.add(key);
      forms.push(form);
    }
  }
  setupSeconds.fixtures = (Date.now() - started) / 1000;
});

afterAll(async () => {
  const statuses = [...stats.byStatus]
    .sort(([a], [b]) => a - b)
    .map(([s, n]) => `${s}:${n}`)
    .join(" ");
  console.log(
    `fuzz: ${stats.requests} requests (${operations.length} operations, ${forms.length} forms) in ${((Date.now() - started) / 1000).toFixed(1)} s ` +
      `(servers up in ${setupSeconds.servers.toFixed(1)} s, accounts and pages by ${setupSeconds.fixtures.toFixed(1)} s); ` +
      `${stats.checkedRefusals} refusals each checked to have changed nothing; statuses ${statuses}`,
  );
  await db?.end();
  await Promise.all(running.map((r) => r.stop()));
  await database?.drop();
});

/**
 * Every field of every form sent once as `name[0]` and once as `name.a` (decision 063: conform
 * reads those as a list or an object where the form wants text), the rest as the page gave it.
 */
function nestedKeyRequests(): (() => Promise<Sent>)[] {
  const requests: (() => Promise<Sent>)[] = [];
  for (const form of forms) {
    for (const [index, [name]] of form.fields.entries()) {
      if (name === "intent" || name.startsWith("__")) continue;
      for (const suffix of ["[0]", ".a"]) {
        const entries = form.fields.map(([n, v], i): [string, string] =>
          i === index ? [`${n}${suffix}`, "x"] : [n, v],
        );
        const headers: Record<string, string> = {
          origin: SAME_ORIGIN,
          "content-type": "application/x-www-form-urlencoded",
        };
        if (form.role !== "visitor") headers.cookie = accounts[form.role][0].c.cookieHeader();
        requests.push(() => send("POST", form.action, headers, new URLSearchParams(entries).toString()));
      }
    }
  }
  return requests;
}

describe("fuzz", () => {
  it("every field of every form as name[0] and name.a: never a 5xx; refusals change nothing", async () => {
    const requests = nestedKeyRequests();
    expect(requests.length).toBeGreaterThan(100);
    for (let i = 0; i < requests.length; i += BATCH) await runBatch(requests.slice(i, i + BATCH));
  }, 900_000);

  it("every operation of the OpenAPI document: never a 5xx or a hang; refusals change nothing", async () => {
    expect(operations.length).toBeGreaterThan(30);
    await fc.assert(
      fc.asyncProperty(fc.array(apiRequest, { minLength: BATCH, maxLength: BATCH }), async (batch) => {
        await runBatch(batch.map(sendApi));
      }),
      { seed: 2026_1123, numRuns: API_RUNS, endOnFailure: true },
    );
  }, 900_000);

  it("every form of the pages: never a 5xx or a hang; refusals change nothing", async () => {
    expect(forms.length).toBeGreaterThan(15);
    await fc.assert(
      fc.asyncProperty(fc.array(formRequest, { minLength: BATCH, maxLength: BATCH }), async (batch) => {
        await runBatch(batch.map(sendForm));
      }),
      { seed: 2026_1124, numRuns: FORM_RUNS, endOnFailure: true },
    );
  }, 900_000);

  // Last: its posts keep the pages' values, so some of them do what the form is for.
  it("every form behind a proxy, with Origin, Host and X-Forwarded-* in combination: never a 5xx; another origin is 403 and changes nothing", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(proxiedFormRequest, { minLength: BATCH, maxLength: BATCH }), async (batch) => {
        await runBatch(batch.map(sendProxiedForm));
      }),
      { seed: 2026_1129, numRuns: PROXY_RUNS, endOnFailure: true },
    );
  }, 900_000);
});
