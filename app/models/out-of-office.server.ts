import { transaction } from "~/server/transaction.server";
import { alias } from "drizzle-orm/pg-core";
import { and, asc, count, eq, gt, sql } from "drizzle-orm";
import { eventTypes, outOfOffice, teamMemberships, users } from "../../db/schema";
import { OUT_OF_OFFICE_CAP, type AbsenceRecord } from "~/schemas/out-of-office";
import { getDb } from "~/server/db.server";
import { invalidatePublicPages, publicPageTag } from "~/server/page-cache.server";
import { isUuid, lockHost, type Transaction } from "./event.server";

/**
 * Hosts' absences (decision 061), always filtered by their owner. The slot search reads them as
 * busy time in event-type.server.ts (busyTimes); this module writes and lists them, and answers
 * the booking pages' "away until" question.
 */

type Executor = Awaited<ReturnType<typeof getDb>> | Transaction;

const redirectUser = alias(users, "redirect_user");

const COLUMNS = {
  id: outOfOffice.id,
  startsAt: outOfOffice.startsAt,
  endsAt: outOfOffice.endsAt,
  reason: outOfOffice.reason,
  redirectUserId: outOfOffice.redirectUserId,
  redirectName: redirectUser.name,
  redirectEmail: redirectUser.email,
  redirectUsername: redirectUser.username,
};

type Row = {
  id: string;
  startsAt: Date;
  endsAt: Date;
  reason: string | null;
  redirectUserId: string | null;
  redirectName: string | null;
  redirectEmail: string | null;
  redirectUsername: string | null;
};

function record(row: Row): AbsenceRecord {
  return {
    id: row.id,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    reason: row.reason,
    redirectUserId: row.redirectUserId,
    redirectTo: row.redirectUserId
      ? {
          userId: row.redirectUserId,
          // A teammate without a name is shown by the local part of their e-mail, as on the Teams pages.
          name: row.redirectName || (row.redirectEmail ?? "").split("@")[0],
          username: row.redirectUsername ?? null,
        }
      : null,
  };
}

/** Whether `a` and `b` are members of one team (any role), read with `db`. */
export async function shareATeam(db: Executor, a: string, b: string): Promise<boolean> {
  const other = alias(teamMemberships, "other_membership");
  const [row] = await db
    .select({ n: count() })
    .from(teamMemberships)
    .innerJoin(other, eq(other.teamId, teamMemberships.teamId))
    .where(and(eq(teamMemberships.userId, a), eq(other.userId, b)));
  return (row?.n ?? 0) > 0;
}

export interface Teammate {
  id: string;
  name: string;
  email: string;
  username: string | null;
}

/** Everyone who shares a team with `userId` (not themselves), by name: whom guests may be sent to. */
export async function listTeammates(userId: string): Promise<Teammate[]> {
  const db = await getDb();
  const mine = alias(teamMemberships, "my_membership");
  return db
    .selectDistinct({ id: users.id, name: users.name, email: users.email, username: users.username })
    .from(mine)
    .innerJoin(teamMemberships, eq(teamMemberships.teamId, mine.teamId))
    .innerJoin(users, eq(users.id, teamMemberships.userId))
    .where(and(eq(mine.userId, userId), sql`${users.id} <> ${userId}`))
    .orderBy(asc(users.name), asc(users.email), asc(users.id));
}

/** The host's absences that are not over at `now`, the current and next first. */
export async function listAbsences(userId: string, now: Date): Promise<AbsenceRecord[]> {
  const db = await getDb();
  const rows = await db
    .select(COLUMNS)
    .from(outOfOffice)
    .leftJoin(redirectUser, eq(redirectUser.id, outOfOffice.redirectUserId))
    .where(and(eq(outOfOffice.userId, userId), gt(outOfOffice.endsAt, now)))
    .orderBy(asc(outOfOffice.startsAt), asc(outOfOffice.endsAt), asc(outOfOffice.id));
  return rows.map(record);
}

/** One of the host's absences (over or not), or null for anyone else's, a gone one or a non-uuid. */
export async function getAbsence(userId: string, id: string): Promise<AbsenceRecord | null> {
  if (!isUuid(id)) return null;
  const db = await getDb();
  const [row] = await db
    .select(COLUMNS)
    .from(outOfOffice)
    .leftJoin(redirectUser, eq(redirectUser.id, outOfOffice.redirectUserId))
    .where(and(eq(outOfOffice.userId, userId), eq(outOfOffice.id, id)))
    .limit(1);
  return row ? record(row) : null;
}

export interface AbsenceValues {
  start: Date;
  end: Date;
  reason: string | null;
  redirectToUserId: string | null;
}

export type InsertAbsenceResult = { ok: true; absence: AbsenceRecord } | { ok: false; reason: "not-teammate" | "cap" };

