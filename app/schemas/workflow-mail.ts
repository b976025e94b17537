/** What the workflow job (app/models/workflow.server.ts) hands the workflow texts (app/mail/workflow-mail.ts). */
import type { ComposedMail, MailLogo, ReminderTexts } from "./reminder-mail";

/** A template's values by variable name (docs/decisions/085), already in the reader's zone. */
export type TemplateValues = Record<string, string>;

export interface WorkflowTexts extends ReminderTexts {
  /** An e-mail from a subject and body template; values are HTML-escaped in the HTML part. */
  workflowMail(
    template: { subject: string; body: string },
    values: TemplateValues,
    /** A guest's mail: the host's or team's logo (decision 117), its alt text in the guest's language. */
    logo?: { logo: MailLogo | null; language?: string | null },
  ): ComposedMail;
  /** A bell notification or text message from a body template. */
  workflowText(body: string, values: TemplateValues): string;
  /** A text message: plain text, control characters stripped, the STOP line at the end (decision 090). */
  workflowSms(body: string, values: TemplateValues): string;
}
