import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { id, timestamps } from "./columns";
import { eventStatus, events } from "./events";
import type { BookingAnswers } from "./event-types";

/**
 * One guest's place in a group session (decision 021): the guest who booked it, the extra guests
 * they brought, and their own cancel/reschedule token (its SHA-256 only). A seat takes
 * `1 + cardinality(guests)` places of its session's event type; a cancelled seat takes none.
 * `sequence` is the iCalendar SEQUENCE of the seat's own calendar entry (UID `<seat id>@host`).
 */
export const bookingSeats = pgTable(
  "booking_seats",
  {
    id: id(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    timeZone: text("time_zone").notNull(),
    notes: text("notes"),
    /** The seat's guest's answers to the event type's questions (decision 039). */
    answers: jsonb("answers").$type<BookingAnswers>(),
    /** Extra guests' e-mails this seat's guest brought (at most 4). */
    guests: text("guests")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The seat's guest's mobile number (E.164) and when they agreed to texts (docs/decisions/109). */
    phone: text("phone"),
    smsConsentAt: timestamp("sms_consent_at", { withTimezone: true }),
    tokenHash: text("token_hash").notNull(),
    status: eventStatus("status").notNull().default("confirmed"),
    sequence: integer("sequence").notNull().default(0),
    /** A paid seat waiting for its payment (`awaiting_payment`) is held until then (docs/decisions/123). */
    holdUntil: timestamp("hold_until", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("booking_seats_token_hash_key").on(t.tokenHash),
    index("booking_seats_event_idx").on(t.eventId, t.createdAt),
    // The payment-holds job's scan of held seats (docs/decisions/123).
    index("booking_seats_hold_until_idx")
      .on(t.holdUntil)
      .where(sql`${t.holdUntil} is not null`),
    check("booking_seats_guests_max", sql`cardinality(${t.guests}) <= 4`),
  ],
);

export type BookingSeat = typeof bookingSeats.$inferSelect;
