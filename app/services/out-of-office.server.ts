import { deleteAbsence, insertAbsence } from "~/models/out-of-office.server";
import { OUT_OF_OFFICE_MESSAGES as M } from "~/messages/out-of-office";
import {
  absenceTimeProblems,
  OUT_OF_OFFICE_CAP,
  splitLocalDateTime,
  type AbsenceProblems,
  type AbsenceRecord,
  type OutOfOfficeBody,
  type OutOfOfficeForm,
} from "~/schemas/out-of-office";
import { dateTimeFormatters } from "~/scheduling/time-zone";
import { wallClockToInstant } from "~/scheduling/zoned-time";

/**
 * Out of office (decision 061): adding and deleting a host's absences, one function each for
 * the dashboard page and the JSON API. Nobody else is told: an absence only takes the host's
 * slots away (the slot search reads it as busy time) and changes their booking pages.
 */

export { deleteAbsence };

export interface AbsenceInput {
  start: Date;
  end: Date;
  reason?: string | null;
  redirectToUserId?: string | null;
}

export type CreateAbsenceResult =
  | { ok: true; absence: AbsenceRecord }
  | { ok: false; reason: "invalid"; fields: AbsenceProblems }
  | { ok: false; reason: "cap"; message: string };

/** Adds an absence for `actor` after the rules of its times, its teammate and the cap. */
export async function createAbsence(
  actor: { id: string },
  input: AbsenceInput,
  now: Date,
): Promise<CreateAbsenceResult> {
  const fields = absenceTimeProblems(input.start, input.end, now);
  const redirect = input.redirectToUserId || null;
  if (redirect === actor.id) fields.redirectToUserId = [M.redirectSelf];
  if (Object.keys(fields).length > 0) return { ok: false, reason: "invalid", fields };
  const result = await insertAbsence(
    actor.id,
    { start: input.start, end: input.end, reason: input.reason?.trim() || null, redirectToUserId: redirect },
    now,
  );
  if (result.ok) return result;
  if (result.reason === "cap") return { ok: false, reason: "cap", message: M.cap(OUT_OF_OFFICE_CAP) };
  return { ok: false, reason: "invalid", fields: { redirectToUserId: [M.redirectNotTeammate] } };
}

/** POST /api/out-of-office's body (instants with offsets, already validated). */
export function absenceOfBody(body: OutOfOfficeBody): AbsenceInput {
  return {
    start: new Date(body.start),
    end: new Date(body.end),
    reason: body.reason ?? null,
    redirectToUserId: body.redirectToUserId ?? null,
  };
}

/**
 * The dashboard form's wall-clock times, read in the host's zone, then createAbsence. A time the
 * clocks skip in that zone is refused on its field, never moved.
 */
export async function createAbsenceFromForm(
  actor: { id: string; timeZone: string },
  form: OutOfOfficeForm,
  now: Date,
): Promise<CreateAbsenceResult> {
  const fields: AbsenceProblems = {};
  // The zone the page shows the times in (UTC when the stored one is unknown here).
  const zone = dateTimeFormatters(actor.timeZone).zone;
  const instant = (field: "start" | "end", value: string): Date | null => {
    const parts = splitLocalDateTime(value);
    const result = parts ? wallClockToInstant(parts.date, parts.time, zone) : null;
    if (result?.ok) return result.instant;
    fields[field] = [result && result.reason === "nonexistent" ? M.nonexistent : M.dateTime];
    return null;
  };
  const start = instant("start", form.start);
  const end = instant("end", form.end);
  if (!start || !end) return { ok: false, reason: "invalid", fields };
  return createAbsence(
    actor,
    { start, end, reason: form.reason ?? null, redirectToUserId: form.redirectToUserId ?? null },
    now,
  );
}
