import { count, desc, eq } from "drizzle-orm";
import { contactMessages, type ContactEmailStatus, type ContactMessage } from "../../db/schema";
import { contactMail, type ContactInput } from "../utils/contact-form";
import { getDb } from "../utils/db.server";
import { env } from "../utils/env.server";
import { sendMail } from "../utils/mail.server";

/** Where contact messages are e-mailed: CONTACT_TO, else MAIL_FROM, else nobody (the outbox keeps it). */
function contactRecipient(): string {
  const e = env();
  return e.CONTACT_TO ?? e.MAIL_FROM ?? "";
}

/**
 * Stores the message first, so nothing is lost if mail fails, then e-mails it to the team
 * and records what happened to that e-mail on the row.
 */
export async function receiveContactMessage(input: ContactInput): Promise<{ id: string; emailStatus: ContactEmailStatus }> {
  const db = await getDb();
  const [row] = await db
    .insert(contactMessages)
    .values({ name: input.name, email: input.email, subject: input.subject ?? "", message: input.message })
    .returning({ id: contactMessages.id, createdAt: contactMessages.createdAt });

  const result = await sendMail({
    to: contactRecipient(),
    replyTo: input.email,
    ...contactMail({ ...input, receivedAt: row.createdAt }),
  });
  const emailStatus: ContactEmailStatus = result.delivered
    ? "sent"
    : result.via === "outbox" && !result.error
      ? "outbox"
      : "failed";
  await db
    .update(contactMessages)
    .set({
      emailStatus,
      emailedAt: emailStatus === "sent" ? new Date() : null,
      emailError: emailStatus === "failed" ? (result.error ?? "Unknown error") : null,
    })
    .where(eq(contactMessages.id, row.id));
  return { id: row.id, emailStatus };
}

export type ContactMessageRow = Pick<
  ContactMessage,
  "id" | "name" | "email" | "subject" | "message" | "emailStatus" | "emailedAt" | "emailError" | "createdAt"
>;

/** Newest first, a page at a time. */
export async function listContactMessages({ limit, offset }: { limit: number; offset: number }): Promise<{
  messages: ContactMessageRow[];
  total: number;
}> {
  const db = await getDb();
  const [messages, [{ total }]] = await Promise.all([
    db
      .select({
        id: contactMessages.id,
        name: contactMessages.name,
        email: contactMessages.email,
        subject: contactMessages.subject,
        message: contactMessages.message,
        emailStatus: contactMessages.emailStatus,
        emailedAt: contactMessages.emailedAt,
        emailError: contactMessages.emailError,
        createdAt: contactMessages.createdAt,
      })
      .from(contactMessages)
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(contactMessages),
  ]);
  return { messages, total };
}
