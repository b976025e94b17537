import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/api/api.server";
import { apiRoute } from "~/api/api-route.server";
import { listConferencing } from "~/services/conferencing.server";

/** GET /api/conferencing: your conferencing apps, connected or not, and your default (decision 065). */
async function GET({ request }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const apps = await listConferencing(user.id);
  return Response.json(
    apps.map((a) => ({ app: a.app, connected: a.connected, default: a.default, account: a.account, error: a.error })),
  );
}

export const { loader, action } = apiRoute({ GET });
