import { transaction } from "~/server/transaction.server";
import { and, asc, eq, gt, inArray, isNotNull, isNull, lt, notInArray, sql } from "drizzle-orm";
import {
  bookingSeats,
  calendarConnections,
  eventInvitees,
  eventTypeHosts,
  eventTypes,
  events,
  outOfOffice,
  schedules,
  singleUseLinks,
  teamMemberships,
  teams,
  users,
  type EventTypeRow,
} from "../../db/schema";
import { busyWindow, type BusyTime, type SlotInput } from "~/scheduling/slots";
import { getDb } from "~/server/db.server";
import type { Database } from "../../db/client";
import { invalidatePublicPages, publicPageTag } from "~/server/page-cache.server";
import { durationsOf, type EventTypeInput } from "~/schemas/scheduling-api";
import { bookingRedirectUrl, type RedirectBooking } from "~/schemas/booking-redirect";
import { questionsToAsk, type BookingQuestion } from "~/schemas/booking-answers";
import { FREE_EVENT_CAP, lockHost, type Transaction } from "./event.server";
import { can } from "~/utils/permissions";
import { isForeignKeyViolation, SCHEDULE_COLUMNS, type Schedule } from "./schedule.server";
import { isTeamKind, liveHostIdsSql, teamSlotHosts } from "./team-hosts.server";
import { bookedStarts } from "./booking-controls.server";
import { externalBusyTimes } from "./calendar.server";
import { isUniqueViolation } from "./user.server";

/**
 * A host's event types (booking links, decision 016). Every owner function takes the owner's id
 * and filters by it. The slug's uniqueness (per owner, whatever the case) is the unique index's
 * job; a taken slug is a typed result, never an exception.
 */

const COLUMNS = {
  id: eventTypes.id,
  title: eventTypes.title,
  slug: eventTypes.slug,
  description: eventTypes.description,
  duration: eventTypes.duration,
  durations: eventTypes.durations,
  hidden: eventTypes.hidden,
  redirectUrl: eventTypes.redirectUrl,
  redirectPassDetails: eventTypes.redirectPassDetails,
  requirePhone: eventTypes.requirePhone,
  kind: eventTypes.kind,
  location: eventTypes.location,
  seats: eventTypes.seats,
  bufferBefore: eventTypes.bufferBefore,
  bufferAfter: eventTypes.bufferAfter,
  minimumNotice: eventTypes.minimumNotice,
  bookingWindowDays: eventTypes.bookingWindowDays,
  slotInterval: eventTypes.slotInterval,
  dailyLimit: eventTypes.dailyLimit,
  scheduleId: eventTypes.scheduleId,
  active: eventTypes.active,
  /** Who hosts it (decision 058): a team kind's live hosts (liveHostIdsSql), else its owner alone. */
  hostIds: sql<
    string[]
  >`case when ${eventTypes.kind} in ('collective', 'round-robin') then ${liveHostIdsSql(sql`${eventTypes.id}`)} else array[${eventTypes.userId}] end`,
  teamId: eventTypes.teamId,
  roundRobinMode: eventTypes.roundRobinMode,
  lockedFields: eventTypes.lockedFields,
  parentId: eventTypes.parentId,
  questions: eventTypes.questions,
  limitPerGuest: eventTypes.limitPerGuest,
  weeklyLimit: eventTypes.weeklyLimit,
  monthlyLimit: eventTypes.monthlyLimit,
  requiresApproval: eventTypes.requiresApproval,
  approvalHoldHours: eventTypes.approvalHoldHours,
  cancelNoticeMinutes: eventTypes.cancelNoticeMinutes,
  rescheduleNoticeMinutes: eventTypes.rescheduleNoticeMinutes,
  maxReschedules: eventTypes.maxReschedules,
  requireCancelReason: eventTypes.requireCancelReason,
  defaultLanguage: eventTypes.defaultLanguage,
  reconfirmHours: eventTypes.reconfirmHours,
  recurring: eventTypes.recurring,
  priceAmount: eventTypes.priceAmount,
  priceCurrency: eventTypes.priceCurrency,
  refundPolicy: eventTypes.refundPolicy,
  refundHours: eventTypes.refundHours,
};

export type EventType = Pick<EventTypeRow, keyof typeof COLUMNS>;
/** The columns every event type read selects (the team's model reads them too). */
export { COLUMNS as EVENT_TYPE_COLUMNS };

const SLUG_KEYS = ["event_types_user_slug_key", "event_types_team_slug_key"];

/**
 * What a write needs besides the body: the resolved schedule, hosts and team (the route checked
 * them). A team kind's hosts become event_type_hosts rows (decision 058); other kinds have none.
 */
