/** The workflow editor's copy (docs/decisions/085). */
export const WORKFLOW_EDITOR = {
  listHeading: "Your workflows",
  listIntro:
    "A workflow sends messages on a trigger for the event types you pick. The four reminders above are your default workflows.",
  none: "No workflows yet.",
  add: "New workflow",
  edit: "Edit",
  defaultBadge: "Default",
  off: "Off",
  newHeading: "New workflow",
  editHeading: "Edit workflow",
  back: "Back to Workflows",
  name: "Name",
  trigger: "When",
  offset: "Minutes before the start or after the end",
  offsetHint: "Only for “before the start” and “after the end”. Up to 43200 (30 days).",
  active: "On",
  allEventTypes: "All my event types, also new ones",
  eventTypes: "Event types",
  noEventTypes: "You have no event types yet.",
  actions: "Actions",
  actionN: (n: number) => `Action ${n}`,
  actionsHint: "Leave an action's message empty to leave it out.",
  type: "Send",
  subject: "Subject (e-mails)",
  body: "Message",
  variables: "Variables",
  variablesIntro: "Write these in the subject or the message; they become the booking's details.",
  preview: "Preview",
  previewHeading: "Preview with a sample booking",
  save: "Save workflow",
  remove: "Delete workflow",
  saved: "Workflow saved.",
  removed: "Workflow deleted.",
  checkFields: "Check the highlighted fields.",
  smsUnavailable: "Text messages are unavailable on this server (no SMS transport is configured). Pick another action.",
  smsAvailable:
    'Texts go only to guests who gave a mobile number and agreed to texts; each ends with "Reply STOP to opt out." and is at most 1,600 characters.',
  smsNoHostPhone: "Texts to guests are available. A text to you needs your mobile number on your profile.",
  addPhone: "Add your phone number",
  hostPhoneMissing: "A text to you needs your mobile number: add it on your profile first.",
  notFound: "No such workflow.",
  // Team workflows (docs/decisions/109).
  addForTeam: (team: string) => `New workflow for ${team}`,
  teamBadge: (team: string) => `Team: ${team}`,
  newTeamHeading: (team: string) => `New workflow for ${team}`,
  teamIntro: (team: string) =>
    `A workflow of ${team}: it runs for the team's event types whoever hosts the booking; “you” in a message is that host.`,
  allTeamEventTypes: "All the team's event types, also new ones",
  noTeamEventTypes: "The team has no event types yet.",
  teamForbidden: "Only an owner or admin of the team can manage its workflows.",
} as const;

export const TRIGGER_LABELS = {
  booked: "When booked",
  before_start: "Before the start",
  after_end: "After the end",
  cancelled: "When cancelled",
  rescheduled: "When rescheduled",
  no_show: "When a no-show is marked",
} as const;

export const ACTION_LABELS = {
  email_guest: "E-mail to the guests",
  email_host: "E-mail to me",
  sms_guest: "Text to the guest",
  sms_host: "Text to me",
  bell: "Notification in my bell",
} as const;

/** A team's workflow (docs/decisions/109): "me" is the booking's host, the member it is assigned to. */
export const TEAM_ACTION_LABELS: Record<keyof typeof ACTION_LABELS, string> = {
  ...ACTION_LABELS,
  email_host: "E-mail to the booking's host",
  sms_host: "Text to the booking's host",
  bell: "Notification in the host's bell",
};

/** A workflow's offset in the largest whole unit: 1440 → "1 day", 90 → "90 minutes", 120 → "2 hours". */
export function offsetText(minutes: number): string {
  const [value, unit] =
    minutes > 0 && minutes % 1440 === 0
      ? [minutes / 1440, "day"]
      : minutes > 0 && minutes % 60 === 0
        ? [minutes / 60, "hour"]
        : [minutes, "minute"];
  return `${value} ${unit}${value === 1 ? "" : "s"}`;
}
