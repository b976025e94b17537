import type { MailMessage } from "~/schemas/mail-message";
import { linesToMail } from "./layout";

/** The owner's mail when the app switched a failing webhook subscription off (docs/decisions/037). */
export function webhookDisabledMail(
  owner: { name: string; email: string },
  subscription: { url: string; disabledReason: string | null },
  pageUrl: string,
): MailMessage {
  const lines = [
    `Hello ${owner.name || owner.email},`,
    "",
    `Every delivery to your webhook ${subscription.url} failed for 3 days, so we switched it off.`,
    subscription.disabledReason ?? "",
    "",
    `See the delivery log, fix the receiver and switch it back on: ${pageUrl}`,
    "Deliveries that failed meanwhile can be sent again with Resend.",
  ];
  return {
    to: owner.email,
    subject: "Your webhook was switched off",
    text: lines.join("\n"),
    html: linesToMail(lines),
  };
}
