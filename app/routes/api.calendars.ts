import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiError, readJson, requireApiUser } from "~/api/api.server";
import { apiRoute } from "~/api/api-route.server";
import { getConnection, listConnections } from "~/models/calendar.server";
import { calendarConnectionJson, connectCalendarBody } from "~/schemas/calendar-api";
import {
  CalendarConnectError,
  CalendarLimitError,
  connectCalendar,
  startMicrosoftConnect,
} from "~/services/calendars.server";
import { microsoftCalendarAvailable } from "~/services/microsoft-calendar.server";
import { calendarSecretsAvailable } from "~/server/calendar-crypto.server";
import { linkBase } from "~/utils/request.server";
import { recordAudit } from "~/services/audit.server";

/** GET /api/calendars: your calendar connections with their calendars (docs/decisions/035). */
async function GET({ request }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  return Response.json((await listConnections(user.id)).map(calendarConnectionJson));
}

/**
 * POST /api/calendars: connects a CalDAV account (checked on the spot) or an ICS feed, 400 with
 * the trouble in words; or starts a Microsoft 365 / Outlook connection: 200 { authorizeUrl }, the
 * OAuth callback completes it (docs/decisions/064).
 */
async function POST({ request }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const input = await readJson(request, connectCalendarBody);
  if (!calendarSecretsAvailable())
    return apiError(
      503,
      "calendars_unavailable",
      "Calendars cannot be connected on this server (CALENDAR_ENCRYPTION_KEY is not set).",
    );
  if (input.type === "microsoft") {
    if (!microsoftCalendarAvailable())
      return apiError(
        503,
        "microsoft_unavailable",
        "Microsoft 365 / Outlook is not set up on this server (MICROSOFT_CLIENT_ID is not set).",
      );
    const authorizeUrl = startMicrosoftConnect(
      user.id,
      `${linkBase(request)}/dashboard/calendars/microsoft/callback`,
      new Date(),
    );
    return Response.json({ authorizeUrl });
  }
  try {
    const id = await connectCalendar(user.id, input, new Date());
    await recordAudit({
      actorId: user.id,
      actorEmail: user.email,
      action: "calendar.connected",
      targetType: "calendar",
      targetId: id,
      after: { type: input.type },
      request,
    });
    const connection = await getConnection(user.id, id);
    return Response.json(connection ? calendarConnectionJson(connection) : null, { status: 201 });
  } catch (error) {
    if (error instanceof CalendarLimitError) return apiError(403, "plan_limit", error.message);
    if (error instanceof CalendarConnectError)
      return apiError(400, "calendar_refused", error.message, { url: [error.message] });
    throw error;
  }
}

export const { loader, action } = apiRoute({ GET, POST });
