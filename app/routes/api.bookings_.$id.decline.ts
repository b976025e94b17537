import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/api/api.server";
import { apiRoute } from "~/api/api-route.server";
import { decisionAnswer } from "~/api/approval-api.server";
import { readOptionalJson } from "~/api/booking-api.server";
import { declineBody } from "~/schemas/booking-api";
import { declineBooking } from "~/services/approval.server";

/** POST /api/bookings/{id}/decline { reason? }: its host frees the slot of a pending booking and the guest is told; 404 for anyone else; 409 not_pending. */
async function POST({ request, params }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const { reason } = await readOptionalJson(request, declineBody);
  return decisionAnswer(
    await declineBooking({ id: params.id ?? "", actor: { hostId: user.id }, reason, now: new Date() }),
  );
}

export const { loader, action } = apiRoute({ POST });
