import type { LoaderFunctionArgs } from "@remix-run/node";
import { MESSAGES } from "~/messages";
import {
  CalendarConnectError,
  CalendarLimitError,
  calendarSecretsAvailable,
  finishMicrosoftConnect,
  microsoftCalendarAvailable,
  redirectWithError,
  redirectWithSuccess,
  requireDrawerPage,
} from "./dashboard.calendars_.microsoft_.callback.server";

const PAGE = "/dashboard/calendars";

/**
 * Microsoft's answer (docs/decisions/064): the sealed state must name the host signed in here, so
 * nobody can hand a host a sign-in link that puts their calendar into another account.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireDrawerPage(request, PAGE);
  if (!microsoftCalendarAvailable() || !calendarSecretsAvailable())
    return redirectWithError(PAGE, MESSAGES.microsoftCalendarUnavailable);
  const url = new URL(request.url);
  const state = url.searchParams.get("state") ?? "";
  const code = url.searchParams.get("code") ?? "";
  if (!state)
    return redirectWithError(
      PAGE,
      "That Microsoft answer was not for this page: connect Microsoft 365 / Outlook again.",
    );
  if (!code) return redirectWithError(PAGE, "Microsoft 365 / Outlook was not connected (access was not granted).");
  try {
    await finishMicrosoftConnect(user.id, state, code, new Date());
  } catch (error) {
    if (error instanceof CalendarConnectError || error instanceof CalendarLimitError)
      return redirectWithError(PAGE, error.message);
    throw error;
  }
  return redirectWithSuccess(PAGE, "Microsoft 365 / Outlook connected.");
}
