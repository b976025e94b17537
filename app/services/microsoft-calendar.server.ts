import crypto from "node:crypto";
import type { CalendarEntry } from "~/mail/calendar-file";
import { busyFromGraphEvents, type GraphEvent } from "~/scheduling/graph-busy";
import type { BusyInterval } from "~/scheduling/calendar-busy";
import { env } from "~/server/env.server";

/**
 * Microsoft 365 / Outlook calendars over Microsoft Graph with plain fetch (docs/decisions/064):
 * the authorization-code grant with PKCE (S256), refresh tokens turned into access tokens (a
 * rotated refresh token is handed back to be stored), the calendar list, busy times from
 * calendarView (occurrences of recurring series expanded by Graph, times asked for in UTC), and a
 * booking's event written with its attendee, moved with PATCH and removed with DELETE.
 * MICROSOFT_LOGIN_BASE and MICROSOFT_GRAPH_BASE point the tests at a fake Microsoft.
 */

export class MicrosoftCalendarError extends Error {
  name = "MicrosoftCalendarError";
  constructor(
    message: string,
    /** The sign-in was revoked or expired (invalid_grant, a 401): only connecting again helps. */
    readonly reconnect = false,
    /** Graph asked to wait this long before the next call (a 429 or 503 with Retry-After). */
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
  }
}

/** The longest Retry-After honoured: a longer one (or a date further off) waits this long. */
export const MAX_RETRY_AFTER_MS = 5 * 60_000;

/** A Retry-After header (delay in seconds, or an HTTP date) as milliseconds from `now`, at most MAX_RETRY_AFTER_MS; null when absent or unreadable. */
export function retryAfterMs(header: string | null, now: Date): number | null {
  const value = header?.trim() ?? "";
  if (!value) return null;
  // An HTTP date starts with the day's name ("Sun, 06 Nov 1994 08:49:37 GMT").
  const ms = /^\d+$/.test(value)
    ? Number(value) * 1000
    : /^[A-Za-z]/.test(value)
      ? Date.parse(value) - now.getTime()
      : Number.NaN;
  if (Number.isNaN(ms)) return null;
  return Math.min(MAX_RETRY_AFTER_MS, Math.max(0, ms));
}

/** Delegated permissions the Azure app registration lists (docs/calendars.md). */
export const MICROSOFT_SCOPES = ["offline_access", "Calendars.ReadWrite", "User.Read", "OnlineMeetings.ReadWrite"];

/** What a connection whose refresh token stopped working shows (the Calendars page offers Reconnect). */
export const MICROSOFT_RECONNECT =
  "Microsoft refused the access (the sign-in was revoked or has expired): reconnect Microsoft 365 / Outlook.";

const TIMEOUT_MS = 10_000;
/** Pages of calendarView followed at most (500 events each). */
const MAX_PAGES = 20;

function loginBase(): string {
  const base = (env().MICROSOFT_LOGIN_BASE ?? "https://login.microsoftonline.com").replace(/\/$/, "");
  return `${base}/${encodeURIComponent(env().MICROSOFT_TENANT)}/oauth2/v2.0`;
}

function graphBase(): string {
  return (env().MICROSOFT_GRAPH_BASE ?? "https://graph.microsoft.com").replace(/\/$/, "");
}

export function microsoftCalendarAvailable(): boolean {
  return Boolean(env().MICROSOFT_CLIENT_ID && env().MICROSOFT_CLIENT_SECRET);
}

/** A PKCE pair: the verifier stays with us, its S256 challenge goes to Microsoft. */
export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = crypto.randomBytes(48).toString("base64url");
  return { verifier, challenge: crypto.createHash("sha256").update(verifier).digest("base64url") };
}

/** Where the host signs in and grants calendar access (asked to pick the account every time). */
export function microsoftAuthorizeUrl(input: {
  redirectUri: string;
  state: string;
  challenge: string;
  loginHint?: string;
}): string {
  const url = new URL(`${loginBase()}/authorize`);
  url.search = new URLSearchParams({
    client_id: env().MICROSOFT_CLIENT_ID ?? "",
    response_type: "code",
    redirect_uri: input.redirectUri,
    response_mode: "query",
    scope: MICROSOFT_SCOPES.join(" "),
    state: input.state,
    code_challenge: input.challenge,
    code_challenge_method: "S256",
    prompt: "select_account",
    ...(input.loginHint ? { login_hint: input.loginHint } : {}),
  }).toString();
  return url.href;
}

async function call(url: string, init: RequestInit = {}): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch {
    throw new MicrosoftCalendarError("Microsoft 365 is not reachable.");
  }
}

interface TokenAnswer {
  access_token: string;
  refresh_token?: string;
  expires_in?: number;
}

