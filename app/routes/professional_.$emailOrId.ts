import type { LoaderFunctionArgs } from "@remix-run/node";
import { removeProfessionalRecord } from "~/models/admin-professional.server";
import { isUuid } from "~/models/event.server";
import { requireApiPermission } from "~/api/admin-api.server";
import { apiError } from "~/api/api.server";
import { deletedOne } from "~/schemas/package-api";
import { roleOfAccount } from "~/api/api-roles.server";
import { apiRoute } from "~/api/api-route.server";
import { recordAudit } from "~/services/audit.server";

/**
 * /professional/{param}: the API has two paths of one segment here, so one route serves both
 * (the trailing underscore keeps it from nesting under GET /professional, professional.ts).
 */

/** GET /professional/{email}: `{ professional }` (a lapsed package reads false), for oneself or an admin. */
async function GET({ request, params }: LoaderFunctionArgs) {
  const role = await roleOfAccount(request, params.emailOrId ?? "");
  return Response.json({ professional: role === "professional" });
}

/**
 * DELETE /professional/{id} (admin): removes a payment record and recomputes its buyer's status;
 * 200 `{ acknowledged, deletedCount }` (the legacy client calls res.json() on success).
 */
async function DELETE({ request, params }: LoaderFunctionArgs) {
  const admin = await requireApiPermission(request, "admin:professionals");
  const id = params.emailOrId ?? "";
  const removed = isUuid(id) ? await removeProfessionalRecord(id) : null;
  if (!removed) return apiError(404, "not_found", "No such professional record.");
  await recordAudit({
    actorId: admin.id,
    actorEmail: admin.email,
    action: "professional.deleted",
    targetType: "professional",
    targetId: id,
    before: { name: removed.name },
    request,
  });
  return Response.json(deletedOne);
}

export const { loader, action } = apiRoute({ GET, DELETE });
