import { z } from "zod";
import type { priceFormField } from "./event-type-price-form";
import { isPayableKind, priceField, refundPolicyField } from "./price";
import { refundPolicyOf } from "~/scheduling/refund-policy";
import { LANGUAGES, languageOf } from "~/messages/languages";
import { httpUrlMessage, isHttpUrl, plainText } from "./input-rules";
import type { EventTypeRow, ScheduleRow } from "../../db/schema";
import type { DateOverride, WeeklyHours } from "~/scheduling/availability";
import { MAX_BOOKING_WINDOW_DAYS, MAX_RANGE_DAYS } from "~/scheduling/slots";
import { dayNumber } from "~/scheduling/zoned-time";
import { isTimeZone } from "~/scheduling/time-zone";
import { RECURRING_MAX_INTERVAL_WEEKS, RECURRING_MAX_OCCURRENCES } from "~/scheduling/recurrence";
import { bookingLimitField, questionJsonSchema, questionsField } from "./booking-questions";

/**
 * The scheduling JSON paths' shapes (decision 016): the bodies of POST/PUT /api/schedules and
 * /api/event-types, the /api/slots query, and what they answer (docs/decisions/016). The
 * routes validate with these schemas and the OpenAPI document describes itself with the same
 * ones. Pure: the checks that need the database (a schedule of the caller's, who may host)
 * are the routes'.
 */

// ---------------------------------------------------------------------------------------------
// Pure helpers

const HHMM = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** Minutes from midnight of "HH:mm" ("24:00" only as an end), or null when malformed. */
export function minutesOfTime(time: string, isEnd = false): number | null {
  if (isEnd && time === "24:00") return 24 * 60;
  const m = HHMM.exec(time);
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

/**
 * The index pairs [earlier, later] of the first two intervals that overlap (touching is fine:
 * 09:00-12:00 and 12:00-17:00), or null. Intervals with a malformed time are skipped (their
 * own field has the error).
 */
export function firstOverlap(intervals: readonly { start: string; end: string }[]): [number, number] | null {
  const ranges = intervals
    .map((interval, index) => ({ index, start: minutesOfTime(interval.start), end: minutesOfTime(interval.end, true) }))
    .filter(
      (r): r is { index: number; start: number; end: number } => r.start !== null && r.end !== null && r.end > r.start,
    )
    .sort((a, b) => a.start - b.start || a.index - b.index);
  for (let i = 1; i < ranges.length; i++) {
    if (ranges[i].start < ranges[i - 1].end) {
      const pair = [ranges[i - 1].index, ranges[i].index].sort((a, b) => a - b);
      return [pair[0], pair[1]];
    }
  }
  return null;
}

/** Whole days from `start` to `end` (both "YYYY-MM-DD"), counting both: 1 for the same date. */
export function daysInRange(start: string, end: string): number | null {
  const a = dayNumber(start);
  const b = dayNumber(end);
  return a === null || b === null ? null : b - a + 1;
}

// ---------------------------------------------------------------------------------------------
// Fields

const timeZoneField = z
  .string({ error: "Give an IANA time zone, such as America/New_York." })
  .trim()
  .refine(isTimeZone, { message: "Give a valid IANA time zone, such as America/New_York." })
  .meta({ description: "IANA time zone.", example: "America/New_York" });

const startTime = z
  .string({ error: "Give a start time as HH:mm." })
  .regex(HHMM, "Give a start time as HH:mm (00:00 to 23:59).")
  .meta({ example: "09:00" });
const endTime = z
  .string({ error: "Give an end time as HH:mm." })
  .refine((t) => minutesOfTime(t, true) !== null, {
    message: 'Give an end time as HH:mm (00:01 to 24:00; "24:00" is the end of the day).',
  })
  .meta({ example: "17:00" });

const dateField = (label: string) =>
  z
    .string({ error: `Give ${label} as YYYY-MM-DD.` })
    .refine((d) => dayNumber(d) !== null, { message: `Give ${label} as a real date, YYYY-MM-DD.` })
    .meta({ example: "2026-12-24" });

function endAfterStart(value: { start: string; end: string }, ctx: z.RefinementCtx) {
  const start = minutesOfTime(value.start);
  const end = minutesOfTime(value.end, true);
  if (start !== null && end !== null && end <= start) {
    ctx.addIssue({
      code: "custom",
      path: ["end"],
      message: `The end (${value.end}) must be after the start (${value.start}).`,
    });
  }
}

const weeklyHours = z
  .object({
    day: z
      .number({ error: "Give the day as 1 (Monday) to 7 (Sunday)." })
      .int("Give the day as 1 (Monday) to 7 (Sunday).")
      .min(1, "Give the day as 1 (Monday) to 7 (Sunday).")
      .max(7, "Give the day as 1 (Monday) to 7 (Sunday).")
      .meta({ description: "ISO weekday: 1 = Monday ... 7 = Sunday.", example: 1 }),
    start: startTime,
    end: endTime,
  })
  .superRefine(endAfterStart);

const dateOverride = z
  .object({
    date: dateField("the date"),
    start: startTime.optional(),
    end: endTime.optional(),
    unavailable: z.literal(true, { error: "unavailable can only be true (leave it out to give hours)." }).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.unavailable) {
      if (value.start !== undefined || value.end !== undefined) {
        ctx.addIssue({
          code: "custom",
          path: ["unavailable"],
          message: "Give either hours (start and end) or unavailable: true, not both.",
        });
      }
      return;
    }
    if (value.start === undefined || value.end === undefined) {
      ctx.addIssue({
        code: "custom",
        path: [value.start === undefined ? "start" : "end"],
        message: "Give start and end, or unavailable: true.",
      });
      return;
    }
    endAfterStart({ start: value.start, end: value.end }, ctx);
  })
  .meta({ description: "Other hours on one date ({ date, start, end }) or none ({ date, unavailable: true })." });

