import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiError, requireApiUser } from "~/api/api.server";
import { apiRoute } from "~/api/api-route.server";
import { OUT_OF_OFFICE_MESSAGES as M } from "~/messages/out-of-office";
import { getAbsence } from "~/models/out-of-office.server";
import { outOfOfficeJson } from "~/schemas/out-of-office";
import { deleteAbsence } from "~/services/out-of-office.server";

const notFound = () => apiError(404, "not_found", M.notFound);

/** GET /api/out-of-office/{id}: one of the caller's absences; 404 for anyone else's or a non-uuid. */
async function GET({ request, params }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const absence = await getAbsence(user.id, params.id ?? "");
  return absence ? Response.json(outOfOfficeJson(absence)) : notFound();
}

/** DELETE /api/out-of-office/{id}: 204; the host's slots of that time come back. 404 for anyone else's. */
async function DELETE({ request, params }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  return (await deleteAbsence(user.id, params.id ?? "")) ? new Response(null, { status: 204 }) : notFound();
}

export const { loader, action } = apiRoute({ GET, DELETE });
