import { z } from "zod";
import {
  calendarAuthorizeJsonSchema,
  calendarConnectionJsonSchema,
  calendarFeedJsonSchema,
  calendarSwitchBody,
  connectCalendarBody,
} from "~/schemas/calendar-api";
import { body, errors, idParam, json, noContent, signedIn, type ZodOpenApiPathsObject } from "./common";

/**
 * Calendars (docs/decisions/035): the host's outside calendars (CalDAV accounts, ICS feeds;
 * Microsoft 365 / Outlook through Microsoft's sign-in, docs/decisions/064; Google Calendar
 * connects on the Calendars page through Google's consent) and the host's own
 * subscription feed. Your own connections only: another person's id is a 404.
 */

const calendarParams = idParam.extend({
  calendarId: z
    .string()
    .meta({ description: "One calendar of the connection (a UUID).", example: "4c1d2e3f-5a6b-4c7d-8e9f-0a1b2c3d4e5f" }),
});
const unavailable = {
  "503": { description: "CALENDAR_ENCRYPTION_KEY is not set on this production server (calendars_unavailable)." },
};

export const paths: ZodOpenApiPathsObject = {
  "/api/calendars": {
    get: {
      operationId: "listCalendarConnections",
      summary: "Your calendar connections, each with its calendars, last sync and last error.",
      tags: ["Calendars"],
      security: signedIn,
      responses: { "200": json("Your connections.", z.array(calendarConnectionJsonSchema)), ...errors(401) },
    },
    post: {
      operationId: "connectCalendar",
      summary:
        'Connects a CalDAV account (iCloud, Fastmail, Nextcloud, Radicale: checked on the spot; 400 calendar_refused "The server refused the password." or when it has no calendars) or a read-only ICS feed (400 when it is not iCalendar). Its busy times block your slots from then on. `{ "type": "microsoft" }` starts a Microsoft 365 / Outlook connection instead: 200 with the authorizeUrl to open in the browser where you are signed in; Microsoft\'s callback to /dashboard/calendars/microsoft/callback completes it, and GET /api/calendars then lists it with type microsoft (503 microsoft_unavailable when the server has no MICROSOFT_CLIENT_ID). One connection more than your plan allows is 403 plan_limit (decision 080; the same account or feed again is not one more).',
      tags: ["Calendars"],
      security: signedIn,
      requestBody: body(connectCalendarBody),
      responses: {
        "200": json("Microsoft 365 / Outlook: where to sign in.", calendarAuthorizeJsonSchema),
        "201": json("The connection, read once.", calendarConnectionJsonSchema),
        ...errors(400, 401, 403, 413, 415),
        ...unavailable,
      },
    },
  },
  "/api/calendars/{id}": {
    get: {
      operationId: "getCalendarConnection",
      summary: "One of your connections.",
      tags: ["Calendars"],
      security: signedIn,
      requestParams: { path: idParam },
      responses: { "200": json("The connection.", calendarConnectionJsonSchema), ...errors(401, 404) },
    },
    delete: {
      operationId: "deleteCalendarConnection",
      summary:
        "Removes a connection: its busy times stop blocking your slots; events already written stay in that calendar.",
      tags: ["Calendars"],
      security: signedIn,
      requestParams: { path: idParam },
      responses: { "204": noContent, ...errors(401, 404) },
    },
  },
  "/api/calendars/{id}/calendars/{calendarId}": {
    patch: {
      operationId: "setCalendarSwitches",
      summary:
        "A calendar's switches: checksConflicts (its busy times block slots) and receivesBookings (new bookings go there; one calendar at a time; 400 read_only_calendar for an ICS feed).",
      tags: ["Calendars"],
      security: signedIn,
      requestParams: { path: calendarParams },
      requestBody: body(calendarSwitchBody),
      responses: {
        "200": json("The connection as it is now.", calendarConnectionJsonSchema),
        ...errors(400, 401, 404, 413, 415),
      },
    },
  },
  "/api/calendars/{id}/sync": {
    post: {
      operationId: "syncCalendarConnection",
      summary:
        "Reads the connection's calendars now (the job runner does it every CALENDAR_SYNC_SECONDS anyway); the answer carries the outcome.",
      tags: ["Calendars"],
      security: signedIn,
      requestParams: { path: idParam },
      responses: {
        "200": json(
          "The connection after the sync (status error with the trouble in words when it failed).",
          calendarConnectionJsonSchema,
        ),
        ...errors(401, 404),
      },
    },
  },
  "/api/calendar-feed": {
    get: {
      operationId: "getCalendarFeed",
      summary:
        "Your secret subscription address: your bookings and events as an iCalendar feed any calendar app can subscribe to.",
      tags: ["Calendars"],
      security: signedIn,
      responses: { "200": json("The feed's addresses.", calendarFeedJsonSchema), ...errors(401), ...unavailable },
    },
  },
  "/api/calendar-feed/rotate": {
    post: {
      operationId: "rotateCalendarFeed",
      summary: "A new secret address; the old one stops working at once.",
      tags: ["Calendars"],
      security: signedIn,
      responses: { "200": json("The new addresses.", calendarFeedJsonSchema), ...errors(401), ...unavailable },
    },
  },
};
