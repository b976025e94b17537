import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiError, readJson, requireApiUser } from "~/api/api.server";
import { apiRoute } from "~/api/api-route.server";
import { listSubscriptions } from "~/models/webhook.server";
import { webhookCreateBody, webhookJson } from "~/schemas/webhook";
import { createWebhook } from "~/services/webhooks.server";

/** GET /api/webhooks: the caller's webhook subscriptions (without their secrets). */
async function GET({ request }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  return Response.json((await listSubscriptions(user.id)).map(webhookJson));
}

/** POST /api/webhooks: 201 with the subscription and its secret, shown this once. */
async function POST({ request }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const input = await readJson(request, webhookCreateBody);
  const result = await createWebhook(user.id, input);
  if (!result.ok) {
    return result.field === "url"
      ? apiError(400, "invalid_input", "Check the highlighted fields.", { url: [result.message] })
      : apiError(409, "too_many_webhooks", result.message);
  }
  return Response.json({ ...webhookJson(result.subscription), secret: result.subscription.secret }, { status: 201 });
}

export const { loader, action } = apiRoute({ GET, POST });
