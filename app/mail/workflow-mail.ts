import { renderTemplate } from "~/scheduling/workflows";
import { smsFromTemplate } from "~/scheduling/sms";
import type { ComposedMail, MailLogo } from "~/schemas/reminder-mail";
import { languageOf } from "~/messages/languages";
import { logoFrame } from "./reminder-mail";
import type { TemplateValues } from "~/schemas/workflow-mail";
import { linesToMail } from "./layout";

/**
 * A workflow's own texts (docs/decisions/085): the host's subject and body with the booking's
 * values. The HTML part escapes the host's text and every value (a guest's name or answer is
 * never markup); the text part is the same words unescaped.
 */

export function workflowMail(
  template: { subject: string; body: string },
  values: TemplateValues,
  /** A guest's mail: the host's or team's logo on top (decision 117), its alt text in the guest's language. */
  logo?: { logo: MailLogo | null; language?: string | null },
): ComposedMail {
  const subject = renderTemplate(template.subject, values)
    .replace(/[\r\n]+/g, " ")
    .trim();
  const text = renderTemplate(template.body, values).trim();
  // The layout escapes every line of the rendered text: a host's markup or a guest's name stays text.
  const html = linesToMail(text.split("\n"), logo ? logoFrame(logo.logo, languageOf(logo.language) ?? "en") : {});
  return { subject: subject || "A message about your meeting", text, html };
}

export function workflowText(body: string, values: TemplateValues): string {
  return renderTemplate(body, values).trim();
}

/** A text message (docs/decisions/090): plain text, never escaped; the STOP line last. */
export function workflowSms(body: string, values: TemplateValues): string {
  return smsFromTemplate(body, values);
}