export type EventTypeWrite = Omit<EventTypeInput, "scheduleId" | "hosts"> & {
  scheduleId: string;
  hostIds: string[];
  teamId: string | null;
};

export type EventTypeResult =
  | { ok: true; eventType: EventType }
  | { ok: false; reason: "slug-taken" | "not-found" | "schedule-gone" | "active-cap" };

/** The free plan's cap on active event types (decision 038): a write that would turn on one more is refused. */
export class ActiveEventTypeCapError extends Error {
  constructor() {
    super("active event type cap");
    this.name = "ActiveEventTypeCapError";
  }
}

/**
 * Locks the owner's users row (the per-host queue every calendar write takes) and, when `active`,
 * throws ActiveEventTypeCapError if the owner is on the free plan and already has FREE_EVENT_CAP
 * other active event types. Two writes racing at the cap are serialized by the lock.
 */
async function lockUnderActiveCap(tx: Transaction, userId: string, active: boolean, exceptId?: string): Promise<void> {
  const host = await lockHost(tx, userId);
  if (!active || can(host, "event:unlimited")) return;
  const [row] = await tx
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(eventTypes)
    .where(
      and(
        eq(eventTypes.userId, userId),
        eq(eventTypes.active, true),
        exceptId ? sql`${eventTypes.id} <> ${exceptId}` : undefined,
      ),
    );
  if ((row?.n ?? 0) >= FREE_EVENT_CAP) throw new ActiveEventTypeCapError();
}

/** Whether the host may turn on one more event type (the pages ask what the writes check). */
export async function isAtActiveEventTypeCap(host: {
  id: string;
  role: "user" | "professional" | "admin";
}): Promise<boolean> {
  if (can(host, "event:unlimited")) return false;
  const db = await getDb();
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(eventTypes)
    .where(and(eq(eventTypes.userId, host.id), eq(eventTypes.active, true)));
  return (row?.n ?? 0) >= FREE_EVENT_CAP;
}

/**
 * The event types a person edits on their own pages and /api/event-types (decision 059): the
 * ones they made, but a team's only while they are one of its owners or admins, and never a
 * managed template (its team's pages edit it). A managed copy is its member's.
 */
function mine(userId: string) {
  return and(
    eq(eventTypes.userId, userId),
    sql`${eventTypes.kind} <> 'managed'`,
    sql`(${eventTypes.teamId} is null or exists (select 1 from ${teamMemberships} m where m.team_id = ${eventTypes.teamId} and m.user_id = ${userId} and m.role in ('owner', 'admin')))`,
  );
}

export async function listEventTypes(userId: string): Promise<EventType[]> {
  const db = await getDb();
  return db.select(COLUMNS).from(eventTypes).where(mine(userId)).orderBy(asc(eventTypes.createdAt), asc(eventTypes.id));
}

export async function getEventType(userId: string, id: string): Promise<EventType | null> {
  const db = await getDb();
  const [row] = await db
    .select(COLUMNS)
    .from(eventTypes)
    .where(and(mine(userId), eq(eventTypes.id, id)))
    .limit(1);
  return row ?? null;
}

function values(input: EventTypeWrite) {
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
    seats: input.seats,
    bufferBefore: input.bufferBefore,
    bufferAfter: input.bufferAfter,
    minimumNotice: input.minimumNotice,
    bookingWindowDays: input.bookingWindowDays,
    slotInterval: input.slotInterval,
    dailyLimit: input.dailyLimit,
    scheduleId: input.scheduleId,
    active: input.active,
    teamId: input.teamId,
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
    recurring: input.recurring,
    priceAmount: input.priceAmount,
    priceCurrency: input.priceCurrency,
    refundPolicy: input.refundPolicy,
    refundHours: input.refundHours,
  };
}

async function write(run: () => Promise<EventType | undefined>): Promise<EventTypeResult> {
  try {
    const row = await run();
    return row ? { ok: true, eventType: row } : { ok: false, reason: "not-found" };
  } catch (error) {
    if (error instanceof ActiveEventTypeCapError) return { ok: false, reason: "active-cap" };
    if (SLUG_KEYS.some((key) => isUniqueViolation(error, key))) return { ok: false, reason: "slug-taken" };
    // The schedule was deleted between the route's check and this write.
    if (isForeignKeyViolation(error)) return { ok: false, reason: "schedule-gone" };
    throw error;
  }
}

/**
 * Makes the event type's event_type_hosts rows `hostIds` (none for a kind without hosts): new
 * ones at the default weight and priority, the others keep theirs, anyone left out is removed.
 */
