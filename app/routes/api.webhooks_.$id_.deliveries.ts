import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiError, requireApiUser } from "~/api/api.server";
import { apiRoute } from "~/api/api-route.server";
import { listDeliveries } from "~/models/webhook.server";
import { webhookDeliveryJson } from "~/schemas/webhook";

/** GET /api/webhooks/{id}/deliveries: the last 50 deliveries, newest first, each with its attempts. */
async function GET({ request, params }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const log = await listDeliveries(user.id, params.id ?? "");
  if (!log) return apiError(404, "not_found", "No such webhook.");
  return Response.json(log.deliveries.map((d) => webhookDeliveryJson(d, log.attempts)));
}

export const { loader, action } = apiRoute({ GET });
