import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiPermission } from "~/api/admin-api.server";
import { apiError, readJson } from "~/api/api.server";
import { apiRoute } from "~/api/api-route.server";
import { eraseGuestBody } from "~/schemas/audit";
import { eraseGuest } from "~/services/data-rights.server";

/**
 * POST /api/admin/erase-guest `{ email }` (admin, decision 071): the guest's name, e-mail,
 * answers and notes are replaced everywhere; `{ bookings }` says how many bookings and seats
 * changed. 409 when the e-mail is an account's (the account is deleted from its profile).
 */
async function POST({ request }: LoaderFunctionArgs) {
  const admin = await requireApiPermission(request, "admin:access");
  const { email } = await readJson(request, eraseGuestBody);
  const result = await eraseGuest({ actorId: admin.id, email, request });
  if (!result.ok) {
    return apiError(
      409,
      "is_account",
      "This e-mail belongs to an account: its owner deletes it from their profile (DELETE /api/me).",
    );
  }
  return Response.json({ bookings: result.bookings });
}

export const { loader, action } = apiRoute({ POST });
