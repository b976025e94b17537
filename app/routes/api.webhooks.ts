import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/api/api.server";
import { apiRoute } from "~/api/api-route.server";
import { createWebhookAnswer, listWebhooksAnswer } from "~/api/webhook-api.server";

/** GET /api/webhooks: the caller's webhook subscriptions (without their secrets). */
async function GET({ request }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  return listWebhooksAnswer({ userId: user.id });
}

/** POST /api/webhooks: 201 with the subscription and its secret, shown this once. */
async function POST({ request }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  return createWebhookAnswer(request, { userId: user.id }, user.id);
}

export const { loader, action } = apiRoute({ GET, POST });
