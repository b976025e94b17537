import type { LoaderFunctionArgs } from "@remix-run/node";
import { readJson, requireApiUser } from "~/api/api.server";
import { workflowRefusal } from "~/api/workflow-api.server";
import { apiRoute } from "~/api/api-route.server";
import { getWorkflow, listWorkflows } from "~/models/workflow.server";
import { workflowBody, workflowJson } from "~/schemas/workflow";
import { createWorkflow } from "~/services/workflows.server";

/** GET /api/workflows: the caller's workflows, oldest first (decision 085). */
async function GET({ request }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  return Response.json((await listWorkflows(user.id)).map(workflowJson));
}

/**
 * POST /api/workflows: 201 with the workflow. 400 invalid_input (also for an event type that is
 * not the caller's); 409 sms_unavailable for an SMS action on a server without a transport.
 */
async function POST({ request }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const body = await readJson(request, workflowBody);
  const result = await createWorkflow(user.id, body);
  if (!result.ok) return workflowRefusal(result);
  return Response.json(workflowJson((await getWorkflow(user.id, result.id))!), { status: 201 });
}

export const { loader, action } = apiRoute({ GET, POST });