async function writeHosts(tx: Transaction, eventTypeId: string, kind: string, hostIds: readonly string[]) {
  const wanted = isTeamKind(kind) ? [...new Set(hostIds)] : [];
  await tx
    .delete(eventTypeHosts)
    .where(
      and(
        eq(eventTypeHosts.eventTypeId, eventTypeId),
        wanted.length ? notInArray(eventTypeHosts.userId, wanted) : undefined,
      ),
    );
  // One after the other, each at its statement's time: created_at orders the hosts (liveHostIdsSql).
  for (const userId of wanted)
    await tx
      .insert(eventTypeHosts)
      .values({ eventTypeId, userId, createdAt: sql`clock_timestamp()` })
      .onConflictDoNothing();
}

async function readInside(tx: Transaction, id: string): Promise<EventType | undefined> {
  const [row] = await tx.select(COLUMNS).from(eventTypes).where(eq(eventTypes.id, id)).limit(1);
  return row;
}

/** The public pages an event type shows on: its owner's, its hosts' and its team's (docs/decisions/105). */
export function eventTypePageTags(ownerId: string, eventType: { hostIds?: string[] | null; teamId?: string | null }) {
  return [
    publicPageTag.host(ownerId),
    ...(eventType.hostIds ?? []).map(publicPageTag.host),
    ...(eventType.teamId ? [publicPageTag.team(eventType.teamId)] : []),
  ];
}

/** The event type written in `tx`, read back; its public pages go from the page cache once it commits. */
async function readWritten(tx: Transaction, ownerId: string, id: string): Promise<EventType | undefined> {
  const row = await readInside(tx, id);
  if (row) invalidatePublicPages(eventTypePageTags(ownerId, row));
  return row;
}

export async function createEventType(userId: string, input: EventTypeWrite): Promise<EventTypeResult> {
  const db = await getDb();
  return write(() =>
    transaction(db, async (tx) => {
      await lockUnderActiveCap(tx, userId, input.active);
      const [row] = await tx
        .insert(eventTypes)
        .values({ userId, ...values(input) })
        .returning({ id: eventTypes.id });
      await writeHosts(tx, row.id, input.kind, input.hostIds);
      return readWritten(tx, userId, row.id);
    }),
  );
}

/** Replaces the whole event type (the route filled in the defaults). */
export async function replaceEventType(userId: string, id: string, input: EventTypeWrite): Promise<EventTypeResult> {
  const db = await getDb();
  return write(() =>
    transaction(db, async (tx) => {
      await lockUnderActiveCap(tx, userId, input.active, id);
      const [row] = await tx
        .update(eventTypes)
        .set(values(input))
        .where(and(mine(userId), eq(eventTypes.id, id)))
        .returning({ id: eventTypes.id });
      if (!row) return undefined;
      await writeHosts(tx, row.id, input.kind, input.hostIds);
      return readWritten(tx, userId, row.id);
    }),
  );
}

/**
 * Turns an event type on or off (its booking link answers or not); null when it is not the
 * owner's. Turning on a fourth on the free plan throws ActiveEventTypeCapError (decision 038).
 */
export async function setEventTypeActive(userId: string, id: string, active: boolean): Promise<EventType | null> {
  const db = await getDb();
  return transaction(db, async (tx) => {
    await lockUnderActiveCap(tx, userId, active, id);
    const [row] = await tx
      .update(eventTypes)
      .set({ active })
      .where(and(mine(userId), eq(eventTypes.id, id)))
      .returning(COLUMNS);
    if (row) invalidatePublicPages(eventTypePageTags(userId, row));
    return row ?? null;
  });
}

/** Lists one of the person's event types on their public page, or hides it there (decision 087). */
export async function setEventTypeHidden(userId: string, id: string, hidden: boolean): Promise<EventType | null> {
  const db = await getDb();
  const [row] = await db
    .update(eventTypes)
    .set({ hidden, updatedAt: new Date() })
    .where(and(mine(userId), eq(eventTypes.id, id)))
    .returning(COLUMNS);
  if (row) invalidatePublicPages(eventTypePageTags(userId, row));
  return row ?? null;
}

/** Deletes one of the person's event types; a managed copy is not theirs to delete (decision 059): "managed-copy". */
export async function deleteEventType(userId: string, id: string): Promise<"deleted" | "not-found" | "managed-copy"> {
  const db = await getDb();
  const rows = await db
    .delete(eventTypes)
    .where(and(mine(userId), eq(eventTypes.id, id), isNull(eventTypes.parentId)))
    .returning({ id: eventTypes.id, teamId: eventTypes.teamId });
  if (rows.length > 0) {
    invalidatePublicPages(eventTypePageTags(userId, rows[0]));
    return "deleted";
  }
  const [copy] = await db
    .select({ id: eventTypes.id })
    .from(eventTypes)
    .where(and(mine(userId), eq(eventTypes.id, id)))
    .limit(1);
  return copy ? "managed-copy" : "not-found";
}

