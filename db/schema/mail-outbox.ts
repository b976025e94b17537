import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgEnum, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { id } from "./columns";

/**
 * stored: kept here because no SMTP server is configured (or the mail had no recipient);
 * failed: the SMTP server refused it or could not be reached (see error); the job runner
 * tries it again while attempts are left (docs/decisions/022);
 * queued: written in a transaction (a reminder) for the job runner to send over SMTP;
 * sent: delivered later by the job runner.
 */
export const mailOutboxStatus = pgEnum("mail_outbox_status", ["stored", "sent", "failed", "queued"]);

/** An attachment as kept in the outbox: binary content is base64, text stays as it is. */
export interface StoredMailAttachment {
  filename: string;
  contentType?: string;
  encoding: "utf8" | "base64";
  content: string;
}

/** Every e-mail the app could not hand to an SMTP server, so none is ever lost. */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: id(),
    /** Comma-separated recipients; empty when the app had nobody to send it to. */
    to: text("to").notNull(),
    replyTo: text("reply_to"),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html"),
    attachments: jsonb("attachments").$type<StoredMailAttachment[]>().notNull().default([]),
    status: mailOutboxStatus("status").notNull().default("stored"),
    error: text("error"),
    /** SMTP attempts so far (the one in the request included). */
    attempts: integer("attempts").notNull().default(0),
    /** A queued or failed message is not tried again before this (backoff, or a sender's lease). */
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /**
     * When a sender began handing the message to the SMTP server; cleared with the answer (sent or
     * failed). Still set when a later sender claims it: the handover was cut off and the message
     * may have been delivered, so it is not sent again (docs/decisions/081).
     */
    handoverAt: timestamp("handover_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** The event (booking) the message is about, when it is one's (booking mails, reminders): its timeline. No foreign key: a removed event's mail stays. */
    eventId: uuid("event_id"),
  },
  (t) => [
    index("mail_outbox_event_idx")
      .on(t.eventId)
      .where(sql`${t.eventId} is not null`),
    index("mail_outbox_status_created_idx").on(t.status, t.createdAt),
    // Housekeeping deletes sent mail after a while (docs/decisions/026).
    index("mail_outbox_sent_at_idx")
      .on(t.sentAt)
      .where(sql`${t.status} = 'sent'`),
  ],
);

export type MailOutboxEntry = typeof mailOutbox.$inferSelect;
export type MailOutboxStatus = (typeof mailOutboxStatus.enumValues)[number];
