import type { LoaderFunctionArgs } from "@remix-run/node";
import { createSchedule, ensureDefaultSchedule, listSchedules } from "~/models/schedule.server";
import { readJson, requireApiUser } from "~/api/api.server";
import { apiRoute } from "~/api/api-route.server";
import { scheduleBody, scheduleJson } from "~/schemas/scheduling-api";

/** GET /api/schedules: the caller's schedules, the default first (made on first call: Mon-Fri 09:00-17:00 in their zone). */
async function GET({ request }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  await ensureDefaultSchedule(user.id, user.timeZone);
  return Response.json((await listSchedules(user.id)).map(scheduleJson));
}

/** POST /api/schedules: 201 with the new schedule; `isDefault: true` makes it the default. */
async function POST({ request }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const input = await readJson(request, scheduleBody);
  await ensureDefaultSchedule(user.id, user.timeZone);
  return Response.json(scheduleJson(await createSchedule(user.id, input)), { status: 201 });
}

export const { loader, action } = apiRoute({ GET, POST });
