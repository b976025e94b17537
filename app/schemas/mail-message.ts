/** A message as the mail composers (app/mail) write it and the transport (app/server/mail-transport.server.ts) sends it. */
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
