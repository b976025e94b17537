import { sql } from "drizzle-orm";
import { check, pgTable, smallint, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { id } from "./columns";
import { users } from "./users";

export const reviews = pgTable(
  "reviews",
  {
    id: id(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    imageUrl: text("image_url").notNull().default(""),
    rating: smallint("rating").notNull(),
    review: text("review").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("reviews_rating_range", sql`${t.rating} between 1 and 5`)],
);

export type Review = typeof reviews.$inferSelect;
