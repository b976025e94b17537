import crypto from "node:crypto";
import { createDAVClient, deleteObject, getBasicAuthHeaders, updateObject, type DAVCalendar } from "tsdav";
import type { CalendarConnection, ExternalCalendar } from "../../db/schema";
import { composeCalendarFile, isOwnUid, type CalendarEntry } from "~/mail/calendar-file";
import type { BookingEventConsumer } from "~/models/booking-events.server";
import {
  applyCopyChanges,
  CalendarLimitError,
  claimDueConnections,
  connectionOfAccount,
  copyExternalIds,
  coHostRowsOf,
  mayHaveCalendarWork,
  withoutCalendarWork,
  conflictConnectionsOf,
  copiesOf,
  createConnection,
  eventForCopy,
  feedByTokenHash,
  getFeedToken,
  ownCopyTimes,
  setFeedToken,
  getConnection,
  receivingCalendarOf,
  saveSync,
  timeZoneOf,
  updateConnectionSecret,
  type CalendarSyncResult,
  type ConnectionWithCalendars,
  type CopyChange,
} from "~/models/calendar.server";
import { locationOfEventType, locationsOfEventTypes } from "~/models/event-type.server";
import { isUuid } from "~/models/event.server";
import { busyFromCalendars, CalendarParseError, mergeBusy, type BusyInterval } from "~/scheduling/calendar-busy";
import { subtract } from "~/scheduling/intervals";
import { meetingPlace } from "~/schemas/meeting";
import { CalendarKeyMissing, decryptSecret, encryptSecret } from "~/server/calendar-crypto.server";
import { calendarFetch, CalendarFetchError, checkCalendarUrl } from "~/server/calendar-fetch.server";
import { env } from "~/server/env.server";
import { meetingOf, meetingsOf } from "~/models/conferencing.server";
import type { ConferenceMeeting } from "~/schemas/meeting";
import { googleBusy, googleCalendarsOf, googleDelete, googlePut, GoogleCalendarError } from "./google-calendar.server";
import {
  exchangeMicrosoftCode,
  microsoftAuthorizeUrl,
  microsoftBusy,
  microsoftCalendarsOf,
  microsoftDelete,
  microsoftPut,
  MicrosoftCalendarError,
  pkcePair,
  type MicrosoftAccount,
  type MicrosoftAttendee,
} from "./microsoft-calendar.server";

/**
 * The host's outside calendars (docs/decisions/035): connecting (checked on the spot), reading
 * busy times into the cache (the job runner, every CALENDAR_SYNC_SECONDS per connection; a
 * booking, with a bounded wait), and writing bookings into the calendar that receives them (a
 * consumer of the booking events, decision 030).
 */

/** Busy times are read from a day ago to this many days ahead (slots further out see only our own events). */
export const SYNC_DAYS_AHEAD = 180;
const DAY_MS = 24 * 60 * 60 * 1000;
const FETCH_TIMEOUT_MS = 10_000;
const MAX_BYTES = 5 * 1024 * 1024;
/** An unchanged calendar (same ctag or ETag) is still read in full this often (the window moves on). */
const FULL_READ_MS = 60 * 60 * 1000;

export { CalendarLimitError };

export class CalendarConnectError extends Error {
  name = "CalendarConnectError";
}

function fetcher(timeoutMs = FETCH_TIMEOUT_MS): typeof fetch {
  return calendarFetch({ allowPrivate: env().ALLOW_PRIVATE_CALENDAR_URLS === "true", timeoutMs, maxBytes: MAX_BYTES });
}

function uidHost(): string {
  return env().APP_URL ? new URL(env().APP_URL as string).hostname : "scheduler.local";
}

