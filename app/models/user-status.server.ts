import { and, asc, eq, gt, inArray, isNotNull, isNull, ne, sql } from "drizzle-orm";
import { apiTokens, eventTypes, events, sessions, users } from "../../db/schema";
import { getDb } from "~/server/db.server";
import { transaction } from "~/server/transaction.server";
import { invalidatePublicPages, publicPageTag } from "~/server/page-cache.server";
import { DEACTIVATED_SESSION_KEY } from "~/server/session.server";
import type { Transaction } from "./event.server";

/**
 * Deactivated accounts (decision 068): `users.deactivated_at` set, their sessions ended (kept as
 * rows without a user that only say "deactivated", so the open tab's next request can tell the
 * person why), their API tokens deleted. Nothing else of theirs is touched.
 */

export type StatusChange = "changed" | "unchanged" | "not-found" | "last-admin";

type Executor = Awaited<ReturnType<typeof getDb>> | Transaction;

/**
 * Sets `deactivated_at` and ends every session and token of the account in one transaction. The
 * last active admin is never deactivated (every admin row is locked first, as demoteAdmin does).
 */
export async function deactivateUserRow(userId: string, now: Date, db?: Executor): Promise<StatusChange> {
  const run = async (tx: Executor) => {
    const admins = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, "admin"), isNull(users.deactivatedAt)))
      .orderBy(asc(users.id))
      .for("update");
    const [row] = await tx
      .select({ deactivatedAt: users.deactivatedAt })
      .from(users)
      .where(eq(users.id, userId))
      .for("update");
    if (!row) return "not-found" as const;
    if (row.deactivatedAt) return "unchanged" as const;
    if (admins.some((a) => a.id === userId) && admins.length <= 1) return "last-admin" as const;
    await tx.update(users).set({ deactivatedAt: now }).where(eq(users.id, userId));
    await tx.delete(apiTokens).where(eq(apiTokens.userId, userId));
    await tx
      .update(sessions)
      .set({ userId: null, data: { [DEACTIVATED_SESSION_KEY]: true } })
      .where(eq(sessions.userId, userId));
    invalidatePublicPages([publicPageTag.host(userId)]);
    return "changed" as const;
  };
  if (db) return run(db);
  return transaction(await getDb(), run);
}

/** Clears `deactivated_at`: the person can sign in again (their old sessions stay ended). */
export async function reactivateUserRow(userId: string, db?: Executor): Promise<StatusChange> {
  const conn = db ?? (await getDb());
  const [changed] = await conn
    .update(users)
    .set({ deactivatedAt: null })
    .where(and(eq(users.id, userId), isNotNull(users.deactivatedAt)))
    .returning({ id: users.id });
  if (changed) {
    invalidatePublicPages([publicPageTag.host(userId)]);
    return "changed";
  }
  const [exists] = await conn.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
  return exists ? "unchanged" : "not-found";
}

/** The account's status for the admin pages and the JSON answer. */
export async function userStatus(userId: string): Promise<{ id: string; active: boolean } | null> {
  const db = await getDb();
  const [row] = await db
    .select({ id: users.id, deactivatedAt: users.deactivatedAt })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ? { id: row.id, active: row.deactivatedAt === null } : null;
}

/** One upcoming booking a deactivated host still holds, as the admin's list shows it. */
export interface HeldBooking {
  id: string;
  eventName: string;
  startsAt: Date;
  endsAt: Date;
  guestName: string | null;
  guestEmail: string | null;
  status: string;
  /** A round-robin booking can go to another host of its event type; any other can only be cancelled. */
  roundRobin: boolean;
}

/** The person's bookings that have not ended and are not cancelled (guests' bookings only), soonest first. */
export async function upcomingBookingsOfHost(userId: string, now: Date): Promise<HeldBooking[]> {
  const db = await getDb();
  const rows = await db
    .select({
      id: events.id,
      eventName: events.eventName,
      startsAt: events.startsAt,
      endsAt: events.endsAt,
      guestName: events.guestName,
      guestEmail: events.guestEmail,
      status: events.status,
      kind: eventTypes.kind,
    })
    .from(events)
    .leftJoin(eventTypes, eq(eventTypes.id, events.eventTypeId))
    .where(
      and(
        eq(events.hostId, userId),
        ne(events.status, "cancelled"),
        gt(events.endsAt, now),
        isNotNull(events.guestEmail),
        isNull(events.bookingId),
      ),
    )
    .orderBy(asc(events.startsAt))
    .limit(200);
  return rows.map(({ kind, ...r }) => ({ ...r, roundRobin: kind === "round-robin" }));
}

/** Which of these accounts are deactivated (the Manage User table's Status column). */
export async function deactivatedAmong(ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const db = await getDb();
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, ids), sql`${users.deactivatedAt} is not null`));
  return new Set(rows.map((r) => r.id));
}

/** An account's name and e-mail by id (the held bookings' heading), or null. */
export async function accountById(userId: string): Promise<{ id: string; name: string; email: string } | null> {
  const db = await getDb();
  const [row] = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}
