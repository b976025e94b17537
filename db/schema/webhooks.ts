import { sql } from "drizzle-orm";
import { boolean, index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { bookingEvents } from "./booking-events";
import { id, timestamps } from "./columns";
import { teams } from "./teams";
import { users } from "./users";

/**
 * A host's webhook subscription (docs/decisions/037): where booking events are POSTed, which ones,
 * and the Standard Webhooks secret (`whsec_<base64>`) that signs them. The secret is kept as is:
 * signing needs it; it is shown to the host once, when the subscription is made.
 */
export const webhookSubscriptions = pgTable(
  "webhook_subscriptions",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** A team webhook (decision 058): every booking of the team's event types; `user_id` made it. */
    teamId: uuid("team_id").references(() => teams.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    /** Webhook event types (booking.created, ...), see app/schemas/webhook.ts. */
    events: text("events").array().notNull(),
    active: boolean("active").notNull().default(true),
    secret: text("secret").notNull(),
    /** Since when every attempt failed (null after a success); three days of it switch the subscription off. */
    failingSince: timestamp("failing_since", { withTimezone: true }),
    /** Why the app switched it off (null when the host did, or when it is on). */
    disabledReason: text("disabled_reason"),
    ...timestamps,
  },
  (t) => [
    index("webhook_subscriptions_user_idx").on(t.userId, t.createdAt),
    index("webhook_subscriptions_team_idx")
      .on(t.teamId, t.createdAt)
      .where(sql`${t.teamId} is not null`),
  ],
);

/**
 * pending: waiting for its next attempt (or leased by a sender: next_attempt_at is the lease's end);
 * delivered: a 2xx; failed: given up (another 4xx, tries spent, or the subscription switched off).
 */
export const webhookDeliveryStatus = pgEnum("webhook_delivery_status", ["pending", "delivered", "failed"]);

/**
 * One message to one subscription: a booking event's (one per subscription and record, the
 * unique key makes the fan-out idempotent) or the test button's. `message_id` is the
 * `webhook-id` header, the same on every attempt; `body` is the exact JSON signed and sent.
 */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: id(),
    subscriptionId: uuid("subscription_id")
      .notNull()
      .references(() => webhookSubscriptions.id, { onDelete: "cascade" }),
    bookingEventId: uuid("booking_event_id").references(() => bookingEvents.id, { onDelete: "set null" }),
    /** The booking (event) it is about, for the booking's timeline; null for a test. */
    eventId: uuid("event_id"),
    messageId: text("message_id").notNull(),
    type: text("type").notNull(),
    body: text("body").notNull(),
    status: webhookDeliveryStatus("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).defaultNow(),
    lastStatusCode: integer("last_status_code"),
    lastError: text("last_error"),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("webhook_deliveries_message_id_key").on(t.messageId),
    uniqueIndex("webhook_deliveries_subscription_record_key").on(t.subscriptionId, t.bookingEventId),
    index("webhook_deliveries_subscription_created_idx").on(t.subscriptionId, t.createdAt),
    index("webhook_deliveries_event_idx").on(t.eventId),
    index("webhook_deliveries_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/** Every HTTP attempt of a delivery, for the log: status code, duration, error, the answer's start. */
export const webhookAttempts = pgTable(
  "webhook_attempts",
  {
    id: id(),
    deliveryId: uuid("delivery_id")
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: "cascade" }),
    attempt: integer("attempt").notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    durationMs: integer("duration_ms").notNull(),
    statusCode: integer("status_code"),
    error: text("error"),
    response: text("response"),
  },
  (t) => [uniqueIndex("webhook_attempts_delivery_attempt_key").on(t.deliveryId, t.attempt)],
);

export type WebhookSubscription = typeof webhookSubscriptions.$inferSelect;
export type WebhookDelivery = typeof webhookDeliveries.$inferSelect;
export type WebhookAttempt = typeof webhookAttempts.$inferSelect;
export type WebhookDeliveryStatus = (typeof webhookDeliveryStatus.enumValues)[number];
