import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiError, requireApiUser } from "~/api/api.server";
import { apiRoute } from "~/api/api-route.server";
import { feedTokenOf, feedUrls } from "~/services/calendars.server";
import { calendarSecretsAvailable } from "~/server/calendar-crypto.server";
import { linkBase } from "~/utils/request.server";

/** GET /api/calendar-feed: your secret subscription address (made on first ask). */
async function GET({ request }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  if (!calendarSecretsAvailable())
    return apiError(
      503,
      "calendars_unavailable",
      "The calendar feed is not available on this server (CALENDAR_ENCRYPTION_KEY is not set).",
    );
  return Response.json(feedUrls(linkBase(request), await feedTokenOf(user.id)));
}

export const { loader, action } = apiRoute({ GET });
