import { z } from "zod";
import { EVENT_TYPE_KINDS, type ALL_EVENT_TYPE_KINDS, type LOCATION_TYPES } from "./scheduling-api";

/**
 * The Event Types page's form (decision 016): the page validates with the JSON API's own
 * schema (eventTypeBody); this module only turns the form's strings into that body's shape
 * (notice in hours → minutes, an empty slug → one made from the title). Shared by the server
 * and the browser.
 */

export const EVENT_TYPES_PAGE = "/dashboard/eventTypes";

export const EVENT_TYPE_MESSAGES = {
  created: "Event type created",
  saved: "Event type saved",
  deleted: "Event type deleted",
  turnedOn: "Event type turned on",
  turnedOff: "Event type turned off",
  hidden: "Event type hidden: it books by its link only",
  listed: "Event type listed on your page",
  slugTaken: "That link is already used by another of your event types.",
  notFound: "No such event type.",
  checkFields: "Check the highlighted fields.",
  unknownForm: "That form is not on this page.",
  /** Decision 038: the free plan's cap is on what the host turns on, never on guests' bookings. */
  activeCap: "The free plan has at most 3 event types on at once. Turn another one off, or take a package for more.",
} as const;

export const DURATION_CHOICES = [15, 30, 45, 60, 90, 120] as const;

export type EventTypeKind = (typeof EVENT_TYPE_KINDS)[number];
export type AnyEventTypeKind = (typeof ALL_EVENT_TYPE_KINDS)[number];
export type LocationType = (typeof LOCATION_TYPES)[number];

export const KIND_LABELS: Record<AnyEventTypeKind, string> = {
  "one-to-one": "One-to-One",
  group: "Group",
  collective: "Collective",
  "round-robin": "Round Robin",
  managed: "Managed",
};

export const KIND_HINTS: Record<AnyEventTypeKind, string> = {
  "one-to-one": "One guest per meeting.",
  group: "Several guests in the same slot, up to the seats you set.",
  collective: "You and the team members you pick host together: guests see only times when all of you are free.",
  "round-robin": "Guests get one free host among you and the members you pick, shared out fairly.",
  managed: "Each member you assign gets their own copy on their page; the fields you lock stay as you set them.",
};

export { LOCATION_LABELS } from "./location-labels";

/** What the location's value field asks for, by type. */
export const LOCATION_VALUE_LABELS: Record<
  LocationType,
  { label: string; hint: string; type: "text" | "tel" | "url" }
> = {
  "in-person": { label: "Address", hint: "Where you meet (required for an in-person meeting).", type: "text" },
  phone: {
    label: "Phone number (optional)",
    hint: "The number guests call; leave empty to call the number they give.",
    type: "tel",
  },
  "google-meet": {
    label: "Meet link (optional)",
    hint: "Leave empty for a new Meet link per booking (with Google Meet connected), else the site's own video room.",
    type: "url",
  },
  video: { label: "Room link (optional)", hint: "Leave empty to use the site's own video room.", type: "url" },
  zoom: {
    label: "Link (left empty: made for each booking)",
    hint: "Each booking gets its own Zoom meeting (connect Zoom on the Calendars page).",
    type: "text",
  },
  "microsoft-teams": {
    label: "Link (left empty: made for each booking)",
    hint: "Each booking gets its own Teams meeting (connect a Microsoft 365 calendar first).",
    type: "text",
  },
};

export function isKind(value: unknown): value is EventTypeKind {
  return typeof value === "string" && (EVENT_TYPE_KINDS as readonly string[]).includes(value);
}

/** "Intro call!" → "intro-call" (at most 60 characters, like the slug rule). */
export function slugify(title: string): string {
  return title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "");
}

/** The form's "Also offer" field of stored durations: every one but the default, comma-separated. */
export function moreDurationsText(durations: readonly number[]): string {
  return durations.slice(1).join(", ");
}

