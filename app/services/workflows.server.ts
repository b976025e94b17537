import type { BookingEventConsumer } from "~/models/booking-events.server";
import {
  applyWorkflowEffects,
  foreignEventTypeIds,
  getWorkflow,
  hostPhone,
  insertWorkflow,
  removeWorkflow,
  replaceWorkflow,
  recordsWithoutWorkflows,
  sendDueWorkflows,
  triggerOf,
  type WorkflowEffects,
} from "~/models/workflow.server";
import { guestFollowUpMail, guestReminderMail, hostReminderNotification } from "~/mail/reminder-mail";
import { workflowMail, workflowSms, workflowText } from "~/mail/workflow-mail";
import type { WorkflowTexts } from "~/schemas/workflow-mail";
import type { WorkflowInput } from "~/schemas/workflow";
import { isSmsAction } from "~/scheduling/workflows";
import { smsAvailable } from "~/server/sms.server";
import { readerTime } from "~/scheduling/reader-time";
import { getMyTeam } from "~/models/teams.server";
import { canManage } from "~/schemas/teams";

/** The texts workflows send (docs/decisions/085): decision 022's for the defaults, the host's own otherwise. */
export const workflowTexts: WorkflowTexts = {
  guestReminderMail,
  guestFollowUpMail,
  hostReminderNotification,
  workflowMail,
  workflowText,
  workflowSms,
};

/**
 * The job runner's workflow job: timed actions ("before the start", "after the end"), read by
 * the one server that claims the poll's lease (docs/decisions/103).
 */
export function runDueWorkflows(now: Date, pollMs: number): Promise<number> {
  return sendDueWorkflows(now, workflowTexts, pollMs);
}

function linksOf(payload: unknown): WorkflowEffects["links"] {
  const links = (payload as { links?: { cancelUrl?: unknown; rescheduleUrl?: unknown } } | null)?.links;
  if (!links || typeof links !== "object") return null;
  return {
    cancelUrl: typeof links.cancelUrl === "string" ? links.cancelUrl : null,
    rescheduleUrl: typeof links.rescheduleUrl === "string" ? links.rescheduleUrl : null,
  };
}

/**
 * The booking event stream's consumer for the event triggers (booked, cancelled, rescheduled,
 * no-show marked): the host's workflows on that trigger write their messages in the record's
 * marking transaction, each under its delivery key.
 */
export const workflowConsumer: BookingEventConsumer<WorkflowEffects> = {
  name: "workflows",
  effects: async (record) => ({
    eventId: record.eventId,
    seatId: record.seatId,
    trigger: triggerOf(record),
    links: linksOf(record.payload),
    now: new Date(),
  }),
  apply: (tx, effects) => applyWorkflowEffects(tx, effects, workflowTexts),
  isEmpty: (effects) => effects.trigger === null,
  surelyEmpty: recordsWithoutWorkflows,
};

// ---------------------------------------------------------------------------------------------
// The host's workflows: create, update, delete (the Workflows page and /api/workflows).

/** Whether this server can send text messages (the SMS_* settings, decision 090). */
export { smsAvailable };

export type WorkflowWriteResult =
  | { ok: true; id: string }
  | { ok: false; reason: "not-found" }
  | { ok: false; reason: "event-types"; ids: string[]; team: boolean }
  | { ok: false; reason: "sms-unavailable" }
  | { ok: false; reason: "host-phone" }
  | { ok: false; reason: "team-not-found" }
  | { ok: false; reason: "team-forbidden" };

/**
 * Why a write is refused, if it is. A team's workflow (docs/decisions/109) needs the caller to be
 * an owner or admin of the team and names only the team's event types; its texts to the host go
 * to whichever member hosts the booking, so the caller's own number is not asked for.
 */
async function refusal(
  userId: string,
  input: WorkflowInput,
  teamId: string | null,
): Promise<WorkflowWriteResult | null> {
  if (teamId) {
    const team = await getMyTeam(userId, teamId);
    if (!team) return { ok: false, reason: "team-not-found" };
    if (!canManage(team.role)) return { ok: false, reason: "team-forbidden" };
  }
  if (input.actions.some((a) => isSmsAction(a.type)) && !smsAvailable())
    return { ok: false, reason: "sms-unavailable" };
  if (!teamId && input.actions.some((a) => a.type === "sms_host") && !(await hostPhone(userId)))
    return { ok: false, reason: "host-phone" };
  const foreign = await foreignEventTypeIds(userId, input.eventTypeIds, teamId);
  if (foreign.length) return { ok: false, reason: "event-types", ids: foreign, team: Boolean(teamId) };
  return null;
}

export async function createWorkflow(userId: string, input: WorkflowInput): Promise<WorkflowWriteResult> {
  const refused = await refusal(userId, input, input.teamId ?? null);
  if (refused) return refused;
  return { ok: true, id: await insertWorkflow(userId, input) };
}

export async function updateWorkflow(userId: string, id: string, input: WorkflowInput): Promise<WorkflowWriteResult> {
  // A workflow keeps its team; the caller must still manage it.
  const current = await getWorkflow(userId, id);
  if (!current) return { ok: false, reason: "not-found" };
  const refused = await refusal(userId, input, current.teamId);
  if (refused) return refused;
  const done = await replaceWorkflow(userId, id, input);
  return done ? { ok: true, id } : { ok: false, reason: "not-found" };
}

export function deleteWorkflow(userId: string, id: string): Promise<boolean> {
  return removeWorkflow(userId, id);
}

/** The sample booking a preview is rendered with. */
const SAMPLE_START = new Date("2026-12-10T15:00:00Z");

/**
 * What each action of a workflow being edited would send, rendered on the server with a
 * sample booking in the host's zone (the Workflows page's preview).
 */
export function previewWorkflow(
  input: Pick<WorkflowInput, "actions">,
  sample: { eventTitle: string; zone: string },
): Array<{ type: string; subject: string; text: string }> {
  const values = {
    guest_name: "Sam Guest",
    event_title: sample.eventTitle,
    start_time: readerTime(SAMPLE_START, sample.zone).full,
    location: "Google Meet",
    join_url: "https://meet.example.com/sample",
    cancel_url: "https://example.com/booking/sample/cancel",
    reschedule_url: "https://example.com/booking/sample/reschedule",
    host_name: "You",
  };
  return input.actions.map((a) => {
    if (a.type === "email_guest" || a.type === "email_host") {
      const mail = workflowMail({ subject: a.subject ?? "", body: a.body }, values);
      return { type: a.type, subject: mail.subject, text: mail.text };
    }
    return {
      type: a.type,
      subject: "",
      text: isSmsAction(a.type) ? workflowSms(a.body, values) : workflowText(a.body, values),
    };
  });
}
