import type { LoaderFunctionArgs } from "@remix-run/node";
import { listHostEvents } from "~/models/event.server";
import { findUserByEmail } from "~/models/user.server";
import { apiError, isSelf, requireApiUser } from "~/api/api.server";
import { eventJson } from "~/schemas/event-api.server";
import { can } from "~/utils/permissions";
import { apiRoute } from "~/api/api-route.server";

/** GET /event?host={email}: the caller's events; another host's only for an admin. */
async function GET({ request }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const host = new URL(request.url).searchParams.get("host");
  if (!host || isSelf(user, host)) {
    return Response.json((await listHostEvents(user.id, new Date())).map((e) => eventJson(e, user.email)));
  }
  if (!can(user, "admin:events")) return apiError(403, "forbidden", "You can only list your own events.");
  const other = await findUserByEmail(host);
  if (!other) return apiError(404, "not_found", "No account has that e-mail.");
  return Response.json((await listHostEvents(other.id, new Date())).map((e) => eventJson(e, other.email)));
}

export const { loader, action } = apiRoute({ GET });
