/** Copy of out of office (decision 061): the dashboard page, the JSON messages, the booking pages' notice. */
export const OUT_OF_OFFICE_MESSAGES = {
  instant: (field: "start" | "end") =>
    `Give ${field} as an ISO 8601 instant with an offset, such as 2026-12-01T09:00:00+01:00.`,
  startRequired: "Enter when your absence starts.",
  endRequired: "Enter when you are back.",
  dateTime: "Enter a date and a time.",
  nonexistent: "That time does not exist in your time zone (the clocks skip it): pick another.",
  endBeforeStart: "The end must be after the start.",
  over: "This absence is already over: pick an end in the future.",
  reasonTooLong: (max: number) => `A reason has at most ${max} characters.`,
  redirectSelf: "Guests cannot be sent to yourself: pick a teammate.",
  redirectNotTeammate: "Pick someone who shares a team with you.",
  redirectInvalid: "Pick a teammate from the list.",
  cap: (cap: number) => `You have ${cap} upcoming absences, the most there may be: delete one first.`,
  notFound: "No such absence.",
  unknownForm: "That form is not on this page.",
  added: "Absence added: no one can book you during it.",
  deleted: "Absence deleted.",
  /** The booking pages' notice, verbatim from the issue. */
  away: (name: string, date: string) => `${name} is away until ${date}`,
} as const;