async function tokenCall(body: Record<string, string>): Promise<TokenAnswer> {
  const response = await call(`${loginBase()}/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      client_id: env().MICROSOFT_CLIENT_ID ?? "",
      client_secret: env().MICROSOFT_CLIENT_SECRET ?? "",
      scope: MICROSOFT_SCOPES.join(" "),
      ...body,
    }).toString(),
  });
  if (response.status === 400 || response.status === 401) {
    const answer = (await response.json().catch(() => ({}))) as { error?: string };
    if (answer.error === "invalid_grant" || answer.error === "interaction_required")
      throw new MicrosoftCalendarError(MICROSOFT_RECONNECT, true);
    throw new MicrosoftCalendarError(`Microsoft refused the sign-in (${String(answer.error ?? response.status)}).`);
  }
  if (!response.ok) throw new MicrosoftCalendarError(`Microsoft answered ${response.status}.`);
  const answer = (await response.json()) as TokenAnswer;
  if (!answer.access_token) throw new MicrosoftCalendarError("Microsoft gave no access token.");
  return answer;
}

/** The sign-in's code (with its PKCE verifier) for tokens; the account's address from /me. */
export async function exchangeMicrosoftCode(
  code: string,
  verifier: string,
  redirectUri: string,
): Promise<{ accessToken: string; refreshToken: string; email: string }> {
  const tokens = await tokenCall({
    grant_type: "authorization_code",
    code,
    redirect_uri: redirectUri,
    code_verifier: verifier,
  });
  if (!tokens.refresh_token)
    throw new MicrosoftCalendarError("Microsoft gave no offline access: connect again and allow calendar access.");
  const me = await graph(tokens.access_token, "/v1.0/me?$select=mail,userPrincipalName,displayName");
  const body = me.ok
    ? ((await me.json()) as { mail?: string | null; userPrincipalName?: string; displayName?: string })
    : {};
  const email = body.mail || body.userPrincipalName || body.displayName || "Microsoft account";
  return { accessToken: tokens.access_token, refreshToken: tokens.refresh_token, email };
}

/**
 * A connection's refresh token, and where a rotated one is saved (Microsoft may answer a refresh
 * with a new refresh token; the old one keeps working until it expires, so a lost save is harmless).
 */
export interface MicrosoftAccount {
  refreshToken: string;
  saveRefreshToken?: (refreshToken: string) => Promise<void>;
}

const accessTokens = new Map<string, { token: string; until: number }>();

async function accessToken(account: MicrosoftAccount): Promise<string> {
  const cached = accessTokens.get(account.refreshToken);
  if (cached && cached.until > Date.now()) return cached.token;
  const tokens = await tokenCall({ grant_type: "refresh_token", refresh_token: account.refreshToken });
  const entry = {
    token: tokens.access_token,
    until: Date.now() + Math.max(60, (tokens.expires_in ?? 3600) - 120) * 1000,
  };
  accessTokens.set(account.refreshToken, entry);
  if (tokens.refresh_token && tokens.refresh_token !== account.refreshToken) {
    accessTokens.set(tokens.refresh_token, entry);
    await account.saveRefreshToken?.(tokens.refresh_token);
  }
  return tokens.access_token;
}

/** A Graph call; `path` is relative to the Graph host, or a whole @odata.nextLink on it. */
async function graph(token: string, path: string, init: RequestInit = {}): Promise<Response> {
  const url = path.startsWith("http") ? path : `${graphBase()}${path}`;
  if (!url.startsWith(`${graphBase()}/`)) throw new MicrosoftCalendarError("Microsoft Graph sent a link elsewhere.");
  const response = await call(url, {
    ...init,
    headers: {
      authorization: `Bearer ${token}`,
      "content-type": "application/json",
      // Every date-time Graph answers is in UTC: no Windows zone names to translate.
      prefer: 'outlook.timezone="UTC"',
      ...(init.headers ?? {}),
    },
  });
  if (response.status === 401) {
    // A cached access token may have been revoked with the grant: the next call refreshes.
    for (const [key, value] of accessTokens) if (value.token === token) accessTokens.delete(key);
    throw new MicrosoftCalendarError(MICROSOFT_RECONNECT, true);
  }
  if (response.status === 429 || response.status === 503) {
    // Throttled: the outbox tries again no sooner than Graph asked (docs/calendars.md).
    const wait = retryAfterMs(response.headers.get("retry-after"), new Date());
    throw new TeamsMeetingError(
      `Microsoft answered ${response.status} (busy)${wait === null ? "" : `: trying again in ${Math.ceil(wait / 1000)} s`}.`,
      true,
      wait,
    );
  }
  return response;
}

export interface MicrosoftCalendar {
  id: string;
  name: string;
  writable: boolean;
  primary: boolean;
}

async function calendarsWith(token: string): Promise<MicrosoftCalendar[]> {
  const out: MicrosoftCalendar[] = [];
  let next: string | undefined = "/v1.0/me/calendars?$select=id,name,canEdit,isDefaultCalendar&$top=100";
  for (let page = 0; next && page < MAX_PAGES; page++) {
    const response = await graph(token, next);
    if (!response.ok) throw new MicrosoftCalendarError(`Microsoft answered ${response.status} for the calendar list.`);
    const body = (await response.json()) as {
      value?: Array<{ id: string; name?: string; canEdit?: boolean; isDefaultCalendar?: boolean }>;
      "@odata.nextLink"?: string;
    };
    for (const c of body.value ?? [])
      out.push({
        id: c.id,
        name: c.name || "Calendar",
        writable: Boolean(c.canEdit),
        primary: Boolean(c.isDefaultCalendar),
      });
    next = body["@odata.nextLink"];
  }
  return out;
}

/** The account's calendars, with the access token the sign-in just gave. */
export function microsoftCalendarsOf(accessTokenNow: string): Promise<MicrosoftCalendar[]> {
  return calendarsWith(accessTokenNow);
}

/**
 * Busy times of these calendars over [from, to) from calendarView (recurring series come as
 * their occurrences), by calendar id. `ownIds` are the Graph ids of our own bookings' events in
 * each calendar: they do not block (a booking moved by 15 minutes must not collide with itself).
 * All-day events are dates, read in `zone` (the host's).
 */
export async function microsoftBusy(
  account: MicrosoftAccount,
  calendarIds: string[],
  from: Date,
  to: Date,
  zone: string,
  ownIds: Map<string, Set<string>> = new Map(),
): Promise<Map<string, BusyInterval[]>> {
  const token = await accessToken(account);
  const out = new Map<string, BusyInterval[]>();
  for (const calendarId of calendarIds) {
    const query = new URLSearchParams({
      startDateTime: from.toISOString(),
      endDateTime: to.toISOString(),
      $select: "id,showAs,isCancelled,isAllDay,start,end",
      $top: "500",
    });
    let next: string | undefined = `/v1.0/me/calendars/${encodeURIComponent(calendarId)}/calendarView?${query}`;
    const events: GraphEvent[] = [];
    for (let page = 0; next && page < MAX_PAGES; page++) {
      const response = await graph(token, next);
      if (response.status === 404) break; // removed at Microsoft: it blocks nothing any more
      if (!response.ok) throw new MicrosoftCalendarError(`Microsoft answered ${response.status} for busy times.`);
      const body = (await response.json()) as { value?: GraphEvent[]; "@odata.nextLink"?: string };
      events.push(...(body.value ?? []));
      next = body["@odata.nextLink"];
    }
    const own = ownIds.get(calendarId);
    out.set(
      calendarId,
      busyFromGraphEvents(
        events.filter((e) => !own?.has(e.id ?? "")),
        { from, to, zone },
      ),
    );
  }
  return out;
}

export interface MicrosoftAttendee {
  email: string;
  name?: string | null;
}

function graphDateTime(at: Date) {
  return { dateTime: at.toISOString().replace(/Z$/, ""), timeZone: "UTC" };
}

function eventBody(entry: CalendarEntry, attendees: MicrosoftAttendee[]) {
  return {
    subject: entry.title,
    body: { contentType: "text", content: entry.description },
    start: graphDateTime(entry.startsAt),
    end: graphDateTime(entry.endsAt),
    location: { displayName: entry.location ?? "" },
    attendees: attendees.map((a) => ({
      emailAddress: { address: a.email, ...(a.name ? { name: a.name } : {}) },
      type: "required",
    })),
    showAs: "busy",
  };
}

type WrittenEvent = { id?: string };

/**
 * Writes the booking's event into `calendarId`: PATCHes the event written before (`existing`),
 * else creates it (the booking's id as Graph's transactionId, so a retried create does not add a
 * second event). Answers the event's Graph id. A Teams meeting is made apart from the event
 * (`teamsMeetingCreate`); the event carries its link as its place.
 */
export async function microsoftPut(
  account: MicrosoftAccount,
  calendarId: string,
  entry: CalendarEntry,
  existing: string | null,
  attendees: MicrosoftAttendee[],
): Promise<{ id: string }> {
  const token = await accessToken(account);
  const body = eventBody(entry, attendees);
  let written: WrittenEvent | null = null;
  if (existing) {
    const updated = await graph(token, `/v1.0/me/events/${encodeURIComponent(existing)}`, {
      method: "PATCH",
      body: JSON.stringify(body),
    });
    if (updated.ok) written = { id: existing, ...((await updated.json().catch(() => ({}))) as WrittenEvent) };
    else if (updated.status !== 404)
      throw new MicrosoftCalendarError(`Microsoft answered ${updated.status} for the event.`);
  }
  if (!written) {
    const created = await graph(token, `/v1.0/me/calendars/${encodeURIComponent(calendarId)}/events`, {
      method: "POST",
      body: JSON.stringify({ ...body, transactionId: entry.id }),
    });
    if (!created.ok) throw new MicrosoftCalendarError(`Microsoft answered ${created.status} for the new event.`);
    written = (await created.json()) as WrittenEvent;
    if (!written.id) throw new MicrosoftCalendarError("Microsoft gave the new event no id.");
  }
  return { id: written.id ?? existing ?? "" };
}

/** Removes the booking's event; one already gone is the same outcome. */
export async function microsoftDelete(account: MicrosoftAccount, eventId: string): Promise<void> {
  const token = await accessToken(account);
  const response = await graph(token, `/v1.0/me/events/${encodeURIComponent(eventId)}`, { method: "DELETE" });
  if (!response.ok && response.status !== 404 && response.status !== 410)
    throw new MicrosoftCalendarError(`Microsoft answered ${response.status} when removing the event.`);
}

/** A Teams meeting made on its own (not on a calendar event): what guests need to join it. */
export interface TeamsMeeting {
  id: string;
  joinUrl: string;
  dialIn: string | null;
  passcode: string | null;
}

interface GraphOnlineMeeting {
  id?: string;
  joinWebUrl?: string | null;
  joinMeetingIdSettings?: { passcode?: string | null } | null;
  audioConferencing?: { tollNumber?: string | null; conferenceId?: string | null } | null;
}

function meetingBody(meeting: { title: string; startsAt: Date; endsAt: Date }) {
  return {
    subject: meeting.title,
    startDateTime: meeting.startsAt.toISOString(),
    endDateTime: meeting.endsAt.toISOString(),
  };
}

/**
 * Graph's refusal of an online-meeting call, or any Graph call throttled (429, 503): 429 and 5xx
 * are worth a retry (`reconnect` false and `retry` true).
 */
export class TeamsMeetingError extends MicrosoftCalendarError {
  name = "TeamsMeetingError";
  constructor(
    message: string,
    readonly retry: boolean,
    retryAfter: number | null = null,
  ) {
    super(message, false, retryAfter);
  }
}

function refused(status: number, what: string): TeamsMeetingError {
  return new TeamsMeetingError(`Microsoft answered ${status} ${what}.`, status === 429 || status >= 500);
}

/**
 * Makes a Teams meeting with `POST /me/onlineMeetings` (delegated OnlineMeetings.ReadWrite): the
 * meeting lives in the account's Teams, apart from the calendar event the calendar writer adds.
 */
export async function teamsMeetingCreate(
  account: MicrosoftAccount,
  meeting: { title: string; startsAt: Date; endsAt: Date },
): Promise<TeamsMeeting> {
  const token = await accessToken(account);
  const response = await graph(token, "/v1.0/me/onlineMeetings", {
    method: "POST",
    body: JSON.stringify(meetingBody(meeting)),
  });
  if (!response.ok) throw refused(response.status, "when making the Teams meeting");
  const made = (await response.json()) as GraphOnlineMeeting;
  if (!made.id || !made.joinWebUrl) throw new TeamsMeetingError("Microsoft gave the Teams meeting no join link.", true);
  const toll = made.audioConferencing?.tollNumber;
  const conference = made.audioConferencing?.conferenceId;
  return {
    id: made.id,
    joinUrl: made.joinWebUrl,
    dialIn: toll ? `${toll}${conference ? ` (conference ID ${conference})` : ""}` : null,
    passcode: made.joinMeetingIdSettings?.passcode ?? null,
  };
}

/** Moves a Teams meeting to the booking's new times. */
export async function teamsMeetingMove(
  account: MicrosoftAccount,
  id: string,
  meeting: { title: string; startsAt: Date; endsAt: Date },
): Promise<void> {
  const token = await accessToken(account);
  const response = await graph(token, `/v1.0/me/onlineMeetings/${encodeURIComponent(id)}`, {
    method: "PATCH",
    body: JSON.stringify(meetingBody(meeting)),
  });
  if (!response.ok) throw refused(response.status, "when moving the Teams meeting");
}

/** Deletes a Teams meeting; one already gone is the same outcome. */
export async function teamsMeetingDelete(account: MicrosoftAccount, id: string): Promise<void> {
  const token = await accessToken(account);
  const response = await graph(token, `/v1.0/me/onlineMeetings/${encodeURIComponent(id)}`, { method: "DELETE" });
  if (!response.ok && response.status !== 404 && response.status !== 410)
    throw refused(response.status, "when removing the Teams meeting");
}
