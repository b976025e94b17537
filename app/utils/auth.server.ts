import { parseWithZod } from "~/schemas/form-parse";
import { redirect } from "@remix-run/node";
import { and, eq, gt, isNull } from "drizzle-orm";
import { AuthorizationError, Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { GoogleStrategy } from "remix-auth-google";
import { sessions, users, type User } from "../../db/schema";
import { MESSAGES } from "~/messages";
import { PEOPLE_MESSAGES } from "~/messages/people";
import { SignInSchema } from "~/schemas/auth";
import { getDb } from "~/server/db.server";
import { env } from "~/server/env.server";
import { burnPasswordCheck, verifyPassword } from "~/server/password.server";
import { can, type Permission } from "./permissions";
import { forgetInRequest, oncePerRequest } from "~/server/request-scope.server";
import {
  getSession,
  sessionEndedByDeactivation,
  sessionStorage,
  sessionTokenOf,
  sha256,
  USER_ID_KEY,
} from "~/server/session.server";
import { forbidden } from "./responses";
import { timeZoneHint } from "~/browser/time-zone-hint";
import { effectiveRole } from "./role.server";

/** What the app knows about the signed-in person; never includes the password hash. */
export type AuthUser = Pick<User, "id" | "email" | "name" | "role" | "username" | "timeZone">;

// Routes take remix-auth's error class from here: imported by a route module itself, the CommonJS
// package (which requires @remix-run/server-runtime) would reach every page's browser bundle.
export { AuthorizationError };

/**
 * The sign-in form parsed with `SignInSchema`. Here, not in the route, so the sign-in page's
 * browser code never imports zod (its checks there are ~/schemas/sign-in-form).
 */
export function parseSignInForm(formData: FormData) {
  return parseWithZod(formData, { schema: SignInSchema });
}

export const AUTH_USER_COLUMNS = {
  id: users.id,
  email: users.email,
  name: users.name,
  role: effectiveRole,
  username: users.username,
  timeZone: users.timeZone,
};

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

let authenticator: Authenticator<AuthUser> | undefined;

export function getAuthenticator(): Authenticator<AuthUser> {
  if (authenticator) return authenticator;
  const a = new Authenticator<AuthUser>(sessionStorage(), { throwOnError: true });
  a.use(
    new FormStrategy(async ({ form }) => {
      const user = await verifyCredentials(String(form.get("email") ?? ""), String(form.get("password") ?? ""));
      if (user === "deactivated") throw new AuthorizationError(PEOPLE_MESSAGES.accountDeactivated);
      if (!user) throw new AuthorizationError(MESSAGES.badCredentials);
      return user;
    }),
    "form",
  );
  const e = env();
  if (e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET) {
    a.use(
      new GoogleStrategy(
        {
          clientID: e.GOOGLE_CLIENT_ID,
          clientSecret: e.GOOGLE_CLIENT_SECRET,
          callbackURL: new URL("/auth/google/callback", e.APP_URL ?? `http://localhost:${e.PORT}`).toString(),
        },
        async ({ profile, request }) => {
          const email = normalizeEmail(profile._json.email ?? profile.emails?.[0]?.value ?? "");
          if (!email || profile._json.email_verified === false) {
            throw new AuthorizationError(MESSAGES.googleUnverified);
          }
          return upsertGoogleUser({
            googleId: profile.id,
            email,
            name: profile.displayName ?? "",
            // Used only when this sign-in creates the account: the browser's zone, else UTC.
            timeZone: timeZoneHint(request.headers.get("Cookie")) ?? "UTC",
          });
        },
      ),
      "google",
    );
  }
  authenticator = a;
  return a;
}

/**
 * The account an e-mail and password belong to, or null; used by the sign-in form and by
 * POST /api/token. The same answer, after the same work, for an unknown e-mail and a wrong
 * password. A deactivated account (decision 068) says so, but only to the right password.
 */
export async function verifyCredentials(rawEmail: string, password: string): Promise<AuthUser | "deactivated" | null> {
  const email = normalizeEmail(rawEmail);
  const db = await getDb();
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  if (!row?.passwordHash) {
    await burnPasswordCheck(password);
    return null;
  }
  if (!(await verifyPassword(row.passwordHash, password))) return null;
  if (row.deactivatedAt) return "deactivated";
  return promoteConfiguredAdmin(row);
}

async function upsertGoogleUser(input: {
  googleId: string;
  email: string;
  name: string;
  timeZone: string;
}): Promise<AuthUser> {
  const db = await getDb();
  const [byGoogle] = await db
    .select({ ...AUTH_USER_COLUMNS, deactivatedAt: users.deactivatedAt })
    .from(users)
    .where(eq(users.googleId, input.googleId))
    .limit(1);
  if (byGoogle?.deactivatedAt) throw new AuthorizationError(PEOPLE_MESSAGES.accountDeactivated);
  if (byGoogle) return promoteConfiguredAdmin(byGoogle);
  const [existing] = await db
    .select({ deactivatedAt: users.deactivatedAt })
    .from(users)
    .where(eq(users.email, input.email))
    .limit(1);
  if (existing?.deactivatedAt) throw new AuthorizationError(PEOPLE_MESSAGES.accountDeactivated);
  // A verified Google address links to the existing account with that e-mail.
  const [linked] = await db
    .update(users)
    .set({ googleId: input.googleId })
    .where(eq(users.email, input.email))
    .returning(AUTH_USER_COLUMNS);
  if (linked) return promoteConfiguredAdmin(linked);
  const [created] = await db
    .insert(users)
    .values({ email: input.email, name: input.name, googleId: input.googleId, timeZone: input.timeZone })
    .returning(AUTH_USER_COLUMNS);
  return promoteConfiguredAdmin(created);
}

/** ADMIN_EMAILS makes a listed person an admin the moment they sign up or sign in. */
export async function promoteConfiguredAdmin<T extends AuthUser>(user: T): Promise<AuthUser> {
  const picked: AuthUser = {
    id: user.id,
    email: user.email,
    name: user.name,
    role: user.role,
    username: user.username,
    timeZone: user.timeZone,
  };
  if (picked.role === "admin" || !env().adminEmails.has(picked.email)) return picked;
  const db = await getDb();
  await db.update(users).set({ role: "admin" }).where(eq(users.id, picked.id));
  return { ...picked, role: "admin" };
}

/** The signed-in user, read once per HTTP request however many loaders ask. */
export function getUser(request: Request): Promise<AuthUser | null> {
  return oncePerRequest(userKey(request), () => readUser(request));
}

function userKey(request: Request): string {
  return `user:${request.headers.get("Cookie") ?? ""}`;
}

async function readUser(request: Request): Promise<AuthUser | null> {
  const token = await sessionTokenOf(request);
  if (!token) return null;
  const db = await getDb();
  // One query: the live session row joined to its user.
  const [row] = await db
    .select(AUTH_USER_COLUMNS)
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sha256(token)), gt(sessions.expiresAt, new Date()), isNull(users.deactivatedAt)))
    .limit(1);
  return row ?? null;
}

