import type { Database } from "../../db/client";
import { allAuditEntries, insertAuditRow } from "~/models/audit-log.server";
import { auditCsv, type AuditAction, type AuditLogQuery, type AuditTargetType } from "~/schemas/audit";

export { AUDIT_ACTIONS, type AuditAction, type AuditTargetType } from "~/schemas/audit";

/** Where a request came from: server.mjs's resolved address and the browser's User-Agent. */
export interface AuditOrigin {
  ip?: string | null;
  userAgent?: string | null;
}

export interface AuditInput {
  /** The account that acted; null for an anonymous caller (a failed sign-in). */
  actorId: string | null;
  /** The actor's e-mail, when known (looked up from actorId otherwise; the tried e-mail of a failed sign-in). */
  actorEmail?: string | null;
  action: AuditAction;
  targetType: AuditTargetType;
  targetId?: string | null;
  /** What changed, where useful: only the fields that matter, never a secret. */
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  /** The HTTP request (its address and User-Agent are kept), or those two values. */
  request?: Request | AuditOrigin | null;
  /** A transaction to write in, so the entry commits (or not) with the change. */
  tx?: Pick<Database, "insert">;
  at?: Date;
}

function origin(request: AuditInput["request"]): { ip: string | null; userAgent: string | null } {
  if (!request) return { ip: null, userAgent: null };
  if (request instanceof Request) {
    // server.mjs sets x-client-ip (honouring TRUST_PROXY) after deleting whatever a client sent.
    return {
      ip: request.headers.get("x-client-ip"),
      userAgent: request.headers.get("user-agent")?.slice(0, 512) ?? null,
    };
  }
  return { ip: request.ip ?? null, userAgent: request.userAgent?.slice(0, 512) ?? null };
}

/**
 * Appends one entry to the audit log (decision 070). The one way to audit: call it right after
 * the change (inside its transaction with `tx` when there is one). The actions are listed in
 * app/schemas/audit.ts (`AUDIT_ACTIONS`).
 */
export async function recordAudit(input: AuditInput): Promise<void> {
  await insertAuditRow(
    {
      actorId: input.actorId,
      actorEmail: input.actorEmail,
      action: input.action,
      targetType: input.targetType,
      targetId: input.targetId ?? null,
      before: input.before ?? null,
      after: input.after ?? null,
      at: input.at,
      ...origin(input.request),
    },
    input.tx,
  );
}

/** Every entry the filter matches as CSV (the cursor ignored); the export is itself audited. */
export async function auditLogCsv(
  actor: { id: string; email: string },
  query: AuditLogQuery,
  request: Request | AuditOrigin | null,
): Promise<string> {
  const entries = await allAuditEntries({ ...query, cursor: undefined });
  await recordAudit({
    actorId: actor.id,
    actorEmail: actor.email,
    action: "audit_log.exported",
    targetType: "audit_log",
    after: {
      rows: entries.length,
      actor: query.actor ?? null,
      action: query.action ?? null,
      from: query.from?.toISOString() ?? null,
      to: query.to?.toISOString() ?? null,
    },
    request,
  });
  return auditCsv(entries);
}

/** The headers of a CSV download of the audit log. */
export const AUDIT_CSV_HEADERS = {
  "Content-Type": "text/csv; charset=utf-8",
  "Content-Disposition": 'attachment; filename="audit-log.csv"',
  "Cache-Control": "no-store",
};
