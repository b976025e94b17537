import type { LoaderFunctionArgs } from "@remix-run/node";
import { isUuid } from "~/models/event.server";
import { getPackage } from "~/models/package.server";
import { apiError, methodNotAllowed } from "~/utils/api.server";
import { packageJson } from "~/utils/package-api";

/** GET /packages/{id}: one package; 404 for an unknown id (or one that is not a uuid). */
export async function loader({ params }: LoaderFunctionArgs) {
  const id = params.id ?? "";
  const pkg = isUuid(id) ? await getPackage(id) : null;
  if (!pkg) return apiError(404, "not_found", "No such package.");
  return Response.json(packageJson(pkg));
}

export function action() {
  return methodNotAllowed(["GET"]);
}
