import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute } from "~/api/api-route.server";
import { requireTeamManager } from "~/api/team-api.server";
import { testWebhookAnswer } from "~/api/webhook-api.server";

/** POST /api/teams/{id}/webhooks/{webhookId}/test: a signed `webhook.test` sent now; 200 with the delivery and its attempt. */
async function POST({ request, params }: LoaderFunctionArgs) {
  const { team } = await requireTeamManager(request, params.id ?? "");
  return testWebhookAnswer({ teamId: team.id }, params.webhookId ?? "");
}

export const { loader, action } = apiRoute({ POST });
