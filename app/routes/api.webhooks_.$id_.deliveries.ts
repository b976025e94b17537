import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/api/api.server";
import { apiRoute } from "~/api/api-route.server";
import { deliveriesAnswer } from "~/api/webhook-api.server";

/** GET /api/webhooks/{id}/deliveries: the last 50 deliveries, newest first, each with its attempts. */
async function GET({ request, params }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  return deliveriesAnswer({ userId: user.id }, params.id ?? "");
}

export const { loader, action } = apiRoute({ GET });
