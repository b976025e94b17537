import type { LoaderFunctionArgs } from "@remix-run/node";
import { readQuery } from "~/api/admin-api.server";
import { apiRoute } from "~/api/api-route.server";
import { requireTeamManager } from "~/api/team-api.server";
import { listScheduledForTeam } from "~/models/scheduled-events.server";
import { teamBookingJson, teamBookingsQuery } from "~/schemas/team-bookings";

/**
 * GET /api/teams/{id}/bookings?member=&status=&limit=&offset= (decision 062): every booking of
 * the team's event types, of one member when asked, in a Scheduled Events tab; owners and admins
 * only (a member 403, anyone else 404). The total across pages is in X-Total-Count.
 */
async function GET({ request, params }: LoaderFunctionArgs) {
  const { team } = await requireTeamManager(request, params.id ?? "");
  const query = await readQuery(request, teamBookingsQuery);
  const { events, total } = await listScheduledForTeam(
    team.id,
    query.member ?? null,
    query.status,
    { limit: query.limit, offset: query.offset },
    new Date(),
  );
  return Response.json(events.map(teamBookingJson), { headers: { "X-Total-Count": String(total) } });
}

export const { loader, action } = apiRoute({ GET });
