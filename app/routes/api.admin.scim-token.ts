import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiPermission } from "~/api/admin-api.server";
import { apiRoute } from "~/api/api-route.server";
import { rotateScimToken } from "~/services/scim.server";

/** POST /api/admin/scim-token: a new SCIM bearer token, shown once; the previous one stops working (decision 069). */
async function POST({ request }: LoaderFunctionArgs) {
  const admin = await requireApiPermission(request, "admin:users");
  const token = await rotateScimToken(admin.id, request);
  return Response.json({ token }, { status: 201, headers: { "Cache-Control": "no-store" } });
}

export const { loader, action } = apiRoute({ POST });
