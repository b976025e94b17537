import type { ContactInput } from "~/schemas/contact-form";

/** The e-mail the team receives for a contact message. Plain text only, so no markup can be injected. */
export function contactMail(input: ContactInput & { receivedAt: Date }): { subject: string; text: string } {
  const subject = input.subject ? `Contact form: ${input.subject}` : `Contact form: message from ${input.name}`;
  const text = [
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
  ].join("\n");
  return { subject, text };
}
