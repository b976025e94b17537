import type { ActionFunctionArgs } from "@remix-run/node";
import { MESSAGES } from "~/messages";
import { createPackage, getPackage, listPackages } from "~/models/package.server";
import { requireApiPermission } from "~/api/admin-api.server";
import { apiError, readJson } from "~/api/api.server";
import { packageBody, packageJson } from "~/schemas/package-api";
import { apiRoute } from "~/api/api-route.server";
import { recordAudit } from "~/services/audit.server";

/** GET /packages: every package, in the legacy field names (no auth: the pricing page shows them). */
async function GET() {
  return Response.json((await listPackages()).map(packageJson));
}

/**
 * POST /packages (admin): adds a package (the package form's rules); 200 with it (the legacy
 * client checks for 200 and reads the body: docs/legacy-api.md), 409 for a name taken.
 */
async function POST({ request }: ActionFunctionArgs) {
  const admin = await requireApiPermission(request, "admin:packages");
  const input = await readJson(request, packageBody);
  const saved = await createPackage(input);
  if (!saved.ok) return apiError(409, "name_taken", MESSAGES.packageNameTaken, { name: [MESSAGES.packageNameTaken] });
  await recordAudit({
    actorId: admin.id,
    actorEmail: admin.email,
    action: "package.created",
    targetType: "package",
    targetId: saved.id,
    after: { ...input },
    request,
  });
  const pkg = await getPackage(saved.id);
  if (!pkg) return apiError(404, "not_found", "No such package.");
  return Response.json(packageJson(pkg));
}

export const { loader, action } = apiRoute({ GET, POST });
