import { z } from "zod";
import { csvLine } from "./csv";
import { UTM_KEYS } from "./utm";

/**
 * Insights and the bookings export (decision 079): the query both take, the JSON answer of
 * GET /api/insights, and the export's CSV records. Pure.
 */

export const INSIGHTS_PAGE = "/dashboard/insights";
export const BOOKINGS_EXPORT_PATH = "/api/bookings/export";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const uuidParam = (name: string, description: string) =>
  z
    .string()
    .regex(UUID, `${name}: give an id (a UUID).`)
    .transform((v) => v.toLowerCase())
    .optional()
    .meta({ description, example: "4f1c2d3e-5a6b-4c7d-8e9f-0a1b2c3d4e5f" });
const dateParam = (description: string) =>
  z.string().max(10, "Give a date as YYYY-MM-DD.").optional().meta({ description, example: "2026-11-01" });

/** The filters of GET /api/insights, GET /api/bookings/export and the page; the range is checked by insightsRange. */
export const insightsQuery = z.object({
  from: dateParam(
    "First day (YYYY-MM-DD, in your time zone setting), inclusive. Default: 29 days before `to`. At most 731 days to `to`.",
  ),
  to: dateParam("Last day (YYYY-MM-DD), inclusive. Default: today (or 29 days after `from`)."),
  teamId: uuidParam(
    "teamId",
    "A team you own or administer: its bookings instead of your own (a member gets 403, anyone else 404).",
  ),
  member: uuidParam("member", "With teamId: only the bookings this member hosts (their user id)."),
  eventTypeId: uuidParam("eventTypeId", "Only the bookings of this event type."),
});
export type InsightsQuery = z.infer<typeof insightsQuery>;

const totalsSchema = z
  .object({
    created: z.number().int().meta({ description: "Bookings made in the range." }),
    completed: z.number().int().meta({ description: "Of those, confirmed and ended." }),
    cancelled: z.number().int().meta({ description: "Of those, cancelled (a declined request is not counted)." }),
    rescheduled: z.number().int().meta({ description: "Of those, moved at least once." }),
    noShows: z.number().int().meta({ description: "Of those, marked as a guest's or a host's no-show." }),
  })
  .meta({ id: "InsightsTotals" });

export const insightsJsonSchema = z
  .object({
    range: z.object({ from: z.string(), to: z.string(), days: z.number().int(), timeZone: z.string() }),
    previousRange: z.object({ from: z.string(), to: z.string() }),
    totals: totalsSchema,
    previous: totalsSchema.meta({ description: "The same figures for the range of as many days just before." }),
    byEventType: z.array(z.object({ eventTypeId: z.string().nullable(), title: z.string(), count: z.number().int() })),
    byMember: z.array(z.object({ userId: z.string(), name: z.string(), email: z.string(), count: z.number().int() })),
    byWeekdayHour: z.array(z.array(z.number().int())).meta({
      description:
        "7 rows (Monday first) of 24 hours: the bookings made in the range that are not cancelled, by the weekday and hour of their start in your time zone setting.",
    }),
    leadTime: z.object({
      medianMinutes: z.number().nullable().meta({ description: "Median time from booking to start, in minutes." }),
      buckets: z.array(z.object({ label: z.string(), count: z.number().int() })),
    }),
  })
  .meta({ id: "Insights" });
export type InsightsJson = z.infer<typeof insightsJsonSchema>;

/** The export's columns, in order; the answers are one JSON column (questions differ per event type and change). */
export const EXPORT_COLUMNS = [
  "booking_id",
  "created_at",
  "status",
  "start",
  "end",
  "event_type_id",
  "event_type_slug",
  "event_type_title",
  "event_name",
  "host_id",
  "host_name",
  "host_email",
  "guest_name",
  "guest_email",
  "guest_time_zone",
  "invitees",
  "notes",
  "answers",
  "guest_no_show",
  "host_no_show",
  ...UTM_KEYS,
] as const;

export const EXPORT_HEADER = csvLine(EXPORT_COLUMNS);

export interface ExportRecord {
  id: string;
  createdAt: Date;
  status: "confirmed" | "cancelled" | "pending" | "awaiting_payment";
  declinedAt: Date | null;
  startsAt: Date;
  endsAt: Date;
  eventTypeId: string | null;
  eventTypeSlug: string | null;
  eventTypeTitle: string | null;
  eventName: string;
  hostId: string;
  hostName: string;
  hostEmail: string;
  guestName: string | null;
  guestEmail: string | null;
  guestTimeZone: string | null;
  invitees: string | null;
  notes: string | null;
  answers: Record<string, unknown> | null;
  guestNoShow: boolean;
  hostNoShow: boolean;
  utm: Record<string, string> | null;
}

/** One booking as a CSV record (EXPORT_COLUMNS). */
export function exportLine(r: ExportRecord): string {
  const status = r.status === "cancelled" && r.declinedAt ? "declined" : r.status;
  return csvLine([
    r.id,
    r.createdAt.toISOString(),
    status,
    r.startsAt.toISOString(),
    r.endsAt.toISOString(),
    r.eventTypeId,
    r.eventTypeSlug,
    r.eventTypeTitle,
    r.eventName,
    r.hostId,
    r.hostName,
    r.hostEmail,
    r.guestName,
    r.guestEmail,
    r.guestTimeZone,
    r.invitees,
    r.notes,
    r.answers && Object.keys(r.answers).length > 0 ? JSON.stringify(r.answers) : null,
    r.guestNoShow ? "true" : "false",
    r.hostNoShow ? "true" : "false",
    ...UTM_KEYS.map((k) => r.utm?.[k] ?? null),
  ]);
}

/** ?from=&to=… of a query, without the empty ones (the page's links and the export button). */
export function insightsSearch(q: Partial<Record<keyof InsightsQuery, string | null | undefined>>): string {
  const params = new URLSearchParams();
  for (const key of ["from", "to", "teamId", "member", "eventTypeId"] as const) {
    const v = q[key];
    if (v) params.set(key, v);
  }
  const s = params.toString();
  return s ? `?${s}` : "";
}