// ---------------------------------------------------------------------------------------------
// Schedules

export const SCHEDULE_NAME_MAX = 100;

/**
 * POST /api/schedules and PUT /api/schedules/{id}. PUT replaces the whole schedule: `weekly`
 * and `overrides` left out are empty, `isDefault` left out is false (the default schedule
 * stays the default: make another one the default instead).
 */
export const scheduleBody = z
  .object({
    name: plainText(
      z
        .string({ error: "Give the schedule a name." })
        .trim()
        .min(1, "Give the schedule a name.")
        .max(SCHEDULE_NAME_MAX, `Use at most ${SCHEDULE_NAME_MAX} characters.`),
      "The name",
    ).meta({ example: "Working hours" }),
    timeZone: timeZoneField,
    isDefault: z
      .boolean({ error: "isDefault is true or false." })
      .default(false)
      .meta({ description: "Make this the default schedule (the old default stops being one)." }),
    weekly: z
      .array(weeklyHours, { error: "weekly is a list of { day, start, end }." })
      .max(168, "Give at most 168 weekly intervals.")
      .default([]),
    overrides: z
      .array(dateOverride, { error: "overrides is a list of { date, start, end } or { date, unavailable: true }." })
      .max(1000, "Give at most 1000 overrides.")
      .default([]),
  })
  .superRefine((value, ctx) => {
    for (let day = 1; day <= 7; day++) {
      const indexes = value.weekly.flatMap((w, i) => (w.day === day ? [i] : []));
      const overlap = firstOverlap(indexes.map((i) => value.weekly[i]));
      if (overlap) {
        const [a, b] = overlap.map((i) => indexes[i]);
        ctx.addIssue({
          code: "custom",
          path: ["weekly", b],
          message: `Overlaps weekly[${a}] on the same day; make the intervals of a day not overlap.`,
        });
      }
    }
    const byDate = new Map<string, number[]>();
    value.overrides.forEach((o, i) => byDate.set(o.date, [...(byDate.get(o.date) ?? []), i]));
    for (const [date, indexes] of byDate) {
      const entries = indexes.map((i) => value.overrides[i]);
      if (entries.some((o) => o.unavailable) && entries.length > 1) {
        ctx.addIssue({
          code: "custom",
          path: ["overrides", indexes[1]],
          message: `${date} is marked unavailable; give no other override for it.`,
        });
        continue;
      }
      const hours = entries.flatMap((o) =>
        o.start !== undefined && o.end !== undefined ? [{ start: o.start, end: o.end }] : [],
      );
      const overlap = hours.length === entries.length ? firstOverlap(hours) : null;
      if (overlap) {
        ctx.addIssue({
          code: "custom",
          path: ["overrides", indexes[overlap[1]]],
          message: `Overlaps overrides[${indexes[overlap[0]]}] on ${date}; make the intervals of a date not overlap.`,
        });
      }
    }
  })
  .transform((value) => ({
    name: value.name,
    timeZone: value.timeZone,
    isDefault: value.isDefault,
    weekly: value.weekly.map(({ day, start, end }): WeeklyHours => ({ day, start, end })),
    overrides: value.overrides.map((o): DateOverride =>
      o.unavailable ? { date: o.date, unavailable: true } : { date: o.date, start: o.start ?? "", end: o.end ?? "" },
    ),
  }))
  .meta({ id: "ScheduleInput" });

export type ScheduleInput = z.output<typeof scheduleBody>;

export const scheduleJsonSchema = z
  .object({
    _id: z.string(),
    name: z.string(),
    timeZone: z.string(),
    isDefault: z.boolean(),
    weekly: z.array(z.object({ day: z.number().int(), start: z.string(), end: z.string() })),
    overrides: z.array(
      z.union([
        z.object({ date: z.string(), start: z.string(), end: z.string() }),
        z.object({ date: z.string(), unavailable: z.literal(true) }),
      ]),
    ),
  })
  .meta({ id: "Schedule" });

