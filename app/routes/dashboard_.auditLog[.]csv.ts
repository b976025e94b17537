import type { LoaderFunctionArgs } from "@remix-run/node";
import { auditLogQuery } from "~/schemas/audit";
import { AUDIT_CSV_HEADERS, auditLogCsv } from "~/services/audit.server";
import { requirePermission } from "~/utils/auth.server";

/** /dashboard/auditLog.csv (admin): the audit log page's "Export CSV", with the page's filters. */
export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requirePermission(request, "admin:access");
  const raw: Record<string, string> = {};
  for (const [key, value] of new URL(request.url).searchParams) raw[key] ??= value;
  const parsed = auditLogQuery.safeParse(raw);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${String(i.path[0] ?? "filter")}: ${i.message}`);
    return new Response(`Check the filters.\n${lines.join("\n")}\n`, {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  return new Response(await auditLogCsv(admin, parsed.data, request), { headers: AUDIT_CSV_HEADERS });
}
