import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/api/api.server";
import { apiRoute } from "~/api/api-route.server";
import { decisionAnswer } from "~/api/approval-api.server";
import { approveBooking } from "~/services/approval.server";

/** POST /api/bookings/{id}/approve: its host (bearer or session) confirms a pending booking; 404 for anyone else; 409 not_pending. */
async function POST({ request, params }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  return decisionAnswer(await approveBooking({ id: params.id ?? "", actor: { hostId: user.id }, now: new Date() }));
}

export const { loader, action } = apiRoute({ POST });
