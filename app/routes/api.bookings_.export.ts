import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiError, requireApiUser } from "~/api/api.server";
import { apiRoute } from "~/api/api-route.server";
import { exportFileName, exportStream, readInsightsRequest } from "~/services/insights.server";

/**
 * GET /api/bookings/export?from=&to=&teamId=&member=&eventTypeId= (decision 079): the bookings
 * made in the range as CSV (text/csv, RFC 4180, every cell safe to open in a spreadsheet), with
 * the answers as one JSON column, the no-show marks and the source parameters. Streamed in
 * batches; the same filters and permissions as GET /api/insights.
 */
async function GET({ request }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const read = await readInsightsRequest(user, new URL(request.url).searchParams, new Date());
  if (!read.ok) return apiError(read.status, read.code, read.message, read.fields);
  return new Response(exportStream(read), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8; header=present",
      "Content-Disposition": `attachment; filename="${exportFileName(read)}"`,
      "Cache-Control": "private, no-store",
    },
  });
}

export const { loader, action } = apiRoute({ GET });
