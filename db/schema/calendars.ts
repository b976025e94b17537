import { sql } from "drizzle-orm";
import { boolean, index, pgEnum, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { id, timestamps } from "./columns";
import { users } from "./users";

/**
 * A host's outside calendars (docs/decisions/035): connections (a CalDAV account, an ICS feed,
 * a Google account, a Microsoft 365 / Outlook account), the calendars each holds with the host's two switches, the busy times
 * read from them (a cache the job runner refreshes), where each booking was written, and the
 * host's own subscription feed.
 */
export const calendarConnectionType = pgEnum("calendar_connection_type", ["caldav", "ics", "google", "microsoft"]);

export const calendarConnections = pgTable(
  "calendar_connections",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: calendarConnectionType("type").notNull(),
    /** What the host sees: the account's user name and server, the feed's host, the Google e-mail. */
    name: text("name").notNull(),
    /** The CalDAV server or the ICS feed (a feed's secret address is a secret too: kept encrypted in `secret` as well). */
    url: text("url").notNull(),
    username: text("username"),
    /** AES-256-GCM (app/server/calendar-crypto.server.ts): a CalDAV password, a Google or Microsoft refresh token, an ICS URL. */
    secret: text("secret"),
    /** The last sync's trouble in words, null when it went well. */
    lastError: text("last_error"),
    lastSyncedAt: timestamp("last_synced_at", { withTimezone: true }),
    /** When the job runner syncs it next; a claim moves it ahead (a lease), so two servers never sync it at once. */
    nextSyncAt: timestamp("next_sync_at", { withTimezone: true }).notNull().defaultNow(),
    ...timestamps,
  },
  (t) => [
    index("calendar_connections_user_idx").on(t.userId),
    index("calendar_connections_next_sync_idx").on(t.nextSyncAt),
  ],
);

export const externalCalendars = pgTable(
  "external_calendars",
  {
    id: id(),
    connectionId: uuid("connection_id")
      .notNull()
      .references(() => calendarConnections.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The calendar's address at its server: a CalDAV collection URL, a Google or Microsoft Graph calendar id, the feed URL. */
    externalId: text("external_id").notNull(),
    name: text("name").notNull(),
    checksConflicts: boolean("checks_conflicts").notNull().default(true),
    receivesBookings: boolean("receives_bookings").notNull().default(false),
    /** Whether bookings can be written to it (an ICS feed: no). */
    writable: boolean("writable").notNull().default(false),
    /** What the server said last time (CalDAV ctag, an ICS ETag): unchanged means no re-read. */
    version: text("version"),
    /** A digest of the busy times stored, so an unchanged calendar writes nothing. */
    busyDigest: text("busy_digest"),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("external_calendars_connection_external_key").on(t.connectionId, t.externalId),
    // One calendar per host receives new bookings.
    uniqueIndex("external_calendars_one_receiver_key")
      .on(t.userId)
      .where(sql`${t.receivesBookings}`),
  ],
);

/** Busy times of a calendar over the synced window, merged; replaced whole when the calendar changes. */
export const externalBusy = pgTable(
  "external_busy",
  {
    calendarId: uuid("calendar_id")
      .notNull()
      .references(() => externalCalendars.id, { onDelete: "cascade" }),
    userId: uuid("user_id").notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("external_busy_user_starts_idx").on(t.userId, t.startsAt),
    index("external_busy_calendar_idx").on(t.calendarId),
  ],
);

/**
 * Where a booking was written: one row per event and calendar. No foreign key to the event: a
 * deleted event's copy must still be found to be removed.
 */
export const externalEventCopies = pgTable(
  "external_event_copies",
  {
    eventId: uuid("event_id").notNull(),
    calendarId: uuid("calendar_id")
      .notNull()
      .references(() => externalCalendars.id, { onDelete: "cascade" }),
    /** The CalDAV object URL, the Google event id or the Microsoft Graph event id. */
    externalId: text("external_id").notNull(),
    etag: text("etag"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.calendarId] })],
);

/** The host's own subscription feed: the token's SHA-256 finds it, the token itself (encrypted) shows it. */
export const calendarFeeds = pgTable(
  "calendar_feeds",
  {
    userId: uuid("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    token: text("token").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("calendar_feeds_token_hash_key").on(t.tokenHash)],
);

export type CalendarConnection = typeof calendarConnections.$inferSelect;
export type ExternalCalendar = typeof externalCalendars.$inferSelect;
