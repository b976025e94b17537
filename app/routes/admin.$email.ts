import type { LoaderFunctionArgs } from "@remix-run/node";
import { roleOfAccount } from "~/utils/api-roles.server";
import { methodNotAllowed } from "~/utils/api.server";

/** GET /admin/{email}: `{ admin }`, for oneself or asked by an admin. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const role = await roleOfAccount(request, params.email ?? "");
  return Response.json({ admin: role === "admin" });
}

export function action() {
  return methodNotAllowed(["GET"]);
}
