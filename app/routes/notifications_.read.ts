import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { markNotificationsSeen } from "~/models/notification.server";
import { requireUser } from "~/utils/auth.server";
import { safeRedirectPath } from "~/utils/permissions";
import { readFormData } from "~/utils/request.server";
import { notFound } from "~/utils/responses";

/**
 * Opening the bell's panel marks the notifications read. With JavaScript the bell posts here
 * in the background; without it, the panel's "Mark all as read" button posts a `redirectTo`
 * and the browser comes back to the page it was on.
 */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request, { redirectTo: null });
  const form = await readFormData(request);
  await markNotificationsSeen(user.id);
  const back = form.get("redirectTo");
  if (typeof back === "string") return redirect(safeRedirectPath(back, "/"));
  return Response.json({ ok: true });
}

export function loader() {
  notFound("Not found");
}
