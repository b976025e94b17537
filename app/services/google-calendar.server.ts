import type { CalendarEntry } from "~/mail/calendar-file";
import { entryUid } from "~/mail/calendar-file";
import type { BusyInterval } from "~/scheduling/calendar-busy";
import { env } from "~/server/env.server";

/**
 * Google Calendar over its REST API with plain fetch (docs/decisions/035): the incremental
 * consent's URL and code exchange, a refresh token turned into access tokens, the calendar
 * list, free/busy of the chosen calendars, and a booking's event written with an id of our own
 * (the booking's uuid without dashes), so a retry updates the same event instead of adding one.
 * GOOGLE_OAUTH_BASE and GOOGLE_API_BASE point the tests at a fake Google.
 */

export class GoogleCalendarError extends Error {
  name = "GoogleCalendarError";
}

export const GOOGLE_CALENDAR_SCOPES = [
  "https://www.googleapis.com/auth/calendar.readonly",
  "https://www.googleapis.com/auth/calendar.events",
];

const TIMEOUT_MS = 10_000;

function oauthBase(): string {
  return (env().GOOGLE_OAUTH_BASE ?? "https://oauth2.googleapis.com").replace(/\/$/, "");
}

function apiBase(): string {
  return (env().GOOGLE_API_BASE ?? "https://www.googleapis.com").replace(/\/$/, "");
}

function authBase(): string {
  return env().GOOGLE_OAUTH_BASE ? `${oauthBase()}/o/oauth2/v2/auth` : "https://accounts.google.com/o/oauth2/v2/auth";
}

export function googleCalendarAvailable(): boolean {
  return Boolean(env().GOOGLE_CLIENT_ID && env().GOOGLE_CLIENT_SECRET);
}

/** Where the host grants calendar access: incremental consent, offline (a refresh token), asked again every time. */
export function googleConsentUrl(redirectUri: string, state: string, loginHint?: string): string {
  const url = new URL(authBase());
  url.search = new URLSearchParams({
    client_id: env().GOOGLE_CLIENT_ID ?? "",
    redirect_uri: redirectUri,
    response_type: "code",
    scope: ["openid", "email", ...GOOGLE_CALENDAR_SCOPES].join(" "),
    access_type: "offline",
    prompt: "consent",
    include_granted_scopes: "true",
    state,
    ...(loginHint ? { login_hint: loginHint } : {}),
  }).toString();
  return url.href;
}

async function call(url: string, init: RequestInit = {}): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch {
    throw new GoogleCalendarError("Google Calendar is not reachable.");
  }
}

async function tokenCall(
  body: Record<string, string>,
): Promise<{ access_token: string; refresh_token?: string; expires_in?: number; id_token?: string }> {
  const response = await call(`${oauthBase()}/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      client_id: env().GOOGLE_CLIENT_ID ?? "",
      client_secret: env().GOOGLE_CLIENT_SECRET ?? "",
      ...body,
    }).toString(),
  });
  if (response.status === 400 || response.status === 401)
    throw new GoogleCalendarError("Google refused the access: connect Google Calendar again.");
  if (!response.ok) throw new GoogleCalendarError(`Google answered ${response.status}.`);
  return response.json();
}

/** The consent's code for tokens; the account's e-mail from the userinfo endpoint. */
export async function exchangeGoogleCode(
  code: string,
  redirectUri: string,
): Promise<{ accessToken: string; refreshToken: string; email: string }> {
  const tokens = await tokenCall({ code, redirect_uri: redirectUri, grant_type: "authorization_code" });
  if (!tokens.refresh_token)
    throw new GoogleCalendarError("Google gave no offline access: connect again and allow calendar access.");
  const info = await call(`${apiBase()}/oauth2/v3/userinfo`, {
    headers: { authorization: `Bearer ${tokens.access_token}` },
  });
  const email = info.ok ? String(((await info.json()) as { email?: string }).email ?? "") : "";
  return { accessToken: tokens.access_token, refreshToken: tokens.refresh_token, email: email || "Google account" };
}

const accessTokens = new Map<string, { token: string; until: number }>();

async function accessToken(refreshToken: string): Promise<string> {
  const cached = accessTokens.get(refreshToken);
  if (cached && cached.until > Date.now()) return cached.token;
  const tokens = await tokenCall({ refresh_token: refreshToken, grant_type: "refresh_token" });
  accessTokens.set(refreshToken, {
    token: tokens.access_token,
    until: Date.now() + Math.max(60, (tokens.expires_in ?? 3600) - 120) * 1000,
  });
  return tokens.access_token;
}

async function api(token: string, path: string, init: RequestInit = {}): Promise<Response> {
  const response = await call(`${apiBase()}/calendar/v3${path}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json", ...(init.headers ?? {}) },
  });
  if (response.status === 401)
    throw new GoogleCalendarError("Google refused the access: connect Google Calendar again.");
  return response;
}

