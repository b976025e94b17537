import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/api/api.server";
import { apiRoute } from "~/api/api-route.server";
import { readRoutingFormBody, routingFormRefusal } from "~/api/routing-form-api.server";
import { listRoutingForms } from "~/models/routing-forms.server";
import { routingFormJson } from "~/schemas/routing-forms";
import { saveRoutingForm } from "~/services/routing-forms.server";
import { linkBase } from "~/utils/request.server";

/** GET /api/routing-forms: the caller's own forms and their teams' (decision 074). */
async function GET({ request }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const base = linkBase(request);
  return Response.json((await listRoutingForms(user.id)).map((r) => routingFormJson(r.form, base)));
}

/** POST /api/routing-forms: 201 `{ id, url, ... }`; a team's only by its owners and admins. */
async function POST({ request }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const input = await readRoutingFormBody(request);
  const result = await saveRoutingForm(user.id, input, undefined, request);
  if (!result.ok) return routingFormRefusal(result);
  return Response.json(routingFormJson(result.form, linkBase(request)), { status: 201 });
}

export const { loader, action } = apiRoute({ GET, POST });
