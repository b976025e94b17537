import { sql } from "drizzle-orm";
import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { id } from "./columns";
import { events } from "./events";
import { users } from "./users";

/** userId null = a broadcast everybody sees; otherwise only that user sees it. */
export const notifications = pgTable(
  "notifications",
  {
    id: id(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    notification: text("notification").notNull(),
    /** The booking it is about: the bell links to it, and offers Approve and Decline while it is a pending request. */
    eventId: uuid("event_id").references(() => events.id, { onDelete: "set null" }),
    /** Where else it leads (a path of the app), when it is not about a booking. */
    link: text("link"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("notifications_user_id_idx").on(t.userId, t.createdAt),
    // A booking's removal clears its notifications' link through this.
    index("notifications_event_id_idx")
      .on(t.eventId)
      .where(sql`${t.eventId} is not null`),
  ],
);

export type Notification = typeof notifications.$inferSelect;
