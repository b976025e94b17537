import { z } from "zod";
import type { BookingAnswers } from "../../db/schema";
import { pageQuery } from "./admin-api";
import { bookingJson, bookingJsonSchema } from "./booking-api";
import { SCHEDULED_TABS, type ScheduledTab } from "./scheduled-events";
import { teamSettingsPage } from "./teams";

/**
 * A team's bookings and webhooks (decision 062): the query and answer of GET
 * /api/teams/{id}/bookings, and the pages' paths. Pure.
 */

/** Scheduled Events switched to the team's bookings. */
export const teamBookingsPage = (teamId: string) => `/dashboard/scheduledEvents?team=${teamId}`;
export const teamWebhooksPage = (teamId: string) => `${teamSettingsPage(teamId)}/webhooks`;
export const teamWebhookPage = (teamId: string, webhookId: string) => `${teamWebhooksPage(teamId)}/${webhookId}`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MEMBER_MESSAGE = "member: a member's user id (a UUID).";
const STATUS_MESSAGE = `status: one of ${SCHEDULED_TABS.join(", ")}.`;

/** `?member=`: one host's bookings only; absent, every member's. */
export const memberParam = z
  .string()
  .regex(UUID, MEMBER_MESSAGE)
  .transform((v) => v.toLowerCase())
  .meta({
    description: "Only the bookings this member hosts (their user id).",
    example: "4f1c2d3e-5a6b-4c7d-8e9f-0a1b2c3d4e5f",
  });

/** GET /api/teams/{id}/bookings: the Scheduled Events tabs as `status`, a member, and paging. */
export const teamBookingsQuery = pageQuery.extend({
  member: memberParam.optional(),
  status: z
    .enum(SCHEDULED_TABS, { error: STATUS_MESSAGE })
    .optional()
    .transform((v): ScheduledTab => v ?? "upcoming")
    .meta({
      description:
        "The Scheduled Events tab: upcoming (not cancelled, not ended; soonest first; the default), pending (waiting for approval; soonest first), past (ended; latest first) or cancelled (cancelled or declined; latest first).",
      example: "upcoming",
    }),
});

export const teamBookingJsonSchema = bookingJsonSchema
  .extend({
    eventType: z
      .object({ id: z.string(), slug: z.string(), title: z.string() })
      .nullable()
      .meta({ description: "The team event type it was booked through." }),
    guest: z
      .object({ name: z.string().nullable(), email: z.string(), timeZone: z.string().nullable() })
      .nullable()
      .meta({ description: "Who booked it." }),
    host: z
      .object({ userId: z.string(), name: z.string(), email: z.string() })
      .meta({ description: "The member who hosts it (a round-robin booking's assigned host)." }),
  })
  .meta({ id: "TeamBooking" });

export type TeamBookingJson = z.infer<typeof teamBookingJsonSchema>;

export function teamBookingJson(b: {
  id: string;
  startsAt: Date;
  endsAt: Date;
  status: "confirmed" | "cancelled" | "pending" | "awaiting_payment";
  declinedAt: Date | null;
  answers: BookingAnswers | null;
  guestName: string | null;
  guestEmail: string | null;
  guestTimeZone: string | null;
  bookedThrough: { id: string; slug: string; title: string } | null;
  host: { id: string; name: string; email: string };
}): TeamBookingJson {
  return {
    ...bookingJson(b),
    eventType: b.bookedThrough,
    guest: b.guestEmail ? { name: b.guestName, email: b.guestEmail, timeZone: b.guestTimeZone } : null,
    host: { userId: b.host.id, name: b.host.name, email: b.host.email },
  };
}