/** 30 → "30 min", 90 → "1 h 30 min", 120 → "2 h". */
export function durationText(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m} min`;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}

export const NOTICE_UNITS = ["minutes", "hours"] as const;

/** How the form shows a stored notice: whole hours as hours, the rest as minutes. */
export function noticeForForm(minutes: number): { value: number; unit: (typeof NOTICE_UNITS)[number] } {
  return minutes > 0 && minutes % 60 === 0
    ? { value: minutes / 60, unit: "hours" }
    : { value: minutes, unit: "minutes" };
}

/**
 * The submitted form as the JSON body's fields, still strings (conform coerces them): an empty
 * slug becomes the title's, a notice in hours becomes minutes (and the kept input then shows
 * minutes), and the checkbox `active` is read apart too: an unticked box sends nothing, which
 * the body would take as its default (true), so the caller uses this `active` instead.
 */
export function toBodyForm(form: FormData): { form: FormData; active: boolean } {
  const out = new FormData();
  // `active` stays in, so a refused form comes back with the box as it was.
  for (const [key, value] of form) if (key !== "intent") out.append(key, value);
  const slug = String(form.get("slug") ?? "").trim();
  if (slug === "") out.set("slug", slugify(String(form.get("title") ?? "")));
  const notice = String(form.get("minimumNotice") ?? "").trim();
  if (form.get("minimumNoticeUnit") === "hours" && /^\d+(\.\d+)?$/.test(notice)) {
    out.set("minimumNotice", String(Number(notice) * 60));
    out.set("minimumNoticeUnit", "minutes");
  }
  // The extra lengths come as one text field (decision 087): with the duration first, they are `durations`.
  if (form.has("moreDurations")) {
    const duration = String(form.get("duration") ?? "").trim();
    const more = String(form.get("moreDurations") ?? "")
      .split(/[\s,;]+/)
      .filter((minutes) => minutes !== "" && minutes !== duration);
    if (more.length > 0) [duration, ...more].forEach((minutes, i) => out.set(`durations[${i}]`, minutes));
  }
  // A question's choices come as lines of one textarea (decision 039); only choice questions keep them.
  for (const [key, value] of form) {
    const m = /^questions\[(\d+)\]\.optionsText$/.exec(key);
    if (!m || typeof value !== "string") continue;
    const type = String(form.get(`questions[${m[1]}].type`) ?? "");
    if (type !== "single_choice" && type !== "multiple_choice") continue;
    value
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter(Boolean)
      .forEach((line, j) => out.append(`questions[${m[1]}].options[${j}]`, line));
  }
  // A recurring series (decision 106): a box, the repeats offered and the most meetings, as `recurring`.
  for (const key of ["recurringOn", "recurringWeeks", "recurringMax"]) out.delete(key);
  if (form.get("recurringOn") === "on") {
    out.set("recurring.maxOccurrences", String(form.get("recurringMax") ?? "").trim());
    form.getAll("recurringWeeks").forEach((weeks, i) => out.set(`recurring.intervalWeeks[${i}]`, String(weeks)));
    if (!form.has("recurringWeeks")) out.set("recurring.intervalWeeks", "");
  }
  // A paid event type (docs/decisions/107): no amount and no currency is free; the refund deadline
  // goes only with its rule.
  if (!String(form.get("price.amount") ?? "").trim() && !String(form.get("price.currency") ?? "").trim()) {
    out.delete("price.amount");
    out.delete("price.currency");
  }
  if (form.has("refundPolicy.type") && form.get("refundPolicy.type") !== "until") out.delete("refundPolicy.hours");
  return { form: out, active: form.get("active") === "on" };
}

/**
 * Keeps conform's list intent (`__intent__`, the questions editor's add, remove and move buttons)
 * only when it is one those buttons send: insert / remove / reorder of `questions` at indexes
 * inside the list. Anything else a hand-made post carries is dropped, so the form is parsed as a
 * plain submit (conform would throw on malformed JSON, or build a list with holes).
 */
export function keepListIntent(form: FormData): void {
  const raw = form.get("__intent__");
  if (raw === null) return;
  form.delete("__intent__");
  if (typeof raw !== "string" || raw.length > 2000) return;
  let intent: { type?: unknown; payload?: Record<string, unknown> };
  try {
    intent = JSON.parse(raw) as typeof intent;
  } catch {
    return;
  }
  const payload = intent?.payload;
  if (!payload || typeof payload !== "object" || payload.name !== "questions") return;
  const rows = new Set([...form.keys()].flatMap((key) => /^questions\[(\d+)\]\./.exec(key)?.[1] ?? [])).size;
  const index = (value: unknown, max: number) =>
    typeof value === "number" && Number.isInteger(value) && value >= 0 && value <= max;
  const ok =
    (intent.type === "insert" && rows < 20 && (payload.index === undefined || index(payload.index, rows))) ||
    (intent.type === "remove" && index(payload.index, rows - 1)) ||
    (intent.type === "reorder" && index(payload.from, rows - 1) && index(payload.to, rows - 1));
  if (ok) form.set("__intent__", raw);
}

export const uuidSchema = z.uuid();

/**
 * A member's copy of a managed event type (decision 059): its locked fields are disabled on the
 * form, so the browser sends none of them; each one absent takes the copy's current value here
 * (a copy stays one-to-one), and one sent anyway is compared after parsing (changedLockedField).
 * Questions are kept after parsing, as they are many fields.
 */
export function keepLockedInForm(
  form: FormData,
  current: {
    title: string;
    description: string;
    duration: number;
    location: { type: string; value?: string };
    bufferBefore: number;
    bufferAfter: number;
    minimumNotice: number;
    bookingWindowDays: number;
    slotInterval: number | null;
    dailyLimit: number | null;
    weeklyLimit: number | null;
    monthlyLimit: number | null;
    limitPerGuest: number | null;
    requiresApproval: boolean;
    approvalHoldHours: number;
  },
  locked: readonly string[],
): void {
  const keep = (key: string, value: string) => {
    if (!form.has(key)) form.set(key, value);
  };
  keep("kind", "one-to-one");
  for (const field of locked) {
    if (field === "location") {
      if (form.has("location.type")) continue;
      form.set("location.type", current.location.type);
      form.set("location.value", current.location.value ?? "");
    } else if (field === "minimumNotice") {
      if (form.has("minimumNotice")) continue;
      form.set("minimumNotice", String(current.minimumNotice));
      form.set("minimumNoticeUnit", "minutes");
    } else if (field === "requiresApproval") {
      if (current.requiresApproval) keep("requiresApproval", "on");
    } else if (field !== "questions" && field in current) {
      const value = current[field as keyof typeof current];
      keep(field, value === null ? "" : String(value));
    }
  }
}