function signInUrl(request: Request, redirectTo?: string | null): string {
  const url = new URL(request.url);
  const back = redirectTo === undefined ? url.pathname + url.search : redirectTo;
  return back && back !== "/" ? `/signin?${new URLSearchParams({ redirectTo: back })}` : "/signin";
}

/** Signed-in user or a redirect to /signin that remembers where the visitor was going. */
export async function requireUser(request: Request, options: { redirectTo?: string | null } = {}): Promise<AuthUser> {
  const user = await getUser(request);
  if (!user) throw redirect(await signInUrlFor(request, options.redirectTo));
  return user;
}

/**
 * Where a visitor without a live session goes: the sign-in form, which says "deactivated" when
 * an admin ended the session by deactivating the account (decision 068).
 */
async function signInUrlFor(request: Request, redirectTo?: string | null): Promise<string> {
  const token = await sessionTokenOf(request);
  if (token && (await sessionEndedByDeactivation(token)))
    return `/signin?${new URLSearchParams({ reason: "deactivated" })}`;
  return signInUrl(request, redirectTo);
}

export async function requireAnonymous(request: Request): Promise<void> {
  if (await getUser(request)) throw redirect("/dashboard");
}

/**
 * Signed out: redirect to sign-in (remembering the page). Signed in without the permission:
 * 403, so a signed-in person is never bounced to a sign-in form they already passed.
 */
