import type { LoaderFunctionArgs } from "@remix-run/node";
import { isUuid } from "~/models/event.server";
import { deleteEventType, getEventType, replaceEventType } from "~/models/event-type.server";
import { managedCopyOf } from "~/models/team-event-types.server";
import { z } from "zod";
import { apiError, checkJson, readJson, requireApiUser } from "~/api/api.server";
import { apiRoute } from "~/api/api-route.server";
import { lockedFieldError } from "~/api/team-event-types-api.server";
import { durationsOf, eventTypeBody, eventTypeJson } from "~/schemas/scheduling-api";
import {
  changedLockedField,
  lockedJsonValue,
  TEAM_EVENT_TYPE_MESSAGES,
  withFieldsOf,
} from "~/schemas/team-event-types";
import { eventTypeFailure, eventTypeWrite } from "~/api/scheduling-api.server";

const notFound = () => apiError(404, "not_found", "No such event type.");

/** GET /api/event-types/{id}: one of the caller's event types; 404 for anyone else's or a non-uuid. */
async function GET({ request, params }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const id = params.id ?? "";
  const eventType = isUuid(id) ? await getEventType(user.id, id) : null;
  if (!eventType) return notFound();
  const copy = eventType.parentId ? await managedCopyOf(eventType.id) : null;
  return Response.json(eventTypeJson(eventType, copy));
}

/**
 * PUT /api/event-types/{id}: replaces it; fields left out take their defaults. A member's copy of
 * a managed template (decision 059) keeps the template's locked fields: one left out stays as it
 * is, one sent with another value is 403 locked_field, and nothing is saved.
 */
async function PUT({ request, params }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const id = params.id ?? "";
  const existing = isUuid(id) ? await getEventType(user.id, id) : null;
  if (!existing) return notFound();
  const copy = existing.parentId ? await managedCopyOf(existing.id) : null;
  // Read first, then validated: a copy's locked field left out of the body keeps its value.
  const named = await readJson(request, z.unknown());
  const sent = typeof named === "object" && named !== null && !Array.isArray(named) ? { ...named } : named;
  if (copy && typeof sent === "object" && sent !== null) {
    const kept = sent as Record<string, unknown>;
    for (const field of copy.lockedFields) if (!(field in kept)) kept[field] = lockedJsonValue(existing, field);
    // A locked duration locks the lengths too (decision 087): the copy keeps its own list.
    if (copy.lockedFields.includes("duration")) delete kept.durations;
  }
  let input = await checkJson(eventTypeBody, sent);
  if (copy) {
    if (input.kind !== "one-to-one") return lockedFieldError("kind");
    const changed = changedLockedField(existing, input, copy.lockedFields);
    if (changed) return lockedFieldError(changed);
    // Questions keep their ids; the rest is equal already.
    input = withFieldsOf(input, existing, copy.lockedFields);
    if (copy.lockedFields.includes("duration")) input = { ...input, durations: durationsOf(existing) };
  }
  const saved = await replaceEventType(user.id, id, await eventTypeWrite(user, input, existing.teamId));
  return saved.ok ? Response.json(eventTypeJson(saved.eventType, copy)) : eventTypeFailure(saved.reason);
}

/** DELETE /api/event-types/{id}: 204. A member's copy of a managed template is the team's to remove: 403. */
async function DELETE({ request, params }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const id = params.id ?? "";
  const outcome = isUuid(id) ? await deleteEventType(user.id, id) : "not-found";
  if (outcome === "managed-copy") return apiError(403, "managed_copy", TEAM_EVENT_TYPE_MESSAGES.copyDelete);
  return outcome === "deleted" ? new Response(null, { status: 204 }) : notFound();
}

export const { loader, action } = apiRoute({ GET, PUT, DELETE });
