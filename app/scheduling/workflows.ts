/**
 * Workflows (docs/decisions/085): which of a booking's timed workflow actions are due at `now`,
 * and the templates' variables. Pure: no clock, no database; the job runner passes `now` and
 * the actions already sent for the booking's current start. Decision 022's rules hold for every
 * timed action: nothing is sent late for a booking made after its time, a "before" action only
 * until the start, an "after" action for FOLLOW_UP_GRACE_MINUTES after its time.
 */
import { FOLLOW_UP_GRACE_MINUTES, type RemindedEvent } from "./reminders";

export const WORKFLOW_TRIGGERS = [
  "booked",
  "before_start",
  "after_end",
  "cancelled",
  "rescheduled",
  "no_show",
] as const;
export type WorkflowTrigger = (typeof WORKFLOW_TRIGGERS)[number];

/** The triggers the job runner checks on each poll; the others come from the booking event stream. */
export const TIMED_TRIGGERS = ["before_start", "after_end"] as const satisfies readonly WorkflowTrigger[];
export type TimedTrigger = (typeof TIMED_TRIGGERS)[number];
export const isTimedTrigger = (t: WorkflowTrigger): t is TimedTrigger => t === "before_start" || t === "after_end";

export const WORKFLOW_ACTION_TYPES = ["email_guest", "email_host", "sms_guest", "sms_host", "bell"] as const;
export type WorkflowActionType = (typeof WORKFLOW_ACTION_TYPES)[number];
export const isSmsAction = (t: WorkflowActionType) => t === "sms_guest" || t === "sms_host";
export const isGuestAction = (t: WorkflowActionType) => t === "email_guest" || t === "sms_guest";

/** Bounds, inclusive (the database checks the offset's). */
export const WORKFLOW_BOUNDS = {
  offsetMinutes: { min: 0, max: 30 * 24 * 60 },
  name: 100,
  subject: 200,
  body: 2000,
  actions: 5,
  eventTypes: 100,
} as const;

/** Every text message ends with this, and a STOP reply turns texts off for the number. */
export const SMS_STOP_LINE = "Reply STOP to opt out.";

/** The variables a template may use, with what each becomes (the page lists them). */
export const TEMPLATE_VARIABLES = [
  { name: "guest_name", meaning: "the guest's name" },
  { name: "event_title", meaning: "the event type's title" },
  { name: "start_time", meaning: "the start, in the reader's time zone" },
  { name: "location", meaning: "where the meeting takes place" },
  { name: "join_url", meaning: "the video link, when there is one" },
  { name: "cancel_url", meaning: "the guest's cancel link" },
  { name: "reschedule_url", meaning: "the guest's reschedule link" },
  { name: "answer_QUESTION", meaning: "the guest's answer to a booking question (its id in place of QUESTION)" },
] as const;

/**
 * Replaces each `{name}` the values know; an unknown name stays as written, so a typo shows in
 * the preview. `escape` is applied to each value (HTML mail), never to the template itself, so
 * whatever a guest typed in their name or answers can never become markup.
 */
export function renderTemplate(
  template: string,
  values: Readonly<Record<string, string>>,
  escape: (value: string) => string = (v) => v,
): string {
  return template.replace(/\{([a-z][a-z0-9_-]*)\}/gi, (whole, name: string) =>
    Object.prototype.hasOwnProperty.call(values, name) ? escape(values[name]!) : whole,
  );
}

/** A text message's body: the rendered text and the STOP line, once. */
export function smsText(rendered: string): string {
  const body = rendered.trim();
  return body.endsWith(SMS_STOP_LINE) ? body : `${body}${body ? "\n\n" : ""}${SMS_STOP_LINE}`;
}

export interface TimedAction {
  id: string;
  trigger: TimedTrigger;
  offsetMinutes: number;
  type: WorkflowActionType;
}

export interface WorkflowEvent extends RemindedEvent {
  /** Whether the guest gave a phone number and consented to texts (not opted out). */
  guestTextable?: boolean;
  /** Whether the host can be texted (a phone number, a transport). */
  hostTextable?: boolean;
}

