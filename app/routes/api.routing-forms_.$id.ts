import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute } from "~/api/api-route.server";
import { readRoutingFormBody, requireRoutingForm, routingFormRefusal } from "~/api/routing-form-api.server";
import { routingFormJson } from "~/schemas/routing-forms";
import { removeRoutingForm, saveRoutingForm } from "~/services/routing-forms.server";
import { linkBase } from "~/utils/request.server";

/** GET /api/routing-forms/{id}: its host, or any member of its team (decision 074). */
async function GET({ request, params }: LoaderFunctionArgs) {
  const { form } = await requireRoutingForm(request, params.id ?? "", "read");
  return Response.json(routingFormJson(form, linkBase(request)));
}

/** PUT /api/routing-forms/{id}: the whole form again (its host or team stays). */
async function PUT({ request, params }: LoaderFunctionArgs) {
  const { user, form } = await requireRoutingForm(request, params.id ?? "", "manage");
  const input = await readRoutingFormBody(request);
  const result = await saveRoutingForm(user.id, input, form, request);
  if (!result.ok) return routingFormRefusal(result);
  return Response.json(routingFormJson(result.form, linkBase(request)));
}

/** DELETE /api/routing-forms/{id}: with its responses (bookings made through it stay). */
async function DELETE({ request, params }: LoaderFunctionArgs) {
  const { user, form } = await requireRoutingForm(request, params.id ?? "", "manage");
  await removeRoutingForm(user.id, form, request);
  return new Response(null, { status: 204 });
}

export const { loader, action } = apiRoute({ GET, PUT, DELETE });
