import type { MailMessage } from "~/schemas/mail-message";
import { HOST_MAIL_WORDS } from "~/messages/host-mail-words";
import { fill, type Language } from "~/messages/languages";
import { linesToMail } from "./layout";

/**
 * The owner's mail when the app switched a failing webhook subscription off (docs/decisions/037),
 * in the language of the owner's profile (decision 118); the stored reason as it is.
 */
export function webhookDisabledMail(
  owner: { name: string; email: string; language?: Language },
  subscription: { url: string; disabledReason: string | null },
  pageUrl: string,
): MailMessage {
  const language = owner.language ?? "en";
  const w = HOST_MAIL_WORDS[language];
  const lines = [
    fill(w.resetHello, { name: owner.name || owner.email }),
    "",
    fill(w.webhookOff, { url: subscription.url }),
    subscription.disabledReason ?? "",
    "",
    fill(w.webhookFix, { url: pageUrl }),
    w.webhookResend,
  ];
  return {
    to: owner.email,
    subject: w.webhookSubject,
    text: lines.join("\n"),
    html: linesToMail(lines, { language }),
  };
}
