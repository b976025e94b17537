import { pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The next turn of a periodic job that must run at most once per interval across every app
 * server (housekeeping, docs/decisions/026): a server claims the turn by moving `next_run_at`
 * forward in one statement, only when it is due, so one server wins each interval.
 */
export const jobLeases = pgTable("job_leases", {
  name: text("name").primaryKey(),
  nextRunAt: timestamp("next_run_at", { withTimezone: true }).notNull(),
  lastRunAt: timestamp("last_run_at", { withTimezone: true }),
});
