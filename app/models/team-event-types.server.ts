import { transaction } from "~/server/transaction.server";
import { and, asc, eq, inArray, notInArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { eventTypeHosts, eventTypes, teamMemberships, teams, users, type HostPriority } from "../../db/schema";
import { canManage } from "~/schemas/teams";
import { withFieldsOf, type TeamEventTypeInput } from "~/schemas/team-event-types";
import { getDb } from "~/server/db.server";
import { invalidatePublicPages, publicPageTag } from "~/server/page-cache.server";
import { isUuid, type Transaction } from "./event.server";
import { EVENT_TYPE_COLUMNS, type EventType } from "./event-type.server";
import { ensureDefaultSchedule } from "./schedule.server";
import { lockTeam, type Refusal } from "./teams.server";
import { isUniqueViolation } from "./user.server";

/**
 * A team's event types (decisions 058, 059). Every write locks the team's row and checks the
 * actor's role under that lock (as every team write does), then checks the hosts are members
 * in the same transaction, so a member removed meanwhile is never made a host.
 *
 * A managed template's hosts are the members who get a copy: a personal one-to-one event type
 * of theirs (`parent_id` = the template, their default schedule, the template's slug). Adding a
 * member makes their copy, removing one deletes it, and every write of the template copies its
 * locked fields onto every copy, all in the template's transaction.
 */

export interface TeamHost {
  userId: string;
  name: string;
  email: string;
  username: string | null;
  weight: number;
  priority: HostPriority;
}

export interface ManagedCopy {
  userId: string;
  eventTypeId: string;
  username: string | null;
  name: string;
}

export interface TeamEventType {
  eventType: EventType;
  hosts: TeamHost[];
  copies: ManagedCopy[];
}

type Executor = Awaited<ReturnType<typeof getDb>> | Transaction;

async function hostsOf(db: Executor, ids: string[]): Promise<Map<string, TeamHost[]>> {
  const out = new Map<string, TeamHost[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return out;
  const rows = await db
    .select({
      eventTypeId: eventTypeHosts.eventTypeId,
      userId: users.id,
      name: users.name,
      email: users.email,
      username: users.username,
      weight: eventTypeHosts.weight,
      priority: eventTypeHosts.priority,
    })
    .from(eventTypeHosts)
    .innerJoin(users, eq(users.id, eventTypeHosts.userId))
    .innerJoin(eventTypes, eq(eventTypes.id, eventTypeHosts.eventTypeId))
    // Only members count (liveHostIdsSql): a row of someone gone is no host.
    .innerJoin(
      teamMemberships,
      and(eq(teamMemberships.teamId, eventTypes.teamId), eq(teamMemberships.userId, eventTypeHosts.userId)),
    )
    .where(inArray(eventTypeHosts.eventTypeId, ids))
    .orderBy(asc(eventTypeHosts.createdAt), asc(users.id));
  for (const r of rows) out.get(r.eventTypeId)?.push({ ...r, name: r.name || r.email.split("@")[0] });
  return out;
}

async function copiesOf(db: Executor, ids: string[]): Promise<Map<string, ManagedCopy[]>> {
  const out = new Map<string, ManagedCopy[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return out;
  const rows = await db
    .select({
      parentId: eventTypes.parentId,
      userId: users.id,
      eventTypeId: eventTypes.id,
      username: users.username,
      name: users.name,
      email: users.email,
    })
    .from(eventTypes)
    .innerJoin(users, eq(users.id, eventTypes.userId))
    .where(inArray(eventTypes.parentId, ids))
    .orderBy(asc(users.name), asc(users.id));
  for (const r of rows)
    out.get(r.parentId!)?.push({
      userId: r.userId,
      eventTypeId: r.eventTypeId,
      username: r.username,
      name: r.name || r.email.split("@")[0],
    });
  return out;
}

async function withHostsAndCopies(db: Executor, rows: EventType[]): Promise<TeamEventType[]> {
  const ids = rows.map((r) => r.id);
  const managed = rows.filter((r) => r.kind === "managed").map((r) => r.id);
  const [hosts, copies] = [await hostsOf(db, ids), await copiesOf(db, managed)];
  return rows.map((eventType) => ({
    eventType,
    hosts: hosts.get(eventType.id) ?? [],
    copies: copies.get(eventType.id) ?? [],
  }));
}

/** The team's event types, by title. */
export async function listTeamEventTypes(teamId: string): Promise<TeamEventType[]> {
  const db = await getDb();
  const rows = await db
    .select(EVENT_TYPE_COLUMNS)
    .from(eventTypes)
    .where(eq(eventTypes.teamId, teamId))
    .orderBy(asc(eventTypes.title), asc(eventTypes.createdAt), asc(eventTypes.id));
  return withHostsAndCopies(db, rows);
}

/** One of the team's event types, or null (another team's, or none). */
export async function getTeamEventType(teamId: string, id: string, executor?: Executor): Promise<TeamEventType | null> {
  const db = executor ?? (await getDb());
  const rows = await db
    .select(EVENT_TYPE_COLUMNS)
    .from(eventTypes)
    .where(and(eq(eventTypes.teamId, teamId), eq(eventTypes.id, id)))
    .limit(1);
  return rows.length ? (await withHostsAndCopies(db, rows))[0] : null;
}

/** The team event types a person hosts, with their team (their own Event Types page lists them). */
export async function teamEventTypesHostedBy(userId: string): Promise<
  Array<{
    id: string;
    title: string;
    slug: string;
    kind: string;
    duration: number;
    active: boolean;
    teamId: string;
    teamName: string;
    teamSlug: string;
    role: string;
  }>
> {
  const db = await getDb();
  return db
    .select({
      id: eventTypes.id,
      title: eventTypes.title,
      slug: eventTypes.slug,
      kind: eventTypes.kind,
      duration: eventTypes.duration,
      active: eventTypes.active,
      teamId: teams.id,
      teamName: teams.name,
      teamSlug: teams.slug,
      role: teamMemberships.role,
    })
    .from(eventTypeHosts)
    .innerJoin(eventTypes, eq(eventTypes.id, eventTypeHosts.eventTypeId))
    .innerJoin(teams, eq(teams.id, eventTypes.teamId))
    .innerJoin(
      teamMemberships,
      and(eq(teamMemberships.teamId, teams.id), eq(teamMemberships.userId, eventTypeHosts.userId)),
    )
    .where(and(eq(eventTypeHosts.userId, userId), sql`${eventTypes.kind} <> 'managed'`))
    .orderBy(asc(teams.name), asc(eventTypes.title));
}

export type TeamEventTypeResult =
  | { ok: true; id: string }
  | { ok: false; reason: Refusal | "not-members" | "needs-host" | "slug-taken" | "kind-fixed" }
  | { ok: false; reason: "copy-slug-taken"; who: string; slug: string };

class Refused extends Error {
  constructor(readonly result: Exclude<TeamEventTypeResult, { ok: true }>) {
    super(result.reason);
  }
}

/** The body's event type fields as columns (kind and hosts apart). */
function columns(input: TeamEventTypeInput) {
  return {
    title: input.title,
    slug: input.slug,
    description: input.description,
    duration: input.duration,
    durations: input.durations,
    hidden: input.hidden,
    redirectUrl: input.redirectUrl,
    redirectPassDetails: input.redirectPassDetails,
    requirePhone: input.requirePhone,
    kind: input.kind,
    location: input.location,
    seats: null,
    bufferBefore: input.bufferBefore,
    bufferAfter: input.bufferAfter,
    minimumNotice: input.minimumNotice,
    bookingWindowDays: input.bookingWindowDays,
    slotInterval: input.slotInterval,
    dailyLimit: input.dailyLimit,
    active: input.active,
    questions: input.questions,
    limitPerGuest: input.limitPerGuest,
    weeklyLimit: input.weeklyLimit,
    monthlyLimit: input.monthlyLimit,
    requiresApproval: input.requiresApproval,
    approvalHoldHours: input.approvalHoldHours,
    cancelNoticeMinutes: input.cancelNoticeMinutes,
    rescheduleNoticeMinutes: input.rescheduleNoticeMinutes,
    maxReschedules: input.maxReschedules,
    requireCancelReason: input.requireCancelReason,
    defaultLanguage: input.defaultLanguage,
    reconfirmHours: input.reconfirmHours,
    roundRobinMode: input.roundRobinMode,
    lockedFields: input.kind === "managed" ? input.lockedFields : [],
    priceAmount: input.priceAmount,
    priceCurrency: input.priceCurrency,
    refundPolicy: input.refundPolicy,
    refundHours: input.refundHours,
  };
}

/** Locks the team, checks the actor runs it, and answers its members (with their zones). */
async function lockForWrite(tx: Transaction, actorId: string, teamId: string) {
  if (!isUuid(teamId)) throw new Refused({ ok: false, reason: "not-found" });
  const team = await lockTeam(tx, teamId, actorId);
  if (!team || !team.role) throw new Refused({ ok: false, reason: "not-found" });
  if (!canManage(team.role)) throw new Refused({ ok: false, reason: "forbidden" });
  return tx
    .select({ userId: users.id, name: users.name, email: users.email, timeZone: users.timeZone })
    .from(teamMemberships)
    .innerJoin(users, eq(users.id, teamMemberships.userId))
    .where(eq(teamMemberships.teamId, teamId))
    .orderBy(asc(teamMemberships.createdAt), asc(users.id));
}

type Member = Awaited<ReturnType<typeof lockForWrite>>[number];

/**
 * The hosts asked for (every member when null), each a member; a team kind needs one at least.
 * Each host's hours are their default schedule: one who has none yet gets the usual one (as
 * their first visit to Availability would make it), so they are offered from the start.
 */
async function checkHosts(tx: Transaction, input: TeamEventTypeInput, members: Member[]) {
  const byId = new Map(members.map((m) => [m.userId, m]));
  const hosts = input.hosts ?? members.map((m) => ({ userId: m.userId, weight: 100, priority: "medium" as const }));
  if (hosts.some((h) => !byId.has(h.userId))) throw new Refused({ ok: false, reason: "not-members" });
  if (input.kind !== "managed" && hosts.length === 0) throw new Refused({ ok: false, reason: "needs-host" });
  for (const h of hosts) await ensureDefaultSchedule(h.userId, byId.get(h.userId)!.timeZone, tx);
  return hosts;
}

async function writeHosts(tx: Transaction, eventTypeId: string, hosts: TeamEventTypeInput["hosts"] & object) {
  const wanted = hosts.map((h) => h.userId);
  await tx
    .delete(eventTypeHosts)
    .where(
      and(
        eq(eventTypeHosts.eventTypeId, eventTypeId),
        wanted.length ? notInArray(eventTypeHosts.userId, wanted) : undefined,
      ),
    );
  // One after the other: created_at keeps the order they were added in.
  for (const h of hosts)
    await tx
      .insert(eventTypeHosts)
      // The statement's own time, not the transaction's: hosts added together keep their order.
      .values({
        eventTypeId,
        userId: h.userId,
        weight: h.weight,
        priority: h.priority,
        createdAt: sql`clock_timestamp()`,
      })
      .onConflictDoUpdate({
        target: [eventTypeHosts.eventTypeId, eventTypeHosts.userId],
        set: { weight: h.weight, priority: h.priority },
      });
}

/**
 * Makes the copies of a managed template for `memberIds`: a personal one-to-one of each, on
 * their default schedule, with every field of the template. A member with a personal event type
 * of that slug is refused by name (copy-slug-taken), before anything is written.
 */
async function makeCopies(tx: Transaction, templateId: string, members: Member[]) {
  if (members.length === 0) return;
  const [template] = await tx.select().from(eventTypes).where(eq(eventTypes.id, templateId));
  const clash = await tx
    .select({ userId: eventTypes.userId })
    .from(eventTypes)
    .where(
      and(
        inArray(
          eventTypes.userId,
          members.map((m) => m.userId),
        ),
        sql`${eventTypes.teamId} is null`,
        sql`lower(${eventTypes.slug}) = lower(${template.slug})`,
      ),
    )
    .limit(1);
  if (clash.length) {
    const who = members.find((m) => m.userId === clash[0].userId)!;
    throw new Refused({ ok: false, reason: "copy-slug-taken", who: who.name || who.email, slug: template.slug });
  }
  for (const m of members) {
    const schedule = await ensureDefaultSchedule(m.userId, m.timeZone, tx);
    await tx.insert(eventTypes).values({
      userId: m.userId,
      parentId: template.id,
      kind: "one-to-one",
      scheduleId: schedule.id,
      title: template.title,
      slug: template.slug,
      description: template.description,
      duration: template.duration,
      durations: template.durations,
      redirectUrl: template.redirectUrl,
      redirectPassDetails: template.redirectPassDetails,
      requirePhone: template.requirePhone,
      location: template.location,
      bufferBefore: template.bufferBefore,
      bufferAfter: template.bufferAfter,
      minimumNotice: template.minimumNotice,
      bookingWindowDays: template.bookingWindowDays,
      slotInterval: template.slotInterval,
      dailyLimit: template.dailyLimit,
      active: template.active,
      questions: template.questions,
      limitPerGuest: template.limitPerGuest,
      weeklyLimit: template.weeklyLimit,
      monthlyLimit: template.monthlyLimit,
      requiresApproval: template.requiresApproval,
      approvalHoldHours: template.approvalHoldHours,
      cancelNoticeMinutes: template.cancelNoticeMinutes,
      rescheduleNoticeMinutes: template.rescheduleNoticeMinutes,
      maxReschedules: template.maxReschedules,
      requireCancelReason: template.requireCancelReason,
      defaultLanguage: template.defaultLanguage,
      reconfirmHours: template.reconfirmHours,
    });
  }
}

/** Every copy of the template takes the template's locked fields. */
async function pushLockedFields(tx: Transaction, templateId: string) {
  const [template] = await tx.select().from(eventTypes).where(eq(eventTypes.id, templateId));
  if (template.lockedFields.length === 0) return;
  const set = withFieldsOf({} as typeof template, template, template.lockedFields);
  await tx
    .update(eventTypes)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(eventTypes.parentId, templateId));
}

/**
 * A team event type changed: the team's booking pages, and its members' (a managed template's
 * copies are theirs), go from the page cache once the transaction commits (docs/decisions/105).
 */
function teamPagesChanged(teamId: string, members: ReadonlyArray<{ userId: string }>) {
  invalidatePublicPages([publicPageTag.team(teamId), ...members.map((m) => publicPageTag.host(m.userId))]);
}

async function run(slug: string, work: (tx: Transaction) => Promise<string>): Promise<TeamEventTypeResult> {
  const db = await getDb();
  try {
    return { ok: true, id: await transaction(db, work) };
  } catch (error) {
    if (error instanceof Refused) return error.result;
    if (isUniqueViolation(error, "event_types_team_slug_key")) return { ok: false, reason: "slug-taken" };
    // A member made a personal event type of the slug between the check and the copy.
    if (isUniqueViolation(error, "event_types_user_slug_key"))
      return { ok: false, reason: "copy-slug-taken", who: "A member", slug };
    throw error;
  }
}

/** A new event type of the team, made by an owner or admin on their default schedule. */
export function createTeamEventType(
  actor: { id: string; timeZone: string },
  teamId: string,
  input: TeamEventTypeInput,
): Promise<TeamEventTypeResult> {
  return run(input.slug, async (tx) => {
    const members = await lockForWrite(tx, actor.id, teamId);
    const hosts = await checkHosts(tx, input, members);
    const schedule = await ensureDefaultSchedule(actor.id, actor.timeZone, tx);
    const [row] = await tx
      .insert(eventTypes)
      .values({ ...columns(input), userId: actor.id, teamId, scheduleId: schedule.id })
      .returning({ id: eventTypes.id });
    await writeHosts(tx, row.id, hosts);
    if (input.kind === "managed")
      await makeCopies(
        tx,
        row.id,
        members.filter((m) => hosts.some((h) => h.userId === m.userId)),
      );
    teamPagesChanged(teamId, members);
    return row.id;
  });
}

/**
 * Replaces one of the team's event types (its schedule and maker stay). A managed template's
 * copies follow: new members get theirs, members left out lose theirs, and every copy takes
 * the locked fields.
 */
export function replaceTeamEventType(
  actorId: string,
  teamId: string,
  id: string,
  input: TeamEventTypeInput,
): Promise<TeamEventTypeResult> {
  return run(input.slug, async (tx) => {
    const members = await lockForWrite(tx, actorId, teamId);
    const [existing] = await tx
      .select({ id: eventTypes.id, kind: eventTypes.kind })
      .from(eventTypes)
      .where(and(eq(eventTypes.id, id), eq(eventTypes.teamId, teamId)))
      .for("update");
    if (!existing) throw new Refused({ ok: false, reason: "not-found" });
    if ((existing.kind === "managed") !== (input.kind === "managed"))
      throw new Refused({ ok: false, reason: "kind-fixed" });
    const hosts = await checkHosts(tx, input, members);
    await tx
      .update(eventTypes)
      .set({ ...columns(input), updatedAt: new Date() })
      .where(eq(eventTypes.id, id));
    await writeHosts(tx, id, hosts);
    if (input.kind === "managed") {
      const wanted = new Set(hosts.map((h) => h.userId));
      const copies = await tx
        .select({ id: eventTypes.id, userId: eventTypes.userId })
        .from(eventTypes)
        .where(eq(eventTypes.parentId, id));
      const gone = copies.filter((c) => !wanted.has(c.userId)).map((c) => c.id);
      if (gone.length) await tx.delete(eventTypes).where(inArray(eventTypes.id, gone));
      const have = new Set(copies.map((c) => c.userId));
      await makeCopies(
        tx,
        id,
        members.filter((m) => wanted.has(m.userId) && !have.has(m.userId)),
      );
      await pushLockedFields(tx, id);
    }
    teamPagesChanged(teamId, members);
    return id;
  });
}

/** Deletes one of the team's event types (a managed template's copies go with it). */
export function deleteTeamEventType(actorId: string, teamId: string, id: string): Promise<TeamEventTypeResult> {
  return run("", async (tx) => {
    const members = await lockForWrite(tx, actorId, teamId);
    const rows = await tx
      .delete(eventTypes)
      .where(and(eq(eventTypes.id, id), eq(eventTypes.teamId, teamId)))
      .returning({ id: eventTypes.id });
    if (!rows.length) throw new Refused({ ok: false, reason: "not-found" });
    teamPagesChanged(teamId, members);
    return id;
  });
}

/** A member's copy of a managed template: the template's locked fields and team, or null for any other event type. */
export async function managedCopyOf(eventTypeId: string): Promise<{
  templateId: string;
  lockedFields: string[];
  teamId: string | null;
  teamName: string | null;
} | null> {
  const db = await getDb();
  const parent = alias(eventTypes, "parent");
  const [row] = await db
    .select({
      templateId: parent.id,
      lockedFields: parent.lockedFields,
      teamId: parent.teamId,
      teamName: teams.name,
    })
    .from(eventTypes)
    .innerJoin(parent, eq(parent.id, eventTypes.parentId))
    .leftJoin(teams, eq(teams.id, parent.teamId))
    .where(eq(eventTypes.id, eventTypeId))
    .limit(1);
  return row ?? null;
}

/** The managed templates of these copies' `parentId`s: their team's name and locked fields. */
export async function templatesOf(
  parentIds: Array<string | null>,
): Promise<Map<string, { teamName: string | null; lockedFields: string[] }>> {
  const ids = [...new Set(parentIds.filter((id): id is string => Boolean(id)))];
  if (ids.length === 0) return new Map();
  const db = await getDb();
  const rows = await db
    .select({ id: eventTypes.id, lockedFields: eventTypes.lockedFields, teamName: teams.name })
    .from(eventTypes)
    .leftJoin(teams, eq(teams.id, eventTypes.teamId))
    .where(inArray(eventTypes.id, ids));
  return new Map(rows.map((r) => [r.id, { teamName: r.teamName, lockedFields: r.lockedFields }]));
}
