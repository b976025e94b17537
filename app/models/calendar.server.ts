import { transaction } from "~/server/transaction.server";
import { and, asc, count, desc, eq, inArray, lte, max, ne, notInArray, sql } from "drizzle-orm";
import {
  calendarConnections,
  calendarFeeds,
  packages,
  professionals,
  events,
  externalBusy,
  externalCalendars,
  externalEventCopies,
  users,
  type CalendarConnection,
  type ExternalCalendar,
} from "../../db/schema";
import type { BusyTime } from "~/scheduling/slots";
import { getDb } from "~/server/db.server";
import { invalidatePublicPages, publicPageTag } from "~/server/page-cache.server";
import type { Executor } from "./event-type.server";
import { effectiveRole } from "~/utils/role.server";

/**
 * A host's outside calendars (docs/decisions/035): connections and their calendars (every owner
 * function filters by the owner's id), the busy-time cache the slots read, where bookings were
 * copied, and the host's subscription feed.
 */

export type ConnectionWithCalendars = CalendarConnection & { calendars: ExternalCalendar[] };

async function withCalendars(rows: CalendarConnection[]): Promise<ConnectionWithCalendars[]> {
  if (rows.length === 0) return [];
  const db = await getDb();
  const calendars = await db
    .select()
    .from(externalCalendars)
    .where(
      inArray(
        externalCalendars.connectionId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(externalCalendars.name), asc(externalCalendars.id));
  return rows.map((r) => ({ ...r, calendars: calendars.filter((c) => c.connectionId === r.id) }));
}

export async function listConnections(userId: string): Promise<ConnectionWithCalendars[]> {
  const db = await getDb();
  const rows = await db
    .select()
    .from(calendarConnections)
    .where(eq(calendarConnections.userId, userId))
    .orderBy(asc(calendarConnections.createdAt));
  return withCalendars(rows);
}

export async function getConnection(userId: string, id: string): Promise<ConnectionWithCalendars | null> {
  const db = await getDb();
  const rows = await db
    .select()
    .from(calendarConnections)
    .where(and(eq(calendarConnections.userId, userId), eq(calendarConnections.id, id)));
  return (await withCalendars(rows))[0] ?? null;
}

/** The plan's calendar limit is reached (decision 080): the host holds `limit` connections already. */
export class CalendarLimitError extends Error {
  name = "CalendarLimitError";
  constructor(readonly limit: number) {
    super(`Your plan connects up to ${limit} calendar${limit === 1 ? "" : "s"}. Upgrade to connect more.`);
  }
}

/** When the catalogue has no free package: what the seeded Basic package allows. */
const FREE_CALENDARS_WITHOUT_PACKAGE = 1;

/**
 * How many calendar connections the host's plan allows, or null for no limit (decision 080): the
 * free plan has the free package's count, a professional the count of the package last bought (or
 * the catalogue's largest when the package is unknown), an admin no limit.
 */
async function calendarLimitIn(db: Executor, userId: string): Promise<number | null> {
  const [user] = await db.select({ role: effectiveRole }).from(users).where(eq(users.id, userId));
  if (!user || user.role === "admin") return null;
  if (user.role === "professional") {
    const [bought] = await db
      .select({ calender: packages.calender })
      .from(professionals)
      .innerJoin(packages, eq(packages.id, professionals.packageId))
      .where(eq(professionals.userId, userId))
      .orderBy(desc(professionals.issuedAt))
      .limit(1);
    if (bought) return bought.calender;
    const [largest] = await db.select({ n: max(packages.calender) }).from(packages);
    return largest?.n ?? null;
  }
  const [free] = await db
    .select({ calender: packages.calender })
    .from(packages)
    .where(eq(packages.priceCents, 0))
    .orderBy(asc(packages.name), asc(packages.id))
    .limit(1);
  return free ? free.calender : FREE_CALENDARS_WITHOUT_PACKAGE;
}

export interface CalendarAllowance {
  /** null: no limit. */
  limit: number | null;
  used: number;
  reached: boolean;
}

/** The host's calendar allowance now: the page and the connect starts ask it; createConnection decides. */
export async function calendarAllowance(userId: string): Promise<CalendarAllowance> {
  const db = await getDb();
  const limit = await calendarLimitIn(db, userId);
  const [row] = await db.select({ n: count() }).from(calendarConnections).where(eq(calendarConnections.userId, userId));
  const used = row?.n ?? 0;
  return { limit, used, reached: limit !== null && used >= limit };
}

export interface NewConnection {
  type: CalendarConnection["type"];
  name: string;
  url: string;
  username: string | null;
  secret: string | null;
  calendars: Array<{ externalId: string; name: string; writable: boolean; checksConflicts?: boolean }>;
}

/**
 * Stores a connection with its calendars; the first writable calendar receives bookings when the
 * host has no such calendar yet. The same account or feed connected twice is replaced (same type
 * and URL, and user name for CalDAV): a host re-entering a password does not get a duplicate.
 * One more connection than the host's plan allows throws CalendarLimitError (decision 080).
 */
export async function createConnection(userId: string, input: NewConnection): Promise<string> {
  const db = await getDb();
  return transaction(db, async (tx) => {
    // Serializes a host's connection writes (the one-receiver index would otherwise refuse a racing second).
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
    const same = await tx
      .select({ id: calendarConnections.id })
      .from(calendarConnections)
      .where(
        and(
          eq(calendarConnections.userId, userId),
          eq(calendarConnections.type, input.type),
          eq(calendarConnections.url, input.url),
          input.username === null
            ? sql`${calendarConnections.username} is null`
            : eq(calendarConnections.username, input.username),
        ),
      );
    // The plan's limit, counted under the host's lock (a replaced connection is not one more).
    const limit = await calendarLimitIn(tx, userId);
    if (limit !== null) {
      const [held] = await tx
        .select({ n: count() })
        .from(calendarConnections)
        .where(
          and(
            eq(calendarConnections.userId, userId),
            same.length
              ? notInArray(
                  calendarConnections.id,
                  same.map((s) => s.id),
                )
              : undefined,
          ),
        );
      if ((held?.n ?? 0) >= limit) throw new CalendarLimitError(limit);
    }
    if (same.length)
      await tx.delete(calendarConnections).where(
        inArray(
          calendarConnections.id,
          same.map((s) => s.id),
        ),
      );
    const [connection] = await tx
      .insert(calendarConnections)
      .values({
        userId,
        type: input.type,
        name: input.name,
        url: input.url,
        username: input.username,
        secret: input.secret,
        lastSyncedAt: null,
      })
      .returning({ id: calendarConnections.id });
    const [receiver] = await tx
      .select({ id: externalCalendars.id })
      .from(externalCalendars)
      .where(and(eq(externalCalendars.userId, userId), eq(externalCalendars.receivesBookings, true)));
    const firstWritable = receiver ? -1 : input.calendars.findIndex((c) => c.writable);
    if (input.calendars.length) {
      await tx.insert(externalCalendars).values(
        input.calendars.map((c, i) => ({
          connectionId: connection.id,
          userId,
          externalId: c.externalId,
          name: c.name,
          writable: c.writable,
          checksConflicts: c.checksConflicts ?? true,
          receivesBookings: i === firstWritable,
        })),
      );
    }
    return connection.id;
  });
}

export async function deleteConnection(userId: string, id: string): Promise<boolean> {
  const db = await getDb();
  const rows = await db
    .delete(calendarConnections)
    .where(and(eq(calendarConnections.userId, userId), eq(calendarConnections.id, id)))
    .returning({ id: calendarConnections.id });
  if (rows.length > 0) invalidatePublicPages([publicPageTag.host(userId)]);
  return rows.length > 0;
}

export type SwitchResult = { ok: true } | { ok: false; reason: "not-found" | "read-only" };

/** Sets a calendar's switches; receiving bookings moves from the host's other calendar to this one. */
export async function setCalendarSwitches(
  userId: string,
  connectionId: string,
  calendarId: string,
  change: { checksConflicts?: boolean; receivesBookings?: boolean },
): Promise<SwitchResult> {
  const db = await getDb();
  return transaction(db, async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
    const [calendar] = await tx
      .select()
      .from(externalCalendars)
      .where(
        and(
          eq(externalCalendars.userId, userId),
          eq(externalCalendars.connectionId, connectionId),
          eq(externalCalendars.id, calendarId),
        ),
      );
    if (!calendar) return { ok: false, reason: "not-found" };
    if (change.receivesBookings && !calendar.writable) return { ok: false, reason: "read-only" };
    if (change.receivesBookings) {
      await tx
        .update(externalCalendars)
        .set({ receivesBookings: false })
        .where(
          and(
            eq(externalCalendars.userId, userId),
            ne(externalCalendars.id, calendarId),
            eq(externalCalendars.receivesBookings, true),
          ),
        );
    }
    const set: Partial<ExternalCalendar> = {};
    if (change.checksConflicts !== undefined) set.checksConflicts = change.checksConflicts;
    if (change.receivesBookings !== undefined) set.receivesBookings = change.receivesBookings;
    // Switched on: read it in full at the next sync (its busy times may never have been read).
    if (change.checksConflicts) Object.assign(set, { version: null, busyDigest: null });
    if (Object.keys(set).length) {
      await tx.update(externalCalendars).set(set).where(eq(externalCalendars.id, calendarId));
      invalidatePublicPages([publicPageTag.host(userId)]);
    }
    return { ok: true };
  });
}

