import { z } from "zod";

/**
 * The input rules every boundary shares (docs/decisions/023-input-rules.md): the zod schemas of
 * the forms, the JSON API and the OpenAPI document all build their free text, their instants
 * and their links from here, so a NUL byte, a year 9999 or a `javascript:` link is refused the
 * same way everywhere, with a message naming the field, before anything reaches the database.
 * Pure: no clock (`now` is passed in), shared by the server and the browser.
 */

// ---------------------------------------------------------------------------------------------
// Text

/**
 * Control characters (Unicode Cc: C0, DEL, C1). PostgreSQL refuses NUL in text outright (22021,
 * a 500 before these rules); the others have no place in a name, a title or a message either.
 */
const CONTROL = /\p{Cc}/u;
/** The same, but a multi-line field may hold line breaks and tabs. */
const CONTROL_BUT_LINES = /(?![\t\n\r])\p{Cc}/u;

/** Whether `value` has no control character (line breaks and tabs allowed when `multiline`). */
export function isPlainText(value: string, multiline = false): boolean {
  return !(multiline ? CONTROL_BUT_LINES : CONTROL).test(value);
}

export function controlCharMessage(label: string, multiline = false): string {
  return multiline
    ? `${label} may not contain control characters (only line breaks and tabs).`
    : `${label} may not contain control characters or line breaks.`;
}

/**
 * THE text rule, to put on any string schema: refuses control characters, naming the field.
 * Zod 4's `refine` keeps the schema's type, so `.trim().min().max()` chains stay as they are.
 */
export function plainText<T extends z.ZodString>(schema: T, label: string, options: { multiline?: boolean } = {}): T {
  return schema.refine((value) => isPlainText(value, options.multiline), { message: controlCharMessage(label, options.multiline) }) as T;
}

export interface TextOptions {
  /** How messages name the field: "The title", "Your name". */
  label: string;
  max: number;
  /** 1 (or more) makes the field required; the default 0 allows "". */
  min?: number;
  multiline?: boolean;
  /** Trim surrounding blanks first (the default). */
  trim?: boolean;
  /** The message for a missing or empty value of a required field. */
  required?: string;
}

/** A free-text field: a string, trimmed, `min`..`max` characters, no control characters. */
export function text(options: TextOptions): z.ZodString {
  const { label, max, min = 0, multiline = false, trim = true } = options;
  const required = options.required ?? `${label} is required.`;
  let schema = z.string({ error: min > 0 ? required : `${label} must be text.` });
  if (trim) schema = schema.trim();
  if (min > 0) schema = schema.min(min, min === 1 ? required : `${label} needs at least ${min} characters.`);
  schema = schema.max(max, `${label} may have at most ${max} characters.`);
  return plainText(schema, label, { multiline });
}

// ---------------------------------------------------------------------------------------------
// Dates

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The window of instants a client may write (bookings, events, reschedules): from 2000-01-01
 * (nothing absurd in the past; "in the future" rules are the callers') to two years after `now`.
 * A booking window is at most 730 days (MAX_BOOKING_WINDOW_DAYS), so no real slot is beyond it.
 */
export const DATE_WINDOW = {
  earliest: new Date("2000-01-01T00:00:00Z"),
  maxDaysAhead: 730,
} as const;

export function latestInstant(now: Date): Date {
  return new Date(now.getTime() + DATE_WINDOW.maxDaysAhead * DAY_MS);
}

/** Whether `instant` is a real time inside the window around `now`. */
export function isWithinDateWindow(instant: Date, now: Date): boolean {
  const t = instant.getTime();
  return Number.isFinite(t) && t >= DATE_WINDOW.earliest.getTime() && t <= latestInstant(now).getTime();
}

export function dateWindowMessage(label: string): string {
  return `${label} must be between 2000-01-01 and ${DATE_WINDOW.maxDaysAhead} days (two years) from now.`;
}

/** Whether a calendar date ("YYYY-MM-DD") is inside the window (compared by its UTC day). */
export function isDateWithinWindow(date: string, now: Date): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return false;
  const t = Date.parse(`${date}T00:00:00Z`);
  return Number.isFinite(t) && t >= DATE_WINDOW.earliest.getTime() && t <= latestInstant(now).getTime() + DAY_MS;
}

// ---------------------------------------------------------------------------------------------
// Links

/** Whether `value` is an absolute http:// or https:// URL (never javascript:, data:, ...). */
export function isHttpUrl(value: string): boolean {
  if (!isPlainText(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
  } catch {
    return false;
  }
}

export function httpUrlMessage(label: string): string {
  return `${label} must be a link starting with http:// or https://.`;
}

/** A link field: trimmed, at most `max` characters, http(s) only. */
export function httpUrl(label: string, max = 2048): z.ZodString {
  return z
    .string({ error: httpUrlMessage(label) })
    .trim()
    .max(max, `${label} may have at most ${max} characters.`)
    .refine(isHttpUrl, { message: httpUrlMessage(label) });
}