// ---------------------------------------------------------------------------------------------
// Public reads for the booking pages and GET /api/slots (no owner: only active event types).

export interface BookableEventType {
  eventType: EventType;
  ownerId: string;
  schedule: Schedule;
  /**
   * Whether its owner or one of its hosts has a calendar connected (docs/decisions/035), read with
   * the event type: false skips the calendar reads (busy times, the check at booking, the page's
   * staleness note), so a host without calendars costs nothing for them. Absent: read them.
   */
  calendars?: boolean;
  /**
   * The owner of a personal event type is deactivated (decision 068): the page says they are not
   * taking bookings and a booking is refused. A team kind's deactivated hosts are simply not live.
   */
  hostDeactivated?: boolean;
  /**
   * A routing form's response the booking came through (decision 074): the booking records it,
   * and a round robin's hosts are only `routedHostIds` when its route picked members by attributes.
   */
  routingResponseId?: string;
  routedHostIds?: string[];
}

/**
 * The event type as booked for `minutes` (decision 087): its default length when none is asked,
 * else the asked length when it is one of its durations (every slot and booking then takes that
 * length), or null when it is not.
 */
export function bookableForDuration(found: BookableEventType, minutes?: number | null): BookableEventType | null {
  if (minutes === undefined || minutes === null || minutes === found.eventType.duration) return found;
  if (!durationsOf(found.eventType).includes(minutes)) return null;
  return { ...found, eventType: { ...found.eventType, duration: minutes } };
}

/**
 * The event type as a booking took it: the booking's own length (decision 087), so moving it
 * looks for slots of that length and keeps it, whatever the event type's default is now.
 */
export function asBooked(
  found: BookableEventType | null,
  booking: { startsAt: Date; endsAt: Date },
): BookableEventType | null {
  if (!found) return null;
  const minutes = Math.round((booking.endsAt.getTime() - booking.startsAt.getTime()) / 60_000);
  if (minutes <= 0 || minutes === found.eventType.duration) return found;
  return { ...found, eventType: { ...found.eventType, duration: minutes } };
}

/**
 * Whether the event type's owner or one of its hosts has a connected calendar: two EXISTS, each
 * an index lookup on calendar_connections_user_idx. One EXISTS with `user_id = owner OR user_id in
 * (hosts)` could use no index and read every connection on every booking page (docs/decisions/102).
 */
const HAS_CONNECTED_CALENDAR = sql<boolean>`(exists (select 1 from ${calendarConnections} where ${calendarConnections.userId} = ${eventTypes.userId}) or exists (select 1 from ${eventTypeHosts} h join ${calendarConnections} c on c.user_id = h.user_id where h.event_type_id = ${eventTypes.id}))`;

async function bookable(where: ReturnType<typeof and>, evenIfOff = false): Promise<BookableEventType | null> {
  const [row] = await bookableQuery(await getDb(), where, evenIfOff);
  return row ?? null;
}

/** The query behind the bookable-event-type reads, as run (exported for tests/integration/scale-plans.test.ts). */
export function bookableQuery(db: Database, where: ReturnType<typeof and>, evenIfOff = false) {
  return (
    db
      .select({
        eventType: COLUMNS,
        ownerId: eventTypes.userId,
        hostDeactivated: sql<boolean>`${eventTypes.kind} not in ('collective', 'round-robin') and exists (select 1 from ${users} where ${users.id} = ${eventTypes.userId} and ${users.deactivatedAt} is not null)`,
        calendars: HAS_CONNECTED_CALENDAR,
        schedule: SCHEDULE_COLUMNS,
      })
      .from(eventTypes)
      .innerJoin(schedules, eq(schedules.id, eventTypes.scheduleId))
      // A managed template is never booked: its members' copies are (decision 059).
      .where(and(evenIfOff ? undefined : eq(eventTypes.active, true), sql`${eventTypes.kind} <> 'managed'`, where))
      .limit(1)
  );
}

/**
 * The event type a single-use link opens (decision 039): on or off, as long as `token` is one of
 * its links (used or not: the booking's transaction decides whether it still books).
 */
export async function getBookableByLink(eventTypeId: string, token: string): Promise<BookableEventType | null> {
  if (!token || token.length > 100) return null;
  const db = await getDb();
  const [link] = await db
    .select({ id: singleUseLinks.id })
    .from(singleUseLinks)
    .where(and(eq(singleUseLinks.eventTypeId, eventTypeId), eq(singleUseLinks.token, token)))
    .limit(1);
  return link ? bookable(eq(eventTypes.id, eventTypeId), true) : null;
}

/** An event type by id, on or off, with its owner and schedule (a booking of it changes hands: decision 060), or null. */
export function getEventTypeOfBooking(id: string): Promise<BookableEventType | null> {
  return bookable(eq(eventTypes.id, id), true);
}

