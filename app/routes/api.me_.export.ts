import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiError, requireApiUser } from "~/api/api.server";
import { apiRoute } from "~/api/api-route.server";
import { exportAccount } from "~/services/data-rights.server";

/**
 * GET /api/me/export (decision 071): everything about the caller as one JSON file (a download
 * in a browser): profile, event types, schedules, bookings with answers, webhooks without
 * secrets, the audit entries about them, and the rest of their rows, table by table.
 */
async function GET({ request }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const now = new Date();
  const data = await exportAccount(user.id, request, now);
  if (!data) return apiError(404, "not_found", "This account no longer exists.");
  return new Response(JSON.stringify(data, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="my-data-${now.toISOString().slice(0, 10)}.json"`,
      "Cache-Control": "no-store",
    },
  });
}

export const { loader, action } = apiRoute({ GET });
