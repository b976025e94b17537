import { HOST_MAIL_WORDS } from "~/messages/host-mail-words";
import { fill, type Language } from "~/messages/languages";
import { linesToMail } from "./layout";

const ROLE = { owner: "invitedOwner", admin: "invitedAdmin", member: "invitedMember" } as const;

/**
 * The invitation to a named team (decision 057), with its accept link and the role it grants; in
 * the language the invited account reads its mails in, English for an address with no account
 * (decision 118).
 */
export function namedTeamInvitationMail(
  inviter: { name: string; email: string },
  team: string,
  role: string,
  to: string,
  link: string,
  language: Language = "en",
): { subject: string; text: string; html: string } {
  const w = HOST_MAIL_WORDS[language];
  const who = inviter.name || inviter.email;
  const named = role in ROLE ? w[ROLE[role as keyof typeof ROLE]] : role;
  const lines = [
    fill(w.invited, { who, email: inviter.email, team, role: named }),
    w.invitedAbout,
    "",
    fill(w.invitedAnswer, { url: link }),
    "",
    fill(w.invitedSignIn, { address: to }),
  ];
  return {
    subject: fill(w.invitedSubject, { who, team }),
    text: lines.join("\n"),
    html: linesToMail(lines, { language }),
  };
}
