import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiError, readJson, requireApiUser } from "~/api/api.server";
import { apiRoute } from "~/api/api-route.server";
import { listAbsences } from "~/models/out-of-office.server";
import { outOfOfficeBody, outOfOfficeJson } from "~/schemas/out-of-office";
import { absenceOfBody, createAbsence } from "~/services/out-of-office.server";

/** GET /api/out-of-office: the caller's absences that are not over yet, the current and next first (decision 061). */
async function GET({ request }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  return Response.json((await listAbsences(user.id, new Date())).map(outOfOfficeJson));
}

/**
 * POST /api/out-of-office: 201 with the absence. 400 invalid_input for times out of order, over
 * or out of the window, and for a teammate who shares no team with the caller (or the caller);
 * 409 too_many_absences at the cap.
 */
async function POST({ request }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const body = await readJson(request, outOfOfficeBody);
  const result = await createAbsence(user, absenceOfBody(body), new Date());
  if (result.ok) return Response.json(outOfOfficeJson(result.absence), { status: 201 });
  if (result.reason === "cap") return apiError(409, "too_many_absences", result.message);
  return apiError(400, "invalid_input", "Check the highlighted fields.", result.fields);
}

export const { loader, action } = apiRoute({ GET, POST });
