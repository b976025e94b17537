import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiError, requireApiUser } from "~/api/api.server";
import { apiRoute } from "~/api/api-route.server";
import { getConnection } from "~/models/calendar.server";
import { isUuid } from "~/models/event.server";
import { calendarConnectionJson } from "~/schemas/calendar-api";
import { syncNow } from "~/services/calendars.server";

/** POST /api/calendars/{id}/sync: reads the connection's calendars now; answers it with the outcome (error in words on trouble). */
async function POST({ request, params }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const id = params.id ?? "";
  if (!isUuid(id) || (await syncNow(user.id, id, new Date())) === "not-found")
    return apiError(404, "not_found", "No such calendar connection.");
  const connection = await getConnection(user.id, id);
  return connection
    ? Response.json(calendarConnectionJson(connection))
    : apiError(404, "not_found", "No such calendar connection.");
}

export const { loader, action } = apiRoute({ POST });
