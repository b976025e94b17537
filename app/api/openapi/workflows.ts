import { z } from "zod";
import { workflowBody, workflowSchema } from "~/schemas/workflow";
import { body, errors, idParam, json, noContent, open, signedIn, type ZodOpenApiPathsObject } from "./common";

/**
 * Workflows (decision 085): a trigger (booked, before_start, after_end, cancelled, rescheduled,
 * no_show) with an offset, the event types it applies to, and ordered actions (e-mail the
 * guests or the host, text the guest or the host, the host's bell). Each message goes out once
 * per booking and start. Every account starts with the default workflows made from decision
 * 022's reminders.
 */

const tags = ["Workflows"];

/** Twilio's inbound message webhook's form (decision 090). */
const inboundSms = z
  .object({
    From: z.string().meta({ description: "The sender's number.", example: "+447911123456" }),
    To: z.string().meta({ description: "Our number (SMS_FROM).", example: "+15005550006" }),
    Body: z.string().meta({
      description:
        "The text. STOP, STOPALL, UNSUBSCRIBE, CANCEL, END or QUIT turn texts off for From; START or UNSTOP back on; anything else is ignored.",
      example: "STOP",
    }),
    MessageSid: z.string().meta({ example: "SM0123456789abcdef0123456789abcdef" }),
  })
  .meta({ id: "InboundSms" });

/** Twilio's message status callback's form (docs/decisions/109). */
const smsStatus = z
  .object({
    MessageSid: z.string().meta({
      description: "The message's id, as the send answered it.",
      example: "SM0123456789abcdef0123456789abcdef",
    }),
    MessageStatus: z.string().meta({
      description:
        "queued, sending, sent, delivered, undelivered, failed (and Twilio's others). A status replaces only one reported before it in a text's course.",
      example: "delivered",
    }),
    ErrorCode: z
      .string()
      .optional()
      .meta({ description: "The provider's error code with undelivered or failed.", example: "30003" }),
  })
  .meta({ id: "SmsStatus" });

export const paths: ZodOpenApiPathsObject = {
  "/webhooks/sms/status": {
    post: {
      operationId: "receiveSmsStatus",
      summary: "The SMS provider's delivery status callback for one of our texts (docs/decisions/109).",
      description:
        "Sent as each text's StatusCallback when APP_URL is set. Signed as /api/sms/inbound (X-Twilio-Signature over APP_URL's origin with this path and the sorted form parameters): 403 bad_signature otherwise; 404 not_configured without the SMS_* settings. The status shows on the booking's timeline; undelivered or failed also rings the host's bell once. 204, also for a message that is not ours.",
      tags,
      security: open,
      requestParams: {
        header: z.object({ "X-Twilio-Signature": z.string().meta({ description: "The request's signature." }) }),
        query: z.object({
          text: z.string().optional().meta({
            description:
              "Our id of the text, which the StatusCallback carries: a report that comes before the send's answer (before the MessageSid is known) still finds its text.",
          }),
        }),
      },
      requestBody: { required: true, content: { "application/x-www-form-urlencoded": { schema: smsStatus } } },
      responses: { "204": noContent, ...errors(403, 404) },
    },
  },
  "/api/sms/inbound": {
    post: {
      operationId: "receiveSms",
      summary: "The SMS provider's inbound message webhook (replies to our texts): STOP and START.",
      description:
        "In the shape of Twilio's inbound message webhook, signed with X-Twilio-Signature: base64 HMAC-SHA1 with SMS_AUTH_TOKEN over the URL called (APP_URL's origin and this path) followed by each form parameter's name and value, sorted by name. 403 bad_signature for a missing or wrong signature; 404 not_configured without the SMS_* settings. Answers empty TwiML.",
      tags,
      security: open,
      requestParams: {
        header: z.object({ "X-Twilio-Signature": z.string().meta({ description: "The request's signature." }) }),
      },
      requestBody: { required: true, content: { "application/x-www-form-urlencoded": { schema: inboundSms } } },
      responses: {
        "200": {
          description: "Done (or ignored): empty TwiML.",
          content: { "text/xml": { schema: z.string().meta({ example: "<Response></Response>" }) } },
        },
        ...errors(403, 404),
      },
    },
  },
  "/api/workflows": {
    get: {
      operationId: "listWorkflows",
      summary:
        "The caller's workflows, oldest first (the default ones included), and those of the teams they own or administer (teamId set).",
      tags,
      security: signedIn,
      responses: { "200": json("The workflows.", z.array(workflowSchema)), ...errors(401) },
    },
    post: {
      operationId: "createWorkflow",
      summary:
        "Adds a workflow. eventTypeIds must be the caller's own event types (400 invalid_input otherwise). With teamId it is the team's (docs/decisions/109): the caller must be an owner or admin of it (403 forbidden for a member, 404 not_found for anyone else) and eventTypeIds the team's (422 invalid_event_types otherwise); it runs for the team's bookings whoever hosts them, and its host actions reach that host. offsetMinutes only for before_start and after_end; e-mail actions need a subject. An SMS action is 409 sms_unavailable on a server without the SMS_* settings; sms_host is 409 host_phone_missing until the caller has a mobile number on their profile (decision 090).",
      tags,
      security: signedIn,
      requestBody: body(workflowBody),
      responses: { "201": json("The workflow.", workflowSchema), ...errors(400, 401, 403, 404, 409, 413, 415, 422) },
    },
  },
  "/api/workflows/{id}": {
    get: {
      operationId: "getWorkflow",
      summary: "One of the caller's workflows (or of a team they own or administer); anyone else's is 404.",
      tags,
      security: signedIn,
      requestParams: { path: idParam },
      responses: { "200": json("The workflow.", workflowSchema), ...errors(401, 404) },
    },
    put: {
      operationId: "updateWorkflow",
      summary:
        "Replaces one of the caller's workflows (the body of POST). Unchanged actions keep what they sent; changed ones start afresh. Anyone else's is 404.",
      tags,
      security: signedIn,
      requestParams: { path: idParam },
      requestBody: body(workflowBody),
      responses: { "200": json("The workflow.", workflowSchema), ...errors(400, 401, 404, 409, 413, 415, 422) },
    },
    delete: {
      operationId: "deleteWorkflow",
      summary: "Deletes one of the caller's workflows: nothing more is sent by it. Anyone else's is 404.",
      tags,
      security: signedIn,
      requestParams: { path: idParam },
      responses: { "204": noContent, ...errors(401, 404) },
    },
  },
};
