import { sql } from "drizzle-orm";
import { boolean, index, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { id, timestamps } from "./columns";
import { users } from "./users";

/**
 * The stored shapes of a schedule's hours: the same as the engine's (app/scheduling/availability.ts)
 * by structure, declared here because the database layer imports nothing from app/.
 */
export interface WeeklyHours {
  day: number;
  start: string;
  /** "24:00" means the end of the day. */
  end: string;
}

/** Other hours on one date ("YYYY-MM-DD"), or none at all. */
export type DateOverride = { date: string; start: string; end: string } | { date: string; unavailable: true };

/**
 * A host's named availability: weekly hours and date overrides, wall-clock in `time_zone`
 * (never UTC times of day; see app/scheduling/availability.ts). Validated by the API's zod
 * schemas before it is stored.
 */
export const schedules = pgTable(
  "schedules",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    timeZone: text("time_zone").notNull(),
    isDefault: boolean("is_default").notNull().default(false),
    weekly: jsonb("weekly").$type<WeeklyHours[]>().notNull().default([]),
    overrides: jsonb("overrides").$type<DateOverride[]>().notNull().default([]),
    ...timestamps,
  },
  (t) => [
    index("schedules_user_idx").on(t.userId),
    // At most one default per user: the index, not a check-then-insert, decides races.
    uniqueIndex("schedules_one_default_key")
      .on(t.userId)
      .where(sql`${t.isDefault}`),
  ],
);

export type ScheduleRow = typeof schedules.$inferSelect;
