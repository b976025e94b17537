import { z } from "zod";
import { insightsJsonSchema, insightsQuery } from "~/schemas/insights";
import { errors, json, signedIn, type ZodOpenApiPathsObject } from "./common";

/**
 * Insights and the bookings export (decision 079): the caller's own bookings, or with teamId a
 * team they own or administer (a member 403, anyone else 404). The range is of days in the
 * caller's time zone setting, by when the bookings were made.
 */
export const paths: ZodOpenApiPathsObject = {
  "/api/insights": {
    get: {
      operationId: "getInsights",
      summary:
        "The figures of the bookings made in a range (default the last 30 days, at most 731) and in the range of as many days before it: created, completed, cancelled, rescheduled and no-shows; by event type, by member, by weekday and hour of the start (7 × 24, Monday first, in your time zone setting) and by lead time.",
      tags: ["Bookings"],
      security: signedIn,
      requestParams: { query: insightsQuery },
      responses: { "200": json("The figures.", insightsJsonSchema), ...errors(400, 401, 403, 404) },
    },
  },
  "/api/bookings/export": {
    get: {
      operationId: "exportBookings",
      summary:
        "The bookings made in the range as CSV (RFC 4180, UTF-8 with a BOM, streamed): one row each with every field, the answers as one JSON column, the no-show marks and the source parameters (utm_*, ref). A cell that starts with = + - @, a tab or CR gets a leading '. The filters and permissions of GET /api/insights.",
      tags: ["Bookings"],
      security: signedIn,
      requestParams: { query: insightsQuery },
      responses: {
        "200": {
          ...json("The CSV, header first.", z.string()),
          content: {
            "text/csv": {
              schema: z.string().meta({
                description:
                  "One booking per line after the header. Columns: booking_id, created_at, status, start, end, event_type_id, event_type_slug, event_type_title, event_name, host_id, host_name, host_email, guest_name, guest_email, guest_time_zone, invitees, notes, answers (JSON), guest_no_show, host_no_show, utm_source, utm_medium, utm_campaign, utm_term, utm_content, ref.",
              }),
            },
          },
        },
        ...errors(400, 401, 403, 404),
      },
    },
  },
};
