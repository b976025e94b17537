import { listPackages } from "~/models/package.server";
import { methodNotAllowed } from "~/utils/api.server";
import { packageJson } from "~/utils/package-api";

/** GET /packages: every package, in the spec's field names (no auth: the pricing page shows them). */
export async function loader() {
  return Response.json((await listPackages()).map(packageJson));
}

export function action() {
  return methodNotAllowed(["GET"]);
}
