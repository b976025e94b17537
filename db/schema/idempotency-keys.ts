import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Answers to writes sent with an Idempotency-Key (decision 024). One row per key in its scope
 * (what it was sent to, by whom): `keyHash` is sha256 of scope and key, so the key itself is not
 * stored. The row is written in the same transaction as the booking it answers, so a retry
 * sees either nothing (the first try did not commit) or the stored answer. `answer` is the
 * answer (it holds the booking's links and token) encrypted with a key derived from the
 * Idempotency-Key: only a client that holds the key can read it back. Rows past `expiresAt`
 * are ignored and removed by deleteExpiredIdempotencyKeys.
 */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    keyHash: text("key_hash").primaryKey(),
    requestHash: text("request_hash").notNull(),
    status: integer("status").notNull(),
    answer: text("answer").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("idempotency_keys_expires_at_idx").on(t.expiresAt)],
);

export type IdempotencyKey = typeof idempotencyKeys.$inferSelect;
