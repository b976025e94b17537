import { pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { id } from "./columns";
import { users } from "./users";

/**
 * The SCIM bearer token (decision 069): one at a time, made by an admin, shown once; only its
 * SHA-256 is kept. Making a new one deletes the old in the same transaction.
 */
export const scimTokens = pgTable(
  "scim_tokens",
  {
    id: id(),
    tokenHash: text("token_hash").notNull(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("scim_tokens_token_hash_key").on(t.tokenHash)],
);
