import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { id, timestamps } from "./columns";
import { events } from "./events";
import { users } from "./users";

/**
 * Conferencing apps (decision 065): the video apps a host connected (Zoom by OAuth; Google Meet
 * and Microsoft Teams through a connected calendar of that kind), and the one meeting each
 * booking has in one of them ("the meeting follows the booking").
 */
export const CONFERENCING_APPS = ["zoom", "google-meet", "microsoft-teams"] as const;
export type ConferencingApp = (typeof CONFERENCING_APPS)[number];

export const conferencingApps = pgTable(
  "conferencing_apps",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    app: text("app").$type<ConferencingApp>().notNull(),
    /** The host's default app: the one a "default video app" location uses (at most one per host). */
    isDefault: boolean("is_default").notNull().default(false),
    /** What the host sees: the account's e-mail or name at the app. */
    account: text("account").notNull().default(""),
    /** AES-256-GCM (app/server/calendar-crypto.server.ts) of the app's tokens as JSON; null for apps that borrow a calendar's. */
    secret: text("secret"),
    /** The last trouble in words (a revoked grant: "connect Zoom again"), null when all is well. */
    lastError: text("last_error"),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("conferencing_apps_user_app_key").on(t.userId, t.app),
    uniqueIndex("conferencing_apps_one_default_key")
      .on(t.userId)
      .where(sql`${t.isDefault}`),
    check("conferencing_apps_app", sql`${t.app} in ('zoom', 'google-meet', 'microsoft-teams')`),
  ],
);

/**
 * A booking's meeting in a conferencing app: made by the booking events' conferencing consumer,
 * moved on a reschedule, deleted on a cancel. `failed`: it could not be made (the guest was given
 * the built-in room and the host was told); `deleted`: the booking was cancelled.
 */
export const bookingMeetings = pgTable(
  "booking_meetings",
  {
    id: id(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    /** The host whose app holds it: a round-robin booking's assigned host, a collective one's organiser. */
    hostId: uuid("host_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    app: text("app").$type<ConferencingApp>().notNull(),
    status: text("status").$type<"created" | "failed" | "deleted">().notNull(),
    /** The app's id of the meeting (a Zoom meeting id, a Google event id). */
    externalId: text("external_id"),
    joinUrl: text("join_url"),
    dialIn: text("dial_in"),
    passcode: text("passcode"),
    /** Why it failed, in words (status failed), or the last failed try of a later change. */
    lastError: text("last_error"),
    /** The start the meeting was made or last moved for: a later start means it must move. */
    startsAt: timestamp("starts_at", { withTimezone: true }),
    /** Tries of the latest change that failed before it went through (shown on the timeline). */
    failedTries: integer("failed_tries").notNull().default(0),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("booking_meetings_event_key").on(t.eventId),
    index("booking_meetings_host_idx").on(t.hostId),
    check("booking_meetings_status", sql`${t.status} in ('created', 'failed', 'deleted')`),
  ],
);

export type ConferencingAppRow = typeof conferencingApps.$inferSelect;
export type BookingMeeting = typeof bookingMeetings.$inferSelect;
