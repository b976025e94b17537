import { z } from "zod";
import { csvField } from "./csv";

/**
 * Every action the audit log records (decision 070), in one place. `recordAudit` in
 * app/services/audit.server.ts takes only these; the admin page's filter and the JSON path's
 * `action` parameter list them. Features that come later add their names here.
 */
export const AUDIT_ACTIONS = [
  "auth.sign_in",
  "auth.sign_in_failed",
  "auth.sign_in_google",
  "auth.second_factor",
  "auth.second_factor_failed",
  "auth.sso_sign_in",
  "account.password_changed",
  "account.password_reset",
  "account.factor_added",
  "account.factor_removed",
  "account.exported",
  "account.deleted",
  "account.deactivated",
  "account.reactivated",
  "api_token.created",
  "api_token.revoked",
  "scim_token.created",
  "scim_token.revoked",
  "user.role_changed",
  "user.package_changed",
  "team.member_role_changed",
  "team.member_removed",
  "package.created",
  "package.updated",
  "package.deleted",
  "professional.created",
  "professional.deleted",
  "webhook.created",
  "webhook.updated",
  "webhook.deleted",
  "routing_form.created",
  "routing_form.updated",
  "routing_form.deleted",
  "calendar.connected",
  "calendar.disconnected",
  "guest.erased",
  "audit_log.exported",
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What an entry is about. */
export const AUDIT_TARGET_TYPES = [
  "user",
  "api_token",
  "scim_token",
  "team",
  "package",
  "professional",
  "webhook",
  "routing_form",
  "calendar",
  "guest",
  "audit_log",
] as const;

export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

const isoInstant = z
  .string()
  .trim()
  .refine((v) => !Number.isNaN(Date.parse(v)), "must be a date or date and time (ISO 8601)")
  .transform((v) => new Date(v));

const isoEndInstant = z
  .string()
  .trim()
  .refine((v) => !Number.isNaN(Date.parse(v)), "must be a date or date and time (ISO 8601)")
  .transform((v) => (/^\d{4}-\d{2}-\d{2}$/.test(v) ? new Date(Date.parse(v) + 86_400_000 - 1) : new Date(v)));

const blankToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

/** The filter of GET /api/admin/audit-log and of the admin page (`actor` is an e-mail or an account id). */
export const auditLogQuery = z.object({
  actor: z.preprocess(blankToUndefined, z.string().trim().max(254).optional()),
  action: z.preprocess(blankToUndefined, z.enum(AUDIT_ACTIONS, { message: "is not an audit action" }).optional()),
  from: z.preprocess(blankToUndefined, isoInstant.optional()),
  // A bare date means the whole day: up to its last millisecond (UTC).
  to: z.preprocess(blankToUndefined, isoEndInstant.optional()),
  cursor: z.preprocess(blankToUndefined, z.string().max(200).optional()),
  limit: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(500).default(50)),
});

export type AuditLogQuery = z.output<typeof auditLogQuery>;

/** One entry as the JSON path answers it. */
export const auditEntryJson = z.object({
  id: z.string(),
  at: z.string(),
  actorId: z.string().nullable(),
  actorEmail: z.string().nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});

export const auditLogPage = z.object({ items: z.array(auditEntryJson), nextCursor: z.string().nullable() });

export const eraseGuestBody = z.object({ email: z.string().trim().toLowerCase().email().max(254) });

/** DELETE /api/me: the password, or (an account without one) its e-mail typed again; `otp` once two-factor exists. */
export const deleteAccountBody = z.object({
  password: z.string().max(1000).optional(),
  otp: z.string().max(20).optional(),
  confirmEmail: z.string().max(254).optional(),
});

type AuditEntryLike = {
  id: string;
  at: Date;
  actorId: string | null;
  actorEmail: string | null;
  action: string;
  targetType: string;
  targetId: string | null;
  ip: string | null;
  userAgent: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
};

/** An entry as JSON (GET /api/admin/audit-log). */
export function auditEntryToJson(e: AuditEntryLike): z.output<typeof auditEntryJson> {
  return { ...e, at: e.at.toISOString() };
}

export const AUDIT_CSV_COLUMNS = [
  "at",
  "actor_id",
  "actor_email",
  "action",
  "target_type",
  "target_id",
  "ip",
  "user_agent",
  "before",
  "after",
] as const;

/** The entries as CSV lines (the header first), for the admin page's export and the JSON path. */
export function auditCsv(entries: AuditEntryLike[]): string {
  const lines = [AUDIT_CSV_COLUMNS.join(",")];
  for (const e of entries) {
    lines.push(
      [
        e.at.toISOString(),
        e.actorId,
        e.actorEmail,
        e.action,
        e.targetType,
        e.targetId,
        e.ip,
        e.userAgent,
        e.before ? JSON.stringify(e.before) : null,
        e.after ? JSON.stringify(e.after) : null,
      ]
        .map(csvField)
        .join(","),
    );
  }
  return lines.join("\r\n") + "\r\n";
}
