import { composePasswordResetMail } from "~/mail/password-reset-mail";
import { issueResetToken, resetPassword } from "~/models/password-reset.server";
import { env } from "~/server/env.server";
import { queueMail, sendOutboxMail } from "~/server/mail-transport.server";
import { recordAudit, type AuditOrigin } from "./audit.server";

/**
 * "Forgot password?" (decision 041) for the page and POST /api/password-reset alike. The answer
 * never says whether the address has an account; the mail leaves through the outbox, written
 * with the link in one transaction.
 */

export function resetUrl(base: string, token: string): string {
  return `${base.replace(/\/$/, "")}/reset-password/${encodeURIComponent(token)}`;
}

export async function requestPasswordReset(input: { email: string; linkBase: string; now: Date }): Promise<void> {
  const issued = await issueResetToken(input.email, input.now, async (tx, token, account) => {
    await queueMail(tx, {
      to: account.email,
      ...composePasswordResetMail({ ...account, url: resetUrl(input.linkBase, token), origin: input.linkBase }),
    });
  });
  // The outbox job sends it within a poll; this only makes it prompt (not awaited).
  if (issued && env().JOBS !== "off")
    sendOutboxMail(new Date()).catch((error) =>
      console.error("password reset: the outbox nudge failed (the job runner retries):", error),
    );
}

export function completePasswordReset(
  token: string,
  password: string,
  now: Date,
  request: Request | AuditOrigin | null = null,
): Promise<boolean> {
  return resetPassword(token, password, now, (tx, userId) =>
    recordAudit({
      actorId: userId,
      action: "account.password_reset",
      targetType: "user",
      targetId: userId,
      request,
      tx,
    }),
  );
}
