import type { ActionFunctionArgs } from "@remix-run/node";
import { refreshProfessionalStatus } from "~/models/professional.server";
import { findUserByEmail } from "~/models/user.server";
import { apiError, isSelf, requireApiUser } from "~/api/api.server";
import { apiRoute } from "~/api/api-route.server";
import { can } from "~/utils/permissions";

/**
 * PUT /users/professional/{email}: the legacy "update role to professional" (docs/legacy-api.md). The role follows
 * the verified payment records, so this recomputes it from them and never promotes on its
 * own: `{ modifiedCount: 1 }` only when the stored role changed. Oneself, or an admin (404 for
 * an unknown e-mail); anyone else 403. No body needed (one sent is ignored).
 */
async function PUT({ request, params }: ActionFunctionArgs) {
  const user = await requireApiUser(request);
  const email = params.email ?? "";
  const self = isSelf(user, email);
  if (!self && !can(user, "admin:access")) return apiError(403, "forbidden", "You can only update your own account.");
  const id = self ? user.id : (await findUserByEmail(email))?.id;
  const result = id ? await refreshProfessionalStatus(id) : null;
  if (!result) return apiError(404, "not_found", "There is no account with that e-mail.");
  return Response.json({ modifiedCount: result.changed ? 1 : 0, professional: result.professional });
}

export const { loader, action } = apiRoute({ PUT });
