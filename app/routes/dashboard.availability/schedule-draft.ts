import type { DateOverride, WeeklyHours } from "~/scheduling/availability";
import { minutesOfTime, scheduleBody, type ScheduleInput } from "~/schemas/scheduling-api";

/**
 * The Availability page's editor form (decision 016), shared by server and browser. The form
 * works without JavaScript: every button ("Add interval", "Remove", "Copy Monday to all
 * weekdays", "Add override") is a submission with an `intent`, and the server answers with the
 * edited *draft* (strings exactly as typed), so nothing typed is lost. Saving turns the draft
 * into the JSON API's schedule body and validates it with the same `scheduleBody` schema;
 * only the wording of a few messages is the page's own.
 */

export const WEEKDAYS = [
  { day: 1, name: "Monday", short: "Mon" },
  { day: 2, name: "Tuesday", short: "Tue" },
  { day: 3, name: "Wednesday", short: "Wed" },
  { day: 4, name: "Thursday", short: "Thu" },
  { day: 5, name: "Friday", short: "Fri" },
  { day: 6, name: "Saturday", short: "Sat" },
  { day: 7, name: "Sunday", short: "Sun" },
] as const;

/** Rows per weekday and overrides a submitted form may carry (the rest is ignored). */
export const MAX_ROWS_PER_DAY = 12;
export const MAX_OVERRIDES = 200;

export interface DraftInterval {
  start: string;
  end: string;
}
export interface DraftDay {
  day: number;
  available: boolean;
  rows: DraftInterval[];
}
export interface DraftOverride {
  date: string;
  unavailable: boolean;
  start: string;
  end: string;
}
export interface ScheduleDraft {
  name: string;
  timeZone: string;
  days: DraftDay[];
  overrides: DraftOverride[];
  /** The "add a date override" fields, kept when adding fails. */
  newOverride: DraftOverride;
}

/** Field errors by key: "name", "timeZone", "d1" (Monday), "d1.0.end", "o.2", "new.date", "form". */
export type DraftErrors = Record<string, string[]>;

const WORKDAY = { start: "09:00", end: "17:00" };
const EMPTY_OVERRIDE: DraftOverride = { date: "", unavailable: true, start: "09:00", end: "17:00" };

/**
 * An `<input type="time">` cannot show "24:00": the end of the day is shown as "00:00" (12:00
 * am) and an end of "00:00" is read back as "24:00".
 */
export function endToInput(end: string): string {
  return end === "24:00" ? "00:00" : end;
}
function endFromInput(end: string): string {
  return end === "00:00" ? "24:00" : end;
}

/** The stored schedule as a draft; a day without hours offers 09:00-17:00 once it is ticked. */
export function draftOf(schedule: {
  name: string;
  timeZone: string;
  weekly: WeeklyHours[];
  overrides: DateOverride[];
}): ScheduleDraft {
  return {
    name: schedule.name,
    timeZone: schedule.timeZone,
    days: WEEKDAYS.map(({ day }) => {
      const rows = schedule.weekly
        .filter((w) => w.day === day)
        .sort((a, b) => a.start.localeCompare(b.start))
        .map((w) => ({ start: w.start, end: endToInput(w.end) }));
      return rows.length ? { day, available: true, rows } : { day, available: false, rows: [{ ...WORKDAY }] };
    }),
    overrides: schedule.overrides.map((o) =>
      "unavailable" in o && o.unavailable
        ? { date: o.date, unavailable: true, start: "", end: "" }
        : {
            date: o.date,
            unavailable: false,
            start: "start" in o ? o.start : "",
            end: "end" in o ? endToInput(o.end) : "",
          },
    ),
    newOverride: { ...EMPTY_OVERRIDE },
  };
}

function text(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value.trim().slice(0, 200) : "";
}
function texts(form: FormData, name: string, max: number): string[] {
  return form
    .getAll(name)
    .slice(0, max)
    .map((v) => (typeof v === "string" ? v.trim().slice(0, 20) : ""));
}

/** The draft a submitted editor form carries (no validation: strings as typed). */
export function draftFromForm(form: FormData): ScheduleDraft {
  const days = WEEKDAYS.map(({ day }) => {
    const starts = texts(form, `d${day}.start`, MAX_ROWS_PER_DAY);
    const ends = texts(form, `d${day}.end`, MAX_ROWS_PER_DAY);
    const rows = starts.map((start, i) => ({ start, end: ends[i] ?? "" }));
    return { day, available: form.get(`d${day}.available`) === "on", rows };
  });
  const dates = texts(form, "o.date", MAX_OVERRIDES);
  const kinds = texts(form, "o.kind", MAX_OVERRIDES);
  const starts = texts(form, "o.start", MAX_OVERRIDES);
  const ends = texts(form, "o.end", MAX_OVERRIDES);
  return {
    name: text(form, "name"),
    timeZone: text(form, "timeZone"),
    days,
    overrides: dates.map((date, i) => ({
      date,
      unavailable: kinds[i] !== "hours",
      start: starts[i] ?? "",
      end: ends[i] ?? "",
    })),
    newOverride: {
      date: text(form, "new.date"),
      unavailable: text(form, "new.kind") !== "hours",
      start: text(form, "new.start"),
      end: text(form, "new.end"),
    },
  };
}

