import { index, pgEnum, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { id } from "./columns";

/**
 * What happened to the e-mail of a contact message. pending: stored, not yet handed on (or
 * the server stopped in between); sent: the SMTP server accepted it; outbox: kept in
 * mail_outbox because no SMTP server (or no recipient) is configured; failed: see email_error.
 */
export const contactEmailStatus = pgEnum("contact_email_status", ["pending", "sent", "outbox", "failed"]);

export const contactMessages = pgTable(
  "contact_messages",
  {
    id: id(),
    name: text("name").notNull().default(""),
    email: text("email").notNull().default(""),
    subject: text("subject").notNull().default(""),
    message: text("message").notNull().default(""),
    emailStatus: contactEmailStatus("email_status").notNull().default("pending"),
    emailedAt: timestamp("emailed_at", { withTimezone: true }),
    emailError: text("email_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("contact_messages_created_at_idx").on(t.createdAt)],
);

export type ContactMessage = typeof contactMessages.$inferSelect;
export type ContactEmailStatus = (typeof contactEmailStatus.enumValues)[number];
