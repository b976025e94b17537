import { sql } from "drizzle-orm";
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { sessions } from "./sessions";
import { users } from "./users";

/**
 * How a token was made: `session` by PUT /users/{email} (tied to that browser session),
 * `password` by POST /api/token, `dashboard` on the API Tokens page.
 */
export const API_TOKEN_SOURCES = ["session", "password", "dashboard"] as const;
export type ApiTokenSource = (typeof API_TOKEN_SOURCES)[number];

/** Bearer tokens for JSON clients; only the SHA-256 of a token is stored. */
export const apiTokens = pgTable(
  "api_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The browser session that minted it, so signing out also ends the token. */
    sessionId: text("session_id").references(() => sessions.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    /** What the owner calls it; null: named by its source on the page. */
    label: text("label"),
    source: text("source", { enum: API_TOKEN_SOURCES }).notNull().default("password"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("api_tokens_token_hash_key").on(t.tokenHash),
    index("api_tokens_user_id_idx").on(t.userId),
    // Housekeeping deletes expired tokens (docs/decisions/026).
    index("api_tokens_expires_at_idx").on(t.expiresAt),
    // 60: API_TOKEN_LABEL_MAX in app/schemas/api-token-form.ts (the forms say it first).
    check("api_tokens_label_length", sql`char_length(${t.label}) between 1 and 60`),
    check("api_tokens_source_known", sql`${t.source} in ('session', 'password', 'dashboard')`),
  ],
);

export type ApiToken = typeof apiTokens.$inferSelect;