/** What went wrong, in words a host understands. */
export function problemInWords(error: unknown): string {
  if (error instanceof CalendarFetchError) return error.message;
  if (error instanceof CalendarParseError) return "The address did not give an iCalendar file.";
  if (
    error instanceof CalendarConnectError ||
    error instanceof GoogleCalendarError ||
    error instanceof MicrosoftCalendarError ||
    error instanceof CalendarKeyMissing
  )
    return error.message;
  const message = error instanceof Error ? error.message : String(error);
  if (/Unsupported state|unable to authenticate data|not an encrypted calendar secret/i.test(message)) {
    return "The saved password can no longer be read (this server's CALENDAR_ENCRYPTION_KEY changed): remove the calendar and connect it again.";
  }
  if (/401|Invalid credentials|Unauthorized/i.test(message)) return "The server refused the password.";
  if (/403|Forbidden/i.test(message)) return "The server refused access to this calendar.";
  if (/fetch failed|ECONNREFUSED|ENOTFOUND|EAI_AGAIN/i.test(message)) return "Not reachable.";
  return `The calendar server answered with an error (${message.slice(0, 120)}).`;
}

// ---------------------------------------------------------------------------------------------
// CalDAV

interface CalDavAccount {
  url: string;
  username: string;
  password: string;
}

async function davClient(account: CalDavAccount, timeoutMs?: number) {
  return createDAVClient({
    serverUrl: account.url,
    credentials: { username: account.username, password: account.password },
    authMethod: "Basic",
    defaultAccountType: "caldav",
    fetch: fetcher(timeoutMs),
  });
}

async function davCalendars(account: CalDavAccount, timeoutMs?: number) {
  const client = await davClient(account, timeoutMs);
  const calendars = (await client.fetchCalendars()).filter((c) => !c.components || c.components.includes("VEVENT"));
  return { client, calendars };
}

function calendarName(c: DAVCalendar): string {
  const name = typeof c.displayName === "string" ? c.displayName : "";
  return name.trim() || decodeURIComponent(new URL(c.url).pathname.split("/").filter(Boolean).pop() ?? "Calendar");
}

function accountOf(connection: CalendarConnection): CalDavAccount {
  return {
    url: connection.url,
    username: connection.username ?? "",
    password: connection.secret ? decryptSecret(connection.secret) : "",
  };
}

// ---------------------------------------------------------------------------------------------
// Connecting

export type ConnectInput =
  { type: "caldav"; url: string; username: string; password: string } | { type: "ics"; url: string };

/**
 * What is stored in the clear of a feed's secret address: its host, a shortened path, and a short
 * digest of the whole address (so two feeds of one host are told apart; the address itself is
 * kept encrypted).
 */
function maskedFeedUrl(url: URL): string {
  const path = url.pathname.length > 16 ? `${url.pathname.slice(0, 12)}…` : url.pathname;
  const digest = crypto.createHash("sha256").update(url.href).digest("hex").slice(0, 12);
  return `${url.protocol}//${url.host}${path}#${digest}`;
}

/** Checks the account or feed on the spot, stores it and reads its busy times once; throws CalendarConnectError with words. */
export async function connectCalendar(userId: string, input: ConnectInput, now: Date): Promise<string> {
  let id: string;
  try {
    const url = checkCalendarUrl(input.url);
    if (input.type === "caldav") {
      const account = { url: url.href, username: input.username, password: input.password };
      const { calendars } = await davCalendars(account);
      if (calendars.length === 0) throw new CalendarConnectError("This account has no calendars with events.");
      id = await createConnection(userId, {
        type: "caldav",
        name: `${input.username} at ${url.host}`,
        url: url.href,
        username: input.username,
        secret: encryptSecret(input.password),
        calendars: calendars.map((c) => ({ externalId: c.url, name: calendarName(c), writable: true })),
      });
    } else {
      const text = await readFeed(url.href, null);
      if (text.status === "unchanged") throw new CalendarConnectError("The feed did not answer with a calendar.");
      busyFromCalendars([text.body], { from: now, to: new Date(now.getTime() + DAY_MS), zone: "UTC" }); // throws when not iCalendar
      id = await createConnection(userId, {
        type: "ics",
        name: url.host,
        url: maskedFeedUrl(url),
        username: null,
        secret: encryptSecret(url.href),
        calendars: [{ externalId: "feed", name: calendarNameOf(text.body) ?? url.host, writable: false }],
      });
    }
  } catch (error) {
    if (error instanceof CalendarConnectError || error instanceof CalendarLimitError) throw error;
    throw new CalendarConnectError(problemInWords(error));
  }
  await syncNow(userId, id, now);
  return id;
}