const MINUTE = 60_000;

/** When a timed action is meant to go out for this booking. */
export function actionTime(
  action: Pick<TimedAction, "trigger" | "offsetMinutes">,
  event: Pick<RemindedEvent, "startsAt" | "endsAt">,
): Date {
  return action.trigger === "before_start"
    ? new Date(event.startsAt.getTime() - action.offsetMinutes * MINUTE)
    : new Date(event.endsAt.getTime() + action.offsetMinutes * MINUTE);
}

/**
 * The actions to send now, given those already sent for the booking's current start:
 * - only for a confirmed booking;
 * - never late: an action whose time came before the booking got its start is skipped;
 * - "before the start" is due from its time until the start, "after the end" from its time for
 *   FOLLOW_UP_GRACE_MINUTES (after an outage nobody hears about a meeting long past);
 * - guest actions only when there is a guest to reach (an e-mail; a phone that may be texted);
 * - of two "before" messages of the same kind to the guests due at once (after an outage), only
 *   the one closer to the start.
 */
export function dueWorkflowActions(input: {
  event: WorkflowEvent;
  actions: readonly TimedAction[];
  delivered: ReadonlySet<string>;
  now: Date;
}): string[] {
  const { event, actions, delivered, now } = input;
  if (event.status !== "confirmed") return [];
  const t = now.getTime();
  const timed = actions.map((a) => ({ ...a, at: actionTime(a, event).getTime() }));
  const reachable = (a: TimedAction) =>
    a.type === "email_guest"
      ? event.hasGuests
      : a.type === "sms_guest"
        ? Boolean(event.guestTextable)
        : a.type === "sms_host"
          ? Boolean(event.hostTextable)
          : true;
  const eligible = timed.filter((a) => {
    if (delivered.has(a.id) || !reachable(a)) return false;
    if (a.at > t || a.at < event.startSetAt.getTime()) return false;
    if (a.trigger === "before_start") return t < event.startsAt.getTime();
    return t - a.at <= FOLLOW_UP_GRACE_MINUTES * MINUTE;
  });
  return eligible
    .filter(
      (a) =>
        !(
          a.trigger === "before_start" &&
          isGuestAction(a.type) &&
          timed.some((o) => o.trigger === "before_start" && o.type === a.type && o.at > a.at && o.at <= t)
        ),
    )
    .map((a) => a.id);
}

/**
 * When the workflow job must next look at a booking (docs/decisions/103): the earliest time,
 * after `now`, of a timed action not yet sent for its current start that can still go out; null
 * when none can (not confirmed, all sent, all past their window, or never due because the
 * booking got its start after their time). An action whose time has come but that was not sent
 * (nobody to reach) waits for a change of the booking, which marks it for the next poll, except
 * those listed in `retry`, looked at again at `retry.at`.
 */
export function nextWorkflowCheck(input: {
  event: Pick<WorkflowEvent, "status" | "startsAt" | "endsAt" | "startSetAt">;
  actions: readonly TimedAction[];
  delivered: ReadonlySet<string>;
  now: Date;
  retry?: { at: Date; actionIds: ReadonlySet<string> };
}): Date | null {
  const { event, actions, delivered, now, retry } = input;
  if (event.status !== "confirmed") return null;
  const t = now.getTime();
  const timed = actions.map((a) => ({ ...a, at: actionTime(a, event).getTime() }));
  let next: number | null = null;
  const consider = (at: number) => {
    if (next === null || at < next) next = at;
  };
  for (const a of timed) {
    if (delivered.has(a.id) || a.at < event.startSetAt.getTime()) continue;
    const open =
      a.trigger === "before_start" ? t < event.startsAt.getTime() : t - a.at <= FOLLOW_UP_GRACE_MINUTES * MINUTE;
    if (!open) continue;
    if (a.at > t) consider(a.at);
    else if (retry?.actionIds.has(a.id)) consider(Math.max(retry.at.getTime(), t));
  }
  return next === null ? null : new Date(next);
}
