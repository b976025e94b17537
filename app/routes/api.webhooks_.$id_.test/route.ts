import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/api/api.server";
import { apiRoute } from "~/api/api-route.server";
import { testWebhookAnswer } from "~/api/webhook-api.server";

/** POST /api/webhooks/{id}/test: sends a signed `webhook.test` message now; 200 with the delivery and its attempt. */
async function POST({ request, params }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  return testWebhookAnswer({ userId: user.id }, params.id ?? "");
}

export const { loader, action } = apiRoute({ POST });
