import type { BookingAnswers, BookingQuestion, BookingQuestionType, EventTypeLocation } from "../../db/schema";
import { isPlainText } from "./input-rules";

/**
 * Booking questions and their answers (decision 039), without zod: the booking page renders the
 * questions from here, the form post and POST /api/bookings check the answers with `checkAnswers`,
 * and mails, the .ics and the host's pages show them with `answerLines`. Pure.
 */

export type { BookingAnswers, BookingQuestion, BookingQuestionType };

/** A single-use link already used or revoked (410 link_used; the booking page says the same). */
export const LINK_USED_MESSAGE = "This link has been used.";
/** The guest's e-mail holds the most upcoming bookings of this event type the host allows. */
export const GUEST_LIMIT_MESSAGE = "You already have the most upcoming bookings of this event that the host allows.";

export const QUESTION_TYPES = [
  "short_text",
  "long_text",
  "phone",
  "number",
  "single_choice",
  "multiple_choice",
  "checkbox",
] as const;

export const QUESTION_TYPE_LABELS: Record<BookingQuestionType, string> = {
  short_text: "Short text",
  long_text: "Long text",
  phone: "Phone number",
  number: "Number",
  single_choice: "Single choice",
  multiple_choice: "Multiple choice",
  checkbox: "Checkbox",
};

export const QUESTIONS_MAX = 20;
export const QUESTION_LABEL_MAX = 200;
export const QUESTION_OPTIONS_MAX = 20;
export const QUESTION_OPTION_MAX = 100;
export const SHORT_ANSWER_MAX = 500;
export const LONG_ANSWER_MAX = 2000;

/** Question ids a client may give (the server makes `q_…` ones when none is given). */
export const QUESTION_ID = /^[a-z0-9_-]{1,40}$/;

/** The phone location without a number of the host's: the host calls the guest, who gives a number (decision 039). */
export const LOCATION_PHONE_ID = "location_phone";

export function isChoiceType(type: BookingQuestionType): boolean {
  return type === "single_choice" || type === "multiple_choice";
}

/** A fresh question id: `q_` and 10 random letters and digits. */
export function newQuestionId(): string {
  const bytes = new Uint8Array(10);
  crypto.getRandomValues(bytes);
  return `q_${Array.from(bytes, (b) => "abcdefghijklmnopqrstuvwxyz0123456789"[b % 36]).join("")}`;
}

/** The questions a guest answers: the phone location's number first (when the host calls them), then the host's. */
export function questionsToAsk(eventType: {
  questions: readonly BookingQuestion[];
  location: EventTypeLocation;
}): BookingQuestion[] {
  const asks = eventType.location.type === "phone" && !eventType.location.value;
  const own = eventType.questions.filter((q) => q.id !== LOCATION_PHONE_ID);
  return asks
    ? [
        { id: LOCATION_PHONE_ID, label: "Your phone number (the host calls you)", type: "phone", required: true },
        ...own,
      ]
    : own;
}

const PHONE = /^\+?[0-9 ().-]{5,30}$/;

/** Whether a value counts as no answer: nothing, blank text, an empty list, an unticked box. */
function isBlank(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    value === false ||
    (typeof value === "string" && value.trim() === "") ||
    (Array.isArray(value) && value.length === 0)
  );
}

export interface AnswerCheck {
  answers: BookingAnswers;
  /** Messages per question id (the JSON path reports them as `answers.<id>`). */
  errors: Record<string, string[]>;
}

/**
 * Checks `raw` (the JSON body's `answers`, or what the booking form sent) against `questions`:
 * required ones answered, each answer of its question's type and size, no answer to a question
 * that does not exist. Returns the clean answers (only the answered questions) and the errors.
 */
