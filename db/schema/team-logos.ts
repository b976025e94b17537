import { pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { teams } from "./teams";
import { bytea } from "./user-photos";

/**
 * A team's logo (decision 112): made and stored as a host's photo is (decision 095), WebP
 * renditions without metadata, but fitted whole in the square rather than cropped.
 */
export const teamLogos = pgTable("team_logos", {
  teamId: uuid("team_id")
    .primaryKey()
    .references(() => teams.id, { onDelete: "cascade" }),
  /** The first 16 hex digits of the large rendition's SHA-256. */
  hash: text("hash").notNull(),
  /** 256 x 256 WebP. */
  large: bytea("large").notNull(),
  /** 96 x 96 WebP. */
  small: bytea("small").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export type TeamLogo = typeof teamLogos.$inferSelect;