export async function requirePermission(request: Request, permission: Permission): Promise<AuthUser> {
  const user = await requireUser(request);
  if (!can(user, permission)) forbidden(MESSAGES.forbidden);
  return user;
}

/** A fresh session (new id) for a user who just proved who they are. */
export async function createUserSession(request: Request, user: AuthUser): Promise<Headers> {
  const storage = sessionStorage();
  forgetInRequest(userKey(request));
  const old = await getSession(request);
  if (old.id) await storage.destroySession(old);
  const session = await storage.getSession();
  session.set(USER_ID_KEY, user.id);
  return new Headers({ "Set-Cookie": await storage.commitSession(session) });
}

export async function destroyUserSession(request: Request): Promise<string> {
  forgetInRequest(userKey(request));
  const session = await getSession(request);
  return sessionStorage().destroySession(session);
}

// Two-factor sign-in (decision 066). After a correct password (or Google) for an account with a
// second factor, the session is only "pending": its row has no user, so getUser and every guard
// see a visitor, and it carries who is signing in until a code or passkey finishes the sign-in.

const PENDING_KEY = "pendingSecondFactor";
/** How long the second step may take before the password must be given again. */
export const PENDING_SECOND_FACTOR_MINUTES = 10;

export interface PendingSecondFactor {
  userId: string;
  email: string;
  redirectTo: string;
  /** True when the account has no factor yet and the site requires one: set one up first. */
  setUp: boolean;
  /** A factor was just set up (and proven) at the set-up step: only "Continue" is left. */
  verified?: boolean;
}

/** A fresh session that is waiting for the second factor of `user`. */
export async function createPendingSecondFactorSession(
  request: Request,
  pending: PendingSecondFactor,
): Promise<Headers> {
  const storage = sessionStorage();
  forgetInRequest(userKey(request));
  const old = await getSession(request);
  if (old.id) await storage.destroySession(old);
  const session = await storage.getSession();
  const until = Date.now() + PENDING_SECOND_FACTOR_MINUTES * 60_000;
  session.set(PENDING_KEY, { ...pending, until });
  return new Headers({ "Set-Cookie": await storage.commitSession(session, { expires: new Date(until) }) });
}

/** Who is half-way through signing in on this browser, or null. */
export async function getPendingSecondFactor(request: Request): Promise<PendingSecondFactor | null> {
  if (!(await sessionTokenOf(request))) return null;
  const session = await getSession(request);
  const value = session.get(PENDING_KEY) as (PendingSecondFactor & { until: number }) | undefined;
  if (!value || typeof value.userId !== "string" || !(value.until > Date.now())) return null;
  return {
    userId: value.userId,
    email: value.email,
    redirectTo: value.redirectTo,
    setUp: value.setUp === true,
    verified: value.verified === true,
  };
}

/** Records on the pending session that its account just set up and proved a second factor. */
export async function markPendingSecondFactorVerified(request: Request): Promise<Headers> {
  const session = await getSession(request);
  const value = session.get(PENDING_KEY) as Record<string, unknown> | undefined;
  session.set(PENDING_KEY, { ...value, verified: true });
  const until = typeof value?.until === "number" ? new Date(value.until) : undefined;
  return new Headers({ "Set-Cookie": await sessionStorage().commitSession(session, { expires: until }) });
}

/** The account behind an id, as sign-in sees it (an admin listed in ADMIN_EMAILS promoted). */
export async function authUserById(userId: string): Promise<AuthUser | null> {
  const db = await getDb();
  const [row] = await db.select(AUTH_USER_COLUMNS).from(users).where(eq(users.id, userId)).limit(1);
  return row ? promoteConfiguredAdmin(row) : null;
}
