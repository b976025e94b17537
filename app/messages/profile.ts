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
  routingForms: {
    heading: "Routing Forms",
    title: "No routing forms yet",
    body: "Forms that ask guests a few questions and send them to the right booking link will be listed here.",
  },
} as const;

/** The Workflows page: the host's reminders and follow-ups (docs/decisions/022). */
export const WORKFLOW_MESSAGES = {
  heading: "Workflows",
  intro:
    "Reminders and follow-ups go out by themselves for your confirmed events: bookings through your links and events you create with invitees. Changes apply to reminders not sent yet.",
  guestEmailTitle: "Reminder e-mail to guests",
  guestEmailHint: "Each guest gets an e-mail with the time in their own zone, the place and the join link.",
  secondGuestEmailTitle: "Second reminder e-mail",
  secondGuestEmailHint: "Another e-mail closer to the start, for meetings booked well ahead.",
  hostInAppTitle: "Reminder for you",
  hostInAppHint: "A notification in your bell before each event.",
  followUpTitle: "Follow-up e-mail to guests",
  followUpHint: "A thank-you after the event ends, with your message. Never sent more than a day late.",
  followUpMessageLabel: "Your message (optional)",
  followUpMessagePlaceholder: "Thanks for your time! Here are the slides we talked about: …",
  send: "Send",
  before: "before the event starts",
  after: "after the event ends",
  save: "Save workflows",
  saved: "Workflows saved. Reminders not sent yet follow the new settings.",
  checkFields: "Check the highlighted fields.",
  amountRequired: "Enter a number.",
  wholeMinutes: "Use whole minutes (1.5 hours is fine, 2.5 minutes is not).",
  between: (min: string, max: string) => `Choose between ${min} and ${max}.`,
  secondAfterFirst: "The second reminder must come closer to the start than the first.",
  messageTooLong: (max: number) => `Use at most ${max} characters.`,
} as const;

/** The host's Scheduled Events page (decision 021). */
export const SCHEDULED_EVENTS_MESSAGES = {
  tabs: { upcoming: "Upcoming", past: "Past", cancelled: "Cancelled" },
  empty: {
    upcoming: { title: "No upcoming events", body: "Share a booking link: the meetings guests book appear here, soonest first.", action: "Open Event Types" },
    past: { title: "Nothing in the past yet", body: "Meetings move here once they have ended.", action: "See upcoming events" },
    cancelled: { title: "No cancelled events", body: "Events you or your guests cancel are kept here.", action: "See upcoming events" },
  },
  noGuest: "No guest (created by you)",
  seatsUsed: (used: number, capacity: number) => `${used} of ${capacity} seats taken`,
  cancelTitle: (name: string) => `Cancel "${name}"?`,
  cancelBody: "Your guests get a cancellation for their calendars; the event stays on this page under Cancelled.",
  reasonLabel: "Reason for cancelling",
  reasonHint: "Optional. Your guests read it in the cancellation e-mail.",
  reasonTooLong: (max: number) => `Use at most ${max} characters.`,
  keep: "Keep it",
  confirmCancel: "Cancel event",
  cancelled: "Event cancelled. Your guests were told.",
  alreadyCancelled: "This event is already cancelled.",
  ended: "This event has already ended.",
  rescheduleTitle: (name: string) => `Reschedule "${name}"`,
  rescheduleBody: "Pick a new time; your guests get the updated invitation.",
  pickTime: "Pick one of the times.",
  moved: (when: string) => `Moved to ${when}. Your guests got the updated invitation.`,
  slotTaken: "That time was just taken.",
  noSlots: "No free times on this day. Try another day.",
  notBookable: "This event was not booked through one of your booking links (or that link is turned off), so its time is changed by editing it on My Schedule.",
  editOnMySchedule: "Edit on My Schedule",
  showTimes: "Show times",
  unknownAction: "That form is not on this page.",
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
