import type { LoaderFunctionArgs } from "@remix-run/node";
import { readJson, apiError } from "~/api/api.server";
import { requireApiPermission } from "~/api/admin-api.server";
import { apiRoute } from "~/api/api-route.server";
import { PEOPLE_MESSAGES } from "~/messages/people";
import { isUuid } from "~/models/event.server";
import { userActiveBody } from "~/schemas/people";
import { deactivateUser, reactivateUser } from "~/services/people.server";

/** PUT /api/admin/users/{id}/active `{ active }`: an admin deactivates or reactivates an account (decision 068). */
async function PUT({ request, params }: LoaderFunctionArgs) {
  const admin = await requireApiPermission(request, "admin:users");
  const id = params.id ?? "";
  const { active } = await readJson(request, userActiveBody);
  if (!isUuid(id)) return apiError(404, "not_found", "No account has this id.");
  const result = active
    ? await reactivateUser({ userId: id, actor: { userId: admin.id }, request })
    : await deactivateUser({ userId: id, actor: { userId: admin.id }, now: new Date(), request });
  if (result === "not-found") return apiError(404, "not_found", "No account has this id.");
  if (result === "self") return apiError(409, "self_deactivation", PEOPLE_MESSAGES.notYourself);
  if (result === "last-admin") return apiError(409, "last_admin", PEOPLE_MESSAGES.lastAdmin);
  return Response.json({ id, active });
}

export const { loader, action } = apiRoute({ PUT });
