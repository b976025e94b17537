import { createCookie, type Cookie } from "@remix-run/node";
import { env } from "~/server/env.server";

let cookie: Cookie | null = null;

/** The Google Calendar consent's state (`<user id>:<random>`), signed, for the round trip to Google and back. */
export function googleCalendarState(): Cookie {
  cookie ??= createCookie("__google_calendar_state", {
    httpOnly: true,
    sameSite: "lax",
    path: "/dashboard/calendars",
    maxAge: 600,
    secure: env().secureCookies,
    secrets: env().sessionSecrets,
  });
  return cookie;
}
