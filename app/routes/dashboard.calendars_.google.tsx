import crypto from "node:crypto";
import type { LoaderFunctionArgs } from "@remix-run/node";
import {
  calendarSecretsAvailable,
  googleCalendarAvailable,
  googleCalendarState,
  googleConsentUrl,
  linkBase,
  redirect,
  redirectWithError,
  requireDrawerPage,
} from "./dashboard.calendars_.google.server";

const PAGE = "/dashboard/calendars";

/** Starts Google's consent for calendar access (incremental: only the calendar scopes, offline, asked every time). */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireDrawerPage(request, PAGE);
  if (!googleCalendarAvailable() || !calendarSecretsAvailable())
    return redirectWithError(PAGE, "Google Calendar is not available on this server.");
  const state = crypto.randomBytes(24).toString("base64url");
  const url = googleConsentUrl(`${linkBase(request)}${PAGE}/google/callback`, state, user.email);
  return redirect(url, { headers: { "Set-Cookie": await googleCalendarState().serialize(`${user.id}:${state}`) } });
}
