import { z } from "zod";
import { dateWindowMessage, isWithinDateWindow, plainText } from "./input-rules";
import { MESSAGES } from "~/messages";
import { wallClockToInstant } from "~/scheduling/zoned-time";
import type { Event } from "../../db/schema";

/**
 * The event forms' schemas, shared by the browser (instant feedback) and the server (the
 * decision). They take the host's time zone and `now`, because "in the past" and "a time the
 * clocks skip" depend on both.
 */

export const EVENT_OPTIONS = ["In Person Meeting", "Phone Call", "Google Meet"] as const;

export const DURATIONS = [15, 30, 45, 60, 90, 120, 180, 240] as const;
export const DEFAULT_DURATION = 30;
export const MAX_DESCRIPTION = 5000;
export const MAX_EVENT_NAME = 120;
export const MAX_INVITEES = 4;

const eventName = plainText(
  z
    .string({ error: MESSAGES.eventNameRequired })
    .trim()
    .min(1, MESSAGES.eventNameRequired)
    .max(MAX_EVENT_NAME, `Use at most ${MAX_EVENT_NAME} characters.`),
  "The event name",
);

const eventType = z.enum(EVENT_OPTIONS, { error: "Choose how you will meet." });

const description = plainText(
  z
    .string({ error: MESSAGES.descriptionRequired })
    .trim()
    .min(1, MESSAGES.descriptionRequired)
    .max(MAX_DESCRIPTION, `Keep the description to ${MAX_DESCRIPTION} characters or fewer.`),
  "The description",
  { multiline: true },
);

const date = z.string({ error: "Choose a date." }).regex(/^\d{4}-\d{2}-\d{2}$/, "Choose a date.");
const time = z.string({ error: "Choose a time." }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Choose a time.");
const duration = z
  .number({ error: "Choose a duration." })
  .int("Choose a duration.")
  .min(5, "A meeting lasts at least 5 minutes.")
  .max(720, "A meeting lasts at most 12 hours.")
  .default(DEFAULT_DURATION);

const email = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .toLowerCase()
    .min(1, required)
    .max(254, "Use a shorter e-mail address.")
    .pipe(z.email("Enter a valid e-mail address."));

/**
 * An optional invitee: left out, empty or only spaces is no invitee (the legacy forms and
 * clients send `"email2": ""` for a blank field); anything else must be an e-mail address.
 */
export const optionalEmail = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, "Use a shorter e-mail address.")
  .refine((value) => value === "" || z.email().safeParse(value).success, "Enter a valid e-mail address.")
  .transform((value) => value || undefined)
  .optional();

export interface EventTimeContext {
  timeZone: string;
  now: Date;
}

/** Adds `startsAt`/`endsAt` from date + time + duration in the host's zone, refusing the past. */
function withInstants<T extends { date: string; time: string; duration: number }>(ctx: EventTimeContext) {
  return (value: T, issue: z.RefinementCtx) => {
    const start = wallClockToInstant(value.date, value.time, ctx.timeZone);
    if (!start.ok) {
      issue.addIssue({
        code: "custom",
        path: [start.reason === "nonexistent" ? "time" : "date"],
        message:
          start.reason === "nonexistent"
            ? `The clocks skip this time in ${ctx.timeZone} (daylight saving). Choose another time.`
            : "Choose a date.",
      });
      return z.NEVER;
    }
    if (start.instant.getTime() <= ctx.now.getTime()) {
      issue.addIssue({
        code: "custom",
        path: ["date"],
        message: "Choose a date and time in the future.",
      });
      return z.NEVER;
    }
    if (!isWithinDateWindow(start.instant, ctx.now)) {
      issue.addIssue({ code: "custom", path: ["date"], message: dateWindowMessage("The date") });
      return z.NEVER;
    }
    return {
      ...value,
      startsAt: start.instant,
      endsAt: new Date(start.instant.getTime() + value.duration * 60_000),
    };
  };
}

const details = { eventName, eventType, description, date, time, duration };

/**
 * The plain field objects, for conform's `getZodConstraint` (the HTML attributes), which
 * cannot look through the transforms below.
 */
export const oneToOneEventFields = z.object({
  ...details,
  targetedEmail: email("Enter the invitee's e-mail."),
});
export const updateEventFields = z.object(details);
export const groupEventFields = z
  .object({
    ...details,
    email1: email("Enter at least one invitee's e-mail."),
    email2: optionalEmail,
    email3: optionalEmail,
    email4: optionalEmail,
  })
  .superRefine((value, issue) => {
    const seen = new Set<string>();
    for (const key of ["email1", "email2", "email3", "email4"] as const) {
      const address = value[key];
      if (!address) continue;
      if (seen.has(address))
        issue.addIssue({
          code: "custom",
          path: [key],
          message: "This e-mail is already invited.",
        });
      seen.add(address);
    }
  });

export function oneToOneEventSchema(ctx: EventTimeContext) {
  return oneToOneEventFields.transform(withInstants(ctx));
}

export function groupEventSchema(ctx: EventTimeContext) {
  return groupEventFields.transform(withInstants(ctx));
}

export function updateEventSchema(ctx: EventTimeContext) {
  return updateEventFields.transform(withInstants(ctx));
}

/** The invitee list of a parsed group form, in order, without the blanks. */
export function groupInvitees(value: { email1: string; email2?: string; email3?: string; email4?: string }): string[] {
  return [value.email1, value.email2, value.email3, value.email4].filter((e): e is string => Boolean(e));
}

/** An event with its invitees, as the models answer it. */
export interface HostEvent extends Event {
  invitees: string[];
  /** Names of invitees by e-mail when known (a group session's seat holders): the calendar file's ATTENDEE CN. */
  attendeeNames?: Record<string, string>;
}
