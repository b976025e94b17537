import crypto from "node:crypto";
import { createCookie, createSessionStorage, type Session } from "@remix-run/node";
import { and, eq, gt, isNull } from "drizzle-orm";
import { sessions } from "../../db/schema";
import { getDb } from "./db.server";
import { env } from "./env.server";

export const SESSION_MAX_AGE_SECONDS = 60 * 60 * 24 * 30;
export const USER_ID_KEY = "userId";
/** A session ended by deactivation (decision 068) keeps only this flag, so the next request can say why. */
export const DEACTIVATED_SESSION_KEY = "deactivated";

export function sha256(value: string): string {
  return crypto.createHash("sha256").update(value).digest("hex");
}

let storage: ReturnType<typeof createSessionStorage<Record<string, unknown>>> | undefined;
let sessionCookie: ReturnType<typeof createCookie> | undefined;

function cookie() {
  sessionCookie ??= createCookie("__session", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: env().secureCookies,
    secrets: env().sessionSecrets,
    maxAge: SESSION_MAX_AGE_SECONDS,
  });
  return sessionCookie;
}

/**
 * The session token from a request's signed cookie, without reading the session's data:
 * enough to find the signed-in user in one query.
 */
export async function sessionTokenOf(request: Request): Promise<string | null> {
  const token: unknown = await cookie().parse(request.headers.get("Cookie"));
  return typeof token === "string" && token ? token : null;
}

/**
 * Sessions live in the database. The cookie carries only a random token (signed), and the
 * row is keyed by its hash, so sign-out or an admin can end a session for good.
 */
export function sessionStorage() {
  storage ??= createSessionStorage<Record<string, unknown>>({
    cookie: cookie(),
    async createData(data, expires) {
      const token = crypto.randomBytes(32).toString("base64url");
      const db = await getDb();
      await db.insert(sessions).values({
        id: sha256(token),
        userId: typeof data[USER_ID_KEY] === "string" ? (data[USER_ID_KEY] as string) : null,
        data: data as Record<string, unknown>,
        expiresAt: expires ?? new Date(Date.now() + SESSION_MAX_AGE_SECONDS * 1000),
      });
      return token;
    },
    async readData(token) {
      const db = await getDb();
      const [row] = await db
        .select({ data: sessions.data })
        .from(sessions)
        .where(and(eq(sessions.id, sha256(token)), gt(sessions.expiresAt, new Date())))
        .limit(1);
      return row?.data ?? null;
    },
    async updateData(token, data, expires) {
      const db = await getDb();
      await db
        .update(sessions)
        .set({
          data: data as Record<string, unknown>,
          userId: typeof data[USER_ID_KEY] === "string" ? (data[USER_ID_KEY] as string) : null,
          expiresAt: expires ?? new Date(Date.now() + SESSION_MAX_AGE_SECONDS * 1000),
        })
        .where(eq(sessions.id, sha256(token)));
    },
    async deleteData(token) {
      const db = await getDb();
      await db.delete(sessions).where(eq(sessions.id, sha256(token)));
    },
  });
  return storage;
}

export function getSession(request: Request): Promise<Session> {
  return sessionStorage().getSession(request.headers.get("Cookie"));
}

/** Whether the cookie's session was ended because its account was deactivated (decision 068). */
export async function sessionEndedByDeactivation(token: string): Promise<boolean> {
  const db = await getDb();
  const [row] = await db
    .select({ data: sessions.data })
    .from(sessions)
    .where(and(eq(sessions.id, sha256(token)), isNull(sessions.userId)))
    .limit(1);
  return row?.data?.[DEACTIVATED_SESSION_KEY] === true;
}
