import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiError, readJson, requireApiUser } from "~/api/api.server";
import { apiRoute } from "~/api/api-route.server";
import { deleteSubscription, getSubscription } from "~/models/webhook.server";
import { webhookJson, webhookPatchBody } from "~/schemas/webhook";
import { updateWebhook } from "~/services/webhooks.server";

const webhookNotFound = () => apiError(404, "not_found", "No such webhook.");

/** GET /api/webhooks/{id}: one of the caller's subscriptions; 404 for anyone else's or a non-uuid. */
async function GET({ request, params }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const subscription = await getSubscription(user.id, params.id ?? "");
  return subscription ? Response.json(webhookJson(subscription)) : webhookNotFound();
}

/** PATCH /api/webhooks/{id}: changes the URL, the events or the active switch. */
async function PATCH({ request, params }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  if (!(await getSubscription(user.id, params.id ?? ""))) return webhookNotFound();
  const patch = await readJson(request, webhookPatchBody);
  const result = await updateWebhook(user.id, params.id ?? "", patch);
  if (!result) return webhookNotFound();
  if (!result.ok)
    return apiError(400, "invalid_input", "Check the highlighted fields.", { [result.field]: [result.message] });
  return Response.json(webhookJson(result.subscription));
}

/** DELETE /api/webhooks/{id}: 204; its deliveries go with it. */
async function DELETE({ request, params }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  return (await deleteSubscription(user.id, params.id ?? "")) ? new Response(null, { status: 204 }) : webhookNotFound();
}

export const { loader, action } = apiRoute({ GET, PATCH, DELETE });