/** Connects a Google account (after OAuth): its calendars, the refresh token encrypted. */
export async function connectGoogle(
  userId: string,
  input: { email: string; refreshToken: string; accessToken: string },
  now: Date,
): Promise<string> {
  const calendars = await googleCalendarsOf(input.accessToken);
  const id = await createConnection(userId, {
    type: "google",
    name: input.email,
    url: "https://www.googleapis.com/calendar/v3",
    username: input.email,
    secret: encryptSecret(input.refreshToken),
    calendars: calendars.map((c) => ({
      externalId: c.id,
      name: c.name,
      writable: c.writable,
      checksConflicts: c.primary || c.writable,
    })),
  });
  await syncNow(userId, id, now);
  return id;
}

// ---------------------------------------------------------------------------------------------
// Microsoft 365 / Outlook (docs/decisions/064)

/** How long a Microsoft sign-in may take between its start and the callback. */
const MICROSOFT_STATE_MS = 15 * 60 * 1000;

/**
 * Starts connecting a Microsoft account: the sign-in URL. The state sent along is sealed with the
 * calendar key (AES-GCM) and carries the host's id, the PKCE verifier, the redirect URI and an
 * expiry, so the callback needs nothing stored, whether the start was the Calendars page or
 * POST /api/calendars; the callback also requires the same host signed in.
 */
export function startMicrosoftConnect(userId: string, redirectUri: string, now: Date, loginHint?: string): string {
  const { verifier, challenge } = pkcePair();
  const state = encryptSecret(
    JSON.stringify({ u: userId, v: verifier, r: redirectUri, e: now.getTime() + MICROSOFT_STATE_MS }),
  );
  return microsoftAuthorizeUrl({ redirectUri, state, challenge, loginHint });
}

/** The callback: the state must be one we sealed for this host, unexpired; the code becomes a stored (encrypted) refresh token. */
export async function finishMicrosoftConnect(userId: string, state: string, code: string, now: Date): Promise<string> {
  let sealed: { u?: unknown; v?: unknown; r?: unknown; e?: unknown };
  try {
    sealed = JSON.parse(decryptSecret(state)) as typeof sealed;
  } catch {
    throw new CalendarConnectError(
      "That Microsoft answer was not for this page: connect Microsoft 365 / Outlook again.",
    );
  }
  if (sealed.u !== userId || typeof sealed.v !== "string" || typeof sealed.r !== "string")
    throw new CalendarConnectError(
      "That Microsoft answer was not for this page: connect Microsoft 365 / Outlook again.",
    );
  if (typeof sealed.e !== "number" || sealed.e < now.getTime())
    throw new CalendarConnectError("The Microsoft sign-in took too long: connect Microsoft 365 / Outlook again.");
  try {
    const tokens = await exchangeMicrosoftCode(code, sealed.v, sealed.r);
    return await connectMicrosoft(userId, tokens, now);
  } catch (error) {
    if (error instanceof MicrosoftCalendarError) throw new CalendarConnectError(error.message);
    throw error;
  }
}

