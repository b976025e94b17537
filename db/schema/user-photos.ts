import { customType, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./users";

// bytea reads back as a Buffer on node-postgres and a Uint8Array on PGlite: both are bytes.
export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => "bytea",
});

/**
 * A host's profile photo (decision 095): square WebP renditions made on upload, metadata stripped.
 * In the database so every server sees it; `hash` names the bytes in the photo's URL.
 */
export const userPhotos = pgTable("user_photos", {
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

export type UserPhoto = typeof userPhotos.$inferSelect;
