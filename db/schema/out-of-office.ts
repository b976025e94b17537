import { sql } from "drizzle-orm";
import { check, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { id, timestamps } from "./columns";
import { users } from "./users";

/**
 * A host's absence (decision 058): no slots in [starts_at, ends_at) in any of their event types,
 * round robin passes them by, and their booking pages say they are away, pointing guests to
 * `redirect_user_id` when set.
 */
export const outOfOffice = pgTable(
  "out_of_office",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    reason: text("reason"),
    redirectUserId: uuid("redirect_user_id").references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [
    index("out_of_office_user_end_idx").on(t.userId, t.endsAt),
    check("out_of_office_ends_after_start", sql`${t.endsAt} > ${t.startsAt}`),
    check("out_of_office_not_self", sql`${t.redirectUserId} is null or ${t.redirectUserId} <> ${t.userId}`),
  ],
);

export type OutOfOfficeRow = typeof outOfOffice.$inferSelect;