export function scheduleJson(
  row: Pick<ScheduleRow, "id" | "name" | "timeZone" | "isDefault" | "weekly" | "overrides">,
): z.infer<typeof scheduleJsonSchema> {
  return {
    _id: row.id,
    name: row.name,
    timeZone: row.timeZone,
    isDefault: row.isDefault,
    weekly: row.weekly,
    overrides: row.overrides,
  };
}

// ---------------------------------------------------------------------------------------------
// Event types

/** The kinds POST /api/event-types makes; a team's managed template (decision 058) is made on the team's path only. */
export const EVENT_TYPE_KINDS = ["one-to-one", "group", "collective", "round-robin"] as const;
/** Every kind an event type may have (what the JSON answers). */
export const ALL_EVENT_TYPE_KINDS = [...EVENT_TYPE_KINDS, "managed"] as const;
export const MANAGED_KIND_MESSAGE =
  "A managed event type belongs to a team: make it with POST /api/teams/{id}/event-types or on the team's page.";
/**
 * zoom and microsoft-teams: a meeting made in the host's connected app for each booking (decision
 * 065); google-meet without a link does the same when the host connected Google Meet.
 */
export const LOCATION_TYPES = ["in-person", "phone", "google-meet", "video", "zoom", "microsoft-teams"] as const;

/** Words a slug may not be: they are (or will be) paths under /{username}/ or read as the site's own. */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set([
  "api",
  "admin",
  "book",
  "booking",
  "bookings",
  "cancel",
  "edit",
  "embed",
  "event-types",
  "new",
  "reschedule",
  "schedules",
  "settings",
  "slots",
]);

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const SLUG_MESSAGE = "Use 1 to 60 lower-case letters, digits and single hyphens (not at the start or end).";

