import { deleteSubscription, getSubscription, listDeliveries, listSubscriptions } from "~/models/webhook.server";
import type { WebhookScope } from "~/models/webhook.server";
import { webhookCreateBody, webhookDeliveryJson, webhookJson, webhookPatchBody } from "~/schemas/webhook";
import { auditWebhook, createWebhook, resendWebhook, sendTestWebhook, updateWebhook } from "~/services/webhooks.server";
import { apiError, readJson } from "./api.server";

/**
 * The webhook JSON paths' answers (decision 037), for a person's own subscriptions
 * (/api/webhooks) and a team's (/api/teams/{id}/webhooks, decision 062): the same bodies and
 * answers, whoever owns them. The routes authorize and pick the scope; these only answer.
 */

const webhookNotFound = () => apiError(404, "not_found", "No such webhook.");

/** GET: the scope's subscriptions (without their secrets), oldest first. */
export async function listWebhooksAnswer(scope: WebhookScope): Promise<Response> {
  return Response.json((await listSubscriptions(scope)).map(webhookJson));
}

/** POST: 201 with the subscription and its secret, shown this once. */
export async function createWebhookAnswer(request: Request, scope: WebhookScope, creatorId: string): Promise<Response> {
  const input = await readJson(request, webhookCreateBody);
  const result = await createWebhook(scope, creatorId, input);
  if (!result.ok) {
    return result.field === "url"
      ? apiError(400, "invalid_input", "Check the highlighted fields.", { url: [result.message] })
      : apiError(409, "too_many_webhooks", result.message);
  }
  await auditWebhook(creatorId, "webhook.created", scope, result.subscription.id, result.subscription, request);
  return Response.json({ ...webhookJson(result.subscription), secret: result.subscription.secret }, { status: 201 });
}

/** GET {id}: one subscription of the scope; 404 for any other id or a non-uuid. */
export async function getWebhookAnswer(scope: WebhookScope, id: string): Promise<Response> {
  const subscription = await getSubscription(scope, id);
  return subscription ? Response.json(webhookJson(subscription)) : webhookNotFound();
}

/** PATCH {id}: changes the URL, the events or the active switch (404 before the body is read). */
export async function patchWebhookAnswer(
  request: Request,
  scope: WebhookScope,
  id: string,
  actorId: string,
): Promise<Response> {
  if (!(await getSubscription(scope, id))) return webhookNotFound();
  const patch = await readJson(request, webhookPatchBody);
  const result = await updateWebhook(scope, id, patch);
  if (!result) return webhookNotFound();
  if (!result.ok)
    return apiError(400, "invalid_input", "Check the highlighted fields.", { [result.field]: [result.message] });
  await auditWebhook(actorId, "webhook.updated", scope, id, result.subscription, request);
  return Response.json(webhookJson(result.subscription));
}

/** DELETE {id}: 204; its deliveries go with it. */
export async function deleteWebhookAnswer(
  request: Request,
  scope: WebhookScope,
  id: string,
  actorId: string,
): Promise<Response> {
  if (!(await deleteSubscription(scope, id))) return webhookNotFound();
  await auditWebhook(actorId, "webhook.deleted", scope, id, null, request);
  return new Response(null, { status: 204 });
}

/** POST {id}/test: a signed `webhook.test` sent now; 200 with the delivery and its attempt. */
export async function testWebhookAnswer(scope: WebhookScope, id: string): Promise<Response> {
  const sent = await sendTestWebhook(scope, id);
  if (!sent) return webhookNotFound();
  return Response.json(webhookDeliveryJson(sent.delivery, sent.attempts));
}

/** GET {id}/deliveries: the last 50 deliveries, newest first, each with its attempts. */
export async function deliveriesAnswer(scope: WebhookScope, id: string): Promise<Response> {
  const log = await listDeliveries(scope, id);
  if (!log) return webhookNotFound();
  return Response.json(log.deliveries.map((d) => webhookDeliveryJson(d, log.attempts)));
}

/** POST {id}/deliveries/{deliveryId}/resend: the same message (same webhook-id) is due again now; 202. */
export async function resendAnswer(scope: WebhookScope, id: string, deliveryId: string): Promise<Response> {
  const delivery = await resendWebhook(scope, id, deliveryId);
  if (!delivery) return apiError(404, "not_found", "No such delivery.");
  return Response.json(webhookDeliveryJson(delivery, []), { status: 202 });
}
