import { apiError } from "./api.server";
import { BadCursorError, listAuditEntries } from "~/models/audit-log.server";
import { auditEntryToJson, type AuditLogQuery } from "~/schemas/audit";
import { AUDIT_CSV_HEADERS, auditLogCsv } from "~/services/audit.server";
import type { AuthUser } from "~/utils/auth.server";

/** Does the caller ask for CSV (Accept: text/csv before any JSON)? */
export function wantsCsv(request: Request): boolean {
  const accept = (request.headers.get("accept") ?? "").toLowerCase();
  return accept.includes("text/csv") && !accept.startsWith("application/json");
}

/** The audit log as a file: every entry the filter matches (the cursor is ignored), audited. */
export async function auditCsvResponse(admin: AuthUser, query: AuditLogQuery, request: Request): Promise<Response> {
  return new Response(await auditLogCsv(admin, query, request), { headers: AUDIT_CSV_HEADERS });
}

/** GET /api/admin/audit-log's JSON: one page and the cursor of the next. */
export async function auditPageResponse(query: AuditLogQuery): Promise<Response> {
  try {
    const page = await listAuditEntries(query);
    return Response.json(
      { items: page.items.map(auditEntryToJson), nextCursor: page.nextCursor },
      { headers: { "Cache-Control": "no-store" } },
    );
  } catch (error) {
    if (error instanceof BadCursorError) {
      return apiError(400, "invalid_input", "Check the query parameters.", { cursor: [error.message] });
    }
    throw error;
  }
}
