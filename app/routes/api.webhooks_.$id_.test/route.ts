import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiError, requireApiUser } from "~/api/api.server";
import { apiRoute } from "~/api/api-route.server";
import { webhookDeliveryJson } from "~/schemas/webhook";
import { sendTestWebhook } from "~/services/webhooks.server";

/** POST /api/webhooks/{id}/test: sends a signed `webhook.test` message now; 200 with the delivery and its attempt. */
async function POST({ request, params }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const sent = await sendTestWebhook(user.id, params.id ?? "");
  if (!sent) return apiError(404, "not_found", "No such webhook.");
  return Response.json(webhookDeliveryJson(sent.delivery, sent.attempts));
}

export const { loader, action } = apiRoute({ POST });
