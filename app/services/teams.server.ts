import { namedTeamInvitationMail } from "~/mail/team-invitation";
import {
  changeMemberRole,
  createTeam,
  inviteToTeam,
  removeTeamMember,
  renewTeamInvitation,
  respondToTeamInvitation,
  revokeTeamInvitation,
} from "~/models/teams.server";
import type { TeamRoleName } from "~/schemas/teams";
import { sendMail } from "~/server/mail-transport.server";
import { invitationLink } from "./team-invitations.server";

/**
 * Named teams' use cases (decision 057), one per write, whatever the entry point (dashboard
 * pages, JSON API). Invitations are mailed through the outbox with their accept link on `base`.
 */

export { changeMemberRole, createTeam, removeTeamMember, respondToTeamInvitation, revokeTeamInvitation };

interface Inviter {
  id: string;
  name: string;
  email: string;
}

/** Invites `email` to the team with `role` and mails the link. */
export async function inviteAndMail(
  base: string,
  actor: Inviter,
  teamId: string,
  email: string,
  role: TeamRoleName,
  now: Date,
) {
  const result = await inviteToTeam(actor, teamId, email, role, now);
  if (result.ok)
    await sendMail({
      to: result.email,
      replyTo: actor.email,
      ...namedTeamInvitationMail(actor, result.teamName, result.role, result.email, invitationLink(base, result.token)),
    });
  return result;
}

/** A new link for an invitation (the old one dies), mailed again. */
export async function resendInvitation(base: string, actor: Inviter, teamId: string, invitationId: string, now: Date) {
  const result = await renewTeamInvitation(actor.id, teamId, invitationId, now);
  if (result.ok) {
    await sendMail({
      to: result.email,
      replyTo: actor.email,
      ...namedTeamInvitationMail(actor, result.teamName, result.role, result.email, invitationLink(base, result.token)),
    });
  }
  return result;
}
