import type { LoaderFunctionArgs } from "@remix-run/node";
import { listProfessionalRecords } from "~/models/admin-professional.server";
import { pageQuery, professionalRecordJson } from "~/schemas/admin-api";
import { readQuery, requireApiPermission } from "~/api/admin-api.server";
import { apiRoute } from "~/api/api-route.server";

/**
 * GET /professional (admin; the legacy path needed no auth, but it lists buyers' names and e-mails:
 * decision 013): payment records, newest first, `?limit=` / `?offset=` paging, the total in
 * X-Total-Count.
 */
async function GET({ request }: LoaderFunctionArgs) {
  await requireApiPermission(request, "admin:professionals");
  const { limit, offset } = await readQuery(request, pageQuery);
  const { records, total } = await listProfessionalRecords({ limit, offset });
  return Response.json(records.map(professionalRecordJson), { headers: { "X-Total-Count": String(total) } });
}

export const { loader, action } = apiRoute({ GET });
