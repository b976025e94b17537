import { addDays, dateOfDayNumber, dayNumber, isoWeekdayOfDayNumber } from "~/scheduling/calendar-days";

/**
 * The public booking page's pure helpers: the month in view, the
 * calendar grid, how a slot is written, the query string that keeps the guest's choices, and
 * the Google Calendar link. Shared by server and browser.
 */

export const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
export const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** "2026-12" from "2026-12-05". */
export const monthOf = (date: string) => date.slice(0, 7);

/** The first and last date of a month "YYYY-MM". */
export function monthRange(month: string): { start: string; end: string } {
  const start = `${month}-01`;
  const [y, m] = month.split("-").map(Number);
  const next = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, "0")}-01`;
  return { start, end: addDays(next, -1) };
}

export function shiftMonth(month: string, by: number): string {
  const [y, m] = month.split("-").map(Number);
  const index = y * 12 + (m - 1) + by;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;
}

// Made once per locale: a formatter costs about six times what a format call does, and a page has dozens of labels.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(locale: string, kind: "month" | "date" | "weekday-short" | "weekday-long"): Intl.DateTimeFormat {
  const key = `${locale} ${kind}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(
      locale,
      kind === "month"
        ? { month: "long", year: "numeric", timeZone: "UTC" }
        : kind === "date"
          ? { weekday: "long", month: "long", day: "numeric", timeZone: "UTC" }
          : { weekday: kind === "weekday-short" ? "short" : "long", timeZone: "UTC" },
    );
    formatters.set(key, f);
  }
  return f;
}

const atUtcNoon = (date: string) => {
  const [y, m, d] = date.split("-").map(Number);
  return Date.UTC(y, m - 1, d, 12);
};

/** "December 2026" ("diciembre de 2026" in es-ES). */
export function monthLabel(month: string, locale = "en-US"): string {
  const [y, m] = month.split("-").map(Number);
  return formatter(locale, "month").format(Date.UTC(y, m - 1, 1));
}

/** "Tuesday, December 1" ("martes, 1 de diciembre" in es-ES). */
export function dateLabel(date: string, locale = "en-US"): string {
  return formatter(locale, "date").format(atUtcNoon(date));
}

/** "Tue" / "Tuesday" of a date, in the locale. */
export function weekdayLabel(date: string, style: "short" | "long", locale = "en-US"): string {
  return formatter(locale, style === "short" ? "weekday-short" : "weekday-long").format(atUtcNoon(date));
}

/** The month's weeks, Monday first; null pads the days of other months. */
export function monthWeeks(month: string): (string | null)[][] {
  const { start, end } = monthRange(month);
  const first = dayNumber(start) ?? 0;
  const last = dayNumber(end) ?? 0;
  const cells: (string | null)[] = Array.from({ length: isoWeekdayOfDayNumber(first) - 1 }, () => null);
  for (let day = first; day <= last; day++) cells.push(dateOfDayNumber(day));
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (string | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

const slotFormatters = new Map<string, Intl.DateTimeFormat>();

/**
 * A slot start as /api/slots writes it ("2026-12-01T15:00:00+01:00") shown in its own zone: "3:00 PM"
 * or "15:00"; a 12-hour clock in another locale in its words ("3:00 p. m.").
 */
export function slotLabel(slot: string, clock24: boolean, locale = "en-US"): string {
  const hh = Number(slot.slice(11, 13));
  const mm = slot.slice(14, 16);
  if (clock24) return `${String(hh).padStart(2, "0")}:${mm}`;
  if (locale === "en-US") return `${hh % 12 === 0 ? 12 : hh % 12}:${mm} ${hh < 12 ? "AM" : "PM"}`;
  let f = slotFormatters.get(locale);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { hour: "numeric", minute: "2-digit", hourCycle: "h12", timeZone: "UTC" });
    slotFormatters.set(locale, f);
  }
  return f.format(Date.UTC(2000, 0, 1, hh, Number(mm)));
}

