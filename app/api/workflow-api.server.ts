import { WORKFLOW_MESSAGES as M } from "~/schemas/workflow";
import type { WorkflowWriteResult } from "~/services/workflows.server";
import { apiError } from "./api.server";

/** The answer to a refused write of /api/workflows and /api/workflows/{id} (decision 085). */
export function workflowRefusal(result: Exclude<WorkflowWriteResult, { ok: true }>): Response {
  if (result.reason === "sms-unavailable") return apiError(409, "sms_unavailable", M.smsUnavailable);
  if (result.reason === "host-phone") return apiError(409, "host_phone_missing", M.hostPhoneMissing);
  if (result.reason === "team-forbidden") return apiError(403, "forbidden", M.teamForbidden);
  if (result.reason === "team-not-found") return apiError(404, "not_found", M.teamNotFound);
  // A team's workflow naming event types outside the team: 422, as team event types' foreign hosts.
  if (result.reason === "event-types" && result.team)
    return apiError(422, "invalid_event_types", M.teamEventTypes, { eventTypeIds: [M.teamEventTypes] });
  if (result.reason === "event-types")
    return apiError(400, "invalid_input", "Check the highlighted fields.", { eventTypeIds: [M.eventTypes] });
  return apiError(404, "not_found", M.notFound);
}