/** An active event type by id, with its owner and schedule, or null. */
export function getBookableEventType(id: string, evenIfOff = false): Promise<BookableEventType | null> {
  return bookable(eq(eventTypes.id, id), evenIfOff);
}

/** An active event type by its host's username and its slug (usernames are stored lower-case; slugs compare lower-case), or null. */
export async function getBookableEventTypeBySlug(
  username: string,
  slug: string,
  linkToken?: string | null,
): Promise<BookableEventType | null> {
  // The owner by username inside the same statement: one round trip, not two. A team's event
  // type is booked under its team's URL (teamEventTypeMovedTo answers the old one).
  const owner = sql`(select ${users.id} from ${users} where ${users.username} = ${username.toLowerCase()} limit 1)`;
  const where = and(
    sql`${eventTypes.userId} = ${owner}`,
    isNull(eventTypes.teamId),
    sql`lower(${eventTypes.slug}) = ${slug.toLowerCase()}`,
  );
  return bookableOrByLink(where, linkToken);
}

async function bookableOrByLink(where: ReturnType<typeof and>, linkToken?: string | null) {
  const found = await bookable(where);
  if (found || !linkToken) return found;
  // Off, but a single-use link of it opens it (decision 039).
  const off = await bookable(where, true);
  return off ? getBookableByLink(off.eventType.id, linkToken) : null;
}

/**
 * A team's event type by the team's slug and its slug (both compare lower-case), or null: the
 * booking page /team/{team slug}/{slug} (decision 059).
 */
export async function getBookableTeamEventType(
  teamSlug: string,
  slug: string,
  linkToken?: string | null,
): Promise<BookableEventType | null> {
  const team = sql`(select ${teams.id} from ${teams} where lower(${teams.slug}) = ${teamSlug.toLowerCase()} limit 1)`;
  return bookableOrByLink(
    and(sql`${eventTypes.teamId} = ${team}`, sql`lower(${eventTypes.slug}) = ${slug.toLowerCase()}`),
    linkToken,
  );
}

/**
 * Where a team event type's old link went (decision 059): before decision 059 a team's event
 * types were booked under their maker's username (/{username}/{slug}); that path now answers
 * with the team's, /team/{team slug}/{slug}. Null when no team event type of theirs has the slug.
 */
export async function teamEventTypeMovedTo(username: string, slug: string): Promise<string | null> {
  const db = await getDb();
  const [row] = await db
    .select({ teamSlug: teams.slug, slug: eventTypes.slug })
    .from(eventTypes)
    .innerJoin(users, eq(users.id, eventTypes.userId))
    .innerJoin(teams, eq(teams.id, eventTypes.teamId))
    .where(
      and(
        eq(users.username, username.toLowerCase()),
        sql`lower(${eventTypes.slug}) = ${slug.toLowerCase()}`,
        sql`${eventTypes.kind} <> 'managed'`,
      ),
    )
    .orderBy(asc(eventTypes.createdAt))
    .limit(1);
  return row ? `/team/${row.teamSlug}/${row.slug}` : null;
}

/** A host's public face for the booking pages: by username (stored lower-case), or null. */
export interface PublicHost {
  id: string;
  name: string;
  username: string;
  timeZone: string;
  /** Deactivated (decision 068): their pages say they are not taking bookings. */
  deactivated: boolean;
  /** Their booking pages' colour (decision 108), or null for the site's. */
  brandColor: string | null;
}

export async function getPublicHost(username: string): Promise<PublicHost | null> {
  const db = await getDb();
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      username: users.username,
      timeZone: users.timeZone,
      deactivatedAt: users.deactivatedAt,
      brandColor: users.brandColor,
    })
    .from(users)
    .where(eq(users.username, username.toLowerCase()))
    .limit(1);
  if (!row?.username) return null;
  const { deactivatedAt, ...rest } = row;
  return { ...rest, username: row.username, deactivated: deactivatedAt !== null };
}

/** A host's active event types the host page lists (hidden ones book by link only, decision 087), oldest first. */
export async function listActiveEventTypes(userId: string): Promise<EventType[]> {
  const db = await getDb();
  return (
    db
      .select(COLUMNS)
      .from(eventTypes)
      // A team's event types are on its page, /team/{slug} (decision 059).
      .where(
        and(
          eq(eventTypes.userId, userId),
          eq(eventTypes.active, true),
          eq(eventTypes.hidden, false),
          isNull(eventTypes.teamId),
        ),
      )
      .orderBy(asc(eventTypes.createdAt), asc(eventTypes.id))
  );
}

