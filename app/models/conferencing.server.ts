import { transaction } from "~/server/transaction.server";
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import {
  bookingMeetings,
  calendarConnections,
  conferencingApps,
  eventTypes,
  events,
  externalCalendars,
  users,
  type BookingMeeting,
  type ConferencingApp,
  type ConferencingAppRow,
} from "../../db/schema";
import type { ConferenceMeeting } from "~/schemas/meeting";
import { getDb } from "~/server/db.server";
import type { Executor } from "./event-type.server";
import { languageOf, type Language } from "~/messages/languages";

/**
 * Conferencing apps and the booking meetings made in them (decision 065). Every owner function
 * filters by the owner's id.
 */

export async function appsOf(userId: string): Promise<ConferencingAppRow[]> {
  const db = await getDb();
  return db.select().from(conferencingApps).where(eq(conferencingApps.userId, userId));
}

export async function appOf(userId: string, app: ConferencingApp): Promise<ConferencingAppRow | null> {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(conferencingApps)
    .where(and(eq(conferencingApps.userId, userId), eq(conferencingApps.app, app)));
  return row ?? null;
}

/** Connects an app (or connects it again: new tokens, the trouble forgotten); the host's first app becomes the default. */
export async function saveApp(
  userId: string,
  app: ConferencingApp,
  input: { account: string; secret: string | null },
): Promise<void> {
  const db = await getDb();
  await transaction(db, async (tx) => {
    const others = await tx
      .select({ id: conferencingApps.id })
      .from(conferencingApps)
      .where(and(eq(conferencingApps.userId, userId), eq(conferencingApps.isDefault, true)))
      .for("update");
    await tx
      .insert(conferencingApps)
      .values({ userId, app, account: input.account, secret: input.secret, isDefault: others.length === 0 })
      .onConflictDoUpdate({
        target: [conferencingApps.userId, conferencingApps.app],
        set: { account: input.account, secret: input.secret, lastError: null, updatedAt: new Date() },
      });
  });
}

/** The app's tokens after a refresh (Zoom's refresh tokens are used once), or its trouble in words. */
export async function updateApp(
  userId: string,
  app: ConferencingApp,
  change: { secret?: string; lastError?: string | null },
): Promise<void> {
  const db = await getDb();
  await db
    .update(conferencingApps)
    .set({ ...change, updatedAt: new Date() })
    .where(and(eq(conferencingApps.userId, userId), eq(conferencingApps.app, app)));
}

export async function removeApp(userId: string, app: ConferencingApp): Promise<boolean> {
  const db = await getDb();
  const gone = await db
    .delete(conferencingApps)
    .where(and(eq(conferencingApps.userId, userId), eq(conferencingApps.app, app)))
    .returning({ id: conferencingApps.id });
  return gone.length > 0;
}

/** Makes a connected app the host's default (the partial unique key keeps one); false when it is not connected. */
export async function makeDefaultApp(userId: string, app: ConferencingApp): Promise<boolean> {
  const db = await getDb();
  return transaction(db, async (tx) => {
    const [row] = await tx
      .select({ id: conferencingApps.id })
      .from(conferencingApps)
      .where(and(eq(conferencingApps.userId, userId), eq(conferencingApps.app, app)))
      .for("update");
    if (!row) return false;
    await tx
      .update(conferencingApps)
      .set({ isDefault: false })
      .where(and(eq(conferencingApps.userId, userId), eq(conferencingApps.isDefault, true)));
    await tx.update(conferencingApps).set({ isDefault: true }).where(eq(conferencingApps.id, row.id));
    return true;
  });
}

/** The Google calendar a Meet link is made in: the Google one receiving bookings, else the account's primary (first writable). */
export async function googleCalendarFor(
  userId: string,
): Promise<{ connectionId: string; secret: string; calendarId: string; receives: boolean } | null> {
  const db = await getDb();
  const rows = await db
    .select({
      connectionId: calendarConnections.id,
      secret: calendarConnections.secret,
      calendarId: externalCalendars.externalId,
      receives: externalCalendars.receivesBookings,
    })
    .from(externalCalendars)
    .innerJoin(calendarConnections, eq(calendarConnections.id, externalCalendars.connectionId))
    .where(
      and(
        eq(externalCalendars.userId, userId),
        eq(calendarConnections.type, "google"),
        eq(externalCalendars.writable, true),
      ),
    )
    .orderBy(desc(externalCalendars.receivesBookings), asc(externalCalendars.createdAt));
  const row = rows[0];
  return row?.secret ? { ...row, secret: row.secret } : null;
}

/**
 * The host's Microsoft 365 connection a Teams meeting is made with (the oldest, when several):
 * its id and encrypted refresh token, or null.
 */
export async function microsoftConnectionFor(userId: string): Promise<{ connectionId: string; secret: string } | null> {
  const db = await getDb();
  const [row] = await db
    .select({ connectionId: calendarConnections.id, secret: calendarConnections.secret })
    .from(calendarConnections)
    .where(and(eq(calendarConnections.userId, userId), eq(calendarConnections.type, "microsoft")))
    .orderBy(asc(calendarConnections.createdAt))
    .limit(1);
  return row?.secret ? { connectionId: row.connectionId, secret: row.secret } : null;
}

