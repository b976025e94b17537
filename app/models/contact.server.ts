import { count, desc, eq } from "drizzle-orm";
import { contactMessages, type ContactEmailStatus, type ContactMessage } from "../../db/schema";
import type { ContactInput } from "~/schemas/contact-form";
import { getDb } from "~/server/db.server";

/** Stores the message first, so nothing is lost if mail fails. */
export async function insertContactMessage(input: ContactInput): Promise<{ id: string; createdAt: Date }> {
  const db = await getDb();
  const [row] = await db
    .insert(contactMessages)
    .values({ name: input.name, email: input.email, subject: input.subject ?? "", message: input.message })
    .returning({ id: contactMessages.id, createdAt: contactMessages.createdAt });
  return row;
}

/** Records what happened to the message's e-mail on its row. */
export async function recordContactEmail(
  id: string,
  emailStatus: ContactEmailStatus,
  error: string | undefined,
): Promise<void> {
  const db = await getDb();
  await db
    .update(contactMessages)
    .set({
      emailStatus,
      emailedAt: emailStatus === "sent" ? new Date() : null,
      emailError: emailStatus === "failed" ? (error ?? "Unknown error") : null,
    })
    .where(eq(contactMessages.id, id));
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
