import { namedTeamInvitationMail } from "~/mail/team-invitation";
import {
  changeMemberRole as changeMemberRoleRow,
  createTeam,
  inviteToTeam,
  removeTeamMember as removeTeamMemberRow,
  renewTeamInvitation,
  respondToTeamInvitation,
  revokeTeamInvitation,
} from "~/models/teams.server";
import type { TeamRoleName } from "~/schemas/teams";
import { mailLanguageOf } from "~/models/user.server";
import { sendMail } from "~/server/mail-transport.server";
import { invitationLink } from "./team-invitations.server";
import { recordAudit, type AuditOrigin } from "./audit.server";

/**
 * Named teams' use cases (decision 057), one per write, whatever the entry point (dashboard
 * pages, JSON API). Invitations are mailed through the outbox with their accept link on `base`.
 */

export { createTeam, respondToTeamInvitation, revokeTeamInvitation };

/** An owner or admin changes a member's role (the last owner stays); audited (decision 070). */
export async function changeMemberRole(
  actorId: string,
  teamId: string,
  userId: string,
  role: TeamRoleName,
  request: Request | AuditOrigin | null = null,
) {
  const result = await changeMemberRoleRow(actorId, teamId, userId, role);
  if (result.ok) {
    await recordAudit({
      actorId,
      action: "team.member_role_changed",
      targetType: "team",
      targetId: teamId,
      after: { userId: result.member.userId, role },
      request,
    });
  }
  return result;
}

/** An owner or admin removes a member, or a member leaves (their own id); audited (decision 070). */
export async function removeTeamMember(
  actorId: string,
  teamId: string,
  userId: string,
  request: Request | AuditOrigin | null = null,
) {
  const result = await removeTeamMemberRow(actorId, teamId, userId);
  if (result.ok) {
    await recordAudit({
      actorId,
      action: "team.member_removed",
      targetType: "team",
      targetId: teamId,
      before: { userId: result.member.userId },
      request,
    });
  }
  return result;
}

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
  if (result.ok) await mailInvitation(base, actor, result);
  return result;
}

/** The invitation's mail, from the inviter, to the address invited. */
async function mailInvitation(
  base: string,
  actor: Inviter,
  invitation: { email: string; teamName: string; role: TeamRoleName; token: string },
) {
  await sendMail({
    to: invitation.email,
    replyTo: actor.email,
    ...namedTeamInvitationMail(
      actor,
      invitation.teamName,
      invitation.role,
      invitation.email,
      invitationLink(base, invitation.token),
      // An account's own language (decision 118); an address with no account reads English.
      await mailLanguageOf({ email: invitation.email }),
    ),
  });
}

/** A new link for an invitation (the old one dies), mailed again. */
export async function resendInvitation(base: string, actor: Inviter, teamId: string, invitationId: string, now: Date) {
  const result = await renewTeamInvitation(actor.id, teamId, invitationId, now);
  if (result.ok) await mailInvitation(base, actor, result);
  return result;
}
