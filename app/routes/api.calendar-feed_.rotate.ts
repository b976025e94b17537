import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiError, requireApiUser } from "~/api/api.server";
import { apiRoute } from "~/api/api-route.server";
import { feedUrls, rotateFeedToken } from "~/services/calendars.server";
import { calendarSecretsAvailable } from "~/server/calendar-crypto.server";
import { linkBase } from "~/utils/request.server";

/** POST /api/calendar-feed/rotate: a new secret address; the old one answers 404 from now on. */
async function POST({ request }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  if (!calendarSecretsAvailable())
    return apiError(
      503,
      "calendars_unavailable",
      "The calendar feed is not available on this server (CALENDAR_ENCRYPTION_KEY is not set).",
    );
  return Response.json(feedUrls(linkBase(request), await rotateFeedToken(user.id)));
}

export const { loader, action } = apiRoute({ POST });
