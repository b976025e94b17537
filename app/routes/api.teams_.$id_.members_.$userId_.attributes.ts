import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiError, readJson } from "~/api/api.server";
import { apiRoute } from "~/api/api-route.server";
import { requireTeamManager } from "~/api/team-api.server";
import { TEAMS_MESSAGES as M } from "~/messages/teams";
import { setMemberAttributes } from "~/models/routing-forms.server";
import { memberAttributesBody } from "~/schemas/routing-forms";

/**
 * PUT /api/teams/{id}/members/{userId}/attributes `{ region: "emea", ... }`: owners and admins
 * replace a member's attributes, which routing forms pick members by (decision 074); a member
 * 403, an outsider 404 (before the body is read).
 */
async function PUT({ request, params }: LoaderFunctionArgs) {
  const { team } = await requireTeamManager(request, params.id ?? "");
  const attributes = await readJson(request, memberAttributesBody);
  const saved = await setMemberAttributes(team.id, params.userId ?? "", attributes);
  if (!saved) return apiError(404, "not_found", M.memberNotFound);
  return Response.json({ userId: params.userId, attributes: saved });
}

export const { loader, action } = apiRoute({ PUT });
