import type { LoaderFunctionArgs } from "@remix-run/node";
import { MESSAGES } from "~/messages";
import { isUuid } from "~/models/event.server";
import { deletePackage, getPackage, updatePackage } from "~/models/package.server";
import { requireApiPermission } from "~/api/admin-api.server";
import { apiError, readJson } from "~/api/api.server";
import { deletedOne, packageBody, packageJson } from "~/schemas/package-api";
import { apiRoute } from "~/api/api-route.server";
import { recordAudit } from "~/services/audit.server";

const notFound = () => apiError(404, "not_found", "No such package.");

/** GET /packages/{id}: one package; 404 for an unknown id (or one that is not a uuid). */
async function GET({ params }: LoaderFunctionArgs) {
  const id = params.id ?? "";
  const pkg = isUuid(id) ? await getPackage(id) : null;
  if (!pkg) return notFound();
  return Response.json(packageJson(pkg));
}

/** PUT /packages/{id} (admin): replaces the package (fields left out take the form's defaults); 200 with it. */
async function PUT({ request, params }: LoaderFunctionArgs) {
  const admin = await requireApiPermission(request, "admin:packages");
  const id = params.id ?? "";
  if (!isUuid(id)) return notFound();
  const input = await readJson(request, packageBody);
  const before = await getPackage(id);
  const saved = await updatePackage(id, input);
  if (!saved.ok) {
    return saved.reason === "name-taken"
      ? apiError(409, "name_taken", MESSAGES.packageNameTaken, { name: [MESSAGES.packageNameTaken] })
      : notFound();
  }
  await recordAudit({
    actorId: admin.id,
    actorEmail: admin.email,
    action: "package.updated",
    targetType: "package",
    targetId: saved.id,
    before: before ?? null,
    after: { ...input },
    request,
  });
  const pkg = await getPackage(saved.id);
  return pkg ? Response.json(packageJson(pkg)) : notFound();
}

/**
 * DELETE /packages/{id} (admin): 200 `{ acknowledged, deletedCount }` (a body, because the legacy
 * client calls res.json() on success); professional records that bought it keep its name.
 */
async function DELETE({ request, params }: LoaderFunctionArgs) {
  const admin = await requireApiPermission(request, "admin:packages");
  const id = params.id ?? "";
  const before = isUuid(id) ? await getPackage(id) : null;
  const deleted = isUuid(id) ? await deletePackage(id) : null;
  if (!deleted) return notFound();
  await recordAudit({
    actorId: admin.id,
    actorEmail: admin.email,
    action: "package.deleted",
    targetType: "package",
    targetId: id,
    before: before ?? null,
    request,
  });
  return Response.json(deletedOne);
}

export const { loader, action } = apiRoute({ GET, PUT, DELETE });
