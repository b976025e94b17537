import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiError, requireApiUser } from "~/api/api.server";
import { apiRoute } from "~/api/api-route.server";
import { insightsOf, readInsightsRequest } from "~/services/insights.server";

/**
 * GET /api/insights?from=&to=&teamId=&member=&eventTypeId= (decision 079): the figures of the
 * bookings made in the range and in the one before it, by event type, by member, by weekday and
 * hour (the caller's time zone setting) and by lead time. Without teamId the caller's own
 * bookings; with it a team they own or administer (a member 403, anyone else 404).
 */
async function GET({ request }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const now = new Date();
  const read = await readInsightsRequest(user, new URL(request.url).searchParams, now);
  if (!read.ok) return apiError(read.status, read.code, read.message, read.fields);
  return Response.json(await insightsOf(read, now));
}

export const { loader, action } = apiRoute({ GET });
