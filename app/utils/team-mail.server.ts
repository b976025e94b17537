import { TEAM_MESSAGES as M } from "../profile-messages";
import { TEAM_ACCEPT_PAGE } from "./team-form";
import { env } from "./env.server";
import { sendMail } from "./mail.server";

/** The accept link of an invitation: APP_URL, else the origin the request came to. */
export function invitationLink(request: Request, token: string): string {
  const base = (env().APP_URL ?? new URL(request.url).origin).replace(/\/$/, "");
  return `${base}${TEAM_ACCEPT_PAGE}?token=${encodeURIComponent(token)}`;
}

/** Mails the invitation with its accept link (stored in the outbox without SMTP). */
export async function mailTeamInvitation(request: Request, owner: { name: string; email: string }, to: string, token: string): Promise<void> {
  const who = owner.name || owner.email;
  const link = invitationLink(request, token);
  await sendMail({
    to,
    subject: M.mailSubject(who),
    replyTo: owner.email,
    text: [
      `${who} (${owner.email}) invited you to their team on Scheduler.`,
      "Team members host Collective and Round Robin meetings together.",
      "",
      `Accept or decline: ${link}`,
      "",
      `Sign in (or sign up) with this e-mail address, ${to}, to answer. If you did not expect this, ignore it.`,
    ].join("\n"),
  });
}
