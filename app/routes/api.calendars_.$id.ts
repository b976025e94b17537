import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiError, requireApiUser } from "~/api/api.server";
import { apiRoute } from "~/api/api-route.server";
import { deleteConnection, getConnection } from "~/models/calendar.server";
import { isUuid } from "~/models/event.server";
import { calendarConnectionJson } from "~/schemas/calendar-api";
import { recordAudit } from "~/services/audit.server";

const notFound = () => apiError(404, "not_found", "No such calendar connection.");

/** GET /api/calendars/{id}: one of your connections; anyone else's (or a non-uuid) is a 404. */
async function GET({ request, params }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const id = params.id ?? "";
  const connection = isUuid(id) ? await getConnection(user.id, id) : null;
  return connection ? Response.json(calendarConnectionJson(connection)) : notFound();
}

/** DELETE /api/calendars/{id}: removes the connection and its cached busy times (copies already written stay in that calendar). */
async function DELETE({ request, params }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const id = params.id ?? "";
  if (!isUuid(id) || !(await deleteConnection(user.id, id))) return notFound();
  await recordAudit({
    actorId: user.id,
    actorEmail: user.email,
    action: "calendar.disconnected",
    targetType: "calendar",
    targetId: id,
    request,
  });
  return new Response(null, { status: 204 });
}

export const { loader, action } = apiRoute({ GET, DELETE });
