/** The words of handing a round-robin booking to another host (decision 060): the JSON path and the pages say the same. */
export const REASSIGN_MESSAGES = {
  forbidden: "Only the booking's host or an owner or admin of its team can reassign it.",
  notRoundRobin: "Only a round-robin booking can be reassigned.",
  ended: "This meeting has ended: it can no longer be reassigned.",
  notEligible: "Choose another host of this event type (not the one it has now).",
  hostNotFree: "That host is not free at this booking's time.",
  nobodyFree: "No other host of this event type is free at this booking's time.",
  awaitingPayment: "This booking waits for its guest's payment: it can be reassigned once it is paid.",
  title: (eventName: string) => `Reassign ${eventName}`,
  body: "Hand this booking to another host of its event type. The guest and both hosts are told, and it moves between their calendars.",
  hostLabel: "New host",
  nextInLine: "Next in line",
  nextInLineHint: (name: string | null) =>
    name ? `Next in line: the best ranked free host now (${name}).` : "Next in line: nobody else is free at this time.",
  busy: "busy then",
  confirm: "Reassign",
  keep: "Keep the host",
  reassigned: (name: string) => `Reassigned to ${name}. The guest and both hosts are told.`,
  teamHeading: "Round-robin bookings of your teams",
  teamIntro: "Upcoming round-robin bookings of the teams you own or run, hosted by someone else.",
  currentHost: (name: string) => `Hosted by ${name}`,
} as const;