const minutes = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label}: a whole number of minutes from ${min} to ${max}.` })
    .int(`${label}: a whole number of minutes from ${min} to ${max}.`)
    .min(min, `${label}: a whole number of minutes from ${min} to ${max}.`)
    .max(max, `${label}: a whole number of minutes from ${min} to ${max}.`);

const NOTICE_MAX = MAX_BOOKING_WINDOW_DAYS * 24 * 60;
/** A guest's cancel or reschedule notice (decision 077): at most 30 days. */
const POLICY_NOTICE_MAX = 30 * 24 * 60;

/** Lengths one event type offers at most (decision 087). */
export const MAX_DURATIONS = 6;
export const REDIRECT_URL_MESSAGE = "redirectUrl: give an https:// URL, such as https://example.com/thanks.";
const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * Why a redirect-after-booking URL is refused, or null (decision 087): an absolute https:// URL
 * without user name or password; http:// only for a loopback host (a host's own machine while
 * developing), as the guest's browser is sent there.
 */
export function redirectUrlProblem(raw: string): string | null {
  if (!isHttpUrl(raw)) return REDIRECT_URL_MESSAGE;
  const url = new URL(raw);
  if (url.username || url.password) return "redirectUrl: leave user names and passwords out of the URL.";
  if (url.protocol === "http:" && !LOOPBACK_HOSTS.has(url.hostname)) return "redirectUrl: use an https:// URL.";
  return null;
}

/** Durations: at least one of duration and durations; each length once; durations start with duration. */
export function durationRules(value: { duration?: number; durations?: number[] }, ctx: z.RefinementCtx) {
  if (value.duration === undefined && value.durations === undefined)
    ctx.addIssue({ code: "custom", path: ["duration"], message: "duration: a whole number of minutes from 5 to 720." });
  if (value.durations && new Set(value.durations).size !== value.durations.length)
    ctx.addIssue({ code: "custom", path: ["durations"], message: "durations: give each length once." });
  if (value.durations?.length && value.duration !== undefined && value.durations[0] !== value.duration)
    ctx.addIssue({
      code: "custom",
      path: ["durations"],
      message: "durations: the first is the default, so it must equal duration.",
    });
}

/** The body's lengths as stored: duration the default, durations every length with it first. */
export function withDurations(value: { duration?: number; durations?: number[] }): {
  duration: number;
  durations: number[];
} {
  const duration = value.duration ?? value.durations?.[0] ?? 30;
  return { duration, durations: [duration, ...(value.durations ?? []).filter((d) => d !== duration)] };
}

/** Every length an event type offers, its default (`duration`) first (decision 087). */
export function durationsOf(row: { duration: number; durations?: readonly number[] | null }): number[] {
  return [row.duration, ...(row.durations ?? []).filter((d) => d !== row.duration)];
}

/**
 * The fields every event type body shares (personal and team): what it is, where, when, limits,
 * questions, approval. The personal body adds kind, schedule, hosts and team; the team's body
 * (schemas/team-event-types.ts) its own kind, hosts, round-robin mode and locked fields.
 */
export const eventTypeFields = {
  title: plainText(
    z.string({ error: "Give a title." }).trim().min(1, "Give a title.").max(200, "Use at most 200 characters."),
    "The title",
  ).meta({
    example: "Intro call",
  }),
  slug: z
    .string({ error: SLUG_MESSAGE })
    .trim()
    .toLowerCase()
    .min(1, SLUG_MESSAGE)
    .max(60, SLUG_MESSAGE)
    .regex(SLUG, SLUG_MESSAGE)
    .refine((slug) => !RESERVED_SLUGS.has(slug), { message: "That word is reserved; pick another slug." })
    .meta({
      description:
        "The booking link's last segment (/{username}/{slug}); unique among your event types, whatever the case.",
      example: "intro-call",
    }),
  description: plainText(
    z.string({ error: "The description is text." }).max(5000, "Use at most 5000 characters."),
    "The description",
    {
      multiline: true,
    },
  ).default(""),
  duration: minutes("duration", 5, 720)
    .optional()
    .meta({ description: "The default length in minutes; durations[0] when left out.", example: 30 }),
  durations: z
    .array(minutes("durations", 5, 720), { error: "durations: a list of minutes, such as [15, 30, 60]." })
    .min(1, "durations: give at least one length.")
    .max(MAX_DURATIONS, `durations: at most ${MAX_DURATIONS} lengths.`)
    .optional()
    .meta({
      description: `Every length a guest may pick (decision 087), the default first; [duration] when left out. At most ${MAX_DURATIONS}, each once.`,
      example: [30, 15, 60],
    }),
  hidden: z.boolean({ error: "hidden is true or false." }).default(false).meta({
    description: "Bookable by its link but listed on no public page (your page, the team's page, the public listing).",
  }),
  redirectUrl: z
    .string({ error: REDIRECT_URL_MESSAGE })
    .trim()
    .max(2000, "redirectUrl: use at most 2000 characters.")
    .nullish()
    .refine((value) => !value || redirectUrlProblem(value) === null, {
      error: (issue) => redirectUrlProblem(String(issue.input)) ?? REDIRECT_URL_MESSAGE,
    })
    .meta({
      description:
        "Where the guest goes after booking instead of the confirmation page: an https:// URL (http:// only for localhost); none when null or left out.",
      example: "https://example.com/thanks",
    }),
  redirectPassDetails: z.boolean({ error: "redirectPassDetails is true or false." }).default(false).meta({
    description:
      "The redirect carries the booking's details as query parameters: bookingId, eventTypeId, eventTypeSlug, start, end, duration, guestName, guestEmail, timeZone.",
  }),
  requirePhone: z.boolean({ error: "requirePhone is true or false." }).default(false).meta({
    description:
      "The guest must give a phone number to book (the booking page and POST /api/bookings: 422 without one).",
  }),
  location: z
    .object({
      type: z.enum(LOCATION_TYPES, { error: `location.type is one of ${LOCATION_TYPES.join(", ")}.` }),
      value: plainText(
        z.string({ error: "location.value is text." }).trim().max(500, "Use at most 500 characters."),
        "The location",
      ).optional(),
    })
    .superRefine((value, ctx) => {
      if (value.type === "in-person" && !value.value)
        ctx.addIssue({ code: "custom", path: ["value"], message: "Give the meeting's address." });
      // A room link is opened by guests: only http(s), never javascript: or data:.
      if ((value.type === "video" || value.type === "google-meet") && value.value && !isHttpUrl(value.value)) {
        ctx.addIssue({ code: "custom", path: ["value"], message: httpUrlMessage("The room link") });
      }
      // A conferencing app makes its own link for each booking.
      if ((value.type === "zoom" || value.type === "microsoft-teams") && value.value) {
        ctx.addIssue({
          code: "custom",
          path: ["value"],
          message: "The app makes each booking's link: leave it empty.",
        });
      }
    })
    .transform((value) => (value.value ? { type: value.type, value: value.value } : { type: value.type }))
    .default({ type: "video" })
    .meta({
      description:
        "in-person (value: the address), phone, google-meet, or video (value: a room link; none means the site's own room); zoom and microsoft-teams (and google-meet without a link, when the host connected Google Meet) make a meeting in the host's app for each booking.",
    }),
  seats: z
    .number({ error: "seats: a whole number from 2 to 1000." })
    .int("seats: a whole number from 2 to 1000.")
    .min(2, "seats: a whole number from 2 to 1000.")
    .max(1000, "seats: a whole number from 2 to 1000.")
    .nullish()
    .meta({ description: "Group only (required there): guests per slot." }),
  bufferBefore: minutes("bufferBefore", 0, 720).default(0),
  bufferAfter: minutes("bufferAfter", 0, 720).default(0),
  minimumNotice: minutes("minimumNotice", 0, NOTICE_MAX).default(120),
  bookingWindowDays: z
    .number({ error: `bookingWindowDays: a whole number of days from 0 to ${MAX_BOOKING_WINDOW_DAYS}.` })
    .int(`bookingWindowDays: a whole number of days from 0 to ${MAX_BOOKING_WINDOW_DAYS}.`)
    .min(0, `bookingWindowDays: a whole number of days from 0 to ${MAX_BOOKING_WINDOW_DAYS}.`)
    .max(MAX_BOOKING_WINDOW_DAYS, `bookingWindowDays: a whole number of days from 0 to ${MAX_BOOKING_WINDOW_DAYS}.`)
    .default(60),
  slotInterval: minutes("slotInterval", 5, 720)
    .nullish()
    .meta({ description: "Step of the slot grid; the duration when left out." }),
  dailyLimit: z
    .number({ error: "dailyLimit: a whole number from 1 to 1000." })
    .int("dailyLimit: a whole number from 1 to 1000.")
    .min(1, "dailyLimit: a whole number from 1 to 1000.")
    .max(1000, "dailyLimit: a whole number from 1 to 1000.")
    .nullish()
    .meta({ description: "Bookings per date at most; unlimited when left out." }),
  active: z.boolean({ error: "active is true or false." }).default(true),
  questions: questionsField,
  limitPerGuest: bookingLimitField(
    "limitPerGuest",
    "Upcoming bookings one guest e-mail may hold at once; none when null or left out.",
  ),
  weeklyLimit: bookingLimitField(
    "weeklyLimit",
    "Bookings per week (Monday to Sunday, the schedule's zone); none when null or left out.",
  ),
  monthlyLimit: bookingLimitField(
    "monthlyLimit",
    "Bookings per calendar month (the schedule's zone); none when null or left out.",
  ),
  requiresApproval: z.boolean({ error: "requiresApproval is true or false." }).default(false).meta({
    description:
      "Bookings wait for your approval (status pending) and hold their slot meanwhile. Not for group event types.",
  }),
  approvalHoldHours: z
    .number({ error: "approvalHoldHours: a whole number of hours from 1 to 168." })
    .int("approvalHoldHours: a whole number of hours from 1 to 168.")
    .min(1, "approvalHoldHours: a whole number of hours from 1 to 168.")
    .max(168, "approvalHoldHours: a whole number of hours from 1 to 168.")
    .default(24)
    .meta({
      description: "How long a pending booking holds its slot; unanswered by then, it is declined and the guest told.",
    }),
  cancelNoticeMinutes: minutes("cancelNoticeMinutes", 0, POLICY_NOTICE_MAX).default(0).meta({
    description:
      "Guests cannot cancel later than this many minutes before the start (0: until the start); you and your team's admins always can.",
  }),
  rescheduleNoticeMinutes: minutes("rescheduleNoticeMinutes", 0, POLICY_NOTICE_MAX).default(0).meta({
    description: "Guests cannot reschedule later than this many minutes before the start (0: until the start).",
  }),
  maxReschedules: z
    .number({ error: "maxReschedules: a whole number from 0 to 100." })
    .int("maxReschedules: a whole number from 0 to 100.")
    .min(0, "maxReschedules: a whole number from 0 to 100.")
    .max(100, "maxReschedules: a whole number from 0 to 100.")
    .nullish()
    .meta({ description: "How often a guest may reschedule one booking; no limit when null or left out." }),
  requireCancelReason: z
    .boolean({ error: "requireCancelReason is true or false." })
    .default(false)
    .meta({ description: "A guest who cancels must give a reason." }),
  defaultLanguage: z
    .enum(LANGUAGES, { error: `defaultLanguage: one of ${LANGUAGES.join(", ")}.` })
    .default("en")
    .meta({
      description:
        "The booking page's and the guest's mails' language when neither ?lang= nor the guest's browser (Accept-Language) names one of these.",
    }),
  reconfirmHours: z
    .number({ error: "reconfirmHours: a whole number of hours from 1 to 168." })
    .int("reconfirmHours: a whole number of hours from 1 to 168.")
    .min(1, "reconfirmHours: a whole number of hours from 1 to 168.")
    .max(168, "reconfirmHours: a whole number of hours from 1 to 168.")
    .nullish()
    .meta({
      description:
        "Reconfirmation (decision 086): this many hours before the start the guest is mailed a link to confirm; a booking not confirmed by half of that before the start is cancelled and its slot freed. Off when null or left out; not for group event types; a booking made later than this before its start is not asked.",
    }),
};

export const RECURRING_ONE_TO_ONE = "Recurring bookings are for one-to-one event types without approval.";
/** A series is booked in one go and a payment holds one meeting (decisions 106, 107): not both. */
export const RECURRING_NOT_PAID = "A paid event type books one meeting at a time: remove the price or the repeat.";

const intervalMessage = `recurring.intervalWeeks: a list of whole weeks from 1 to ${RECURRING_MAX_INTERVAL_WEEKS}, such as [1, 2].`;
const occurrencesMessage = `recurring.maxOccurrences: a whole number from 2 to ${RECURRING_MAX_OCCURRENCES}.`;

/** An event type's recurring series (decision 106): every N weeks (N one of intervalWeeks), up to maxOccurrences meetings. */
export const recurringField = z
  .object(
    {
      maxOccurrences: z
        .number({ error: occurrencesMessage })
        .int(occurrencesMessage)
        .min(2, occurrencesMessage)
        .max(RECURRING_MAX_OCCURRENCES, occurrencesMessage),
      intervalWeeks: z
        .array(
          z
            .number({ error: intervalMessage })
            .int(intervalMessage)
            .min(1, intervalMessage)
            .max(RECURRING_MAX_INTERVAL_WEEKS, intervalMessage),
          { error: intervalMessage },
        )
        .min(1, intervalMessage)
        .max(RECURRING_MAX_INTERVAL_WEEKS, intervalMessage)
        .transform((weeks) => [...new Set(weeks)].sort((a, b) => a - b)),
    },
    { error: "recurring: { maxOccurrences, intervalWeeks } or null." },
  )
  .nullish()
  .meta({
    id: "EventTypeRecurring",
    description: `Recurring series (decision 106): guests may book the same time every N weeks (N one of intervalWeeks, 1 to ${RECURRING_MAX_INTERVAL_WEEKS}), 2 to maxOccurrences meetings at once. One-to-one event types without approval only; off when null or left out.`,
    example: { maxOccurrences: 6, intervalWeeks: [1, 2] },
  });

/** Seats only for a group, which cannot wait for approval (both bodies). */
export function seatRules(
  value: { kind: string; seats?: number | null; requiresApproval: boolean },
  ctx: z.RefinementCtx,
) {
  if (value.kind === "group" && (value.seats === undefined || value.seats === null)) {
    ctx.addIssue({ code: "custom", path: ["seats"], message: "A group event type needs seats (2 or more)." });
  }
  if (value.kind !== "group" && value.seats !== undefined && value.seats !== null) {
    ctx.addIssue({ code: "custom", path: ["seats"], message: "Only a group event type has seats." });
  }
  if (value.kind === "group" && value.requiresApproval) {
    ctx.addIssue({
      code: "custom",
      path: ["requiresApproval"],
      message: "A group event type's seats cannot wait for approval.",
    });
  }
}

/**
 * POST /api/event-types and PUT /api/event-types/{id}. PUT replaces the whole event type:
 * fields left out take their defaults (no buffers, 120 minutes' notice, a 60-day window, the
 * grid stepping by the duration, active, the owner's default schedule, the owner as host).
 */
/** The event type's rules with the price field given: the JSON body's, or the form's (event-type-form.ts). */
export function eventTypeSchema(price: typeof priceField | typeof priceFormField) {
  return z
    .object({
      ...eventTypeFields,
      kind: z
        .enum(EVENT_TYPE_KINDS, {
          error: (issue) =>
            issue.input === "managed" ? MANAGED_KIND_MESSAGE : `kind is one of ${EVENT_TYPE_KINDS.join(", ")}.`,
        })
        .default("one-to-one"),
      scheduleId: z
        .uuid({ error: "scheduleId: the _id of one of your schedules." })
        .nullish()
        .meta({ description: "One of your schedules; your default schedule when left out." }),
      hosts: z
        .array(
          plainText(
            z.string({ error: "hosts: a list of user _ids." }).max(100, "hosts: a list of user _ids."),
            "Each host",
          ),
          {
            error: "hosts: a list of user _ids.",
          },
        )
        .max(50, "hosts: at most 50.")
        .optional()
        .meta({
          description:
            "Collective / round robin: the _ids of members who accepted your team invitation (at least one); you always host too. One-to-one and group: only your own _id (the default).",
        }),
      recurring: recurringField,
      teamId: z.uuid({ error: "teamId: the id of a team where you are an owner or admin." }).nullish().meta({
        description:
          "Collective / round robin: the team it belongs to (one where you are an owner or admin; every host a member). Left out: the team it is in, else the oldest of your teams holding every host.",
      }),
      price,
      refundPolicy: refundPolicyField,
    })
    .superRefine((value, ctx) => {
      seatRules(value, ctx);
      durationRules(value, ctx);
      if (value.recurring && (value.kind !== "one-to-one" || value.requiresApproval))
        ctx.addIssue({ code: "custom", path: ["recurring"], message: RECURRING_ONE_TO_ONE });
      if (value.recurring && value.price)
        ctx.addIssue({ code: "custom", path: ["recurring"], message: RECURRING_NOT_PAID });
      priceRules(value, ctx);
    })
    .transform((value) => ({
      ...value,
      ...withDurations(value),
      recurring: value.recurring ?? null,
      redirectUrl: value.redirectUrl || null,
      teamId: value.teamId ?? null,
      seats: value.kind === "group" ? (value.seats ?? null) : null,
      slotInterval: value.slotInterval ?? null,
      dailyLimit: value.dailyLimit ?? null,
      scheduleId: value.scheduleId ?? null,
      hosts: value.hosts ?? null,
      limitPerGuest: value.limitPerGuest ?? null,
      weeklyLimit: value.weeklyLimit ?? null,
      monthlyLimit: value.monthlyLimit ?? null,
      maxReschedules: value.maxReschedules ?? null,
      reconfirmHours: value.kind === "group" ? null : (value.reconfirmHours ?? null),
      priceAmount: value.price?.amount ?? null,
      priceCurrency: value.price?.currency ?? null,
      refundPolicy: value.refundPolicy.type,
      refundHours: value.refundPolicy.type === "until" ? (value.refundPolicy.hours ?? null) : null,
    }));
}

export const eventTypeBody = eventTypeSchema(priceField).meta({ id: "EventTypeInput" });

/** Refused for a kind without a price (docs/decisions/120, 123): none of those this body takes today. */
export const PRICE_KIND_MESSAGE = "Only a one-to-one, group, collective or round-robin event type can take a price.";

/** A price on a kind that takes one, without approval (docs/decisions/107, 120, 123). */
export function priceRules(
  value: { kind: string; requiresApproval: boolean; price?: { amount: number; currency: string } | null },
  ctx: z.RefinementCtx,
) {
  if (!value.price) return;
  if (!isPayableKind(value.kind)) ctx.addIssue({ code: "custom", path: ["price"], message: PRICE_KIND_MESSAGE });
  else if (value.requiresApproval)
    ctx.addIssue({
      code: "custom",
      path: ["price"],
      message: "A paid event type cannot also wait for approval: guests pay when they book.",
    });
}

export type EventTypeInput = z.output<typeof eventTypeBody>;

export const eventTypeJsonSchema = z
  .object({
    _id: z.string(),
    title: z.string(),
    slug: z.string(),
    description: z.string(),
    duration: z.number().int().meta({ description: "The default length in minutes: durations[0]." }),
    durations: z.array(z.number().int()).meta({ description: "Every length a guest may pick, the default first." }),
    hidden: z.boolean(),
    redirectUrl: z.string().nullable(),
    redirectPassDetails: z.boolean(),
    requirePhone: z.boolean(),
    kind: z.enum(ALL_EVENT_TYPE_KINDS),
    location: z.object({ type: z.enum(LOCATION_TYPES), value: z.string().optional() }),
    seats: z.number().int().optional(),
    bufferBefore: z.number().int(),
    bufferAfter: z.number().int(),
    minimumNotice: z.number().int(),
    bookingWindowDays: z.number().int(),
    slotInterval: z.number().int(),
    dailyLimit: z.number().int().optional(),
    scheduleId: z.string(),
    active: z.boolean(),
    requiresApproval: z.boolean(),
    approvalHoldHours: z.number().int(),
    hosts: z
      .array(z.string())
      .meta({ description: "Who hosts it: you first, then the team members you chose (collective / round robin)." }),
    questions: z.array(questionJsonSchema),
    limitPerGuest: z.number().int().nullable(),
    weeklyLimit: z.number().int().nullable(),
    monthlyLimit: z.number().int().nullable(),
    cancelNoticeMinutes: z.number().int(),
    rescheduleNoticeMinutes: z.number().int(),
    maxReschedules: z.number().int().nullable(),
    requireCancelReason: z.boolean(),
    defaultLanguage: z.enum(LANGUAGES),
    reconfirmHours: z.number().int().nullable(),
    recurring: z
      .object({ maxOccurrences: z.number().int(), intervalWeeks: z.array(z.number().int()) })
      .nullable()
      .meta({ description: "Recurring series (decision 106); null: single bookings only." }),
    price: z
      .object({
        amount: z.number().int().meta({ description: "In the currency's minor units (cents)." }),
        currency: z.string().meta({ description: "ISO 4217, lower case." }),
      })
      .nullable()
      .meta({ description: "What a guest pays by card when booking; null: free." }),
    refundPolicy: z.object({ type: z.enum(["full", "none", "until"]), hours: z.number().int().optional() }),
  })
  .meta({ id: "EventType" });

export type EventTypeJson = z.infer<typeof eventTypeJsonSchema>;

export function eventTypeJson(
  row: Omit<
    EventTypeRow,
    "userId" | "teamId" | "createdAt" | "updatedAt" | "roundRobinMode" | "lockedFields" | "parentId"
  >,
  managed?: { templateId: string; teamId: string | null; lockedFields: string[] } | null,
): EventTypeJson {
  return {
    _id: row.id,
    title: row.title,
    slug: row.slug,
    description: row.description,
    duration: row.duration,
    durations: durationsOf(row),
    hidden: row.hidden,
    redirectUrl: row.redirectUrl,
    redirectPassDetails: row.redirectPassDetails,
    requirePhone: row.requirePhone,
    kind: row.kind,
    location: row.location,
    ...(row.seats !== null ? { seats: row.seats } : {}),
    bufferBefore: row.bufferBefore,
    bufferAfter: row.bufferAfter,
    minimumNotice: row.minimumNotice,
    bookingWindowDays: row.bookingWindowDays,
    slotInterval: row.slotInterval ?? row.duration,
    ...(row.dailyLimit !== null ? { dailyLimit: row.dailyLimit } : {}),
    scheduleId: row.scheduleId,
    active: row.active,
    requiresApproval: row.requiresApproval,
    approvalHoldHours: row.approvalHoldHours,
    hosts: row.hostIds,
    questions: row.questions,
    limitPerGuest: row.limitPerGuest,
    weeklyLimit: row.weeklyLimit,
    monthlyLimit: row.monthlyLimit,
    cancelNoticeMinutes: row.cancelNoticeMinutes,
    rescheduleNoticeMinutes: row.rescheduleNoticeMinutes,
    maxReschedules: row.maxReschedules,
    requireCancelReason: row.requireCancelReason,
    defaultLanguage: languageOf(row.defaultLanguage) ?? "en",
    reconfirmHours: row.reconfirmHours,
    recurring: row.recurring ?? null,
    price:
      row.priceAmount !== null && row.priceCurrency !== null
        ? { amount: row.priceAmount, currency: row.priceCurrency }
        : null,
    refundPolicy: refundPolicyOf(row),
    ...(managed
      ? { managed: { templateId: managed.templateId, teamId: managed.teamId, lockedFields: managed.lockedFields } }
      : {}),
  };
}

// ---------------------------------------------------------------------------------------------
// Slots

/** GET /api/slots: an event type by id, or by its host's username (or its team's slug) and its slug. */
export const slotsQuery = z
  .object({
    eventTypeId: plainText(z.string().max(100), "eventTypeId").optional().meta({
      description: "The event type's _id (or give username and slug).",
      example: "0b6f3c1e-2a47-4d8e-9c1f-6a2b3c4d5e6f",
    }),
    username: plainText(z.string().trim().toLowerCase().max(100), "username")
      .optional()
      .meta({ description: "The host's username (with slug).", example: "jane" }),
    team: plainText(z.string().trim().toLowerCase().max(100), "team")
      .optional()
      .meta({ description: "A team's slug (with slug): the team's event type (decision 059).", example: "sales" }),
    slug: plainText(z.string().trim().toLowerCase().max(100), "slug")
      .optional()
      .meta({ description: "The event type's slug (with username or team).", example: "intro-call" }),
    start: dateField("start"),
    end: dateField("end"),
    duration: z
      .string()
      .regex(/^\d{1,3}$/, "duration: one of the event type's durations, in minutes.")
      .transform(Number)
      .optional()
      .meta({
        description:
          "The length the guest picks: one of the event type's durations (decision 087); its default when left out.",
        example: "60",
      }),
    timeZone: timeZoneField.meta({
      description: "The guest's IANA zone: days are its dates, slots carry its offsets.",
      example: "Europe/Berlin",
    }),
  })
  .superRefine((value, ctx) => {
    if (!value.eventTypeId && !((value.username || value.team) && value.slug)) {
      ctx.addIssue({
        code: "custom",
        path: ["eventTypeId"],
        message: "Give eventTypeId, or username (or team) and slug.",
      });
    }
    const days = daysInRange(value.start, value.end);
    if (days !== null && days < 1)
      ctx.addIssue({ code: "custom", path: ["end"], message: "end must be on or after start." });
    if (days !== null && days > MAX_RANGE_DAYS)
      ctx.addIssue({ code: "custom", path: ["end"], message: `Ask for at most ${MAX_RANGE_DAYS} days at a time.` });
  });

export const slotsJsonSchema = z
  .object({
    timeZone: z.string().meta({ example: "Europe/Berlin" }),
    slots: z.record(z.string(), z.array(z.string())).meta({
      description: "Per date of timeZone (YYYY-MM-DD), the free slot starts as YYYY-MM-DDTHH:mm:ss±HH:MM.",
      example: { "2026-12-01": ["2026-12-01T15:00:00+01:00", "2026-12-01T15:30:00+01:00"] },
    }),
  })
  .meta({ id: "Slots" });

/** The team kinds (decision 020): several hosts, picked from the owner's accepted members. */
export function isTeamKind(kind: string): kind is "collective" | "round-robin" {
  return kind === "collective" || kind === "round-robin";
}
