import type { LoaderFunctionArgs } from "@remix-run/node";
import { readQuery, requireApiPermission } from "~/api/admin-api.server";
import { apiRoute } from "~/api/api-route.server";
import { auditCsvResponse, auditPageResponse, wantsCsv } from "~/api/data-rights-api.server";
import { auditLogQuery } from "~/schemas/audit";

/**
 * GET /api/admin/audit-log?actor=&action=&from=&to=&cursor= (admin, decision 070): newest first,
 * `{ items, nextCursor }`; with `Accept: text/csv` every matching entry as CSV.
 */
async function GET({ request }: LoaderFunctionArgs) {
  const admin = await requireApiPermission(request, "admin:access");
  const query = await readQuery(request, auditLogQuery);
  return wantsCsv(request) ? auditCsvResponse(admin, query, request) : auditPageResponse(query);
}

export const { loader, action } = apiRoute({ GET });