/** Whether the host has a connected calendar of this kind (Google Meet needs a Google one, Teams a Microsoft one). */
export async function hasCalendarOfType(userId: string, type: "google" | "microsoft"): Promise<boolean> {
  const db = await getDb();
  const [row] = await db
    .select({ id: calendarConnections.id })
    .from(calendarConnections)
    .where(and(eq(calendarConnections.userId, userId), eq(calendarConnections.type, type)))
    .limit(1);
  return Boolean(row);
}

// ---------------------------------------------------------------------------------------------
// Booking meetings.

export async function meetingRowOf(eventId: string): Promise<BookingMeeting | null> {
  const db = await getDb();
  const [row] = await db.select().from(bookingMeetings).where(eq(bookingMeetings.eventId, eventId));
  return row ?? null;
}

export function asMeeting(row: BookingMeeting): ConferenceMeeting {
  return {
    app: row.app,
    status: row.status,
    joinUrl: row.joinUrl,
    dialIn: row.dialIn,
    passcode: row.passcode,
  };
}

/** The meetings of these events, by event id; a collective booking's co-host row reads its booking's. */
export async function meetingsOf(eventIds: string[]): Promise<Map<string, ConferenceMeeting>> {
  const ids = [...new Set(eventIds.filter(Boolean))];
  if (ids.length === 0) return new Map();
  const db = await getDb();
  const rows = await db
    .select({ id: events.id, meeting: bookingMeetings })
    .from(events)
    .innerJoin(bookingMeetings, sql`${bookingMeetings.eventId} = coalesce(${events.bookingId}, ${events.id})`)
    .where(inArray(events.id, ids));
  return new Map(rows.map((r) => [r.id, asMeeting(r.meeting)]));
}

export async function meetingOf(eventId: string | null | undefined): Promise<ConferenceMeeting | null> {
  if (!eventId) return null;
  return (await meetingsOf([eventId])).get(eventId) ?? null;
}

/** What the conferencing consumer needs of a booking as it is now: the event and its event type's location. */
export async function eventForMeeting(eventId: string) {
  const db = await getDb();
  const [row] = await db
    .select({
      id: events.id,
      hostId: events.hostId,
      status: events.status,
      eventName: events.eventName,
      description: events.description,
      guestName: events.guestName,
      startsAt: events.startsAt,
      endsAt: events.endsAt,
      bookingId: events.bookingId,
      location: eventTypes.location,
    })
    .from(events)
    .leftJoin(eventTypes, eq(eventTypes.id, events.eventTypeId))
    .where(eq(events.id, eventId));
  return row ?? null;
}

/** Of these events, those that surely need no meeting work: no app location and no meeting yet, in one statement. */
export async function withoutMeetingWork(eventIds: string[]): Promise<Set<string>> {
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
      sql`not exists (select 1 from ${bookingMeetings} m where m.event_id = x.id)
        and not exists (select 1 from ${events} e join ${eventTypes} t on t.id = e.event_type_id
          where e.id = x.id and t.location->>'type' in ('zoom', 'microsoft-teams', 'google-meet'))`,
    );
  return new Set(rows.map((r) => r.id));
}

export type MeetingChange = {
  eventId: string;
  hostId: string;
  app: ConferencingApp;
  status: "created" | "failed" | "deleted";
  externalId?: string | null;
  joinUrl?: string | null;
  dialIn?: string | null;
  passcode?: string | null;
  lastError?: string | null;
  failedTries?: number;
  startsAt?: Date | null;
};

/** Writes a booking's meeting as it now is (one row per booking). */
export async function saveMeeting(tx: Executor, change: MeetingChange): Promise<void> {
  const values = {
    hostId: change.hostId,
    app: change.app,
    status: change.status,
    externalId: change.externalId ?? null,
    joinUrl: change.joinUrl ?? null,
    dialIn: change.dialIn ?? null,
    passcode: change.passcode ?? null,
    lastError: change.lastError ?? null,
    failedTries: change.failedTries ?? 0,
    startsAt: change.startsAt ?? null,
  };
  await tx
    .insert(bookingMeetings)
    .values({ eventId: change.eventId, ...values })
    .onConflictDoUpdate({ target: bookingMeetings.eventId, set: { ...values, updatedAt: new Date() } });
}

/** A booking's meetings for its timeline (decision 065). */
export async function meetingForTimeline(eventId: string): Promise<BookingMeeting | null> {
  return meetingRowOf(eventId);
}

/** Whom to tell that a booking's meeting failed: the host's address, and the booking's title and start in their zone. */
export async function hostContactOf(
  hostId: string,
  eventId: string,
): Promise<{
  email: string;
  /** The language of the host's mails (docs/decisions/110 and 118). */
  language: Language;
  booking: { title: string; guestName: string | null; startsAt: Date; timeZone: string } | null;
} | null> {
  const db = await getDb();
  const [host] = await db
    .select({ email: users.email, timeZone: users.timeZone, mailLanguage: users.mailLanguage })
    .from(users)
    .where(eq(users.id, hostId));
  if (!host) return null;
  const [event] = await db
    .select({ eventName: events.eventName, guestName: events.guestName, startsAt: events.startsAt })
    .from(events)
    .where(eq(events.id, eventId));
  return {
    email: host.email,
    language: languageOf(host.mailLanguage) ?? "en",
    booking: event
      ? { title: event.eventName, guestName: event.guestName, startsAt: event.startsAt, timeZone: host.timeZone }
      : null,
  };
}
