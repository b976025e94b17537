import type { LoaderFunctionArgs } from "@remix-run/node";
import { listVisibleNotifications } from "~/models/notification.server";
import { getApiUser } from "~/api/api.server";
import { apiRoute } from "~/api/api-route.server";

/**
 * GET /notifications: broadcasts for everybody, plus the caller's own when signed in (or
 * sent with a token). POST /notifications/read is a separate route (notifications_.read.ts).
 */
async function GET({ request }: LoaderFunctionArgs) {
  const user = await getApiUser(request);
  const rows = await listVisibleNotifications(user?.id ?? null);
  return Response.json(rows.map((n) => ({ _id: n.id, notification: n.notification })));
}

export const { loader, action } = apiRoute({ GET });
