import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiError, requireApiUser } from "~/api/api.server";
import { apiRoute } from "~/api/api-route.server";
import { CONFERENCING_APP_LABELS } from "~/schemas/meeting";
import {
  connectConferencing,
  disconnectConferencing,
  isConferencingApp,
  listConferencing,
} from "~/services/conferencing.server";

const unknownApp = () => apiError(404, "not_found", "No such conferencing app: zoom, google-meet or microsoft-teams.");

/**
 * POST /api/conferencing/{app} (decision 065): Zoom answers `{ authorizeUrl }`, its consent to
 * open in the browser where you are signed in; Google Meet and Microsoft Teams connect at once
 * through your connected calendar of that kind (`{ app, connected, default }`), or answer
 * 409 needs_calendar when it is not connected.
 */
async function POST({ request, params }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const app = params.app ?? "";
  if (!isConferencingApp(app)) return unknownApp();
  const outcome = await connectConferencing(user.id, app, new Date());
  if (!outcome.ok) {
    return outcome.reason === "needs_calendar"
      ? apiError(
          409,
          "needs_calendar",
          `${CONFERENCING_APP_LABELS[app]} needs a connected ${app === "google-meet" ? "Google" : "Microsoft 365"} calendar: connect it on the Calendars page first.`,
        )
      : apiError(503, "conferencing_unavailable", `${CONFERENCING_APP_LABELS[app]} is not available on this server.`);
  }
  if ("authorizeUrl" in outcome) return Response.json({ authorizeUrl: outcome.authorizeUrl });
  const status = (await listConferencing(user.id)).find((a) => a.app === app);
  return Response.json({ app, connected: true, default: Boolean(status?.default) });
}

/** DELETE /api/conferencing/{app}: disconnects it (its stored tokens are deleted); 204 also when it was not connected. */
async function DELETE({ request, params }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const app = params.app ?? "";
  if (!isConferencingApp(app)) return unknownApp();
  await disconnectConferencing(user.id, app);
  return new Response(null, { status: 204 });
}

export const { loader, action } = apiRoute({ POST, DELETE });
