import type { LoaderFunctionArgs } from "@remix-run/node";
import { revokeSingleUseLink } from "~/models/booking-controls.server";
import { apiError, requireApiUser } from "~/api/api.server";
import { apiRoute } from "~/api/api-route.server";

/** DELETE /api/event-types/{id}/single-use-links/{linkId}: revokes an unused link (204); a used one is 409 link_used. */
async function DELETE({ request, params }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const outcome = await revokeSingleUseLink(user.id, params.id ?? "", params.linkId ?? "", new Date());
  if (outcome === "revoked") return new Response(null, { status: 204 });
  if (outcome === "used") return apiError(409, "link_used", "This link was already used for a booking.");
  return apiError(404, "not_found", "No such link.");
}

export const { loader, action } = apiRoute({ DELETE });
