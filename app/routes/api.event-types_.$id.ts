import type { LoaderFunctionArgs } from "@remix-run/node";
import { isUuid } from "~/models/event.server";
import { deleteEventType, getEventType, replaceEventType } from "~/models/event-type.server";
import { apiError, readJson, requireApiUser } from "~/api/api.server";
import { apiRoute } from "~/api/api-route.server";
import { eventTypeBody, eventTypeJson } from "~/schemas/scheduling-api";
import { eventTypeFailure, eventTypeWrite } from "~/api/scheduling-api.server";

const notFound = () => apiError(404, "not_found", "No such event type.");

/** GET /api/event-types/{id}: one of the caller's event types; 404 for anyone else's or a non-uuid. */
async function GET({ request, params }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const id = params.id ?? "";
  const eventType = isUuid(id) ? await getEventType(user.id, id) : null;
  return eventType ? Response.json(eventTypeJson(eventType)) : notFound();
}

/** PUT /api/event-types/{id}: replaces it; fields left out take their defaults. */
async function PUT({ request, params }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const id = params.id ?? "";
  const existing = isUuid(id) ? await getEventType(user.id, id) : null;
  if (!existing) return notFound();
  const input = await readJson(request, eventTypeBody);
  const saved = await replaceEventType(user.id, id, await eventTypeWrite(user, input, existing.teamId));
  return saved.ok ? Response.json(eventTypeJson(saved.eventType)) : eventTypeFailure(saved.reason);
}

/** DELETE /api/event-types/{id}: 204. */
async function DELETE({ request, params }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const id = params.id ?? "";
  return isUuid(id) && (await deleteEventType(user.id, id)) ? new Response(null, { status: 204 }) : notFound();
}

export const { loader, action } = apiRoute({ GET, PUT, DELETE });
