import type { LoaderFunctionArgs } from "@remix-run/node";
import {
  CalendarLimitError,
  connectGoogle,
  exchangeGoogleCode,
  googleCalendarAvailable,
  GoogleCalendarError,
  googleCalendarState,
  linkBase,
  recordAudit,
  redirectWithError,
  redirectWithSuccess,
  requireDrawerPage,
} from "./dashboard.calendars_.google_.callback.server";

const PAGE = "/dashboard/calendars";

/** Google's answer: the state must be the one this browser was given for this host; the code becomes a stored (encrypted) refresh token. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireDrawerPage(request, PAGE);
  if (!googleCalendarAvailable()) return redirectWithError(PAGE, "Google Calendar is not available on this server.");
  const url = new URL(request.url);
  const expected = await googleCalendarState().parse(request.headers.get("Cookie"));
  const state = url.searchParams.get("state") ?? "";
  if (typeof expected !== "string" || expected !== `${user.id}:${state}` || !state) {
    return redirectWithError(PAGE, "That Google answer was not for this page: connect Google Calendar again.");
  }
  const code = url.searchParams.get("code");
  if (!code) return redirectWithError(PAGE, "Google Calendar was not connected (access was not granted).");
  try {
    const tokens = await exchangeGoogleCode(code, `${linkBase(request)}${PAGE}/google/callback`);
    await connectGoogle(
      user.id,
      { email: tokens.email, refreshToken: tokens.refreshToken, accessToken: tokens.accessToken },
      new Date(),
    );
    await recordAudit({
      actorId: user.id,
      actorEmail: user.email,
      action: "calendar.connected",
      targetType: "calendar",
      targetId: null,
      after: { type: "google", account: tokens.email },
      request,
    });
  } catch (error) {
    if (error instanceof GoogleCalendarError || error instanceof CalendarLimitError)
      return redirectWithError(PAGE, error.message);
    throw error;
  }
  return redirectWithSuccess(PAGE, "Google Calendar connected.", {
    headers: { "Set-Cookie": await googleCalendarState().serialize("", { maxAge: 0 }) },
  });
}