/** Connects a Microsoft account (after the sign-in): its calendars, the refresh token encrypted. */
export async function connectMicrosoft(
  userId: string,
  input: { email: string; refreshToken: string; accessToken: string },
  now: Date,
): Promise<string> {
  // Reconnecting an account keeps its connection (and where its bookings were written) with the new token.
  const known = await connectionOfAccount(userId, "microsoft", input.email);
  if (known) {
    await updateConnectionSecret(known, encryptSecret(input.refreshToken));
    await syncNow(userId, known, now);
    return known;
  }
  const calendars = await microsoftCalendarsOf(input.accessToken);
  const id = await createConnection(userId, {
    type: "microsoft",
    name: input.email,
    url: "https://graph.microsoft.com/v1.0",
    username: input.email,
    secret: encryptSecret(input.refreshToken),
    // The default calendar first: the first writable one receives bookings when none does yet.
    calendars: [...calendars]
      .sort((a, b) => Number(b.primary) - Number(a.primary))
      .map((c) => ({ externalId: c.id, name: c.name, writable: c.writable, checksConflicts: c.primary || c.writable })),
  });
  await syncNow(userId, id, now);
  return id;
}

function microsoftAccount(connection: CalendarConnection): MicrosoftAccount {
  return {
    refreshToken: decryptSecret(connection.secret ?? ""),
    saveRefreshToken: (refreshToken) => updateConnectionSecret(connection.id, encryptSecret(refreshToken)),
  };
}

function calendarNameOf(text: string): string | null {
  const match = /^X-WR-CALNAME:(.+)$/im.exec(text.slice(0, 8192));
  return match ? match[1].trim().replace(/\\,/g, ",").slice(0, 100) : null;
}

// ---------------------------------------------------------------------------------------------
// Reading busy times

async function readFeed(
  url: string,
  etag: string | null,
  timeoutMs?: number,
): Promise<{ status: "unchanged" } | { status: "read"; body: string; etag: string | null }> {
  const response = await fetcher(timeoutMs)(url, {
    headers: { accept: "text/calendar, */*;q=0.5", ...(etag ? { "if-none-match": etag } : {}) },
  });
  if (response.status === 304) return { status: "unchanged" };
  if (response.status === 401 || response.status === 403)
    throw new CalendarConnectError("The feed refused access (is the address still valid?).");
  if (response.status === 404 || response.status === 410)
    throw new CalendarConnectError("The feed is gone (404): its address may have been reset.");
  if (!response.ok) throw new CalendarConnectError(`The feed answered ${response.status}.`);
  return { status: "read", body: await response.text(), etag: response.headers.get("etag") };
}

/** Busy intervals less our own bookings' times (interval subtraction: a meeting next to ours stays). */
function withoutOwn(busy: BusyInterval[], own: BusyInterval[]): BusyInterval[] {
  if (own.length === 0) return busy;
  const ms = (list: BusyInterval[]) => mergeBusy(list).map((b) => ({ start: b.start.getTime(), end: b.end.getTime() }));
  return subtract(ms(busy), ms(own)).map((i) => ({ start: new Date(i.start), end: new Date(i.end) }));
}

function digestOf(busy: BusyInterval[]): string {
  return crypto
    .createHash("sha256")
    .update(busy.map((b) => `${b.start.getTime()}-${b.end.getTime()}`).join(","))
    .digest("hex");
}

function stillFresh(calendar: ExternalCalendar, now: Date): boolean {
  return (
    Boolean(calendar.version) &&
    Boolean(calendar.busyDigest) &&
    now.getTime() - calendar.updatedAt.getTime() < FULL_READ_MS
  );
}