/** The guest's choices carried from link to link. */
export interface PageQuery {
  month?: string;
  date?: string;
  slot?: string;
  tz?: string;
  /** The clock the guest chose (else the cookie's, else the language's own). */
  clock?: "12" | "24";
  /** The length the guest picked (decision 087), when not the event type's default. */
  duration?: string;
  embed?: "1";
  /** An embed's look (decision 108's parameters), kept from link to link inside the frame. */
  theme?: "auto" | "light" | "dark";
  brandColor?: string;
  /** The language the guest asked for with ?lang= (docs/decisions/088). */
  lang?: string;
  /** The week view (days as columns) instead of the month calendar. */
  view?: "week";
  /** A single-use link's token (decision 039). */
  link?: string;
  /** A routing form's response the guest came from (decision 074). */
  routing?: string;
  /** The form's prefill (`name`, `email`, `notes`, `a_<questionId>`), kept from link to link. */
  prefill?: Record<string, string>;
  /** The link's utm_* and ref (decision 079), kept from link to link until the booking. */
  utm?: Record<string, string>;
}

/** The prefill parameters a booking page takes (decision 039): name, email, notes and a_<questionId>. */
export function prefillOf(search: URLSearchParams): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of search) {
    if (
      (key === "name" || key === "email" || key === "notes" || /^a_[a-z0-9_-]{1,40}$/.test(key)) &&
      value.length <= 2000 &&
      !(key in out)
    )
      out[key] = value;
  }
  return out;
}

export function pageHref(base: string, query: PageQuery): string {
  const params = new URLSearchParams();
  for (const key of [
    "month",
    "date",
    "slot",
    "tz",
    "clock",
    "duration",
    "lang",
    "view",
    "embed",
    "theme",
    "brandColor",
    "link",
    "routing",
  ] as const) {
    const value = query[key];
    if (value) params.set(key, value);
  }
  for (const [key, value] of Object.entries(query.prefill ?? {})) params.set(key, value);
  for (const [key, value] of Object.entries(query.utm ?? {})) params.set(key, value);
  const text = params.toString();
  return text ? `${base}?${text}` : base;
}

const googleStamp = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");

/** "Add to Google Calendar": the event prefilled in Google's template form. */
export function googleCalendarLink(event: {
  title: string;
  start: Date;
  end: Date;
  details: string;
  location?: string;
}): string {
  const params = new URLSearchParams({
    action: "TEMPLATE",
    text: event.title,
    dates: `${googleStamp(event.start)}/${googleStamp(event.end)}`,
    details: event.details,
    ...(event.location ? { location: event.location } : {}),
  });
  return `https://calendar.google.com/calendar/render?${params.toString()}`;
}

/**
 * "Add to Outlook.com" and "Add to Office 365": the event prefilled in Outlook's compose form
 * (the same deep link on both hosts).
 */
export function outlookCalendarLinks(event: {
  title: string;
  start: Date;
  end: Date;
  details: string;
  location?: string;
}): {
  outlook: string;
  office365: string;
} {
  const params = new URLSearchParams({
    path: "/calendar/action/compose",
    rru: "addevent",
    subject: event.title,
    startdt: event.start.toISOString(),
    enddt: event.end.toISOString(),
    body: event.details,
    ...(event.location ? { location: event.location } : {}),
  });
  return {
    outlook: `https://outlook.live.com/calendar/0/deeplink/compose?${params.toString()}`,
    office365: `https://outlook.office.com/calendar/0/deeplink/compose?${params.toString()}`,
  };
}

/** Initials for the avatar: "Ada Lovelace" -> "AL". */
export function initials(name: string, fallback: string): string {
  const parts = (name.trim() || fallback).split(/\s+/).filter(Boolean);
  return parts
    .slice(0, 2)
    .map((p) => p[0]?.toUpperCase() ?? "")
    .join("");
}

/** A username as it may appear in a URL (app/schemas/username.ts has the full rules). */
export const USERNAME_IN_URL = /^[a-z][a-z0-9-]{2,29}$/i;
