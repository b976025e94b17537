import type { LoaderFunctionArgs } from "@remix-run/node";
import { listUsersForAdmin } from "~/models/admin-user.server";
import { adminUserJson, usersQuery } from "~/schemas/admin-api";
import { readQuery, requireApiPermission } from "~/api/admin-api.server";
import { apiRoute } from "~/api/api-route.server";

/**
 * GET /users (admin): accounts in sign-up order as `{ _id, name, email, role, professional }`,
 * `?q=` searching name or e-mail, `?limit=` / `?offset=` paging, the total in X-Total-Count.
 */
async function GET({ request }: LoaderFunctionArgs) {
  await requireApiPermission(request, "admin:users");
  const { q, limit, offset } = await readQuery(request, usersQuery);
  const { users, total } = await listUsersForAdmin({ q, limit, offset });
  return Response.json(users.map(adminUserJson), { headers: { "X-Total-Count": String(total) } });
}

export const { loader, action } = apiRoute({ GET });