/** Reads one connection's conflict calendars (unchanged ones cheaply); throws on trouble. */
async function readConnection(
  connection: ConnectionWithCalendars,
  now: Date,
  zone: string,
  timeoutMs?: number,
): Promise<CalendarSyncResult[]> {
  const from = new Date(now.getTime() - DAY_MS);
  const to = new Date(now.getTime() + SYNC_DAYS_AHEAD * DAY_MS);
  const own = (uid: string) => isOwnUid(uid, uidHost());
  const wanted = connection.calendars.filter((c) => c.checksConflicts);
  const results: CalendarSyncResult[] = [];
  const done = (calendar: ExternalCalendar, version: string | null, intervals: BusyInterval[]) => {
    const busy = mergeBusy(intervals);
    results.push({ calendarId: calendar.id, version, busy, digest: digestOf(busy) });
  };
  if (wanted.length === 0) return results;
  if (connection.type === "ics") {
    const calendar = wanted[0];
    const feed = await readFeed(
      decryptSecret(connection.secret ?? ""),
      stillFresh(calendar, now) ? calendar.version : null,
      timeoutMs,
    );
    if (feed.status === "unchanged") return [{ calendarId: calendar.id, version: calendar.version }];
    done(calendar, feed.etag, busyFromCalendars([feed.body], { from, to, zone, isOwn: own }));
    return results;
  }
  if (connection.type === "google") {
    const busy = await googleBusy(
      decryptSecret(connection.secret ?? ""),
      wanted.map((c) => c.externalId),
      from,
      to,
    );
    // Our own bookings are in there too, without UIDs: their times are taken out again.
    const own = await ownCopyTimes(wanted.map((c) => c.id));
    for (const calendar of wanted)
      done(calendar, null, withoutOwn(busy.get(calendar.externalId) ?? [], own.get(calendar.id) ?? []));
    return results;
  }
  if (connection.type === "microsoft") {
    const busy = await microsoftBusy(
      microsoftAccount(connection),
      wanted.map((c) => c.externalId),
      from,
      to,
      zone,
      // Our own bookings' events are known by their Graph ids: they do not block.
      await copyExternalIds(wanted.map((c) => c.id)).then(
        (ids) => new Map(wanted.map((c) => [c.externalId, ids.get(c.id) ?? new Set<string>()])),
      ),
    );
    for (const calendar of wanted) done(calendar, null, busy.get(calendar.externalId) ?? []);
    return results;
  }
  const { client, calendars } = await davCalendars(accountOf(connection), timeoutMs);
  for (const calendar of wanted) {
    const remote = calendars.find((c) => c.url === calendar.externalId);
    if (!remote) {
      done(calendar, null, []); // removed at the server: it blocks nothing any more
      continue;
    }
    const version = typeof remote.ctag === "string" ? remote.ctag : null;
    if (version && version === calendar.version && stillFresh(calendar, now)) {
      results.push({ calendarId: calendar.id, version });
      continue;
    }
    // REPORT calendar-query with the time range: the server sends only what touches the window; we expand.
    const objects = await client.fetchCalendarObjects({
      calendar: remote,
      timeRange: { start: from.toISOString(), end: to.toISOString() },
    });
    const texts = objects
      .map((o) => (typeof o.data === "string" ? o.data : ""))
      .filter((t) => t.includes("BEGIN:VCALENDAR"));
    done(calendar, version, busyFromCalendars(texts, { from, to, zone, isOwn: own }));
  }
  return results;
}

async function hostZone(connection: CalendarConnection): Promise<string> {
  return (await timeZoneOf(connection.userId)) ?? "UTC";
}

/** Syncs one connection now and saves the outcome (busy times, or the error in words); answers the error or null. */
async function syncConnection(
  connection: ConnectionWithCalendars,
  now: Date,
  timeoutMs?: number,
): Promise<string | null> {
  const next = new Date(now.getTime() + env().CALENDAR_SYNC_SECONDS * 1000);
  try {
    const calendars = await readConnection(connection, now, await hostZone(connection), timeoutMs);
    await saveSync(connection.id, { ok: true, calendars }, new Date(), next);
    return null;
  } catch (error) {
    const words = problemInWords(error);
    await saveSync(connection.id, { ok: false, error: words }, new Date(), next);
    return words;
  }
}

