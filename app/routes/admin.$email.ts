import type { LoaderFunctionArgs } from "@remix-run/node";
import { roleOfAccount } from "~/api/api-roles.server";
import { apiRoute } from "~/api/api-route.server";

/** GET /admin/{email}: `{ admin }`, for oneself or asked by an admin. */
async function GET({ request, params }: LoaderFunctionArgs) {
  const role = await roleOfAccount(request, params.email ?? "");
  return Response.json({ admin: role === "admin" });
}

export const { loader, action } = apiRoute({ GET });
