import { transaction } from "~/server/transaction.server";
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { schedules, users, type ScheduleRow } from "../../db/schema";

import { getDb } from "~/server/db.server";
import { invalidatePublicPages, publicPageTag } from "~/server/page-cache.server";
import type { ScheduleInput } from "~/schemas/scheduling-api";
import { isTimeZone } from "~/scheduling/time-zone";

/**
 * A host's schedules (decision 016). Every function takes the owner's id and filters by it:
 * another person's schedule is simply not found. Ids are checked to be uuids by the caller.
 */

/** A schedule's columns as the app reads them (also the bookable event type's schedule). */
export const SCHEDULE_COLUMNS = {
  id: schedules.id,
  name: schedules.name,
  timeZone: schedules.timeZone,
  isDefault: schedules.isDefault,
  weekly: schedules.weekly,
  overrides: schedules.overrides,
};

export type Schedule = Pick<ScheduleRow, keyof typeof SCHEDULE_COLUMNS>;

export const DEFAULT_SCHEDULE_NAME = "Working hours";

/** Mon-Fri 09:00-17:00. */
const WORKING_HOURS = [1, 2, 3, 4, 5].map((day) => ({ day, start: "09:00", end: "17:00" }));

/** The owner's schedules: the default first, then by name. */
export async function listSchedules(userId: string): Promise<Schedule[]> {
  const db = await getDb();
  return db
    .select(SCHEDULE_COLUMNS)
    .from(schedules)
    .where(eq(schedules.userId, userId))
    .orderBy(desc(schedules.isDefault), asc(schedules.name), asc(schedules.createdAt), asc(schedules.id));
}

export async function getSchedule(userId: string, id: string): Promise<Schedule | null> {
  const db = await getDb();
  const [row] = await db
    .select(SCHEDULE_COLUMNS)
    .from(schedules)
    .where(and(eq(schedules.userId, userId), eq(schedules.id, id)))
    .limit(1);
  return row ?? null;
}

export async function getDefaultSchedule(userId: string, executor?: Tx): Promise<Schedule | null> {
  const db = executor ?? (await getDb());
  const [row] = await db
    .select(SCHEDULE_COLUMNS)
    .from(schedules)
    .where(and(eq(schedules.userId, userId), eq(schedules.isDefault, true)))
    .limit(1);
  return row ?? null;
}

/**
 * The owner's default schedule, made first ("Working hours", Mon-Fri 09:00-17:00 in
 * `timeZone`) when there is none. Race-safe: simultaneous first calls all try the insert;
 * the partial unique index lets one through and the others do nothing, then everyone reads.
 */
export async function ensureDefaultSchedule(userId: string, timeZone: string, executor?: Tx): Promise<Schedule> {
  const existing = await getDefaultSchedule(userId, executor);
  if (existing) return existing;
  const db = executor ?? (await getDb());
  await db
    .insert(schedules)
    .values({
      userId,
      name: DEFAULT_SCHEDULE_NAME,
      timeZone: isTimeZone(timeZone) ? timeZone : "UTC",
      isDefault: true,
      weekly: WORKING_HOURS,
      overrides: [],
    })
    .onConflictDoNothing({ target: schedules.userId, where: sql`${schedules.isDefault}` });
  const made = await getDefaultSchedule(userId, executor);
  if (!made) throw new Error(`no default schedule for ${userId} after ensureDefaultSchedule`);
  return made;
}

type Tx = Parameters<Parameters<Awaited<ReturnType<typeof getDb>>["transaction"]>[0]>[0];

/** Serializes the owner's default changes: the owner's row is the lock. */
async function lockOwner(tx: Tx, userId: string) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
}

/** Takes the default away from the owner's other schedules (the partial unique index allows one). */
async function clearDefault(tx: Tx, userId: string, keepId: string | null) {
  const others = keepId ? sql`${schedules.id} <> ${keepId}` : sql`true`;
  await tx
    .update(schedules)
    .set({ isDefault: false })
    .where(and(eq(schedules.userId, userId), eq(schedules.isDefault, true), others));
}

/**
 * Adds a schedule. `isDefault` makes it the default in the same transaction as the old default
 * stops being one. (The routes ensure the default schedule exists first.)
 */
export async function createSchedule(userId: string, input: ScheduleInput): Promise<Schedule> {
  const db = await getDb();
  return transaction(db, async (tx) => {
    await lockOwner(tx, userId);
    if (input.isDefault) await clearDefault(tx, userId, null);
    const [row] = await tx
      .insert(schedules)
      .values({
        userId,
        name: input.name,
        timeZone: input.timeZone,
        isDefault: input.isDefault,
        weekly: input.weekly,
        overrides: input.overrides,
      })
      .returning(SCHEDULE_COLUMNS);
    invalidatePublicPages([publicPageTag.host(userId)]);
    return row;
  });
}

/**
 * Replaces a schedule. `isDefault: true` makes it the default (the old one flips in the same
 * transaction); `false` on the current default keeps it the default: a host always has one.
 */
export async function replaceSchedule(userId: string, id: string, input: ScheduleInput): Promise<Schedule | null> {
  const db = await getDb();
  return transaction(db, async (tx) => {
    await lockOwner(tx, userId);
    const [current] = await tx
      .select({ isDefault: schedules.isDefault })
      .from(schedules)
      .where(and(eq(schedules.userId, userId), eq(schedules.id, id)))
      .for("update");
    if (!current) return null;
    if (input.isDefault && !current.isDefault) await clearDefault(tx, userId, id);
    const [row] = await tx
      .update(schedules)
      .set({
        name: input.name,
        timeZone: input.timeZone,
        isDefault: current.isDefault || input.isDefault,
        weekly: input.weekly,
        overrides: input.overrides,
      })
      .where(and(eq(schedules.userId, userId), eq(schedules.id, id)))
      .returning(SCHEDULE_COLUMNS);
    if (row) invalidatePublicPages([publicPageTag.host(userId)]);
    return row ?? null;
  });
}

export type ScheduleDelete = { ok: true } | { ok: false; reason: "not-found" | "default" | "in-use" };

export function isForeignKeyViolation(error: unknown): boolean {
  for (let e = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === "23503") return true;
  }
  return false;
}

/** Deletes a schedule; never the default, never one an event type uses (the foreign key decides). */
export async function deleteSchedule(userId: string, id: string): Promise<ScheduleDelete> {
  const db = await getDb();
  try {
    return await transaction(db, async (tx): Promise<ScheduleDelete> => {
      const [current] = await tx
        .select({ isDefault: schedules.isDefault })
        .from(schedules)
        .where(and(eq(schedules.userId, userId), eq(schedules.id, id)))
        .for("update");
      if (!current) return { ok: false, reason: "not-found" };
      if (current.isDefault) return { ok: false, reason: "default" };
      await tx.delete(schedules).where(and(eq(schedules.userId, userId), eq(schedules.id, id)));
      invalidatePublicPages([publicPageTag.host(userId)]);
      return { ok: true };
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) return { ok: false, reason: "in-use" };
    throw error;
  }
}
