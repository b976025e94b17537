import type { ActionFunctionArgs } from "@remix-run/node";
import { changeRoleByEmail } from "~/api/admin-api.server";
import { apiRoute } from "~/api/api-route.server";

/** PUT /users/admin/{email} (admin): makes the account an admin; `{ modifiedCount: 1 }`, or 0 when it already was. */
async function PUT({ request, params }: ActionFunctionArgs) {
  return changeRoleByEmail(request, params.email ?? "", "promote");
}

export const { loader, action } = apiRoute({ PUT });
