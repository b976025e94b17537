import { linesToMail } from "./layout";

/** The invitation to a named team (decision 057), with its accept link and the role it grants. */
export function namedTeamInvitationMail(
  inviter: { name: string; email: string },
  team: string,
  role: string,
  to: string,
  link: string,
): { subject: string; text: string; html: string } {
  const who = inviter.name || inviter.email;
  const lines = [
    `${who} (${inviter.email}) invited you to the team ${team} on Scheduler, as ${role === "admin" ? "an admin" : `a ${role}`}.`,
    "Team members host Collective and Round Robin meetings together.",
    "",
    `Accept or decline: ${link}`,
    "",
    `Sign in (or sign up) with this e-mail address, ${to}, to answer. If you did not expect this, ignore it.`,
  ];
  return {
    subject: `${who} invited you to their team ${team} on Scheduler`,
    text: lines.join("\n"),
    html: linesToMail(lines),
  };
}
