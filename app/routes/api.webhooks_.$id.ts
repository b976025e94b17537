import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/api/api.server";
import { apiRoute } from "~/api/api-route.server";
import { deleteWebhookAnswer, getWebhookAnswer, patchWebhookAnswer } from "~/api/webhook-api.server";

/** GET /api/webhooks/{id}: one of the caller's subscriptions; 404 for anyone else's or a non-uuid. */
async function GET({ request, params }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  return getWebhookAnswer({ userId: user.id }, params.id ?? "");
}

/** PATCH /api/webhooks/{id}: changes the URL, the events or the active switch. */
async function PATCH({ request, params }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  return patchWebhookAnswer(request, { userId: user.id }, params.id ?? "", user.id);
}

/** DELETE /api/webhooks/{id}: 204; its deliveries go with it. */
async function DELETE({ request, params }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  return deleteWebhookAnswer(request, { userId: user.id }, params.id ?? "", user.id);
}

export const { loader, action } = apiRoute({ GET, PATCH, DELETE });
