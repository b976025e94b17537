import { index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { id } from "./columns";
import { eventTypes } from "./event-types";
import { events } from "./events";

/**
 * A link that books an event type once (decision 039): `/{username}/{slug}?link=<token>`. The
 * booking that uses it sets `used_at` in its own transaction (a conditional update, so two uses at
 * once give one booking); the host may revoke an unused one. The token is kept as it is: the host
 * copies unused links from the list again, and all it grants is one booking of their own page.
 */
export const singleUseLinks = pgTable(
  "single_use_links",
  {
    id: id(),
    eventTypeId: uuid("event_type_id")
      .notNull()
      .references(() => eventTypes.id, { onDelete: "cascade" }),
    token: text("token").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    /** The booking (its event) that used it. */
    eventId: uuid("event_id").references(() => events.id, { onDelete: "set null" }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("single_use_links_token_key").on(t.token),
    index("single_use_links_event_type_idx").on(t.eventTypeId, t.createdAt),
  ],
);

export type SingleUseLink = typeof singleUseLinks.$inferSelect;
