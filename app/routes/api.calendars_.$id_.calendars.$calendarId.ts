import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiError, readJson, requireApiUser } from "~/api/api.server";
import { apiRoute } from "~/api/api-route.server";
import { getConnection, setCalendarSwitches } from "~/models/calendar.server";
import { isUuid } from "~/models/event.server";
import { calendarConnectionJson, calendarSwitchBody } from "~/schemas/calendar-api";

const notFound = () => apiError(404, "not_found", "No such calendar.");

/** PATCH /api/calendars/{id}/calendars/{calendarId}: its switches; answers the whole connection. */
async function PATCH({ request, params }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const id = params.id ?? "";
  const calendarId = params.calendarId ?? "";
  if (!isUuid(id) || !isUuid(calendarId)) return notFound();
  const change = await readJson(request, calendarSwitchBody);
  const result = await setCalendarSwitches(user.id, id, calendarId, change);
  if (!result.ok && result.reason === "read-only")
    return apiError(
      400,
      "read_only_calendar",
      "Bookings cannot be written into an ICS feed: choose a CalDAV or Google calendar.",
      {
        receivesBookings: ["This calendar is read-only."],
      },
    );
  if (!result.ok) return notFound();
  const connection = await getConnection(user.id, id);
  return connection ? Response.json(calendarConnectionJson(connection)) : notFound();
}

export const { loader, action } = apiRoute({ PATCH });
