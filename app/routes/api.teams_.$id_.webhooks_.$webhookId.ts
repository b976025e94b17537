import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute } from "~/api/api-route.server";
import { requireTeamManager } from "~/api/team-api.server";
import { deleteWebhookAnswer, getWebhookAnswer, patchWebhookAnswer } from "~/api/webhook-api.server";

/** GET /api/teams/{id}/webhooks/{webhookId}: one of the team's subscriptions; any other id 404. */
async function GET({ request, params }: LoaderFunctionArgs) {
  const { team } = await requireTeamManager(request, params.id ?? "");
  return getWebhookAnswer({ teamId: team.id }, params.webhookId ?? "");
}

/** PATCH /api/teams/{id}/webhooks/{webhookId}: changes the URL, the events or the active switch. */
async function PATCH({ request, params }: LoaderFunctionArgs) {
  const { user, team } = await requireTeamManager(request, params.id ?? "");
  return patchWebhookAnswer(request, { teamId: team.id }, params.webhookId ?? "", user.id);
}

/** DELETE /api/teams/{id}/webhooks/{webhookId}: 204; its deliveries go with it. */
async function DELETE({ request, params }: LoaderFunctionArgs) {
  const { user, team } = await requireTeamManager(request, params.id ?? "");
  return deleteWebhookAnswer(request, { teamId: team.id }, params.webhookId ?? "", user.id);
}

export const { loader, action } = apiRoute({ GET, PATCH, DELETE });
