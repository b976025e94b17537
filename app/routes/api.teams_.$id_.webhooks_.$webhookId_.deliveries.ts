import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute } from "~/api/api-route.server";
import { requireTeamManager } from "~/api/team-api.server";
import { deliveriesAnswer } from "~/api/webhook-api.server";

/** GET /api/teams/{id}/webhooks/{webhookId}/deliveries: the last 50 deliveries, newest first, with their attempts. */
async function GET({ request, params }: LoaderFunctionArgs) {
  const { team } = await requireTeamManager(request, params.id ?? "");
  return deliveriesAnswer({ teamId: team.id }, params.webhookId ?? "");
}

export const { loader, action } = apiRoute({ GET });
