import type { ContactEmailStatus } from "../../db/schema";
import { contactMail } from "~/mail/contact";
import { insertContactMessage, recordContactEmail } from "~/models/contact.server";
import type { ContactInput } from "~/schemas/contact-form";
import { env } from "~/server/env.server";
import { sendMailNow } from "~/server/mail-transport.server";

/** Where contact messages are e-mailed: CONTACT_TO, else MAIL_FROM, else nobody (the outbox keeps it). */
function contactRecipient(): string {
  const e = env();
  return e.CONTACT_TO ?? e.MAIL_FROM ?? "";
}

/**
 * Stores the message first, so nothing is lost if mail fails, then e-mails it to the team
 * and records what happened to that e-mail on the row.
 */
export async function receiveContactMessage(
  input: ContactInput,
): Promise<{ id: string; emailStatus: ContactEmailStatus }> {
  const row = await insertContactMessage(input);
  const result = await sendMailNow({
    to: contactRecipient(),
    replyTo: input.email,
    ...contactMail({ ...input, receivedAt: row.createdAt }),
  });
  const emailStatus: ContactEmailStatus = result.delivered
    ? "sent"
    : result.via === "outbox" && !result.error
      ? "outbox"
      : "failed";
  await recordContactEmail(row.id, emailStatus, result.error);
  return { id: row.id, emailStatus };
}
