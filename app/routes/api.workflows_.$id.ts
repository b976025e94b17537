import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiError, readJson, requireApiUser } from "~/api/api.server";
import { apiRoute } from "~/api/api-route.server";
import { workflowRefusal } from "~/api/workflow-api.server";
import { getWorkflow } from "~/models/workflow.server";
import { WORKFLOW_MESSAGES as M, workflowBody, workflowJson } from "~/schemas/workflow";
import { deleteWorkflow, updateWorkflow } from "~/services/workflows.server";

const notFound = () => apiError(404, "not_found", M.notFound);

/** GET /api/workflows/{id}: one of the caller's workflows; 404 for anyone else's or a non-uuid. */
async function GET({ request, params }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const workflow = await getWorkflow(user.id, params.id ?? "");
  return workflow ? Response.json(workflowJson(workflow)) : notFound();
}

/** PUT /api/workflows/{id}: replaces it (the body of POST); 404 for anyone else's. */
async function PUT({ request, params }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  if (!(await getWorkflow(user.id, params.id ?? ""))) return notFound();
  const body = await readJson(request, workflowBody);
  const result = await updateWorkflow(user.id, params.id ?? "", body);
  if (!result.ok) return workflowRefusal(result);
  return Response.json(workflowJson((await getWorkflow(user.id, result.id))!));
}

/** DELETE /api/workflows/{id}: 204; nothing more is sent by it. 404 for anyone else's. */
async function DELETE({ request, params }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  return (await deleteWorkflow(user.id, params.id ?? "")) ? new Response(null, { status: 204 }) : notFound();
}

export const { loader, action } = apiRoute({ GET, PUT, DELETE });