// ---------------------------------------------------------------------------------------------
// Syncing: the job claims due connections; a booking refreshes its hosts' connections.

/** A connection whose sync is due (also the job's due check, decision 135). */
export const connectionSyncDue = (now: Date) => lte(calendarConnections.nextSyncAt, now);

/** Connections due for a sync, claimed with SKIP LOCKED and a lease (their next sync moved `leaseMs` ahead). */
export async function claimDueConnections(
  now: Date,
  leaseMs: number,
  batch: number,
): Promise<ConnectionWithCalendars[]> {
  const db = await getDb();
  const claimed = await transaction(db, async (tx) => {
    const due = await tx
      .select({ id: calendarConnections.id })
      .from(calendarConnections)
      .where(connectionSyncDue(now))
      .orderBy(asc(calendarConnections.nextSyncAt))
      .limit(batch)
      .for("update", { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(calendarConnections)
      .set({ nextSyncAt: new Date(now.getTime() + leaseMs) })
      .where(
        inArray(
          calendarConnections.id,
          due.map((d) => d.id),
        ),
      )
      .returning();
  });
  return withCalendars(claimed);
}

/** The connections of these hosts that check at least one calendar for conflicts. */
export async function conflictConnectionsOf(hostIds: string[]): Promise<ConnectionWithCalendars[]> {
  if (hostIds.length === 0) return [];
  const db = await getDb();
  const rows = await db
    .select()
    .from(calendarConnections)
    .where(
      and(
        inArray(calendarConnections.userId, hostIds),
        sql`exists (select 1 from ${externalCalendars} where ${externalCalendars.connectionId} = ${calendarConnections.id} and ${externalCalendars.checksConflicts})`,
      ),
    );
  return withCalendars(rows);
}

export interface CalendarSyncResult {
  calendarId: string;
  /** The server's version (ctag, ETag) after this read. */
  version: string | null;
  /** The busy times read, merged; undefined when the calendar had not changed (nothing to write). */
  busy?: Array<{ start: Date; end: Date }>;
  digest?: string;
}

/** Saves a sync: each changed calendar's busy times replaced in one transaction, the connection's time and error. */
export async function saveSync(
  connectionId: string,
  outcome: { ok: true; calendars: CalendarSyncResult[] } | { ok: false; error: string },
  now: Date,
  nextSyncAt: Date,
): Promise<void> {
  const db = await getDb();
  await transaction(db, async (tx) => {
    const [connection] = await tx
      .select({ userId: calendarConnections.userId, lastError: calendarConnections.lastError })
      .from(calendarConnections)
      .where(eq(calendarConnections.id, connectionId))
      .for("update");
    if (!connection) return; // removed meanwhile
    // The booking pages show the busy times and whether the last read failed (docs/decisions/035):
    // they go from the page cache when either changed, not at every sync (docs/decisions/105).
    const pagesChanged = () => invalidatePublicPages([publicPageTag.host(connection.userId)]);
    if ((connection.lastError === null) !== outcome.ok) pagesChanged();
    if (!outcome.ok) {
      await tx
        .update(calendarConnections)
        .set({ lastError: outcome.error, nextSyncAt })
        .where(eq(calendarConnections.id, connectionId));
      return;
    }
    for (const result of outcome.calendars) {
      const [calendar] = await tx
        .select({ busyDigest: externalCalendars.busyDigest })
        .from(externalCalendars)
        .where(and(eq(externalCalendars.id, result.calendarId), eq(externalCalendars.connectionId, connectionId)));
      if (!calendar) continue;
      if (result.busy && result.digest !== calendar.busyDigest) {
        await tx.delete(externalBusy).where(eq(externalBusy.calendarId, result.calendarId));
        const rows = result.busy.map((b) => ({
          calendarId: result.calendarId,
          userId: connection.userId,
          startsAt: b.start,
          endsAt: b.end,
        }));
        for (let i = 0; i < rows.length; i += 1000) await tx.insert(externalBusy).values(rows.slice(i, i + 1000));
        pagesChanged();
      }
      await tx
        .update(externalCalendars)
        .set({ version: result.version, ...(result.digest ? { busyDigest: result.digest } : {}), updatedAt: now })
        .where(eq(externalCalendars.id, result.calendarId));
    }
    await tx
      .update(calendarConnections)
      .set({ lastError: null, lastSyncedAt: now, nextSyncAt })
      .where(eq(calendarConnections.id, connectionId));
  });
}

/** Busy times of a host's conflict-checking calendars overlapping [from, to), from the cache. */
export async function externalBusyTimes(
  hostId: string,
  from: Date,
  to: Date,
  executor?: Executor,
): Promise<BusyTime[]> {
  const db = executor ?? (await getDb());
  const rows = await db
    .select({ start: externalBusy.startsAt, end: externalBusy.endsAt })
    .from(externalBusy)
    .innerJoin(externalCalendars, eq(externalCalendars.id, externalBusy.calendarId))
    .where(
      and(
        eq(externalBusy.userId, hostId),
        eq(externalCalendars.checksConflicts, true),
        sql`${externalBusy.startsAt} < ${to.toISOString()}::timestamptz`,
        sql`${externalBusy.endsAt} > ${from.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(asc(externalBusy.startsAt));
  return rows.map((r) => ({ start: r.start, end: r.end }));
}

/** Whether a host's calendars could not be read on their last try (the booking page says so). */
export async function hostCalendarsStale(hostIds: string[]): Promise<boolean> {
  if (hostIds.length === 0) return false;
  const db = await getDb();
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(calendarConnections)
    .where(and(inArray(calendarConnections.userId, hostIds), sql`${calendarConnections.lastError} is not null`));
  return (row?.n ?? 0) > 0;
}

// ---------------------------------------------------------------------------------------------
// Write-back: where a host's bookings go and where they went.

export type ReceivingCalendar = { calendar: ExternalCalendar; connection: CalendarConnection };

export async function receivingCalendarOf(hostId: string): Promise<ReceivingCalendar | null> {
  const db = await getDb();
  const [row] = await db
    .select({ calendar: externalCalendars, connection: calendarConnections })
    .from(externalCalendars)
    .innerJoin(calendarConnections, eq(calendarConnections.id, externalCalendars.connectionId))
    .where(
      and(
        eq(externalCalendars.userId, hostId),
        eq(externalCalendars.receivesBookings, true),
        eq(externalCalendars.writable, true),
      ),
    );
  return row ?? null;
}

export type EventCopy = typeof externalEventCopies.$inferSelect & {
  calendar: ExternalCalendar;
  connection: CalendarConnection;
};

export async function copiesOf(eventId: string): Promise<EventCopy[]> {
  const db = await getDb();
  const rows = await db
    .select({ copy: externalEventCopies, calendar: externalCalendars, connection: calendarConnections })
    .from(externalEventCopies)
    .innerJoin(externalCalendars, eq(externalCalendars.id, externalEventCopies.calendarId))
    .innerJoin(calendarConnections, eq(calendarConnections.id, externalCalendars.connectionId))
    .where(eq(externalEventCopies.eventId, eventId));
  return rows.map((r) => ({ ...r.copy, calendar: r.calendar, connection: r.connection }));
}

export type CopyChange = { eventId: string; calendarId: string } & (
  { put: { externalId: string; etag: string | null } } | { removed: true }
);

/** Records where copies now are (the consumer's apply, in its marking transaction). */
export async function applyCopyChanges(tx: Executor, changes: CopyChange[]): Promise<void> {
  for (const c of changes) {
    const where = and(eq(externalEventCopies.eventId, c.eventId), eq(externalEventCopies.calendarId, c.calendarId));
    if ("removed" in c) {
      await tx.delete(externalEventCopies).where(where);
      continue;
    }
    // The calendar may have been disconnected since: then there is nothing to remember.
    const [calendar] = await tx
      .select({ id: externalCalendars.id })
      .from(externalCalendars)
      .where(eq(externalCalendars.id, c.calendarId));
    if (!calendar) continue;
    await tx
      .insert(externalEventCopies)
      .values({
        eventId: c.eventId,
        calendarId: c.calendarId,
        externalId: c.put.externalId,
        etag: c.put.etag,
        updatedAt: new Date(),
      })
      .onConflictDoUpdate({
        target: [externalEventCopies.eventId, externalEventCopies.calendarId],
        set: { externalId: c.put.externalId, etag: c.put.etag, updatedAt: new Date() },
      });
  }
}

/** The event as it is now (a record may be old): what its copy must show, or null when it is gone. */
export async function eventForCopy(eventId: string) {
  const db = await getDb();
  const [row] = await db.select().from(events).where(eq(events.id, eventId));
  return row ?? null;
}

/**
 * Whether the calendar consumer may have anything to do for an event, in one statement: a copy of
 * it or of its co-host rows exists, or one of their hosts has a calendar that receives bookings.
 * Without either there is nothing to write or remove (most hosts have no calendar).
 */
export async function mayHaveCalendarWork(eventId: string): Promise<boolean> {
  return !(await withoutCalendarWork([eventId])).has(eventId);
}

/** Of these events, those for which mayHaveCalendarWork is false, in one statement. */
export async function withoutCalendarWork(eventIds: string[]): Promise<Set<string>> {
  if (eventIds.length === 0) return new Set();
  const db = await getDb();
  const ids = sql.join(
    [...new Set(eventIds)].map((id) => sql`(${id}::uuid)`),
    sql`, `,
  );
  const rows = await db
    .select({ id: sql<string>`x.id` })
    .from(sql`(values ${ids}) as x (id)`)
    .where(
      sql`not exists (select 1 from ${externalEventCopies} c
          where c.event_id = x.id or c.event_id in (select e.id from ${events} e where e.booking_id = x.id))
        and not exists (select 1 from ${externalCalendars} k join ${events} e on e.host_id = k.user_id
          where (e.id = x.id or e.booking_id = x.id) and k.receives_bookings and k.writable)`,
    );
  return new Set(rows.map((r) => r.id));
}

/** The co-host rows of a collective booking (decision 020): each is on its own host's calendar too. */
export async function coHostRowsOf(eventId: string): Promise<string[]> {
  const db = await getDb();
  const rows = await db.select({ id: events.id }).from(events).where(eq(events.bookingId, eventId));
  return rows.map((r) => r.id);
}

// ---------------------------------------------------------------------------------------------
// The host's subscription feed.

export async function getFeedToken(userId: string): Promise<string | null> {
  const db = await getDb();
  const [row] = await db
    .select({ token: calendarFeeds.token })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.userId, userId));
  return row?.token ?? null;
}

/** Sets (or replaces: the old address stops working) the host's feed token. */
export async function setFeedToken(userId: string, tokenHash: string, storedToken: string): Promise<void> {
  const db = await getDb();
  await db
    .insert(calendarFeeds)
    .values({ userId, tokenHash, token: storedToken })
    .onConflictDoUpdate({
      target: calendarFeeds.userId,
      set: { tokenHash, token: storedToken, createdAt: new Date() },
    });
}

/** The feed's host and their events from `from` on (cancelled ones too, so subscribers drop them). */
export async function feedByTokenHash(tokenHash: string, from: Date) {
  const db = await getDb();
  const [feed] = await db
    .select({ userId: users.id, name: users.name, email: users.email, timeZone: users.timeZone })
    .from(calendarFeeds)
    .innerJoin(users, eq(users.id, calendarFeeds.userId))
    .where(eq(calendarFeeds.tokenHash, tokenHash));
  if (!feed) return null;
  const rows = await db
    .select()
    .from(events)
    .where(and(eq(events.hostId, feed.userId), sql`${events.endsAt} >= ${from.toISOString()}::timestamptz`))
    .orderBy(asc(events.startsAt))
    .limit(5000);
  return { host: feed, events: rows };
}

/** A host's zone: floating times and all-day events in their calendars are read in it. */
export async function timeZoneOf(userId: string): Promise<string | null> {
  const db = await getDb();
  const [row] = await db.select({ timeZone: users.timeZone }).from(users).where(eq(users.id, userId));
  return row?.timeZone ?? null;
}

/** The ids our bookings' events have in these calendars (Microsoft Graph event ids), by calendar. */
export async function copyExternalIds(calendarIds: string[]): Promise<Map<string, Set<string>>> {
  const out = new Map<string, Set<string>>();
  if (calendarIds.length === 0) return out;
  const db = await getDb();
  const rows = await db
    .select({ calendarId: externalEventCopies.calendarId, externalId: externalEventCopies.externalId })
    .from(externalEventCopies)
    .where(inArray(externalEventCopies.calendarId, calendarIds));
  for (const r of rows) out.set(r.calendarId, (out.get(r.calendarId) ?? new Set()).add(r.externalId));
  return out;
}

/** A host's connection of this type and user name (an account connected before), if any. */
export async function connectionOfAccount(
  userId: string,
  type: CalendarConnection["type"],
  username: string,
): Promise<string | null> {
  const db = await getDb();
  const [row] = await db
    .select({ id: calendarConnections.id })
    .from(calendarConnections)
    .where(
      and(
        eq(calendarConnections.userId, userId),
        eq(calendarConnections.type, type),
        eq(calendarConnections.username, username),
      ),
    );
  return row?.id ?? null;
}

/** Replaces a connection's stored secret (a rotated refresh token, encrypted). */
export async function updateConnectionSecret(connectionId: string, secret: string): Promise<void> {
  const db = await getDb();
  await db.update(calendarConnections).set({ secret }).where(eq(calendarConnections.id, connectionId));
}

/** Where our own bookings sit in these calendars (their copies, at the events' current times): Google's free/busy has no UIDs to skip them by. */
export async function ownCopyTimes(calendarIds: string[]): Promise<Map<string, Array<{ start: Date; end: Date }>>> {
  const out = new Map<string, Array<{ start: Date; end: Date }>>();
  if (calendarIds.length === 0) return out;
  const db = await getDb();
  const rows = await db
    .select({ calendarId: externalEventCopies.calendarId, start: events.startsAt, end: events.endsAt })
    .from(externalEventCopies)
    .innerJoin(events, eq(events.id, externalEventCopies.eventId))
    .where(and(inArray(externalEventCopies.calendarId, calendarIds), sql`${events.status} <> 'cancelled'`));
  for (const r of rows) out.set(r.calendarId, [...(out.get(r.calendarId) ?? []), { start: r.start, end: r.end }]);
  return out;
}
