import { sql } from "drizzle-orm";
import { check, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { id, timestamps } from "./columns";

/** A monthly package. priceCents 0 is shown as 'Free'. */
export const packages = pgTable(
  "packages",
  {
    id: id(),
    name: text("name").notNull(),
    priceCents: integer("price_cents").notNull().default(0),
    accessType: text("access_type").notNull().default(""),
    activeEvent: text("active_event").notNull().default(""),
    calender: integer("calender").notNull().default(0),
    goupEvent: text("goup_event").notNull().default(""),
    notificationStatus: text("notification_status").notNull().default(""),
    oneToOne: text("one_to_one").notNull().default(""),
    ...timestamps,
  },
  (t) => [
    check("packages_price_nonnegative", sql`${t.priceCents} >= 0`),
    // Names are unique whatever their case: the index, not a check-then-insert, decides races.
    uniqueIndex("packages_name_lower_key").on(sql`lower(${t.name})`),
  ],
);

export type Package = typeof packages.$inferSelect;
export type NewPackage = typeof packages.$inferInsert;
