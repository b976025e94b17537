import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgEnum, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { id } from "./columns";

/**
 * The durable outbox of booking changes (docs/decisions/030): one row per change, written in the
 * change's own transaction. What happened is in the columns; what the messages need is in
 * `payload` (a snapshot taken in that transaction), so a consumer does not depend on rows that
 * may have changed since.
 */
/** `updated`: a host's own event changed without moving (its name, kind or description). */
/**
 * `requested`: a booking made pending (it waits for the host's approval); `approved`: it became
 * confirmed (its payload has the shape of `created`'s); `declined`: the host declined it or its
 * hold ran out (decision 040).
 */
/** `no_show`: the host marked (or unmarked) a no-show after the start; payload says who and which way. */
/** `reassigned`: a round-robin booking moved to another host (decision 058); payload has both hosts. */
export const bookingEventKind = pgEnum("booking_event_kind", [
  "created",
  "rescheduled",
  "cancelled",
  "updated",
  "requested",
  "approved",
  "declined",
  "reassigned",
  "no_show",
]);

export const bookingEvents = pgTable(
  "booking_events",
  {
    id: id(),
    kind: bookingEventKind("kind").notNull(),
    /** The event (a booking, a group session, a host's own event); no foreign key: a removed event's record stays. */
    eventId: uuid("event_id").notNull(),
    /** The seat, when the change was a group session seat's (decision 021). */
    seatId: uuid("seat_id"),
    /** Who did it: guest, host, admin. */
    actor: text("actor").notNull(),
    oldStartsAt: timestamp("old_starts_at", { withTimezone: true }),
    oldEndsAt: timestamp("old_ends_at", { withTimezone: true }),
    newStartsAt: timestamp("new_starts_at", { withTimezone: true }),
    newEndsAt: timestamp("new_ends_at", { withTimezone: true }),
    reason: text("reason"),
    /** The snapshot the consumers work from (dates tagged, see app/models/booking-events.server.ts). */
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("booking_events_event_idx").on(t.eventId)],
);

/**
 * One row per record and consumer ("mail" today; calendar write-back or webhooks later), written
 * with the record: each consumer claims, retries and marks its own rows.
 */
export const bookingEventDeliveries = pgTable(
  "booking_event_deliveries",
  {
    bookingEventId: uuid("booking_event_id")
      .notNull()
      .references(() => bookingEvents.id, { onDelete: "cascade" }),
    consumer: text("consumer").notNull(),
    attempts: integer("attempts").notNull().default(0),
    /** Not tried before this: a claim's lease, or the backoff after a failure. */
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
    lastError: text("last_error"),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.bookingEventId, t.consumer] }),
    index("booking_event_deliveries_due_idx")
      .on(t.consumer, t.createdAt)
      .where(sql`${t.deliveredAt} is null`),
  ],
);

export type BookingEventRecord = typeof bookingEvents.$inferSelect;
export type BookingEventKind = (typeof bookingEventKind.enumValues)[number];
