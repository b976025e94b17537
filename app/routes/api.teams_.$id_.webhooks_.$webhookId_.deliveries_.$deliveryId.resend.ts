import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute } from "~/api/api-route.server";
import { requireTeamManager } from "~/api/team-api.server";
import { resendAnswer } from "~/api/webhook-api.server";

/** POST /api/teams/{id}/webhooks/{webhookId}/deliveries/{deliveryId}/resend: the same message is due again now. */
async function POST({ request, params }: LoaderFunctionArgs) {
  const { team } = await requireTeamManager(request, params.id ?? "");
  return resendAnswer({ teamId: team.id }, params.webhookId ?? "", params.deliveryId ?? "");
}

export const { loader, action } = apiRoute({ POST });
