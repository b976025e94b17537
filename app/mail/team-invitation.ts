import { TEAM_MESSAGES as M } from "~/messages/profile";

/** The invitation to a team, with its accept link. */
export function teamInvitationMail(owner: { name: string; email: string }, to: string, link: string): { subject: string; text: string } {
  const who = owner.name || owner.email;
  return {
    subject: M.mailSubject(who),
    text: [
      `${who} (${owner.email}) invited you to their team on Scheduler.`,
      "Team members host Collective and Round Robin meetings together.",
      "",
      `Accept or decline: ${link}`,
      "",
      `Sign in (or sign up) with this e-mail address, ${to}, to answer. If you did not expect this, ignore it.`,
    ].join("\n"),
  };
}
