import { teamInvitationMail } from "~/mail/team-invitation";
import { TEAM_ACCEPT_PAGE } from "~/schemas/team-form";
import { sendMail } from "~/utils/mail-transport.server";

/** The accept link of an invitation on `base` (utils/request.server.ts linkBase). */
export function invitationLink(base: string, token: string): string {
  return `${base.replace(/\/$/, "")}${TEAM_ACCEPT_PAGE}?token=${encodeURIComponent(token)}`;
}

/** Mails the invitation with its accept link (stored in the outbox without SMTP). */
export async function mailTeamInvitation(base: string, owner: { name: string; email: string }, to: string, token: string): Promise<void> {
  await sendMail({ to, replyTo: owner.email, ...teamInvitationMail(owner, to, invitationLink(base, token)) });
}
