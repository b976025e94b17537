import { index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { id } from "./columns";

/**
 * The audit log (decision 070): who did what to what, when, from where. Append-only: a trigger
 * (migration 0026) refuses UPDATE and DELETE unless the transaction set `app.audit_retention`
 * to `on`, which only the retention sweep does. No foreign keys: an entry outlives the account
 * it names. The actions are listed in app/schemas/audit.ts.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: id(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    /** Who did it; null for an anonymous caller (a failed sign-in, a reset link). */
    actorId: uuid("actor_id"),
    /** The actor's e-mail as it was then (or the e-mail a failed sign-in tried). */
    actorEmail: text("actor_email"),
    action: text("action").notNull(),
    targetType: text("target_type").notNull(),
    targetId: text("target_id"),
    ip: text("ip"),
    userAgent: text("user_agent"),
    before: jsonb("before").$type<Record<string, unknown>>(),
    after: jsonb("after").$type<Record<string, unknown>>(),
  },
  (t) => [
    index("audit_log_at_idx").on(t.at),
    index("audit_log_actor_at_idx").on(t.actorId, t.at),
    index("audit_log_target_idx").on(t.targetType, t.targetId),
  ],
);

export type AuditLogEntry = typeof auditLog.$inferSelect;
