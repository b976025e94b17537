import type { LoaderFunctionArgs } from "@remix-run/node";
import { listHostEvents, type HostEvent } from "~/models/event.server";
import { meetingsOf } from "~/models/conferencing.server";
import { findUserByEmail } from "~/models/user.server";
import { apiError, isSelf, requireApiUser } from "~/api/api.server";
import { eventJson } from "~/schemas/event-api.server";
import { can } from "~/utils/permissions";
import { apiRoute } from "~/api/api-route.server";

/** The events as JSON, each booking with its conferencing meeting's link (decision 065). */
async function eventsJson(events: HostEvent[], hostEmail: string) {
  const meetings = await meetingsOf(events.map((e) => e.id));
  return events.map((e) => {
    const meeting = meetings.get(e.id);
    return eventJson(e, hostEmail, meeting?.status === "created" ? meeting.joinUrl : null);
  });
}

/** GET /event?host={email}: the caller's events; another host's only for an admin. */
async function GET({ request }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const host = new URL(request.url).searchParams.get("host");
  if (!host || isSelf(user, host)) {
    return Response.json(await eventsJson(await listHostEvents(user.id, new Date()), user.email));
  }
  if (!can(user, "admin:events")) return apiError(403, "forbidden", "You can only list your own events.");
  const other = await findUserByEmail(host);
  if (!other) return apiError(404, "not_found", "No account has that e-mail.");
  return Response.json(await eventsJson(await listHostEvents(other.id, new Date()), other.email));
}

export const { loader, action } = apiRoute({ GET });
