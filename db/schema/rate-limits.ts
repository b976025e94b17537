import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Fixed-window counters shared by every app server on the same database. */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    count: integer("count").notNull(),
    resetAt: timestamp("reset_at", { withTimezone: true }).notNull(),
  },
  // Housekeeping deletes windows long past their reset (docs/decisions/026).
  (t) => [index("rate_limits_reset_at_idx").on(t.resetAt)],
);