/** Sync now (Sync now, a new connection): the owner's connection only; answers its error in words, or null. */
export async function syncNow(userId: string, id: string, now: Date): Promise<string | null | "not-found"> {
  const connection = await getConnection(userId, id);
  if (!connection) return "not-found";
  return syncConnection(connection, now);
}

/** How long one run of the job keeps claiming more due connections. */
const JOB_BUDGET_MS = 10_000;

/** The job: the connections due (claimed 20 at a time with SKIP LOCKED and a lease), four at once, for at most JOB_BUDGET_MS. */
export async function syncDueCalendars(): Promise<number> {
  const started = Date.now();
  let synced = 0;
  while (Date.now() - started < JOB_BUDGET_MS) {
    const claimed = await claimDueConnections(new Date(), 2 * 60_000, 20);
    if (claimed.length === 0) break;
    let next = 0;
    const worker = async () => {
      while (next < claimed.length) await syncConnection(claimed[next++], new Date());
    };
    await Promise.all([worker(), worker(), worker(), worker()]);
    synced += claimed.length;
  }
  return synced;
}

/**
 * A booking's fresh look (docs/decisions/035): these hosts' conflict calendars are read again,
 * waiting at most CALENDAR_CHECK_TIMEOUT_MS; past that (or on trouble) the cache decides. A read
 * that finishes later still updates the cache.
 */
export async function refreshHostCalendars(hostIds: string[], now: Date): Promise<void> {
  const timeoutMs = env().CALENDAR_CHECK_TIMEOUT_MS;
  if (timeoutMs === 0) return;
  const connections = await conflictConnectionsOf(hostIds);
  if (connections.length === 0) return;
  const all = Promise.allSettled(connections.map((c) => syncConnection(c, now, timeoutMs)));
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([all, new Promise((resolve) => (timer = setTimeout(resolve, timeoutMs)))]);
  clearTimeout(timer);
}

/** The hosts whose calendars a move of this event must check: its host and a collective booking's co-hosts. */
export async function hostsOfEvent(eventId: string): Promise<string[]> {
  if (!isUuid(eventId)) return [];
  const hosts: string[] = [];
  for (const id of [eventId, ...(await coHostRowsOf(eventId))]) {
    const event = await eventForCopy(id);
    if (event) hosts.push(event.hostId);
  }
  return hosts;
}

// ---------------------------------------------------------------------------------------------
// Writing bookings into the receiving calendar (a booking-events consumer).

type EventRow = NonNullable<Awaited<ReturnType<typeof eventForCopy>>>;

async function entryOf(
  event: EventRow,
  known?: Map<string, Awaited<ReturnType<typeof locationOfEventType>>>,
  meetings?: Map<string, ConferenceMeeting>,
): Promise<CalendarEntry> {
  const location = known
    ? event.eventTypeId
      ? (known.get(event.eventTypeId) ?? null)
      : null
    : await locationOfEventType(event.eventTypeId);
  const place = meetingPlace({
    setting: location,
    eventType: event.eventType,
    baseUrl: env().MEETING_BASE_URL,
    roomId: event.roomId,
    // The booking's meeting in a conferencing app (decision 065).
    meeting: meetings ? (meetings.get(event.id) ?? null) : await meetingOf(event.id),
  });
  const who = event.guestName ? ` with ${event.guestName}` : "";
  return {
    id: event.id,
    title: `${event.eventName}${who}`,
    description: [
      event.description,
      ...(place.extra ?? []),
      event.guestEmail ? `Guest: ${event.guestName ?? ""} <${event.guestEmail}>` : "",
      event.notes ? `Notes: ${event.notes}` : "",
    ]
      .filter(Boolean)
      .join("\n\n"),
    location: place.kind === "video" ? (place.joinUrl ?? place.name) : (place.detail ?? place.name),
    url: place.joinUrl ?? null,
    startsAt: event.startsAt,
    endsAt: event.endsAt,
    cancelled: event.status === "cancelled",
    sequence: event.sequence,
    updatedAt: event.updatedAt,
  };
}

