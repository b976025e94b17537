import crypto from "node:crypto";
import postgres from "postgres";
import { afterAll, inject } from "vitest";
import { HttpClient } from "../support/http";
import { SESSION_SECRET } from "./global-setup";

let ipCounter = 0;

/**
 * This file's database, servers and fake Google: those of its vitest worker
 * (tests/integration/global-setup.ts starts one set per worker; VITEST_POOL_ID is 1..maxWorkers).
 */
function workerSet() {
  const sets = inject("workerSets");
  const id = Number(process.env.VITEST_POOL_ID ?? "1");
  const set = sets[id - 1];
  if (!set) throw new Error(`no database for vitest worker ${id} (global setup started ${sets.length})`);
  return set;
}

export function databaseUrl(): string {
  return workerSet().databaseUrl;
}

export function fakeGoogleUrl(): string {
  return workerSet().fakeGoogleUrl;
}

export function fakeMicrosoftUrl(): string {
  return workerSet().fakeMicrosoftUrl;
}

export function fakeZoomUrl(): string {
  return workerSet().fakeZoomUrl;
}

/** A client on one of the two app servers, with its own client address (via X-Forwarded-For). */
export function client(server = 0): HttpClient {
  ipCounter += 1;
  const ip = `10.${process.pid % 250}.${Math.floor(ipCounter / 250) % 250}.${ipCounter % 250}`;
  return new HttpClient(servers()[server], { "x-forwarded-for": ip });
}

/**
 * The environment of a server a test starts beside its worker's two: the same database and
 * session secret (a session or a token made on one is good on the others), and what the test adds.
 */
export function ownServerEnv(extra: Record<string, string> = {}): Record<string, string> {
  return { DATABASE_URL: databaseUrl(), SESSION_SECRET, ...extra };
}

export function servers(): string[] {
  return workerSet().serverUrls;
}

/** Direct SQL on the test database, to check what the app stored. */
export function sql() {
  const s = postgres(databaseUrl(), { max: 2, onnotice: () => {} });
  afterAll(() => s.end());
  return s;
}

let blankDb: ReturnType<typeof postgres> | null = null;
afterAll(() => blankDb?.end());

/**
 * Takes back what sign-up gives a new host (decision 041: a username, the default schedule, a
 * "30 Minute Meeting" event type), so a test of another feature starts from a blank account.
 */
export async function blankAccount(email: string): Promise<void> {
  blankDb ??= postgres(databaseUrl(), { max: 1, onnotice: () => {} });
  const db = blankDb;
  await db.begin(async (tx) => {
    const [user] = await tx`update users set username = null where email = ${email.trim().toLowerCase()} returning id`;
    if (!user) return;
    await tx`delete from event_types where user_id = ${user.id}`;
    await tx`delete from schedules where user_id = ${user.id}`;
  });
}

/** Signs up (a blank account: see blankAccount; `onboarded` keeps what sign-up gave). */
export async function signUp(
  c: HttpClient,
  email: string,
  password = "correct-horse-battery",
  name = "Test Person",
  options: { onboarded?: boolean } = {},
) {
  const res = await c.post("/signup", { name, email, password, confirmPassword: password });
  if (res.status === 302 && !options.onboarded) await blankAccount(email);
  return res;
}

export async function signIn(c: HttpClient, email: string, password: string, redirectTo = "") {
  return c.post("/signin", { email, password, redirectTo });
}

/**
 * Makes the account a professional holding the named package for 30 days, as a paid month does
 * (a professionals row with the package), so it may connect that package's calendars (decision 080).
 */
export async function holdPackage(email: string, packageName = "Standard"): Promise<void> {
  blankDb ??= postgres(databaseUrl(), { max: 1, onnotice: () => {} });
  const db = blankDb;
  await db.begin(async (tx) => {
    const [user] =
      await tx`update users set role = 'professional', professional_until = now() + interval '30 days' where email = ${email.trim().toLowerCase()} returning id, name, email`;
    const [pack] = await tx`select id, name, price_cents from packages where lower(name) = lower(${packageName})`;
    if (!user || !pack) throw new Error(`holdPackage: no account ${email} or package ${packageName}`);
    await tx`insert into professionals (user_id, package_id, name, email, transaction_id, pack, amount_cents)
      values (${user.id}, ${pack.id}, ${user.name || user.email}, ${user.email}, ${`pi_test_${crypto.randomUUID()}`}, ${pack.name}, ${pack.price_cents})`;
  });
}
