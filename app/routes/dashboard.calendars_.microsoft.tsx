import type { LoaderFunctionArgs } from "@remix-run/node";
import { MESSAGES } from "~/messages";
import { redirect } from "@remix-run/node";
import { startMicrosoftConnect } from "~/services/calendars.server";
import { microsoftCalendarAvailable } from "~/services/microsoft-calendar.server";
import { calendarSecretsAvailable } from "~/server/calendar-crypto.server";
import { requireDrawerPage } from "~/utils/dashboard-pages.server";
import { linkBase } from "~/utils/request.server";
import { redirectWithError } from "~/utils/toast.server";

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
