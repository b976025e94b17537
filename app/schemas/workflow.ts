import { z } from "zod";
import { WORKFLOW_ACTION_TYPES, WORKFLOW_BOUNDS as B, WORKFLOW_TRIGGERS, isTimedTrigger } from "~/scheduling/workflows";
import { plainText } from "./input-rules";
import { SMS_MAX_CHARS, SMS_TEMPLATE_MAX } from "~/scheduling/sms";

/**
 * Workflows (docs/decisions/085): the JSON body and answer of /api/workflows, shared by the
 * Workflows page's form. A timed trigger (before_start, after_end) takes offsetMinutes; the
 * others send at once and have none.
 */

export const WORKFLOW_MESSAGES = {
  notFound: "No such workflow.",
  smsUnavailable: "Text messages are unavailable: this server has no SMS transport (the SMS_* settings are unset).",
  hostPhoneMissing: "A text to you needs your mobile number: add it on your profile first.",
  smsTooLong: `A text is at most ${SMS_TEMPLATE_MAX.toLocaleString("en-US")} characters (${SMS_MAX_CHARS.toLocaleString("en-US")} with the STOP line).`,
  eventTypes: "Pick your own event types.",
  teamEventTypes: "Pick event types of this team.",
  teamForbidden: "Only an owner or admin of the team can manage its workflows.",
  teamNotFound: "No such team.",
  subjectNeeded: "An e-mail needs a subject.",
  offsetOnlyTimed: "offsetMinutes applies to before_start and after_end only.",
} as const;

const action = z
  .object({
    type: z.enum(WORKFLOW_ACTION_TYPES).meta({ description: "Who is told, and how." }),
    subject: plainText(z.string().trim().max(B.subject, `At most ${B.subject} characters.`), "The subject")
      .optional()
      .meta({ description: "The e-mail's subject (e-mail actions; required there). Takes the variables." }),
    body: plainText(
      z.string().trim().min(1, "Write the message.").max(B.body, `At most ${B.body} characters.`),
      "The message",
      { multiline: true },
    ).meta({
      description:
        "The message, with variables {guest_name} {event_title} {start_time} {location} {join_url} {cancel_url} {reschedule_url} {answer_<question id>}. Values are HTML-escaped in e-mails; texts are plain text (control characters stripped), at most 1,576 characters, and end with the line Reply STOP to opt out.",
    }),
  })
  .strict()
  .superRefine((a, ctx) => {
    if ((a.type === "email_guest" || a.type === "email_host") && !a.subject)
      ctx.addIssue({ code: "custom", path: ["subject"], message: WORKFLOW_MESSAGES.subjectNeeded });
    if ((a.type === "sms_guest" || a.type === "sms_host") && a.body.length > SMS_TEMPLATE_MAX)
      ctx.addIssue({ code: "custom", path: ["body"], message: WORKFLOW_MESSAGES.smsTooLong });
  });

/** POST and PUT /api/workflows. */
export const workflowBody = z
  .object({
    name: plainText(
      z.string().trim().min(1, "Give the workflow a name.").max(B.name, `At most ${B.name} characters.`),
      "The name",
    ),
    teamId: z.uuid({ error: WORKFLOW_MESSAGES.teamNotFound }).optional().meta({
      description:
        "A team's workflow (create only; the caller must be an owner or admin of it): it applies to the team's event types whoever hosts the booking. Ignored on update: a workflow keeps its team.",
    }),
    eventTypeIds: z
      .array(z.uuid({ error: WORKFLOW_MESSAGES.eventTypes }))
      .max(B.eventTypes)
      .meta({
        description:
          "The caller's event types it applies to (the team's, for a team workflow; an empty list: none, the workflow rests).",
      }),
    allEventTypes: z.boolean().optional().meta({
      description:
        "Every event type of the caller's (of the team's, for a team workflow), also those made later (the default workflows have it). Default: false on create, unchanged on update.",
    }),
    trigger: z.enum(WORKFLOW_TRIGGERS),
    offsetMinutes: z
      .number()
      .int()
      .min(B.offsetMinutes.min)
      .max(B.offsetMinutes.max)
      .optional()
      .meta({ description: "Minutes before the start (before_start) or after the end (after_end); at most 30 days." }),
    active: z.boolean().optional().meta({ description: "Off: nothing is sent. Default on." }),
    actions: z.array(action).min(1, "Add at least one action.").max(B.actions, `At most ${B.actions} actions.`),
  })
  .strict()
  .superRefine((w, ctx) => {
    if (w.offsetMinutes !== undefined && w.offsetMinutes !== 0 && !isTimedTrigger(w.trigger))
      ctx.addIssue({ code: "custom", path: ["offsetMinutes"], message: WORKFLOW_MESSAGES.offsetOnlyTimed });
  })
  .meta({ id: "WorkflowInput" });

export type WorkflowInput = z.output<typeof workflowBody>;

export const workflowSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    teamId: z.uuid().nullable().meta({ description: "The team whose workflow it is; null: the caller's own." }),
    eventTypeIds: z.array(z.uuid()),
    allEventTypes: z
      .boolean()
      .meta({ description: "A default workflow (made from the reminder settings) applies to every event type." }),
    trigger: z.enum(WORKFLOW_TRIGGERS),
    offsetMinutes: z.number().int(),
    active: z.boolean(),
    actions: z.array(z.object({ type: z.enum(WORKFLOW_ACTION_TYPES), subject: z.string(), body: z.string() })),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: "Workflow" });

export type WorkflowJson = z.infer<typeof workflowSchema>;

export interface WorkflowRecord {
  id: string;
  name: string;
  trigger: string;
  offsetMinutes: number;
  active: boolean;
  allEventTypes: boolean;
  preset: string | null;
  teamId: string | null;
  eventTypeIds: string[];
  actions: Array<{ type: string; subject: string; body: string }>;
  createdAt: Date;
  updatedAt: Date;
}

export function workflowJson(w: WorkflowRecord): WorkflowJson {
  return {
    id: w.id,
    name: w.name,
    teamId: w.teamId,
    eventTypeIds: w.eventTypeIds,
    allEventTypes: w.allEventTypes,
    trigger: w.trigger as WorkflowJson["trigger"],
    offsetMinutes: w.offsetMinutes,
    active: w.active,
    actions: w.actions.map((a) => ({
      type: a.type as WorkflowJson["actions"][number]["type"],
      subject: a.subject,
      body: a.body,
    })),
    createdAt: w.createdAt.toISOString(),
    updatedAt: w.updatedAt.toISOString(),
  };
}
