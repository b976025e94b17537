import { pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./users";
import { bytea } from "./user-photos";

/**
 * A host's own logo, apart from their photo (decision 117): made, stored and served as a team's
 * logo is (decision 112), WebP renditions without metadata, fitted whole in the square.
 */
export const userLogos = pgTable("user_logos", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** The first 16 hex digits of the large rendition's SHA-256. */
  hash: text("hash").notNull(),
  /** 256 x 256 WebP. */
  large: bytea("large").notNull(),
  /** 96 x 96 WebP. */
  small: bytea("small").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export type UserLogo = typeof userLogos.$inferSelect;
