import type { LoaderFunctionArgs } from "@remix-run/node";
import { isUuid } from "~/models/event.server";
import { deleteSchedule, getSchedule, replaceSchedule } from "~/models/schedule.server";
import { apiError, readJson, requireApiUser } from "~/api/api.server";
import { apiRoute } from "~/api/api-route.server";
import { scheduleBody, scheduleJson } from "~/schemas/scheduling-api";

const notFound = () => apiError(404, "not_found", "No such schedule.");

/** GET /api/schedules/{id}: one of the caller's schedules; 404 for anyone else's or a non-uuid. */
async function GET({ request, params }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const id = params.id ?? "";
  const schedule = isUuid(id) ? await getSchedule(user.id, id) : null;
  return schedule ? Response.json(scheduleJson(schedule)) : notFound();
}

/** PUT /api/schedules/{id}: replaces it (fields left out take their defaults); the default stays the default. */
async function PUT({ request, params }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const id = params.id ?? "";
  if (!isUuid(id) || !(await getSchedule(user.id, id))) return notFound();
  const input = await readJson(request, scheduleBody);
  const schedule = await replaceSchedule(user.id, id, input);
  return schedule ? Response.json(scheduleJson(schedule)) : notFound();
}

/** DELETE /api/schedules/{id}: 204; 409 for the default schedule or one an event type uses. */
async function DELETE({ request, params }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const id = params.id ?? "";
  if (!isUuid(id)) return notFound();
  const result = await deleteSchedule(user.id, id);
  if (result.ok) return new Response(null, { status: 204 });
  if (result.reason === "default")
    return apiError(
      409,
      "default_schedule",
      "The default schedule cannot be deleted: make another schedule the default first.",
    );
  if (result.reason === "in-use")
    return apiError(409, "schedule_in_use", "An event type uses this schedule: move it to another schedule first.");
  return notFound();
}

export const { loader, action } = apiRoute({ GET, PUT, DELETE });