const addMinutes = (time: string, minutes: number) => {
  const m = Math.min(minutesOfTime(time) ?? 0, 24 * 60 - 1) + minutes;
  const clamped = Math.min(m, 24 * 60 - 1);
  return `${String(Math.floor(clamped / 60)).padStart(2, "0")}:${String(clamped % 60).padStart(2, "0")}`;
};

/** A new row one hour after the day's last one (09:00-17:00 on an empty day); a day off is switched on. */
export function addInterval(draft: ScheduleDraft, day: number): ScheduleDraft {
  return {
    ...draft,
    days: draft.days.map((d) => {
      if (d.day !== day) return d;
      // A day off keeps its (hidden) rows: "Add interval" switches it on with them.
      if (!d.available && d.rows.length) return { ...d, available: true };
      if (d.rows.length >= MAX_ROWS_PER_DAY) return d;
      const last = d.rows.at(-1);
      const lastEnd = last ? minutesOfTime(endFromInput(last.end), true) : null;
      const row =
        lastEnd === null || lastEnd >= 23 * 60
          ? { ...WORKDAY }
          : { start: addMinutes(last!.end, 60), end: addMinutes(last!.end, 120) };
      return { ...d, available: true, rows: [...d.rows, row] };
    }),
  };
}

/** Removes a row; the last row of a day goes back to 09:00-17:00 and the day becomes unavailable. */
export function removeInterval(draft: ScheduleDraft, day: number, index: number): ScheduleDraft {
  return {
    ...draft,
    days: draft.days.map((d) => {
      if (d.day !== day || index < 0 || index >= d.rows.length) return d;
      const rows = d.rows.filter((_, i) => i !== index);
      return rows.length ? { ...d, rows } : { ...d, available: false, rows: [{ ...WORKDAY }] };
    }),
  };
}

/** Monday's hours (or Monday being off) for Tuesday to Friday. */
export function copyMondayToWeekdays(draft: ScheduleDraft): ScheduleDraft {
  const monday = draft.days.find((d) => d.day === 1);
  if (!monday) return draft;
  return {
    ...draft,
    days: draft.days.map((d) =>
      d.day >= 2 && d.day <= 5 ? { ...d, available: monday.available, rows: monday.rows.map((r) => ({ ...r })) } : d,
    ),
  };
}

export function removeOverride(draft: ScheduleDraft, index: number): ScheduleDraft {
  return { ...draft, overrides: draft.overrides.filter((_, i) => i !== index) };
}

/** The JSON API's schedule body that the draft stands for, and where each weekly entry came from. */
function bodyOf(draft: ScheduleDraft, isDefault: boolean) {
  const origin: Array<{ day: number; row: number }> = [];
  const weekly: Array<{ day: number; start: string; end: string }> = [];
  for (const d of draft.days) {
    if (!d.available) continue;
    d.rows.forEach((r, row) => {
      weekly.push({ day: d.day, start: r.start, end: endFromInput(r.end) });
      origin.push({ day: d.day, row });
    });
  }
  const overrides = draft.overrides.map((o) =>
    o.unavailable
      ? { date: o.date, unavailable: true as const }
      : { date: o.date, start: o.start, end: endFromInput(o.end) },
  );
  return { body: { name: draft.name, timeZone: draft.timeZone, isDefault, weekly, overrides }, origin };
}

const dayName = (day: number) => WEEKDAYS.find((w) => w.day === day)?.name ?? `day ${day}`;

/** The schema's message, in the page's words where the API's mention array indexes. */
function pageMessage(message: string, field: string | undefined, where: string): string {
  if (field === "end" && message.startsWith("The end (")) return "End must be after start.";
  if (field === "start" && message.startsWith("Give a start time")) return "Give a start time.";
  if (field === "end" && message.startsWith("Give an end time")) return "Give an end time.";
  if (field === undefined && message.startsWith("Overlaps ")) return `Intervals on ${where} overlap.`;
  return message;
}

function push(errors: DraftErrors, key: string, message: string) {
  const list = (errors[key] ??= []);
  if (!list.includes(message)) list.push(message);
}

export type DraftResult = { ok: true; value: ScheduleInput } | { ok: false; errors: DraftErrors };

