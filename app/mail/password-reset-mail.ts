import type { MailMessage } from "~/schemas/mail-message";
import { HOST_MAIL_WORDS } from "~/messages/host-mail-words";
import { fill, type Language } from "~/messages/languages";
import { linesToHtml } from "./event-mail";

/**
 * The "Forgot password?" mail (decision 041), in the language the account reads its mails in
 * (decision 118; English when none is chosen). Pure: it gets the link and what the account has.
 */
export function composePasswordResetMail(input: {
  name: string;
  url: string;
  hasPassword: boolean;
  hasGoogle: boolean;
  origin?: string;
  language?: Language;
}): Pick<MailMessage, "subject" | "text" | "html"> {
  const language = input.language ?? "en";
  const w = HOST_MAIL_WORDS[language];
  const lines = [
    input.name ? fill(w.resetHello, { name: input.name }) : w.resetHelloNoName,
    "",
    input.hasPassword ? w.resetAsk : w.resetAskGoogle,
    input.url,
    "",
    w.resetOnce,
    ...(input.hasGoogle && input.hasPassword ? [w.resetKeepGoogle] : []),
    "",
    w.resetIgnore,
  ];
  return {
    subject: w.resetSubject,
    text: lines.join("\n"),
    html: linesToHtml(
      lines,
      { origin: input.origin, language },
      { linkLabel: input.hasPassword ? w.resetChoose : w.resetSet },
    ),
  };
}