/**
 * Every public booking page for the sitemap: active personal event types of hosts with a booking
 * link whose account is not deactivated (team pages are their teams'; hidden ones are listed
 * nowhere, decision 087), oldest hosts first.
 */
export async function listPublicBookingPages(limit = 10_000): Promise<Array<{ username: string; slug: string }>> {
  const db = await getDb();
  const rows = await db
    .select({ username: users.username, slug: eventTypes.slug })
    .from(eventTypes)
    .innerJoin(users, eq(users.id, eventTypes.userId))
    .where(
      and(
        eq(eventTypes.active, true),
        eq(eventTypes.hidden, false),
        isNull(eventTypes.teamId),
        isNotNull(users.username),
        isNull(users.deactivatedAt),
      ),
    )
    .orderBy(asc(users.createdAt), asc(eventTypes.createdAt), asc(eventTypes.id))
    .limit(limit);
  return rows.flatMap((r) => (r.username ? [{ username: r.username, slug: r.slug }] : []));
}

/** Reads with the pool or inside a transaction (a booking re-reads busy time under its lock). */
export type Executor = Awaited<ReturnType<typeof getDb>> | Transaction;

/**
 * A host's non-cancelled events overlapping [from, to): their busy time, each with the buffers of
 * the event type it was booked through and the seats it takes (a session's seated people, else its invitees; at least one).
 * `excludeEventId` leaves one event out (a booking being moved does not block itself). The
 * host's absences (out of office, decision 061) come with them, without buffers: every slot
 * search of every kind of event type reads a host's busy time here, so an absent host has no
 * slots and round robin passes them by.
 */
