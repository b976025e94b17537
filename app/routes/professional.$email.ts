import type { LoaderFunctionArgs } from "@remix-run/node";
import { roleOfAccount } from "~/utils/api-roles.server";
import { apiRoute } from "~/utils/api-route.server";

/** GET /professional/{email}: `{ professional }` (a lapsed package reads false), for oneself or an admin. */
async function GET({ request, params }: LoaderFunctionArgs) {
  const role = await roleOfAccount(request, params.email ?? "");
  return Response.json({ professional: role === "professional" });
}

export const { loader, action } = apiRoute({ GET });