export function checkAnswers(
  questions: readonly BookingQuestion[],
  raw: Record<string, unknown> | undefined,
): AnswerCheck {
  const answers: BookingAnswers = {};
  const errors: Record<string, string[]> = {};
  const given = raw ?? {};
  const fail = (id: string, message: string) => (errors[id] ??= []).push(message);
  const known = new Set(questions.map((q) => q.id));
  for (const key of Object.keys(given)) if (!known.has(key)) fail(key, "There is no such question.");
  for (const q of questions) {
    const value = given[q.id];
    if (isBlank(value)) {
      if (q.required) fail(q.id, q.type === "checkbox" ? `Tick "${q.label}".` : `Answer "${q.label}".`);
      continue;
    }
    switch (q.type) {
      case "short_text":
      case "long_text": {
        const max = q.type === "short_text" ? SHORT_ANSWER_MAX : LONG_ANSWER_MAX;
        if (typeof value !== "string") fail(q.id, "Give text.");
        else if (value.trim().length > max) fail(q.id, `Use at most ${max} characters.`);
        else if (!isPlainText(value, q.type === "long_text"))
          fail(
            q.id,
            q.type === "long_text"
              ? "Use no control characters (line breaks are fine)."
              : "Use no control characters or line breaks.",
          );
        else answers[q.id] = value.trim();
        break;
      }
      case "phone": {
        const text = typeof value === "string" ? value.trim() : "";
        if (!PHONE.test(text) || (text.match(/\d/g) ?? []).length < 5)
          fail(q.id, "Give a phone number, such as +1 555 010 0000.");
        else answers[q.id] = text;
        break;
      }
      case "number": {
        const n =
          typeof value === "number"
            ? value
            : typeof value === "string" && /^\s*-?\d+(\.\d+)?\s*$/.test(value)
              ? Number(value)
              : NaN;
        if (!Number.isFinite(n) || Math.abs(n) > 1e12) fail(q.id, "Give a number.");
        else answers[q.id] = n;
        break;
      }
      case "single_choice": {
        if (typeof value !== "string" || !(q.options ?? []).includes(value)) fail(q.id, "Pick one of the choices.");
        else answers[q.id] = value;
        break;
      }
      case "multiple_choice": {
        const list = typeof value === "string" ? [value] : value;
        if (!Array.isArray(list) || !list.every((v) => typeof v === "string" && (q.options ?? []).includes(v)))
          fail(q.id, "Pick from the choices.");
        else answers[q.id] = [...new Set(list as string[])];
        break;
      }
      case "checkbox": {
        if (value === true || value === "true" || value === "on") answers[q.id] = true;
        else fail(q.id, "Tick the box or leave it.");
        break;
      }
    }
  }
  return { answers, errors };
}

/** The form fields of the answers: `a_<questionId>` (repeated for a multiple choice). */
export function answerFieldName(questionId: string): string {
  return `a_${questionId}`;
}

/** What the booking form sent for `questions`, for checkAnswers (and to keep the input on an error). */
export function answersFromForm(
  questions: readonly BookingQuestion[],
  form: { getAll(name: string): unknown[] },
): Record<string, unknown> {
  const raw: Record<string, unknown> = {};
  for (const q of questions) {
    const values = form.getAll(answerFieldName(q.id)).filter((v): v is string => typeof v === "string");
    if (q.type === "multiple_choice") raw[q.id] = values;
    else if (q.type === "checkbox") raw[q.id] = values.length > 0 && values[0] !== "";
    else raw[q.id] = values[0] ?? "";
  }
  return raw;
}

/** An answer as text: "Yes" for a ticked box, choices joined with commas. */
export function answerText(value: BookingAnswers[string]): string {
  if (value === true) return "Yes";
  if (value === false) return "No";
  if (Array.isArray(value)) return value.join(", ");
  return String(value);
}

export interface AnswerLine {
  label: string;
  text: string;
}

/**
 * The answers as label and text lines, in the questions' order; an answer whose question was
 * removed since keeps its id as the label. What mails, the .ics and the host's pages show.
 */
export function answerLines(
  questions: readonly BookingQuestion[],
  answers: BookingAnswers | null | undefined,
): AnswerLine[] {
  if (!answers) return [];
  const lines: AnswerLine[] = [];
  const seen = new Set<string>();
  for (const q of questions) {
    if (answers[q.id] === undefined) continue;
    seen.add(q.id);
    lines.push({ label: q.id === LOCATION_PHONE_ID ? "Phone number" : q.label, text: answerText(answers[q.id]) });
  }
  for (const [id, value] of Object.entries(answers)) {
    if (!seen.has(id)) lines.push({ label: id === LOCATION_PHONE_ID ? "Phone number" : id, text: answerText(value) });
  }
  return lines;
}
