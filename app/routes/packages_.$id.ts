import type { LoaderFunctionArgs } from "@remix-run/node";
import { isUuid } from "~/models/event.server";
import { getPackage } from "~/models/package.server";
import { apiError } from "~/utils/api.server";
import { packageJson } from "~/utils/package-api";
import { apiRoute } from "~/utils/api-route.server";

/** GET /packages/{id}: one package; 404 for an unknown id (or one that is not a uuid). */
async function GET({ params }: LoaderFunctionArgs) {
  const id = params.id ?? "";
  const pkg = isUuid(id) ? await getPackage(id) : null;
  if (!pkg) return apiError(404, "not_found", "No such package.");
  return Response.json(packageJson(pkg));
}

export const { loader, action } = apiRoute({ GET });
