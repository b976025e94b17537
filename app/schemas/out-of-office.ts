import { z } from "zod";
import { OUT_OF_OFFICE_MESSAGES as M } from "~/messages/out-of-office";
import { INSTANT } from "./booking-api";
import { dateWindowMessage, isWithinDateWindow, plainText } from "./input-rules";

/**
 * Out of office (decision 061): the rules of an absence's times, the JSON body and answer, the
 * dashboard form, and which absences make a host "away" now. Pure: `now` is passed in.
 */

export const OUT_OF_OFFICE_PAGE = "/dashboard/out-of-office";
export const OUT_OF_OFFICE_REASON_MAX = 500;
/** Most absences a host may have that are not over yet (each is busy time in every slot search). */
export const OUT_OF_OFFICE_CAP = 50;

export type AbsenceField = "start" | "end" | "reason" | "redirectToUserId";
export type AbsenceProblems = Partial<Record<AbsenceField, string[]>>;

/**
 * What is wrong with an absence from `start` to `end` (instants) at `now`, by field; {} when
 * nothing. Both inside the window every written instant keeps (2000-01-01 to two years ahead),
 * the end after the start and after now (an absence that is over changes nothing). A start in
 * the past is fine: "I have been out since this morning".
 */
export function absenceTimeProblems(start: Date, end: Date, now: Date): AbsenceProblems {
  const problems: AbsenceProblems = {};
  const add = (field: AbsenceField, message: string) => (problems[field] ??= []).push(message);
  if (!isWithinDateWindow(start, now)) add("start", dateWindowMessage("start"));
  if (!isWithinDateWindow(end, now)) add("end", dateWindowMessage("end"));
  if (problems.start || problems.end) return problems;
  if (end.getTime() <= start.getTime()) add("end", M.endBeforeStart);
  else if (end.getTime() <= now.getTime()) add("end", M.over);
  return problems;
}

export interface AbsenceSpan {
  start: Date;
  end: Date;
}

/**
 * Whether the host is away at `now`: the absence that covers it (the one that started first,
 * so its teammate is the one guests are sent to) and when the host is back, following on
 * through absences that overlap or touch it (several absences in a row read as one). Null
 * when no absence covers `now`.
 */
export function awayAt<T extends AbsenceSpan>(absences: readonly T[], now: Date): { absence: T; until: Date } | null {
  const t = now.getTime();
  const sorted = [...absences].sort((a, b) => a.start.getTime() - b.start.getTime());
  const covering = sorted.find((a) => a.start.getTime() <= t && t < a.end.getTime());
  if (!covering) return null;
  let until = covering.end.getTime();
  for (const a of sorted) {
    if (a.start.getTime() <= until && a.end.getTime() > until) until = a.end.getTime();
  }
  return { absence: covering, until: new Date(until) };
}

// ---------------------------------------------------------------------------------------------
// JSON

const instantField = (field: "start" | "end") =>
  z
    .string({ error: M.instant(field) })
    .refine((s) => INSTANT.test(s) && Number.isFinite(Date.parse(s)), { message: M.instant(field) })
    .meta({
      description:
        field === "start"
          ? "When the absence starts: an ISO 8601 instant with an offset (or Z)."
          : "When the host is back (not included): an ISO 8601 instant with an offset (or Z).",
      example: field === "start" ? "2026-12-21T00:00:00+01:00" : "2027-01-04T00:00:00+01:00",
    });

const reasonField = plainText(
  z
    .string({ error: "reason is text." })
    .trim()
    .max(OUT_OF_OFFICE_REASON_MAX, M.reasonTooLong(OUT_OF_OFFICE_REASON_MAX)),
  "The reason",
);

/** POST /api/out-of-office. Times are checked against the clock by the service (absenceTimeProblems). */
export const outOfOfficeBody = z
  .object({
    start: instantField("start"),
    end: instantField("end"),
    reason: reasonField
      .nullish()
      .meta({ description: "Why, for the host's own list (guests never see it); at most 500 characters." }),
    redirectToUserId: z.uuid({ error: M.redirectInvalid }).nullish().meta({
      description:
        "A teammate (someone who shares a team with the caller) whose booking page guests are sent to during the absence.",
    }),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (Date.parse(value.end) <= Date.parse(value.start))
      ctx.addIssue({ code: "custom", path: ["end"], message: M.endBeforeStart });
  })
  .meta({ id: "OutOfOfficeCreate" });

export type OutOfOfficeBody = z.output<typeof outOfOfficeBody>;

export const outOfOfficeSchema = z
  .object({
    id: z.uuid(),
    start: z.string().meta({ example: "2026-12-20T23:00:00.000Z" }),
    end: z.string().meta({ example: "2027-01-03T23:00:00.000Z" }),
    reason: z.string().nullable(),
    redirectToUserId: z.uuid().nullable(),
    redirectTo: z
      .object({ userId: z.uuid(), name: z.string(), username: z.string().nullable() })
      .optional()
      .meta({ description: "The teammate guests are sent to, when set." }),
  })
  .meta({ id: "OutOfOffice" });

export type OutOfOfficeJson = z.infer<typeof outOfOfficeSchema>;

export interface AbsenceRecord {
  id: string;
  startsAt: Date;
  endsAt: Date;
  reason: string | null;
  redirectUserId: string | null;
  redirectTo: { userId: string; name: string; username: string | null } | null;
}

export function outOfOfficeJson(a: AbsenceRecord): OutOfOfficeJson {
  return {
    id: a.id,
    start: a.startsAt.toISOString(),
    end: a.endsAt.toISOString(),
    reason: a.reason,
    redirectToUserId: a.redirectUserId,
    ...(a.redirectTo ? { redirectTo: a.redirectTo } : {}),
  };
}

// ---------------------------------------------------------------------------------------------
// The dashboard form: wall-clock times in the host's zone (the service turns them into instants)

/** What `<input type="datetime-local">` sends: "2026-12-21T09:00" (seconds when the browser adds them). */
export const LOCAL_DATE_TIME = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(?::\d{2}(?:\.\d{1,3})?)?$/;

/** "2026-12-21T09:00:30" -> { date: "2026-12-21", time: "09:00" }, or null. */
export function splitLocalDateTime(value: string): { date: string; time: string } | null {
  const match = LOCAL_DATE_TIME.exec(value);
  return match ? { date: match[1], time: match[2] } : null;
}

const localField = (required: string) => z.string({ error: required }).trim().regex(LOCAL_DATE_TIME, M.dateTime);

export const OutOfOfficeFormSchema = z
  .object({
    start: localField(M.startRequired),
    end: localField(M.endRequired),
    reason: reasonField.optional(),
    redirectToUserId: z.uuid({ error: M.redirectInvalid }).optional(),
  })
  .superRefine((value, ctx) => {
    // Same zone on both sides: wall-clock texts compare as the times do (but for an hour at a DST change,
    // which the server's check of the instants catches).
    const start = splitLocalDateTime(value.start);
    const end = splitLocalDateTime(value.end);
    if (start && end && `${end.date}T${end.time}` <= `${start.date}T${start.time}`)
      ctx.addIssue({ code: "custom", path: ["end"], message: M.endBeforeStart });
  });

export type OutOfOfficeForm = z.output<typeof OutOfOfficeFormSchema>;
