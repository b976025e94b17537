import { sql } from "drizzle-orm";
import { index, integer, pgEnum, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { id } from "./columns";

/**
 * Text messages (docs/decisions/090), kept like mail_outbox: written in the transaction that
 * decides them (a workflow action and its delivery key), sent by the job runner.
 * queued: to be sent; failed: a transient failure (retried while attempts are left) or, with
 * attempts at the maximum, a permanent one; sent: the SMS API took it (provider_sid);
 * skipped: not sent, the number opted out (error says why).
 */
export const smsOutboxStatus = pgEnum("sms_outbox_status", ["queued", "sent", "failed", "skipped"]);

export const smsOutbox = pgTable(
  "sms_outbox",
  {
    id: id(),
    /** E.164. */
    to: text("to").notNull(),
    body: text("body").notNull(),
    status: smsOutboxStatus("status").notNull().default("queued"),
    error: text("error"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
    /** Set before the HTTP call, cleared with its answer: still set on a later claim, it may have gone out (as mail_outbox). */
    handoverAt: timestamp("handover_at", { withTimezone: true }),
    /** The SMS API's id of the message (Twilio's `sid`). */
    providerSid: text("provider_sid"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** The provider's last delivery status callback (docs/decisions/109): delivered, failed, undelivered... */
    deliveryStatus: text("delivery_status"),
    /** The provider's error code with a failed or undelivered status. */
    deliveryError: text("delivery_error"),
    deliveryAt: timestamp("delivery_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** The booking it is about (its timeline). No foreign key: a removed event's texts stay, as its mails do. */
    eventId: uuid("event_id"),
  },
  (t) => [
    index("sms_outbox_provider_sid_idx")
      .on(t.providerSid)
      .where(sql`${t.providerSid} is not null`),
    index("sms_outbox_event_idx")
      .on(t.eventId)
      .where(sql`${t.eventId} is not null`),
    index("sms_outbox_status_created_idx").on(t.status, t.createdAt),
  ],
);

/** Numbers that answered STOP (E.164); START removes the row. */
export const smsOptOuts = pgTable("sms_opt_outs", {
  phone: text("phone").primaryKey(),
  optedOutAt: timestamp("opted_out_at", { withTimezone: true }).notNull().defaultNow(),
});

export type SmsOutboxEntry = typeof smsOutbox.$inferSelect;
