import type { BookingEventConsumer } from "~/models/booking-events.server";
import {
  applyWorkflowEffects,
  recordsWithoutWorkflows,
  sendDueWorkflows,
  triggerOf,
  type WorkflowEffects,
} from "~/models/workflow.server";
import { guestFollowUpMail, guestReminderMail, hostReminderNotification } from "~/mail/reminder-mail";
import { workflowMail, workflowText } from "~/mail/workflow-mail";
import type { WorkflowTexts } from "~/schemas/workflow-mail";

/** The texts workflows send (docs/decisions/085): decision 022's for the defaults, the host's own otherwise. */
export const workflowTexts: WorkflowTexts = {
  guestReminderMail,
  guestFollowUpMail,
  hostReminderNotification,
  workflowMail,
  workflowText,
};

/** The job runner's workflow job: timed actions ("before the start", "after the end"). */
export function runDueWorkflows(now: Date): Promise<number> {
  return sendDueWorkflows(now, workflowTexts);
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
    trigger: triggerOf(record),
    links: linksOf(record.payload),
    now: new Date(),
  }),
  apply: (tx, effects) => applyWorkflowEffects(tx, effects, workflowTexts),
  isEmpty: (effects) => effects.trigger === null,
  surelyEmpty: recordsWithoutWorkflows,
};
