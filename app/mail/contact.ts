import type { ContactInput } from "~/schemas/contact-form";
import { linesToMail } from "./layout";

/** The e-mail the team receives for a contact message; its HTML part escapes every field like every mail's. */
export function contactMail(input: ContactInput & { receivedAt: Date }): {
  subject: string;
  text: string;
  html: string;
} {
  const subject = input.subject ? `Contact form: ${input.subject}` : `Contact form: message from ${input.name}`;
  const lines = [
    "A visitor sent this message through the contact form.",
    "",
    `Name: ${input.name}`,
    `Email: ${input.email}`,
    `Subject: ${input.subject || "(none)"}`,
    `Received: ${input.receivedAt.toISOString()}`,
    "",
    input.message,
    "",
    "Reply to this e-mail to answer the visitor.",
  ];
  return { subject, text: lines.join("\n"), html: linesToMail(lines, {}, { details: [1] }) };
}
