import type { LoaderFunctionArgs } from "@remix-run/node";
import { createEventType, listEventTypes } from "~/models/event-type.server";
import { readJson, requireApiUser } from "~/api/api.server";
import { apiRoute } from "~/api/api-route.server";
import { eventTypeBody, eventTypeJson } from "~/schemas/scheduling-api";
import { eventTypeFailure, eventTypeWrite } from "~/api/scheduling-api.server";

/** GET /api/event-types: the caller's event types, oldest first. */
async function GET({ request }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  return Response.json((await listEventTypes(user.id)).map((e) => eventTypeJson(e)));
}

/** POST /api/event-types: 201 with the new event type; 409 slug_taken for a slug of theirs in any case. */
async function POST({ request }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const input = await readJson(request, eventTypeBody);
  const saved = await createEventType(user.id, await eventTypeWrite(user, input));
  return saved.ok ? Response.json(eventTypeJson(saved.eventType), { status: 201 }) : eventTypeFailure(saved.reason);
}

export const { loader, action } = apiRoute({ GET, POST });
