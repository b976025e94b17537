import { z } from "zod";
import type { CalendarConnection, ExternalCalendar } from "../../db/schema";

/**
 * The calendar JSON paths' shapes (docs/decisions/035): the bodies of POST /api/calendars and
 * PATCH /api/calendars/{id}/calendars/{calendarId}, and what they answer. The Calendars page's
 * forms use the same bodies.
 */

const url = z
  .string({ message: "Enter the address." })
  .trim()
  .min(1, "Enter the address.")
  .max(2000, "At most 2000 characters.")
  .refine(
    (v) => /^(https?|webcal):\/\/[^\s]+$/i.test(v),
    "Enter an address starting with https:// (or http://, webcal://).",
  );

export const caldavBody = z.object({
  type: z.literal("caldav"),
  url: url.meta({
    description:
      "The CalDAV server (https://caldav.icloud.com, https://caldav.fastmail.com, your Nextcloud's /remote.php/dav, ...).",
  }),
  username: z
    .string({ message: "Enter the user name." })
    .trim()
    .min(1, "Enter the user name.")
    .max(200, "At most 200 characters."),
  password: z
    .string({ message: "Enter the app password." })
    .min(1, "Enter the app password.")
    .max(500, "At most 500 characters.")
    .meta({ description: "An app-specific password; stored encrypted." }),
});

export const icsBody = z.object({
  type: z.literal("ics"),
  url: url.meta({
    description: "The feed's secret iCal address (Google's or Outlook's, a roster's); read-only, stored encrypted.",
  }),
});

export const microsoftBody = z.object({
  type: z.literal("microsoft").meta({
    description:
      "Microsoft 365 / Outlook over Microsoft Graph: the answer's authorizeUrl is opened in the browser where you are signed in; Microsoft's callback completes the connection.",
  }),
});

export const connectCalendarBody = z
  .discriminatedUnion("type", [caldavBody, icsBody, microsoftBody], {
    message: 'type must be "caldav", "ics" or "microsoft"',
  })
  .meta({ id: "CalendarConnectBody" });

export const calendarSwitchBody = z
  .object({
    checksConflicts: z.boolean().optional().meta({ description: "Its busy times block your slots." }),
    receivesBookings: z
      .boolean()
      .optional()
      .meta({ description: "New bookings are written into it (one calendar at a time; not an ICS feed)." }),
  })
  .strict()
  .refine(
    (v) => v.checksConflicts !== undefined || v.receivesBookings !== undefined,
    "Send checksConflicts or receivesBookings.",
  )
  .meta({ id: "CalendarSwitchBody" });

export const externalCalendarJsonSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    checksConflicts: z.boolean(),
    receivesBookings: z.boolean(),
    writable: z.boolean().meta({ description: "Whether bookings can be written into it (an ICS feed: false)." }),
  })
  .meta({ id: "ExternalCalendar" });

export const calendarConnectionJsonSchema = z
  .object({
    id: z.uuid(),
    type: z.enum(["caldav", "ics", "google", "microsoft"]),
    name: z.string(),
    status: z
      .enum(["ok", "error", "pending"])
      .meta({ description: "error: the last sync failed (see error); pending: not read yet." }),
    lastSyncedAt: z.string().nullable().meta({ description: "The last successful sync (ISO 8601)." }),
    error: z
      .string()
      .nullable()
      .meta({ description: 'The last sync\'s trouble in words, e.g. "The server refused the password."' }),
    calendars: z.array(externalCalendarJsonSchema),
  })
  .meta({ id: "CalendarConnection" });

export const calendarAuthorizeJsonSchema = z
  .object({
    authorizeUrl: z.string().meta({
      description:
        "Microsoft's sign-in page (authorization code with PKCE), valid for 15 minutes; open it where you are signed in to this site.",
    }),
  })
  .meta({ id: "CalendarAuthorize" });

export const calendarFeedJsonSchema = z
  .object({
    url: z.string().meta({
      description: "Your secret subscription address (https://.../calendar/<token>.ics; webcal:// works too).",
    }),
    webcalUrl: z.string(),
  })
  .meta({ id: "CalendarFeed" });

export type CalendarConnectionJson = z.infer<typeof calendarConnectionJsonSchema>;

export function calendarConnectionJson(
  connection: CalendarConnection & { calendars: ExternalCalendar[] },
): CalendarConnectionJson {
  return {
    id: connection.id,
    type: connection.type,
    name: connection.name,
    status: connection.lastError ? "error" : connection.lastSyncedAt ? "ok" : "pending",
    lastSyncedAt: connection.lastSyncedAt ? connection.lastSyncedAt.toISOString() : null,
    error: connection.lastError,
    calendars: connection.calendars.map((c) => ({
      id: c.id,
      name: c.name,
      checksConflicts: c.checksConflicts,
      receivesBookings: c.receivesBookings,
      writable: c.writable,
    })),
  };
}
