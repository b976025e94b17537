import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/api/api.server";
import { apiRoute } from "~/api/api-route.server";
import { resendAnswer } from "~/api/webhook-api.server";

/** POST /api/webhooks/{id}/deliveries/{deliveryId}/resend: the same message (same webhook-id) is due again now. */
async function POST({ request, params }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  return resendAnswer({ userId: user.id }, params.id ?? "", params.deliveryId ?? "");
}

export const { loader, action } = apiRoute({ POST });
