import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiError, requireApiUser } from "~/api/api.server";
import { apiRoute } from "~/api/api-route.server";
import { webhookDeliveryJson } from "~/schemas/webhook";
import { resendWebhook } from "~/services/webhooks.server";

/** POST /api/webhooks/{id}/deliveries/{deliveryId}/resend: the same message (same webhook-id) is due again now. */
async function POST({ request, params }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const delivery = await resendWebhook(user.id, params.id ?? "", params.deliveryId ?? "");
  if (!delivery) return apiError(404, "not_found", "No such delivery.");
  return Response.json(webhookDeliveryJson(delivery, []), { status: 202 });
}

export const { loader, action } = apiRoute({ POST });