/** Validates the draft with the JSON API's schema; errors are keyed to the rows of the form. */
export function validateDraft(draft: ScheduleDraft, isDefault: boolean): DraftResult {
  const { body, origin } = bodyOf(draft, isDefault);
  const parsed = scheduleBody.safeParse(body);
  if (parsed.success) return { ok: true, value: parsed.data };
  const errors: DraftErrors = {};
  for (const issue of parsed.error.issues) {
    const [head, index, field] = issue.path;
    if (head === "weekly" && typeof index === "number" && origin[index]) {
      const { day, row } = origin[index];
      const message = pageMessage(issue.message, typeof field === "string" ? field : undefined, dayName(day));
      push(errors, field === undefined ? `d${day}` : `d${day}.${row}.${String(field)}`, message);
    } else if (head === "overrides" && typeof index === "number") {
      const date = draft.overrides[index]?.date ?? "";
      const message = pageMessage(issue.message, typeof field === "string" ? field : undefined, date);
      push(
        errors,
        field === "start" || field === "end" || field === "date" ? `o.${index}.${field}` : `o.${index}`,
        message,
      );
    } else if (head === "name" || head === "timeZone") {
      push(errors, head, issue.message);
    } else {
      push(errors, "form", issue.message);
    }
  }
  return { ok: false, errors };
}

/**
 * Whether the draft says what the saved schedule says: compared as the schema reads both, so
 * an untouched form is never "unsaved". An invalid draft always differs.
 */
export function draftMatchesSaved(draft: ScheduleDraft, saved: ScheduleDraft, isDefault: boolean): boolean {
  const a = validateDraft(draft, isDefault);
  const b = validateDraft(saved, isDefault);
  return a.ok && b.ok && JSON.stringify(a.value) === JSON.stringify(b.value);
}

/**
 * Adds the "new override" fields to the draft's overrides when the schema accepts them there;
 * otherwise the errors, keyed "new.date", "new.start", "new.end" or "new".
 */
export function addOverride(draft: ScheduleDraft): { draft: ScheduleDraft; errors: DraftErrors } {
  const added = draft.newOverride;
  if (!added.date) return { draft, errors: { "new.date": ["Pick a date."] } };
  const next = {
    ...draft,
    overrides: [...draft.overrides, { ...added, ...(added.unavailable ? { start: "", end: "" } : {}) }],
  };
  const index = next.overrides.length - 1;
  const result = validateDraft(next, false);
  const errors: DraftErrors = {};
  if (!result.ok) {
    for (const [key, messages] of Object.entries(result.errors)) {
      if (key === `o.${index}`) errors.new = messages;
      else if (key.startsWith(`o.${index}.`)) errors[`new.${key.slice(`o.${index}.`.length)}`] = messages;
    }
  }
  if (Object.keys(errors).length) return { draft, errors };
  next.overrides.sort((a, b) => a.date.localeCompare(b.date) || a.start.localeCompare(b.start));
  return { draft: { ...next, newOverride: { ...EMPTY_OVERRIDE } }, errors: {} };
}

// ---------------------------------------------------------------------------------------------
// Reading a schedule

/** "9:00 am", "12:30 pm"; "24:00" is "12:00 am" (midnight). */
export function formatTime(time: string): string {
  const minutes = minutesOfTime(time, true);
  if (minutes === null) return time;
  const m = minutes % (24 * 60);
  const h = Math.floor(m / 60);
  const hour12 = h % 12 === 0 ? 12 : h % 12;
  return `${hour12}:${String(m % 60).padStart(2, "0")} ${h < 12 ? "am" : "pm"}`;
}

/** "Mon–Fri, 9:00 am – 5:00 pm; Sat, 10:00 am – 12:00 pm"; "No weekly hours" when empty. */
export function weeklySummary(weekly: readonly WeeklyHours[]): string {
  const hoursOf = (day: number) =>
    weekly
      .filter((w) => w.day === day)
      .sort((a, b) => a.start.localeCompare(b.start))
      .map((w) => `${formatTime(w.start)} – ${formatTime(w.end)}`)
      .join(", ");
  const groups: Array<{ from: number; to: number; hours: string }> = [];
  for (const { day } of WEEKDAYS) {
    const hours = hoursOf(day);
    if (!hours) continue;
    const last = groups.at(-1);
    if (last && last.hours === hours && last.to === day - 1) last.to = day;
    else groups.push({ from: day, to: day, hours });
  }
  if (!groups.length) return "No weekly hours";
  const short = (day: number) => WEEKDAYS[day - 1].short;
  return groups
    .map(
      (g) =>
        `${g.from === g.to ? short(g.from) : g.to === g.from + 1 ? `${short(g.from)}, ${short(g.to)}` : `${short(g.from)}–${short(g.to)}`}, ${g.hours}`,
    )
    .join("; ");
}

/** "Thu, Dec 24, 2026" for a "YYYY-MM-DD" date (a calendar date: no zone involved). */
export function formatDate(date: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return date;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  if (Number.isNaN(d.getTime())) return date;
  return new Intl.DateTimeFormat("en-US", {
    weekday: "short",
    month: "short",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  }).format(d);
}
