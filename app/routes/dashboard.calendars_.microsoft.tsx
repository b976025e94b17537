import type { LoaderFunctionArgs } from "@remix-run/node";
import { MESSAGES } from "~/messages";
import {
  calendarSecretsAvailable,
  linkBase,
  microsoftCalendarAvailable,
  redirect,
  redirectWithError,
  requireDrawerPage,
  startMicrosoftConnect,
} from "./dashboard.calendars_.microsoft.server";

const PAGE = "/dashboard/calendars";

/** Starts Microsoft's sign-in for calendar access (authorization code with PKCE; docs/decisions/064). */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireDrawerPage(request, PAGE);
  if (!microsoftCalendarAvailable() || !calendarSecretsAvailable())
    return redirectWithError(PAGE, MESSAGES.microsoftCalendarUnavailable);
  return redirect(
    startMicrosoftConnect(user.id, `${linkBase(request)}${PAGE}/microsoft/callback`, new Date(), user.email),
  );
}
