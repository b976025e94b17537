import { z } from "zod";
import { controlCharMessage, isPlainText, plainText } from "./input-rules";
import { MESSAGES } from "~/messages";

/**
 * The contact form's rules: a name, a valid e-mail and a message are required, the subject is
 * optional (docs/decisions/006).
 */
export const CONTACT_LIMITS = { name: 100, email: 254, subject: 200, message: 5000 } as const;

/** A field people never see; bots fill it (docs/decisions/006). */
export const HONEYPOT_FIELD = "website";

/** Header-bound text is one line: no line breaks can sneak into the e-mail's subject. */
const oneLine = (s: string) => s.replace(/\s+/g, " ").trim();

export const ContactSchema = z.object({
  name: z
    .string({ error: MESSAGES.contactNameRequired })
    .transform(oneLine)
    // conform turns an empty string into undefined at every string step, this one too.
    .pipe(
      z
        .string({ error: MESSAGES.contactNameRequired })
        .min(1, MESSAGES.contactNameRequired)
        .max(CONTACT_LIMITS.name, `Use at most ${CONTACT_LIMITS.name} characters.`)
        .refine((v) => isPlainText(v), controlCharMessage("Your name")),
    ),
  email: z
    .string({ error: MESSAGES.emailRequired })
    .trim()
    .min(1, MESSAGES.emailRequired)
    .max(CONTACT_LIMITS.email, MESSAGES.emailTooLong)
    .pipe(z.email(MESSAGES.emailInvalid)),
  subject: z
    .string()
    .transform((s) => oneLine(s) || undefined)
    .pipe(
      plainText(
        z.string().max(CONTACT_LIMITS.subject, `Use at most ${CONTACT_LIMITS.subject} characters.`),
        "The subject",
      ).optional(),
    )
    .optional(),
  message: z
    .string({ error: MESSAGES.contactMessageRequired })
    // Browsers count a line break as one character but send it as two (CRLF).
    .transform((s) => s.replace(/\r\n?/g, "\n").trim())
    .pipe(
      z
        .string({ error: MESSAGES.contactMessageRequired })
        .min(1, MESSAGES.contactMessageRequired)
        .max(CONTACT_LIMITS.message, `Use at most ${CONTACT_LIMITS.message} characters.`)
        .refine((v) => isPlainText(v, true), controlCharMessage("The message", true)),
    ),
});

export type ContactInput = z.infer<typeof ContactSchema>;

/** True when the honeypot holds anything: the sender is a bot. */
export function isHoneypotFilled(formData: FormData): boolean {
  const value = formData.get(HONEYPOT_FIELD);
  return typeof value === "string" && value.trim() !== "";
}
