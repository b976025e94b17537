import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { id, timestamps } from "./columns";
import { bookingSeats } from "./booking-seats";
import { events } from "./events";

/**
 * Where a paid booking's payment stands (docs/decisions/107): `awaiting` (held, not paid),
 * `paid` (Stripe's signed webhook confirmed it), `failed` / `expired` / `released` (the hold was
 * freed: the card failed, 15 minutes passed, or the booking was cancelled before paying),
 * `refund_due` (cancelled, the refund rule gives it back, Stripe not yet told), `refunded`,
 * `refund_not_due` (cancelled when the refund rule gives nothing back).
 */
export const BOOKING_PAYMENT_STATES = [
  "awaiting",
  "paid",
  "failed",
  "expired",
  "released",
  "refund_due",
  "refunded",
  "refund_not_due",
] as const;
export type BookingPaymentState = (typeof BOOKING_PAYMENT_STATES)[number];

/**
 * One row per paid booking, written with its hold: per events row for a one-to-one or team booking
 * (`seat_id` null), per seat for a group session's seat (docs/decisions/123; `event_id` is then the
 * seat's session when it was held).
 */
export const bookingPayments = pgTable(
  "booking_payments",
  {
    id: id(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    /** The paid seat of a group session (docs/decisions/123); null for a booking's own row. */
    seatId: uuid("seat_id").references(() => bookingSeats.id, { onDelete: "cascade" }),
    /** Set once Stripe made the PaymentIntent (right after the hold's commit). */
    paymentIntentId: text("payment_intent_id"),
    amount: integer("amount").notNull(),
    currency: text("currency").notNull(),
    state: text("state").$type<BookingPaymentState>().notNull().default("awaiting"),
    /** The charge's receipt page, from Stripe at confirmation. */
    receiptUrl: text("receipt_url"),
    refundId: text("refund_id"),
    /**
     * The guest's cancel/reschedule links, made with the hold and mailed at confirmation (as a
     * pending request keeps them in its record); cleared then.
     */
    guestLinks: jsonb("guest_links").$type<{ cancelUrl: string | null; rescheduleUrl: string | null }>(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    refundedAt: timestamp("refunded_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("booking_payments_intent_key").on(t.paymentIntentId),
    // One payment per booking row, one per seat.
    uniqueIndex("booking_payments_event_key")
      .on(t.eventId)
      .where(sql`${t.seatId} is null`),
    uniqueIndex("booking_payments_seat_key").on(t.seatId),
    index("booking_payments_state_idx").on(t.state),
    check(
      "booking_payments_state_known",
      sql`${t.state} in ('awaiting', 'paid', 'failed', 'expired', 'released', 'refund_due', 'refunded', 'refund_not_due')`,
    ),
  ],
);

export type BookingPayment = typeof bookingPayments.$inferSelect;
