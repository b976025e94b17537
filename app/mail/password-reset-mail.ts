import type { MailMessage } from "~/schemas/mail-message";
import { linesToHtml } from "./event-mail";

/** The "Forgot password?" mail (decision 041). Pure: it gets the link and what the account has. */
export function composePasswordResetMail(input: {
  name: string;
  url: string;
  hasPassword: boolean;
  hasGoogle: boolean;
  origin?: string;
}): Pick<MailMessage, "subject" | "text" | "html"> {
  const lines = [
    `Hello${input.name ? ` ${input.name}` : ""},`,
    "",
    input.hasPassword
      ? "Someone asked to reset the password of your Scheduler account. To choose a new one, open this link:"
      : "Someone asked to reset the password of your Scheduler account. You sign in with Google; to also have a password, open this link:",
    input.url,
    "",
    "The link works once, for one hour. Setting a password signs you out everywhere.",
    ...(input.hasGoogle && input.hasPassword ? ["You can also keep signing in with Google."] : []),
    "",
    "If you did not ask for this, ignore this e-mail: your password stays as it is.",
  ];
  return {
    subject: "Reset your Scheduler password",
    text: lines.join("\n"),
    html: linesToHtml(
      lines,
      { origin: input.origin },
      { linkLabel: input.hasPassword ? "Choose a new password" : "Set a password" },
    ),
  };
}
