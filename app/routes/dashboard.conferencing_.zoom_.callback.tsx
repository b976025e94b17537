import type { LoaderFunctionArgs } from "@remix-run/node";
import {
  CALENDARS_PAGE,
  finishZoomConnect,
  redirectWithError,
  redirectWithSuccess,
  requireDrawerPage,
} from "./dashboard.conferencing_.zoom_.callback.server";

/** Zoom's answer to the consent (decision 065): the state must be this host's; the code becomes stored (encrypted) tokens. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireDrawerPage(request, CALENDARS_PAGE);
  const url = new URL(request.url);
  const outcome = await finishZoomConnect(
    user.id,
    { state: url.searchParams.get("state") ?? "", code: url.searchParams.get("code") },
    new Date(),
  );
  return outcome.ok
    ? redirectWithSuccess(CALENDARS_PAGE, "Zoom connected.")
    : redirectWithError(CALENDARS_PAGE, outcome.message);
}
