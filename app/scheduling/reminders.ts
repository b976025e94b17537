/**
 * Reminders and follow-ups (docs/decisions/022): which of an event's reminders are due at
 * `now`. Pure: no clock, no database; the job runner passes `now` and what was already sent.
 * Offsets are minutes of elapsed time ("24 hours before" is 24 real hours, across a DST change).
 */

export const REMINDER_RULES = ["guest-email", "guest-email-2", "host-in-app", "follow-up"] as const;
export type ReminderRule = (typeof REMINDER_RULES)[number];

export interface ReminderSettings {
  /** E-mail to the guests, `minutes` before the start. */
  guestEmail: { on: boolean; minutes: number };
  /** A second e-mail to the guests, closer to the start. */
  secondGuestEmail: { on: boolean; minutes: number };
  /** A notification in the host's bell, `minutes` before the start. */
  hostInApp: { on: boolean; minutes: number };
  /** E-mail to the guests `minutes` after the end, with the host's message. */
  followUp: { on: boolean; minutes: number; message: string };
}

/** Like Calendly's default workflows: guests hear a day ahead, the host a quarter hour ahead. */
export const DEFAULT_REMINDER_SETTINGS: ReminderSettings = {
  guestEmail: { on: true, minutes: 24 * 60 },
  secondGuestEmail: { on: false, minutes: 60 },
  hostInApp: { on: true, minutes: 15 },
  followUp: { on: false, minutes: 60, message: "" },
};

const WEEK = 7 * 24 * 60;

/** Offsets in minutes, inclusive (the database checks the same bounds). */
export const REMINDER_BOUNDS = {
  guestEmail: { min: 5, max: WEEK },
  secondGuestEmail: { min: 5, max: WEEK },
  hostInApp: { min: 1, max: 24 * 60 },
  followUp: { min: 0, max: WEEK },
} as const;

export const FOLLOW_UP_MESSAGE_MAX = 1000;

/**
 * A follow-up whose time passed more than this long ago is never sent (after an outage, a
 * restart must not mail guests about meetings long past).
 */
export const FOLLOW_UP_GRACE_MINUTES = 24 * 60;

export interface RemindedEvent {
  /** Only confirmed events are reminded (a pending booking waits for its host's approval). */
  status: "confirmed" | "cancelled" | "pending" | "awaiting_payment";
  startsAt: Date;
  endsAt: Date;
  /** When the event got its current start (booked, created or moved). */
  startSetAt: Date;
  /** Whether it has anyone to e-mail (a guest or invitees). */
  hasGuests: boolean;
}

const MINUTE = 60_000;

type Timing = { rule: ReminderRule; on: boolean; at: Date; guests: boolean; anchor: "start" | "end" };

function timings(event: RemindedEvent, s: ReminderSettings): Timing[] {
  const before = (minutes: number) => new Date(event.startsAt.getTime() - minutes * MINUTE);
  return [
    { rule: "guest-email", on: s.guestEmail.on, at: before(s.guestEmail.minutes), guests: true, anchor: "start" },
    {
      rule: "guest-email-2",
      on: s.secondGuestEmail.on,
      at: before(s.secondGuestEmail.minutes),
      guests: true,
      anchor: "start",
    },
    { rule: "host-in-app", on: s.hostInApp.on, at: before(s.hostInApp.minutes), guests: false, anchor: "start" },
    {
      rule: "follow-up",
      on: s.followUp.on,
      at: new Date(event.endsAt.getTime() + s.followUp.minutes * MINUTE),
      guests: true,
      anchor: "end",
    },
  ];
}

/** When a rule is meant to go out for this event (whether or not it is on). */
export function reminderTime(
  rule: ReminderRule,
  event: Pick<RemindedEvent, "startsAt" | "endsAt">,
  settings: ReminderSettings,
): Date {
  const t = timings({ ...event, status: "confirmed", startSetAt: event.startsAt, hasGuests: true }, settings).find(
    (x) => x.rule === rule,
  );
  return t!.at;
}

/**
 * The rules to send now, given those already sent for the event's current start:
 * - a cancelled event gets none;
 * - a reminder before the start is due from its time until the start, but only when its time
 *   came after the event got its start (booked 30 minutes ahead: no "24 hours before" mail);
 * - a follow-up is due from its time for FOLLOW_UP_GRACE_MINUTES;
 * - of two guest e-mails due at once (after an outage), only the later one goes out.
 */
export function dueReminders(input: {
  event: RemindedEvent;
  settings: ReminderSettings;
  delivered: ReadonlySet<string>;
  now: Date;
}): ReminderRule[] {
  const { event, settings, delivered, now } = input;
  if (event.status !== "confirmed") return [];
  const all = timings(event, settings);
  const t = now.getTime();
  const eligible = all.filter((x) => {
    if (!x.on || delivered.has(x.rule) || (x.guests && !event.hasGuests)) return false;
    if (x.at.getTime() > t || x.at.getTime() < event.startSetAt.getTime()) return false;
    if (x.anchor === "start") return t < event.startsAt.getTime();
    return t - x.at.getTime() <= FOLLOW_UP_GRACE_MINUTES * MINUTE;
  });
  const guestEmails = all.filter((x) => x.on && x.anchor === "start" && x.guests);
  return eligible
    .filter((x) => !(x.anchor === "start" && x.guests && guestEmails.some((o) => o.at > x.at && o.at.getTime() <= t)))
    .map((x) => x.rule);
}
