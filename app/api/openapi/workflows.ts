import { z } from "zod";
import { workflowBody, workflowSchema } from "~/schemas/workflow";
import { body, errors, idParam, json, noContent, signedIn, type ZodOpenApiPathsObject } from "./common";

/**
 * Workflows (decision 085): a trigger (booked, before_start, after_end, cancelled, rescheduled,
 * no_show) with an offset, the event types it applies to, and ordered actions (e-mail the
 * guests or the host, text the guest or the host, the host's bell). Each message goes out once
 * per booking and start. Every account starts with the default workflows made from decision
 * 022's reminders.
 */

const tags = ["Workflows"];

export const paths: ZodOpenApiPathsObject = {
  "/api/workflows": {
    get: {
      operationId: "listWorkflows",
      summary: "The caller's workflows, oldest first (the default ones included).",
      tags,
      security: signedIn,
      responses: { "200": json("The workflows.", z.array(workflowSchema)), ...errors(401) },
    },
    post: {
      operationId: "createWorkflow",
      summary:
        "Adds a workflow. eventTypeIds must be the caller's own event types (400 invalid_input otherwise); offsetMinutes only for before_start and after_end; e-mail actions need a subject. An SMS action is 409 sms_unavailable (no SMS transport exists yet).",
      tags,
      security: signedIn,
      requestBody: body(workflowBody),
      responses: { "201": json("The workflow.", workflowSchema), ...errors(400, 401, 409, 413, 415) },
    },
  },
  "/api/workflows/{id}": {
    get: {
      operationId: "getWorkflow",
      summary: "One of the caller's workflows; anyone else's is 404.",
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
      responses: { "200": json("The workflow.", workflowSchema), ...errors(400, 401, 404, 409, 413, 415) },
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
