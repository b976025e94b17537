import nodemailer from "nodemailer";
import { mailOutbox, type MailOutboxStatus, type StoredMailAttachment } from "../../db/schema";
import { getDb } from "./db.server";
import { env } from "./env.server";

/**
 * The app's one way to send e-mail (docs/decisions/006). With SMTP_URL set, a message goes
 * to that server; without it, or when it has no recipient, it is kept in the mail_outbox
 * table. A message the SMTP server refuses or cannot take is kept there too, as 'failed'.
 * sendMail never throws: callers decide what a failure means to the user.
 */

export interface MailAttachment {
  filename: string;
  /** Text (an ICS file, say) or bytes. */
  content: string | Uint8Array;
  contentType?: string;
}

export interface MailMessage {
  to: string | string[];
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  attachments?: MailAttachment[];
}

export interface MailResult {
  /** True only when the SMTP server accepted the message for every recipient. */
  delivered: boolean;
  via: "smtp" | "outbox";
  error?: string;
}

/** A dead or slow SMTP server costs the request a few seconds at most, never a hang. */
export const SMTP_TIMEOUTS = { connectionTimeout: 5_000, greetingTimeout: 5_000, socketTimeout: 10_000 } as const;

type Transporter = ReturnType<typeof nodemailer.createTransport>;
let cached: { url: string; transporter: Transporter } | undefined;

function smtpTransport(): Transporter | null {
  const url = env().SMTP_URL;
  if (!url) return null;
  if (cached?.url !== url) cached = { url, transporter: nodemailer.createTransport({ url, ...SMTP_TIMEOUTS }) };
  return cached.transporter;
}

/** MAIL_FROM, or a no-reply address on the app's own host. */
export function mailFrom(): string {
  const e = env();
  if (e.MAIL_FROM) return e.MAIL_FROM;
  const host = e.APP_URL ? new URL(e.APP_URL).hostname : "localhost";
  return `Scheduler <no-reply@${host}>`;
}

function recipients(to: string | string[]): string[] {
  return (Array.isArray(to) ? to : [to]).map((r) => r.trim()).filter(Boolean);
}

/** nodemailer's message plus its code (ETIMEDOUT, EENVELOPE, ...), which says more to an admin. */
function errorText(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: unknown } | null)?.code;
  const text = typeof code === "string" && !message.includes(code) ? `${code}: ${message}` : message;
  return text.slice(0, 1000) || "Unknown error";
}

function storedAttachments(attachments: MailAttachment[] = []): StoredMailAttachment[] {
  return attachments.map((a) =>
    typeof a.content === "string"
      ? { filename: a.filename, contentType: a.contentType, encoding: "utf8", content: a.content }
      : { filename: a.filename, contentType: a.contentType, encoding: "base64", content: Buffer.from(a.content).toString("base64") },
  );
}

async function storeInOutbox(message: MailMessage, to: string[], status: MailOutboxStatus, error?: string): Promise<void> {
  const db = await getDb();
  await db.insert(mailOutbox).values({
    to: to.join(", "),
    replyTo: message.replyTo ?? null,
    subject: message.subject,
    text: message.text,
    html: message.html ?? null,
    attachments: storedAttachments(message.attachments),
    status,
    error: error ?? null,
  });
}

export async function sendMail(message: MailMessage): Promise<MailResult> {
  const to = recipients(message.to);
  const transporter = smtpTransport();
  if (!transporter || to.length === 0) {
    try {
      await storeInOutbox(message, to, "stored");
      return { delivered: false, via: "outbox" };
    } catch (error) {
      console.error(`mail: could not store "${message.subject}" in the outbox:`, error);
      return { delivered: false, via: "outbox", error: errorText(error) };
    }
  }

  let error: string;
  let undelivered = to;
  try {
    const info: { rejected?: string[] } = await transporter.sendMail({
      from: mailFrom(),
      to,
      replyTo: message.replyTo,
      subject: message.subject,
      text: message.text,
      html: message.html,
      attachments: message.attachments?.map((a) => ({
        filename: a.filename,
        content: typeof a.content === "string" ? a.content : Buffer.from(a.content),
        contentType: a.contentType,
      })),
    });
    const rejected = info.rejected ?? [];
    if (rejected.length === 0) return { delivered: true, via: "smtp" };
    // Some recipients got it: only the refused ones are kept for another try.
    undelivered = rejected;
    error = `Recipient refused: ${rejected.join(", ")}`;
  } catch (caught) {
    error = errorText(caught);
  }
  console.error(`mail: sending "${message.subject}" failed: ${error}`);
  try {
    await storeInOutbox(message, undelivered, "failed", error);
  } catch (caught) {
    console.error(`mail: could not keep the failed "${message.subject}" in the outbox:`, caught);
  }
  return { delivered: false, via: "smtp", error };
}
