import { pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { id } from "./columns";

export const contactMessages = pgTable("contact_messages", {
  id: id(),
  name: text("name").notNull().default(""),
  email: text("email").notNull().default(""),
  subject: text("subject").notNull().default(""),
  message: text("message").notNull().default(""),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export type ContactMessage = typeof contactMessages.$inferSelect;