/**
 * Adds an absence. The host's users row is locked first, the queue every booking of theirs
 * takes before it re-reads their busy time: a booking racing with this either commits first
 * (and stays, like any booking made before the absence) or sees the absence and is refused.
 * Under the lock the teammate is checked and the cap counted.
 */
export async function insertAbsence(userId: string, values: AbsenceValues, now: Date): Promise<InsertAbsenceResult> {
  const db = await getDb();
  return transaction(db, async (tx) => {
    await lockHost(tx, userId);
    if (values.redirectToUserId && !(await shareATeam(tx, userId, values.redirectToUserId)))
      return { ok: false as const, reason: "not-teammate" as const };
    const [open] = await tx
      .select({ n: count() })
      .from(outOfOffice)
      .where(and(eq(outOfOffice.userId, userId), gt(outOfOffice.endsAt, now)));
    if ((open?.n ?? 0) >= OUT_OF_OFFICE_CAP) return { ok: false as const, reason: "cap" as const };
    const [inserted] = await tx
      .insert(outOfOffice)
      .values({
        userId,
        startsAt: values.start,
        endsAt: values.end,
        reason: values.reason,
        redirectUserId: values.redirectToUserId,
      })
      .returning({ id: outOfOffice.id });
    const [row] = await tx
      .select(COLUMNS)
      .from(outOfOffice)
      .leftJoin(redirectUser, eq(redirectUser.id, outOfOffice.redirectUserId))
      .where(eq(outOfOffice.id, inserted.id));
    invalidatePublicPages([publicPageTag.host(userId)]);
    return { ok: true as const, absence: record(row) };
  });
}

/** Deletes one of the host's absences; false for anyone else's, a gone one or a non-uuid. */
export async function deleteAbsence(userId: string, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const db = await getDb();
  const rows = await db
    .delete(outOfOffice)
    .where(and(eq(outOfOffice.userId, userId), eq(outOfOffice.id, id)))
    .returning({ id: outOfOffice.id });
  if (rows.length > 0) invalidatePublicPages([publicPageTag.host(userId)]);
  return rows.length > 0;
}

export interface PublicAbsence {
  start: Date;
  end: Date;
  /** The teammate guests are sent to, while they still share a team with the host. */
  redirect: { id: string; name: string; username: string } | null;
  /** The teammate named, shared team or not: the page shows what they have, so a change of theirs drops it from the page cache. */
  teammateId: string | null;
}

/**
 * The absences of the host with `username` (stored lower-case) that are not over at `now`, for
 * the booking pages (awayAt picks the one that covers now). Neither reasons nor a teammate who
 * left the host's teams, nor one without a username (no page to send guests to), are read.
 */
export async function publicAbsences(username: string, now: Date): Promise<PublicAbsence[]> {
  const db = await getDb();
  const host = sql`(select ${users.id} from ${users} where ${users.username} = ${username.toLowerCase()} limit 1)`;
  const rows = await db
    .select({
      start: outOfOffice.startsAt,
      end: outOfOffice.endsAt,
      redirectId: outOfOffice.redirectUserId,
      redirectName: redirectUser.name,
      redirectEmail: redirectUser.email,
      redirectUsername: redirectUser.username,
      stillTeammate: sql<boolean>`exists (select 1 from ${teamMemberships} as mine inner join ${teamMemberships} as theirs on theirs.team_id = mine.team_id where mine.user_id = ${outOfOffice.userId} and theirs.user_id = ${outOfOffice.redirectUserId})`,
    })
    .from(outOfOffice)
    .leftJoin(redirectUser, eq(redirectUser.id, outOfOffice.redirectUserId))
    .where(and(sql`${outOfOffice.userId} = ${host}`, gt(outOfOffice.endsAt, now)))
    .orderBy(asc(outOfOffice.startsAt));
  return rows.map((r) => ({
    start: r.start,
    end: r.end,
    teammateId: r.redirectId,
    redirect:
      r.redirectId && r.redirectUsername && r.stillTeammate
        ? {
            id: r.redirectId,
            name: r.redirectName || (r.redirectEmail ?? "").split("@")[0],
            username: r.redirectUsername,
          }
        : null,
  }));
}

/** The slug of the teammate's own active event type whose slug is `slug` (any case), or null. */
export async function activeSlugOf(userId: string, slug: string): Promise<string | null> {
  const db = await getDb();
  const [row] = await db
    .select({ slug: eventTypes.slug })
    .from(eventTypes)
    .where(
      and(
        eq(eventTypes.userId, userId),
        eq(eventTypes.active, true),
        sql`${eventTypes.teamId} is null`,
        sql`lower(${eventTypes.slug}) = ${slug.toLowerCase()}`,
      ),
    )
    .limit(1);
  return row?.slug ?? null;
}
