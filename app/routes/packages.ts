import { listPackages } from "~/models/package.server";
import { packageJson } from "~/utils/package-api";
import { apiRoute } from "~/utils/api-route.server";

/** GET /packages: every package, in the spec's field names (no auth: the pricing page shows them). */
async function GET() {
  return Response.json((await listPackages()).map(packageJson));
}

export const { loader, action } = apiRoute({ GET });
