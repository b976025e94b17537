/** User-facing texts of the profile and dashboard placeholder pages (one place for copy edits). */
export const PROFILE_MESSAGES = {
  profileHeading: "Profile",
  adminProfileHeading: "Admin Profile",
  nameRequired: "Name is required.",
  nameTooLong: "Use at most 100 characters.",
  nameControlCharacters: "Use letters, digits, spaces and punctuation only.",
  timeZoneRequired: "Choose a time zone.",
  timeZoneInvalid: "Choose a time zone from the list.",
  detailsSaved: "Profile saved.",
  timeZoneSaved: (zone: string) => `Time zone set to ${zone}.`,
  usernameSaved: "Username saved. Your booking link is updated.",
  currentPasswordRequired: "Enter your current password.",
  currentPasswordWrong: "That is not your current password.",
  confirmPasswordRequired: "Type the new password again.",
  samePassword: "Choose a password different from the current one.",
  passwordChanged: "Password changed. Other sessions were signed out.",
  passwordSet: "Password set. Other sessions were signed out.",
  signedOutEverywhere: "You are signed out on every device.",
  unknownForm: "That form is not on this page.",
} as const;

/** The placeholder pages of the dashboard: heading and what will appear there. */
export const PLACEHOLDER_PAGES = {
  scheduledEvents: {
    heading: "Scheduled Events",
    title: "Nothing scheduled here yet",
    body: "Meetings that guests book through your links will appear here, upcoming first. Events you create yourself are on My Schedule.",
  },
  workFlow: {
    heading: "Workflows",
    title: "No workflows yet",
    body: "Automated reminders and follow-ups for your events will be set up here.",
  },
  routingForms: {
    heading: "Routing Forms",
    title: "No routing forms yet",
    body: "Forms that ask guests a few questions and send them to the right booking link will be listed here.",
  },
} as const;

/** The Team page and the invitation link (decision 020). */
export const TEAM_MESSAGES = {
  heading: "Team",
  intro: "Invite people by e-mail. Members who accept can host your Collective and Round Robin event types with you.",
  emailRequired: "Enter the e-mail address to invite.",
  emailInvalid: "Enter a valid e-mail address.",
  invited: (email: string) => `Invitation sent to ${email}.`,
  resent: (email: string) => `Invitation sent again to ${email}.`,
  removed: (email: string) => `${email} is no longer on your team.`,
  self: "You are always on your own team: invite someone else.",
  alreadyMember: "This person is already on your team.",
  alreadyInvited: "This person is already invited: send the invitation again from the list.",
  cap: (cap: number) => `A team has at most ${cap} people: remove someone first.`,
  accepted: (owner: string) => `You joined ${owner}'s team.`,
  declined: (owner: string) => `You declined ${owner}'s invitation.`,
  left: (owner: string) => `You left ${owner}'s team.`,
  notPending: "This invitation was already answered or withdrawn.",
  notFound: "No such invitation.",
  wrongPerson: "This invitation was sent to another e-mail address. Sign in with that address to answer it.",
  unknownForm: "That form is not on this page.",
  mailSubject: (owner: string) => `${owner} invited you to their team on Scheduler`,
} as const;
