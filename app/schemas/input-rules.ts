import type { z } from "zod";
import { MAX_BOOKING_WINDOW_DAYS } from "~/scheduling/slot-limits";

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
 * THE text rule, to put on every free-text string schema (with its own length limit): refuses
 * control characters, naming the field. Zod 4's `refine` keeps the schema's type, so a field's
 * `.trim().min().max()` chain and its messages stay as they are.
 */
export function plainText<T extends z.ZodString>(schema: T, label: string, options: { multiline?: boolean } = {}): T {
  return schema.refine((value) => isPlainText(value, options.multiline), {
    message: controlCharMessage(label, options.multiline),
  }) as T;
}

// ---------------------------------------------------------------------------------------------
// Dates

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The window of instants a client may write (bookings, events, reschedules): from 2000-01-01
 * (nothing absurd in the past; "in the future" rules are the callers') to two years after `now`.
 * The longest booking window an event type may have, so no real slot is ever beyond it.
 */
export const DATE_WINDOW = {
  earliest: new Date("2000-01-01T00:00:00Z"),
  maxDaysAhead: MAX_BOOKING_WINDOW_DAYS,
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

// ---------------------------------------------------------------------------------------------
// Links

/** Whether `value` is an absolute http:// or https:// URL (never javascript:, data:, ...). */
export function isHttpUrl(value: string): boolean {
  // No URL to parse (a review without a photo, on every home page): not worth a thrown TypeError.
  if (value === "" || !isPlainText(value)) return false;
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
