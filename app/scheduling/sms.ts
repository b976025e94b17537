/**
 * Text messages (docs/decisions/090): the body of a text from a template, and what a reply
 * means. Pure.
 */
import { renderTemplate, smsText, SMS_STOP_LINE } from "./workflows";

/** A text's whole length, the STOP line included (Twilio's own limit is 1,600 characters). */
export const SMS_MAX_CHARS = 1600;
/** A template's limit, leaving room for the STOP line. */
export const SMS_TEMPLATE_MAX = SMS_MAX_CHARS - SMS_STOP_LINE.length - 2;

/** The carriers' opt-out and opt-in words (matched whole, any case). */
export const STOP_WORDS = ["STOP", "STOPALL", "UNSUBSCRIBE", "CANCEL", "END", "QUIT"] as const;
export const START_WORDS = ["START", "UNSTOP"] as const;

/** What an inbound text asks: texts off (stop), back on (start), or nothing. */
export function replyKeyword(body: string): "stop" | "start" | null {
  const word = body
    .trim()
    .replace(/[.!]+$/, "")
    .toUpperCase();
  if ((STOP_WORDS as readonly string[]).includes(word)) return "stop";
  if ((START_WORDS as readonly string[]).includes(word)) return "start";
  return null;
}

// Control characters other than the line break: a text is plain text, and a guest's name must not carry any.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029]/g;

/**
 * A text from a template and values: not escaped (plain text), control characters stripped, the
 * STOP line at the end, cut to SMS_MAX_CHARS (values such as a long answer may grow it).
 */
export function smsFromTemplate(template: string, values: Readonly<Record<string, string>>): string {
  const text = renderTemplate(template, values).replace(/\r\n?/g, "\n").replace(CONTROL, "").trim();
  const room = SMS_MAX_CHARS - SMS_STOP_LINE.length - 2;
  return smsText(text.length > room ? `${text.slice(0, room - 1)}…` : text);
}

/**
 * The delivery statuses a provider's status callback reports (Twilio's), in the order a text
 * goes through them (docs/decisions/109). Callbacks can arrive out of order: a status only
 * replaces one of a lower rank.
 */
const DELIVERY_RANK: Readonly<Record<string, number>> = {
  accepted: 0,
  scheduled: 0,
  queued: 0,
  sending: 1,
  sent: 2,
  delivered: 3,
  undelivered: 3,
  failed: 3,
  canceled: 3,
  read: 4,
};

export function isDeliveryStatus(status: string): boolean {
  return Object.hasOwn(DELIVERY_RANK, status);
}

/** Whether `next` may replace the recorded status `current` (null: none yet). */
export function deliveryAdvances(current: string | null, next: string): boolean {
  if (!isDeliveryStatus(next)) return false;
  if (current === null || !isDeliveryStatus(current)) return true;
  return DELIVERY_RANK[next]! > DELIVERY_RANK[current]!;
}

/** A status the host is told about: the text did not reach the phone. */
export const deliveryFailed = (status: string | null) => status === "failed" || status === "undelivered";