export async function busyTimes(
  hostId: string,
  from: Date,
  to: Date,
  options: { executor?: Executor; excludeEventId?: string; excludeEventIds?: string[]; calendars?: boolean } = {},
): Promise<BusyTime[]> {
  const db = options.executor ?? (await getDb());
  // The host's absences (decision 061) are busy time like a booking of no event type, in the
  // same statement: one round trip, inside a booking's transaction too.
  const absences = db
    .select({
      start: outOfOffice.startsAt,
      end: outOfOffice.endsAt,
      eventTypeId: sql<string | null>`null::uuid`,
      bufferBefore: sql<number>`0`.mapWith(Number),
      bufferAfter: sql<number>`0`.mapWith(Number),
      seats: sql<number>`1`.mapWith(Number),
    })
    .from(outOfOffice)
    .where(and(eq(outOfOffice.userId, hostId), gt(outOfOffice.endsAt, from), lt(outOfOffice.startsAt, to)))
    // A deactivated host (decision 068) is busy for the whole window: no slots, no booking.
    .unionAll(
      db
        .select({
          start: sql<Date>`${from.toISOString()}::timestamptz`.mapWith(users.deactivatedAt),
          end: sql<Date>`${to.toISOString()}::timestamptz`.mapWith(users.deactivatedAt),
          eventTypeId: sql<string | null>`null::uuid`,
          bufferBefore: sql<number>`0`.mapWith(Number),
          bufferAfter: sql<number>`0`.mapWith(Number),
          seats: sql<number>`1000000`.mapWith(Number),
        })
        .from(users)
        .where(and(eq(users.id, hostId), isNotNull(users.deactivatedAt))),
    );
  const rows = await db
    .select({
      start: events.startsAt,
      end: events.endsAt,
      eventTypeId: sql<string | null>`${events.eventTypeId}`,
      bufferBefore: sql<number>`coalesce(${eventTypes.bufferBefore}, 0)`.mapWith(Number),
      bufferAfter: sql<number>`coalesce(${eventTypes.bufferAfter}, 0)`.mapWith(Number),
      // A group session's places are its seats' people (decision 021), a seat waiting for its payment
      // included (docs/decisions/123); other events count their invitees.
      seats:
        sql<number>`greatest(1, coalesce((select sum(1 + cardinality(${bookingSeats.guests})) from ${bookingSeats} where ${bookingSeats.eventId} = ${events.id} and ${bookingSeats.status} <> 'cancelled'), (select count(*) from ${eventInvitees} where ${eventInvitees.eventId} = ${events.id})))`.mapWith(
          Number,
        ),
    })
    .from(events)
    .leftJoin(eventTypes, eq(eventTypes.id, events.eventTypeId))
    .where(
      and(
        eq(events.hostId, hostId),
        sql`${events.status} <> 'cancelled'`,
        // The exclusion constraint's GiST index (host_id, tstzrange(starts_at, ends_at, '[)'),
        // migration 0007) answers this overlap: only events in the window are read, however
        // long the host's history (two comparisons used the index for one bound only).
        sql`tstzrange(${events.startsAt}, ${events.endsAt}, '[)') && tstzrange(${from.toISOString()}::timestamptz, ${to.toISOString()}::timestamptz, '[)')`,
        options.excludeEventId ? sql`${events.id} <> ${options.excludeEventId}` : undefined,
        options.excludeEventIds?.length ? notInArray(events.id, options.excludeEventIds) : undefined,
      ),
    )
    .unionAll(absences)
    .orderBy(sql`1`);
  const own: BusyTime[] = rows.map((r) => ({
    start: r.start,
    end: r.end,
    bufferBefore: r.bufferBefore,
    bufferAfter: r.bufferAfter,
    seats: r.seats,
    ...(r.eventTypeId ? { eventTypeId: r.eventTypeId } : {}),
  }));
  // The host's outside calendars (docs/decisions/035), from the cache the job runner keeps fresh.
  const outside = options.calendars === false ? [] : await externalBusyTimes(hostId, from, to, options.executor);
  if (outside.length === 0) return own;
  return [...own, ...outside].sort((a, b) => new Date(a.start).getTime() - new Date(b.start).getTime());
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The slot engine's input for an event type over the guest's dates `range` in `timeZone`: the
 * one computation behind GET /api/slots and the booking check (decision 018). Busy time is read
 * with `executor` (a booking passes its transaction, so it sees what the lock serialized).
 */
export async function slotSearch(
  found: BookableEventType,
  query: { range: { start: string; end: string }; timeZone: string; now: Date },
  options: {
    executor?: Executor;
    excludeEventId?: string;
    excludeEventIds?: string[];
    onlyHostIds?: string[];
    /** Round robin: the host a moved booking keeps where free (decision 060). */
    keepHostId?: string;
  } = {},
): Promise<SlotInput> {
  const { eventType, ownerId, schedule } = found;
  // The busy times that can touch a slot of the range: none long before now (history).
  const { from, to } = busyWindow(eventType, query.range, query.now);
  const eventTypeInput = {
    id: eventType.id,
    // A managed template is never bookable (bookable() leaves it out); its members' copies are one-to-one.
    kind: eventType.kind === "managed" ? ("one-to-one" as const) : eventType.kind,
    duration: eventType.duration,
    slotInterval: eventType.slotInterval ?? eventType.duration,
    bufferBefore: eventType.bufferBefore,
    bufferAfter: eventType.bufferAfter,
    minimumNotice: eventType.minimumNotice,
    bookingWindowDays: eventType.bookingWindowDays,
    ...(eventType.dailyLimit !== null ? { dailyLimit: eventType.dailyLimit } : {}),
    ...(eventType.seats !== null ? { seats: eventType.seats } : {}),
    ...(eventType.weeklyLimit !== null ? { weeklyLimit: eventType.weeklyLimit } : {}),
    ...(eventType.monthlyLimit !== null ? { monthlyLimit: eventType.monthlyLimit } : {}),
    ...(eventType.kind === "round-robin" ? { roundRobinMode: eventType.roundRobinMode } : {}),
  };
  // The weekly and monthly limits count the event type's bookings of every week and month the
  // range touches (decision 039): a month and more either side.
  const periods =
    eventType.weeklyLimit !== null || eventType.monthlyLimit !== null
      ? {
          bookedStarts: await bookedStarts(
            options.executor ?? (await getDb()),
            eventType.id,
            new Date(from.getTime() - 32 * DAY_MS),
            new Date(to.getTime() + 32 * DAY_MS),
          ),
        }
      : {};
  if (isTeamKind(eventType.kind)) {
    // Every host with their own schedule and busy time (decision 020).
    const db = options.executor ?? (await getDb());
    const hosts = await teamSlotHosts(db, found, query.now, options.onlyHostIds);
    const withBusy = [];
    // One after the other: inside a booking's transaction the reads share one connection.
    for (const h of hosts) {
      const busy = await busyTimes(h.id, from, to, {
        executor: options.executor,
        excludeEventIds: options.excludeEventIds,
        excludeEventId: options.excludeEventId,
        calendars: found.calendars,
      });
      withBusy.push({ id: h.id, schedule: h.schedule, roundRobin: h.roundRobin, busy });
    }
    return {
      eventType: eventTypeInput,
      hosts: withBusy,
      now: query.now,
      range: query.range,
      timeZone: query.timeZone,
      ...periods,
      ...(options.keepHostId ? { keepHostId: options.keepHostId } : {}),
    };
  }
  const busy = await busyTimes(ownerId, from, to, { ...options, calendars: found.calendars });
  return {
    eventType: eventTypeInput,
    hosts: [
      {
        id: ownerId,
        schedule: { timeZone: schedule.timeZone, weekly: schedule.weekly, overrides: schedule.overrides },
        busy,
      },
    ],
    now: query.now,
    range: query.range,
    timeZone: query.timeZone,
    ...periods,
  };
}

/** Where its event type sends a booking's guest (decision 087), or null: none, or the event type is gone. */
export async function redirectOfBooking(
  id: string | null | undefined,
  booking: RedirectBooking,
): Promise<string | null> {
  if (!id) return null;
  const db = await getDb();
  const [row] = await db
    .select({
      id: eventTypes.id,
      slug: eventTypes.slug,
      title: eventTypes.title,
      redirectUrl: eventTypes.redirectUrl,
      redirectPassDetails: eventTypes.redirectPassDetails,
    })
    .from(eventTypes)
    .where(eq(eventTypes.id, id))
    .limit(1);
  return row ? bookingRedirectUrl(row, booking) : null;
}

/** An event type's booking page path (`/{username}/{slug}` or a team's), or null when it is gone or has none. */
export async function bookingPathOfEventType(id: string | null | undefined): Promise<string | null> {
  if (!id) return null;
  const db = await getDb();
  const [row] = await db
    .select({ slug: eventTypes.slug, username: users.username, teamSlug: teams.slug })
    .from(eventTypes)
    .leftJoin(users, eq(users.id, eventTypes.userId))
    .leftJoin(teams, eq(teams.id, eventTypes.teamId))
    .where(eq(eventTypes.id, id))
    .limit(1);
  if (!row) return null;
  if (row.teamSlug) return `/team/${row.teamSlug}/${row.slug}`;
  return row.username ? `/${row.username}/${row.slug}` : null;
}

/** An event type's location (its real place, docs/decisions/028), or null when there is no such event type any more. */
export async function locationOfEventType(id: string | null | undefined): Promise<EventTypeRow["location"] | null> {
  if (!id) return null;
  const db = await getDb();
  const [row] = await db
    .select({ location: eventTypes.location })
    .from(eventTypes)
    .where(eq(eventTypes.id, id))
    .limit(1);
  return row?.location ?? null;
}

/** The questions guests answer for an event type (the phone location's number first), [] when it is gone (decision 039). */
export async function questionsOfEventType(id: string | null | undefined): Promise<BookingQuestion[]> {
  if (!id) return [];
  const db = await getDb();
  const [row] = await db
    .select({ questions: eventTypes.questions, location: eventTypes.location })
    .from(eventTypes)
    .where(eq(eventTypes.id, id))
    .limit(1);
  return row ? questionsToAsk(row) : [];
}

/** The questions of these event types by id (the phone location's number first): a host's list shows answers under them. */
export async function questionsOfEventTypes(ids: Array<string | null>): Promise<Map<string, BookingQuestion[]>> {
  const wanted = [...new Set(ids.filter((id): id is string => Boolean(id)))];
  if (wanted.length === 0) return new Map();
  const db = await getDb();
  const rows = await db
    .select({ id: eventTypes.id, questions: eventTypes.questions, location: eventTypes.location })
    .from(eventTypes)
    .where(inArray(eventTypes.id, wanted));
  return new Map(rows.map((r) => [r.id, questionsToAsk(r)]));
}

/** The locations of these event types by id (those that still exist): a host's list of events, each with its real place. */
export async function locationsOfEventTypes(ids: Array<string | null>): Promise<Map<string, EventTypeRow["location"]>> {
  const wanted = [...new Set(ids.filter((id): id is string => Boolean(id)))];
  if (wanted.length === 0) return new Map();
  const db = await getDb();
  const rows = await db
    .select({ id: eventTypes.id, location: eventTypes.location })
    .from(eventTypes)
    .where(inArray(eventTypes.id, wanted));
  return new Map(rows.map((r) => [r.id, r.location]));
}

/**
 * Whether the page's owner (a username, or a team by `team`) has an event type with this slug that
 * is switched off: its page says it is not taking bookings instead of "not found".
 */
export async function isEventTypeOff(owner: { username: string } | { team: string }, slug: string): Promise<boolean> {
  const db = await getDb();
  const ownedBy =
    "team" in owner
      ? sql`${eventTypes.teamId} = (select ${teams.id} from ${teams} where lower(${teams.slug}) = ${owner.team.toLowerCase()} limit 1)`
      : and(
          sql`${eventTypes.userId} = (select ${users.id} from ${users} where ${users.username} = ${owner.username.toLowerCase()} limit 1)`,
          isNull(eventTypes.teamId),
        );
  const [row] = await db
    .select({ id: eventTypes.id })
    .from(eventTypes)
    .where(
      and(
        ownedBy,
        eq(eventTypes.active, false),
        sql`${eventTypes.kind} <> 'managed'`,
        sql`lower(${eventTypes.slug}) = ${slug.toLowerCase()}`,
      ),
    )
    .limit(1);
  return Boolean(row);
}
