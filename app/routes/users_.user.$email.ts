import type { ActionFunctionArgs } from "@remix-run/node";
import { changeRoleByEmail } from "~/api/admin-api.server";
import { apiRoute } from "~/api/api-route.server";

/**
 * PUT /users/user/{email} (admin): takes the admin role away (professional again while a paid
 * month runs); `{ modifiedCount: 1 }`, 0 when not an admin; 409 for the last admin.
 */
async function PUT({ request, params }: ActionFunctionArgs) {
  return changeRoleByEmail(request, params.email ?? "", "demote");
}

export const { loader, action } = apiRoute({ PUT });
