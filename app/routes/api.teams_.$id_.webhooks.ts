import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute } from "~/api/api-route.server";
import { requireTeamManager } from "~/api/team-api.server";
import { createWebhookAnswer, listWebhooksAnswer } from "~/api/webhook-api.server";

/**
 * A team's webhooks (decision 062): subscriptions to every booking of the team's event types,
 * with the same bodies and answers as /api/webhooks; owners and admins only (a member 403,
 * anyone else 404).
 */

/** GET /api/teams/{id}/webhooks: the team's subscriptions (without their secrets). */
async function GET({ request, params }: LoaderFunctionArgs) {
  const { team } = await requireTeamManager(request, params.id ?? "");
  return listWebhooksAnswer({ teamId: team.id });
}

/** POST /api/teams/{id}/webhooks: 201 with the subscription and its secret, shown this once. */
async function POST({ request, params }: LoaderFunctionArgs) {
  const { user, team } = await requireTeamManager(request, params.id ?? "");
  return createWebhookAnswer(request, { teamId: team.id }, user.id);
}

export const { loader, action } = apiRoute({ GET, POST });