const WRITE_TIMEOUT_MS = 5_000;
const RESTING_MS = 60_000;
/** Connections whose last write failed, until when they rest (this process only). */
const resting = new Map<string, number>();

async function guarded<T>(connection: CalendarConnection, write: () => Promise<T>): Promise<T> {
  const until = resting.get(connection.id) ?? 0;
  if (until > Date.now()) throw new Error(`${connection.name}: the last write failed moments ago; trying again later`);
  try {
    const result = await write();
    resting.delete(connection.id);
    return result;
  } catch (error) {
    resting.set(connection.id, Date.now() + RESTING_MS);
    throw error;
  }
}

type Copy = { externalId: string; etag: string | null };

function putCopy(
  connection: CalendarConnection,
  calendar: ExternalCalendar,
  entry: CalendarEntry,
  existing: string | null,
  attendees: MicrosoftAttendee[],
): Promise<Copy> {
  return guarded(connection, () => writeCopy(connection, calendar, entry, existing, attendees));
}

async function writeCopy(
  connection: CalendarConnection,
  calendar: ExternalCalendar,
  entry: CalendarEntry,
  existing: string | null,
  attendees: MicrosoftAttendee[],
): Promise<Copy> {
  if (connection.type === "microsoft") {
    const written = await microsoftPut(microsoftAccount(connection), calendar.externalId, entry, existing, attendees);
    return { externalId: written.id, etag: null };
  }
  if (connection.type === "google") {
    return {
      externalId: await googlePut(
        decryptSecret(connection.secret ?? ""),
        calendar.externalId,
        entry,
        existing,
        uidHost(),
      ),
      etag: null,
    };
  }
  const account = accountOf(connection);
  const url = existing ?? `${calendar.externalId.replace(/\/?$/, "/")}${entry.id}.ics`;
  // PUT with the same UID and URL whatever happened before: a retry or a replay writes the same thing.
  const response = await updateObject({
    url,
    data: composeCalendarFile([entry], { uidHost: uidHost() }),
    headers: {
      ...getBasicAuthHeaders({ username: account.username, password: account.password }),
      "content-type": "text/calendar; charset=utf-8",
    },
    fetch: fetcher(WRITE_TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`PUT ${url}: ${response.status}`);
  return { externalId: url, etag: response.headers.get("etag") };
}

function deleteCopy(connection: CalendarConnection, calendar: ExternalCalendar, externalId: string): Promise<void> {
  return guarded(connection, () => removeCopy(connection, calendar, externalId));
}

async function removeCopy(
  connection: CalendarConnection,
  calendar: ExternalCalendar,
  externalId: string,
): Promise<void> {
  if (connection.type === "google")
    return googleDelete(decryptSecret(connection.secret ?? ""), calendar.externalId, externalId);
  if (connection.type === "microsoft") return microsoftDelete(microsoftAccount(connection), externalId);
  const account = accountOf(connection);
  const response = await deleteObject({
    url: externalId,
    headers: getBasicAuthHeaders({ username: account.username, password: account.password }),
    fetch: fetcher(WRITE_TIMEOUT_MS),
  });
  // Already gone (deleted by hand, or by an earlier try): the same outcome.
  if (!response.ok && response.status !== 404 && response.status !== 410)
    throw new Error(`DELETE ${externalId}: ${response.status}`);
}

/**
 * Brings the receiving calendar in line with the event as it is now (not as the record says: a
 * retried older record must not undo a newer one): a confirmed event is PUT into the host's
 * receiving calendar, a cancelled or deleted one is removed, and a copy left in a calendar that
 * no longer receives bookings is removed. Each step is idempotent; a failure throws (the runner
 * retries the record) and leaves the other consumers alone.
 */
async function copyEffects(eventId: string): Promise<CopyChange[]> {
  const changes: CopyChange[] = [];
  if (!(await mayHaveCalendarWork(eventId))) return changes;
  for (const id of [eventId, ...(await coHostRowsOf(eventId))]) {
    const event = await eventForCopy(id);
    const copies = await copiesOf(id);
    // A request waiting for approval is not written: it lands once approved (decision 040).
    const receiving =
      event && event.status !== "cancelled" && event.status !== "pending"
        ? await receivingCalendarOf(event.hostId)
        : null;
    if (event && receiving) {
      const existing = copies.find((c) => c.calendarId === receiving.calendar.id);
      const put = await putCopy(
        receiving.connection,
        receiving.calendar,
        await entryOf(event),
        existing?.externalId ?? null,
        // The guest, invited from the host's calendar (Microsoft's events carry attendees; decision 064).
        event.guestEmail ? [{ email: event.guestEmail, name: event.guestName }] : [],
      );
      changes.push({ eventId: id, calendarId: receiving.calendar.id, put });
    }
    for (const copy of copies) {
      if (receiving && copy.calendarId === receiving.calendar.id) continue;
      await deleteCopy(copy.connection, copy.calendar, copy.externalId);
      changes.push({ eventId: id, calendarId: copy.calendarId, removed: true });
    }
  }
  return changes;
}

/**
 * The calendar consumer, registered by registerBookingConsumers after the mail consumer (mails
 * first in every delivery run). A connection whose write just failed is not asked again for a
 * minute in this process: a dead server costs one timeout per run, not one per booking.
 */
export const calendarConsumer: BookingEventConsumer<CopyChange[]> = {
  name: "calendar",
  effects: (record) => copyEffects(record.eventId),
  apply: (tx, changes) => applyCopyChanges(tx, changes),
  // A host without a receiving calendar, and no copy to remove: marked with the batch's other such records.
  isEmpty: (changes) => changes.length === 0,
  // The batch's events asked together whether they may have calendar work (most hosts have no calendar).
  async surelyEmpty(records) {
    const nothing = await withoutCalendarWork(records.map((r) => r.eventId));
    return new Set(records.filter((r) => nothing.has(r.eventId)).map((r) => r.id));
  },
};

// ---------------------------------------------------------------------------------------------
// The host's own subscription feed.

const sha256 = (value: string) => crypto.createHash("sha256").update(value).digest("hex");

export function feedUrls(base: string, token: string): { url: string; webcalUrl: string } {
  const url = `${base.replace(/\/$/, "")}/calendar/${token}.ics`;
  return { url, webcalUrl: url.replace(/^https?:/, "webcal:") };
}

/** The host's feed token, made on first ask. */
export async function feedTokenOf(userId: string): Promise<string> {
  const stored = await getFeedToken(userId);
  if (stored) return decryptSecret(stored);
  return rotateFeedToken(userId);
}

/** A new token: the old address stops working at once. */
export async function rotateFeedToken(userId: string): Promise<string> {
  const token = crypto.randomBytes(24).toString("base64url");
  await setFeedToken(userId, sha256(token), encryptSecret(token));
  return token;
}

/** The feed's iCalendar text (the host's events from 30 days ago on; cancelled ones marked so), or null for an unknown token. */
export async function feedCalendar(token: string, now: Date): Promise<string | null> {
  if (!/^[A-Za-z0-9_-]{20,64}$/.test(token)) return null;
  const feed = await feedByTokenHash(sha256(token), new Date(now.getTime() - 30 * DAY_MS));
  if (!feed) return null;
  const locations = await locationsOfEventTypes(feed.events.map((e) => e.eventTypeId));
  const meetings = await meetingsOf(feed.events.map((e) => e.id));
  const entries: CalendarEntry[] = [];
  for (const event of feed.events) entries.push(await entryOf(event, locations, meetings));
  return composeCalendarFile(entries, { uidHost: uidHost(), name: `${feed.host.name || feed.host.email}: bookings` });
}