export async function googleCalendarsOf(
  token: string,
): Promise<Array<{ id: string; name: string; writable: boolean; primary: boolean }>> {
  const response = await api(token, "/users/me/calendarList?minAccessRole=freeBusyReader");
  if (!response.ok) throw new GoogleCalendarError(`Google answered ${response.status} for the calendar list.`);
  const body = (await response.json()) as {
    items?: Array<{ id: string; summary?: string; accessRole?: string; primary?: boolean }>;
  };
  return (body.items ?? []).map((c) => ({
    id: c.id,
    name: c.summary ?? c.id,
    writable: c.accessRole === "owner" || c.accessRole === "writer",
    primary: Boolean(c.primary),
  }));
}

/** Busy times of these calendars over [from, to) from freeBusy, by calendar id. */
export async function googleBusy(
  refreshToken: string,
  calendarIds: string[],
  from: Date,
  to: Date,
): Promise<Map<string, BusyInterval[]>> {
  const token = await accessToken(refreshToken);
  const response = await api(token, "/freeBusy", {
    method: "POST",
    body: JSON.stringify({
      timeMin: from.toISOString(),
      timeMax: to.toISOString(),
      items: calendarIds.map((id) => ({ id })),
    }),
  });
  if (!response.ok) throw new GoogleCalendarError(`Google answered ${response.status} for free/busy.`);
  const body = (await response.json()) as {
    calendars?: Record<string, { busy?: Array<{ start: string; end: string }> }>;
  };
  const out = new Map<string, BusyInterval[]>();
  for (const id of calendarIds) {
    out.set(
      id,
      (body.calendars?.[id]?.busy ?? []).map((b) => ({ start: new Date(b.start), end: new Date(b.end) })),
    );
  }
  return out;
}

function eventBody(entry: CalendarEntry, uidHost: string) {
  return {
    summary: entry.title,
    description: entry.description,
    location: entry.location ?? undefined,
    start: { dateTime: entry.startsAt.toISOString() },
    end: { dateTime: entry.endsAt.toISOString() },
    iCalUID: entryUid(entry.id, uidHost),
    status: entry.cancelled ? "cancelled" : "confirmed",
    extendedProperties: { private: { schedulerEventId: entry.id } },
  };
}

/** Writes the booking's event (update, else insert with our own id); answers its Google id. */
export async function googlePut(
  refreshToken: string,
  calendarId: string,
  entry: CalendarEntry,
  existing: string | null,
  uidHost: string,
): Promise<string> {
  const token = await accessToken(refreshToken);
  const id = existing ?? entry.id.replace(/-/g, "");
  const calendar = encodeURIComponent(calendarId);
  const updated = await api(token, `/calendars/${calendar}/events/${id}`, {
    method: "PUT",
    body: JSON.stringify(eventBody(entry, uidHost)),
  });
  if (updated.ok) return id;
  if (updated.status !== 404) throw new GoogleCalendarError(`Google answered ${updated.status} for the event.`);
  const inserted = await api(token, `/calendars/${calendar}/events`, {
    method: "POST",
    body: JSON.stringify({ id, ...eventBody(entry, uidHost) }),
  });
  if (!inserted.ok && inserted.status !== 409)
    throw new GoogleCalendarError(`Google answered ${inserted.status} for the new event.`);
  return id;
}

