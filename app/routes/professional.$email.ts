import type { LoaderFunctionArgs } from "@remix-run/node";
import { roleOfAccount } from "~/utils/api-roles.server";
import { methodNotAllowed } from "~/utils/api.server";

/** GET /professional/{email}: `{ professional }` (a lapsed package reads false), for oneself or an admin. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const role = await roleOfAccount(request, params.email ?? "");
  return Response.json({ professional: role === "professional" });
}

export function action() {
  return methodNotAllowed(["GET"]);
}
