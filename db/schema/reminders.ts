import { sql } from "drizzle-orm";
import { boolean, check, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { id } from "./columns";
import { events } from "./events";
import { users } from "./users";

/**
 * A host's reminders and follow-ups (the Workflows page, docs/decisions/022). No row = the
 * defaults of app/scheduling/reminders.ts; offsets are minutes of elapsed time.
 */
export const reminderSettings = pgTable(
  "reminder_settings",
  {
    userId: uuid("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    guestEmailOn: boolean("guest_email_on").notNull(),
    guestEmailMinutes: integer("guest_email_minutes").notNull(),
    secondGuestEmailOn: boolean("second_guest_email_on").notNull(),
    secondGuestEmailMinutes: integer("second_guest_email_minutes").notNull(),
    hostInAppOn: boolean("host_in_app_on").notNull(),
    hostInAppMinutes: integer("host_in_app_minutes").notNull(),
    followUpOn: boolean("follow_up_on").notNull(),
    followUpMinutes: integer("follow_up_minutes").notNull(),
    followUpMessage: text("follow_up_message").notNull().default(""),
    updatedAt: timestamp("updated_at", { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    check(
      "reminder_settings_offsets",
      sql`${t.guestEmailMinutes} between 5 and 10080 and ${t.secondGuestEmailMinutes} between 5 and 10080 and ${t.hostInAppMinutes} between 1 and 1440 and ${t.followUpMinutes} between 0 and 10080`,
    ),
  ],
);

/**
 * One row per reminder sent: the key (event, rule, the start it was for) is what makes each
 * one go out exactly once, inserted in the same transaction as its mails and notification.
 * A moved event has a new start, so its reminders go out again; the old rows stay as history.
 */
export const reminderDeliveries = pgTable(
  "reminder_deliveries",
  {
    id: id(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    rule: text("rule").notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("reminder_deliveries_key").on(t.eventId, t.rule, t.startsAt)],
);

export type ReminderSettingsRow = typeof reminderSettings.$inferSelect;