export async function googleDelete(refreshToken: string, calendarId: string, eventId: string): Promise<void> {
  const token = await accessToken(refreshToken);
  const response = await api(token, `/calendars/${encodeURIComponent(calendarId)}/events/${eventId}`, {
    method: "DELETE",
  });
  if (!response.ok && response.status !== 404 && response.status !== 410)
    throw new GoogleCalendarError(`Google answered ${response.status} when removing the event.`);
}

/**
 * A Google Meet link for a booking (decision 065): the booking's event (our own id, as googlePut
 * writes it, so the calendar writer later updates this same event) inserted with a conferenceData
 * createRequest (conferenceDataVersion=1); answers the Meet link and its phone entry point.
 */
export async function googleMeetCreate(
  refreshToken: string,
  calendarId: string,
  entry: Pick<CalendarEntry, "id" | "title" | "description" | "startsAt" | "endsAt">,
): Promise<{ externalId: string; joinUrl: string; dialIn: string | null; passcode: string | null }> {
  const token = await accessToken(refreshToken);
  const id = entry.id.replace(/-/g, "");
  const calendar = encodeURIComponent(calendarId);
  const body = {
    summary: entry.title,
    description: entry.description,
    start: { dateTime: entry.startsAt.toISOString() },
    end: { dateTime: entry.endsAt.toISOString() },
    extendedProperties: { private: { schedulerEventId: entry.id } },
    conferenceData: {
      createRequest: { requestId: `meet-${id}`, conferenceSolutionKey: { type: "hangoutsMeet" } },
    },
  };
  let response = await api(token, `/calendars/${calendar}/events?conferenceDataVersion=1`, {
    method: "POST",
    body: JSON.stringify({ id, ...body }),
  });
  // Already there (an earlier try, or the calendar writer's copy): add the conference to it.
  if (response.status === 409) {
    response = await api(token, `/calendars/${calendar}/events/${id}?conferenceDataVersion=1`, {
      method: "PATCH",
      body: JSON.stringify(body),
    });
  }
  if (!response.ok) throw new GoogleCalendarError(`Google answered ${response.status} for the Meet link.`);
  const made = (await response.json()) as {
    hangoutLink?: string;
    conferenceData?: { entryPoints?: Array<{ entryPointType?: string; uri?: string; label?: string; pin?: string }> };
  };
  const points = made.conferenceData?.entryPoints ?? [];
  const video = points.find((p) => p.entryPointType === "video")?.uri ?? made.hangoutLink;
  if (!video) throw new GoogleCalendarError("Google made no Meet link (is Meet on for this account?).");
  const phone = points.find((p) => p.entryPointType === "phone");
  return {
    externalId: id,
    joinUrl: video,
    dialIn: phone ? (phone.label ?? phone.uri?.replace(/^tel:/, "") ?? null) : null,
    passcode: phone?.pin ?? null,
  };
}

/** Moves the Meet link's event to the booking's new time (the link stays). */
export async function googleMeetMove(
  refreshToken: string,
  calendarId: string,
  eventId: string,
  entry: Pick<CalendarEntry, "startsAt" | "endsAt">,
): Promise<void> {
  const token = await accessToken(refreshToken);
  const response = await api(token, `/calendars/${encodeURIComponent(calendarId)}/events/${eventId}`, {
    method: "PATCH",
    body: JSON.stringify({
      start: { dateTime: entry.startsAt.toISOString() },
      end: { dateTime: entry.endsAt.toISOString() },
    }),
  });
  if (!response.ok) throw new GoogleCalendarError(`Google answered ${response.status} when moving the Meet link.`);
}
