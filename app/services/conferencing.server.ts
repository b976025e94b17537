import type { BookingEventRecord, ConferencingApp } from "../../db/schema";
import type { BookingEventConsumer } from "~/models/booking-events.server";
import {
  appOf,
  appsOf,
  eventForMeeting,
  hostContactOf,
  makeDefaultApp,
  meetingRowOf,
  removeApp,
  saveApp,
  saveMeeting,
  withoutMeetingWork,
  type MeetingChange,
} from "~/models/conferencing.server";
import { notify } from "~/models/event.server";
import { conferencingFailedMail } from "~/mail/conferencing-mail";
import type { MailMessage } from "~/schemas/mail-message";
import { CONFERENCING_APP_LABELS } from "~/schemas/meeting";
import { calendarSecretsAvailable, decryptSecret, encryptSecret } from "~/server/calendar-crypto.server";
import { linkBase } from "~/server/env.server";
import { queueMails } from "~/server/mail-transport.server";
import { ConferencingError, PROVIDERS, type MeetingDetails } from "./conferencing/index.server";

/**
 * Conferencing apps (decision 065): what a host connected, connecting and disconnecting them,
 * and the booking events' conferencing consumer that makes, moves and deletes each booking's
 * meeting in its host's app before the mails, webhooks and calendars tell anyone about it.
 */

export const CALENDARS_PAGE = "/dashboard/calendars";
export const ZOOM_CALLBACK = "/dashboard/conferencing/zoom/callback";

const CONFERENCING_APPS: readonly ConferencingApp[] = ["zoom", "google-meet", "microsoft-teams"];

export function isConferencingApp(value: string): value is ConferencingApp {
  return (CONFERENCING_APPS as readonly string[]).includes(value);
}

export interface ConferencingStatus {
  app: ConferencingApp;
  connected: boolean;
  default: boolean;
  /** What the page shows; the JSON answer keeps to app, connected, default (and these, added). */
  label: string;
  account: string | null;
  error: string | null;
  available: boolean;
}

export async function listConferencing(userId: string): Promise<ConferencingStatus[]> {
  const rows = await appsOf(userId);
  return CONFERENCING_APPS.map((app) => {
    const row = rows.find((r) => r.app === app);
    return {
      app,
      connected: Boolean(row),
      default: Boolean(row?.isDefault),
      label: CONFERENCING_APP_LABELS[app],
      account: row?.account || null,
      error: row?.lastError ?? null,
      available: PROVIDERS[app].available(),
    };
  });
}

export type ConnectOutcome =
  | { ok: true; authorizeUrl: string }
  | { ok: true; connected: true }
  | { ok: false; reason: "needs_calendar" | "unavailable" };

/** The state of a Zoom consent: the host's id and a deadline, sealed (AES-GCM) so it cannot be forged or moved to another host. */
function sealState(userId: string, now: Date): string {
  return Buffer.from(encryptSecret(JSON.stringify({ u: userId, until: now.getTime() + 15 * 60_000 }))).toString(
    "base64url",
  );
}

function openState(state: string, now: Date): string | null {
  try {
    const opened = JSON.parse(decryptSecret(Buffer.from(state, "base64url").toString("utf8"))) as {
      u?: string;
      until?: number;
    };
    return opened.u && (opened.until ?? 0) > now.getTime() ? opened.u : null;
  } catch {
    return null;
  }
}

/** Connects an app: Zoom answers its consent's address; Google Meet and Teams need their calendar, then connect at once. */
export async function connectConferencing(userId: string, app: ConferencingApp, now: Date): Promise<ConnectOutcome> {
  const provider = PROVIDERS[app];
  if (provider.connectsWith === "oauth") {
    if (!provider.available() || !calendarSecretsAvailable() || !provider.authorizeUrl)
      return { ok: false, reason: "unavailable" };
    return { ok: true, authorizeUrl: provider.authorizeUrl(`${linkBase()}${ZOOM_CALLBACK}`, sealState(userId, now)) };
  }
  if (!(await provider.ready(userId))) return { ok: false, reason: "needs_calendar" };
  await saveApp(userId, app, { account: "", secret: null });
  return { ok: true, connected: true };
}

export type FinishOutcome = { ok: true } | { ok: false; message: string };

/** Zoom's answer to the consent: the state must be this host's and fresh; the code becomes stored (encrypted) tokens. */
export async function finishZoomConnect(
  userId: string,
  input: { state: string; code: string | null },
  now: Date,
): Promise<FinishOutcome> {
  const provider = PROVIDERS.zoom;
  if (!provider.available() || !provider.finishConnect)
    return { ok: false, message: "Zoom is not available on this server." };
  if (openState(input.state, now) !== userId)
    return { ok: false, message: "That Zoom answer was not for this page: connect Zoom again." };
  if (!input.code) return { ok: false, message: "Zoom was not connected (access was not granted)." };
  try {
    const connected = await provider.finishConnect(input.code, `${linkBase()}${ZOOM_CALLBACK}`);
    await saveApp(userId, "zoom", connected);
    return { ok: true };
  } catch (error) {
    if (error instanceof ConferencingError) return { ok: false, message: error.message };
    throw error;
  }
}

export function disconnectConferencing(userId: string, app: ConferencingApp): Promise<boolean> {
  return removeApp(userId, app);
}

export function makeDefaultConferencing(userId: string, app: ConferencingApp): Promise<boolean> {
  return makeDefaultApp(userId, app);
}

// ---------------------------------------------------------------------------------------------
// The consumer: the meeting follows the booking.

/** Tries of a meeting's change before it counts as failed for good (about 70 s with the outbox's pauses). */
export const CONFERENCING_TRIES = 4;

type MeetingEffects = {
  change: MeetingChange | null;
  /** The host told at once (bell and mail) that the meeting could not be made. */
  tell: { hostId: string; note: string; message: MailMessage } | null;
  eventId: string;
};

const NOTHING = (eventId: string): MeetingEffects => ({ change: null, tell: null, eventId });

/** The app a booking's meeting is made in: the location's, google-meet only when the host connected Google Meet. */
async function wantedApp(
  location: { type: string; value?: string } | null,
  hostId: string,
): Promise<ConferencingApp | null> {
  if (!location) return null;
  if (location.type === "zoom" || location.type === "microsoft-teams") return location.type;
  if (location.type === "google-meet" && !location.value?.trim())
    return (await appOf(hostId, "google-meet")) ? "google-meet" : null;
  return null;
}

async function meetingEffects(record: BookingEventRecord, attempts: number): Promise<MeetingEffects> {
  const event = await eventForMeeting(record.eventId);
  const row = await meetingRowOf(record.eventId);
  // A collective booking's co-host rows follow their booking: the organiser's meeting is the one.
  if (event?.bookingId) return NOTHING(record.eventId);
  const details = (e: NonNullable<typeof event>): MeetingDetails => ({
    eventId: e.id,
    title: `${e.eventName}${e.guestName ? ` with ${e.guestName}` : ""}`,
    description: e.description,
    startsAt: e.startsAt,
    endsAt: e.endsAt,
  });
  const keep = (r: NonNullable<typeof row>): MeetingChange => ({
    eventId: r.eventId,
    hostId: r.hostId,
    app: r.app,
    status: r.status,
    externalId: r.externalId,
    joinUrl: r.joinUrl,
    dialIn: r.dialIn,
    passcode: r.passcode,
    startsAt: r.startsAt,
  });

  // Cancelled or gone: the meeting is deleted.
  if (!event || event.status === "cancelled") {
    if (row?.status !== "created" || !row.externalId) return NOTHING(record.eventId);
    try {
      await PROVIDERS[row.app].remove(row.hostId, row.externalId);
      return { ...NOTHING(record.eventId), change: { ...keep(row), status: "deleted", failedTries: attempts - 1 } };
    } catch (error) {
      if (!(error instanceof ConferencingError) || (!error.permanent && attempts < CONFERENCING_TRIES)) throw error;
      return failed(record.eventId, row.hostId, row.app, error.message, attempts, "delete", keep(row));
    }
  }
  // A request waiting for approval gets its meeting once approved (the "approved" record).
  if (event.status === "pending") return NOTHING(record.eventId);

  if (row?.status === "created" && row.externalId && row.hostId === event.hostId) {
    if (row.startsAt?.getTime() === event.startsAt.getTime()) return NOTHING(record.eventId);
    try {
      const moved = await PROVIDERS[row.app].move(row.hostId, row.externalId, details(event));
      return {
        ...NOTHING(record.eventId),
        change: { ...keep(row), ...(moved ?? {}), startsAt: event.startsAt, failedTries: attempts - 1 },
      };
    } catch (error) {
      if (!(error instanceof ConferencingError) || (!error.permanent && attempts < CONFERENCING_TRIES)) throw error;
      return failed(record.eventId, row.hostId, row.app, error.message, attempts, "move", keep(row));
    }
  }
  // A failed meeting stays failed: the booking has the built-in room, and its host knows.
  if (row?.status === "failed" && row.hostId === event.hostId) return NOTHING(record.eventId);
  if (row?.status === "created" && row.externalId && row.hostId !== event.hostId) {
    // Handed to another host (round robin): the meeting becomes the new host's; the old one is deleted.
    await PROVIDERS[row.app].remove(row.hostId, row.externalId).catch(() => undefined);
  }
  const app = row && row.hostId !== event.hostId ? row.app : await wantedApp(event.location, event.hostId);
  if (!app) return NOTHING(record.eventId);
  try {
    if (!(await appOf(event.hostId, app)))
      throw new ConferencingError(`${CONFERENCING_APP_LABELS[app]} is not connected.`, true);
    const made = await PROVIDERS[app].create(event.hostId, details(event));
    return {
      ...NOTHING(record.eventId),
      change: {
        eventId: event.id,
        hostId: event.hostId,
        app,
        status: "created",
        ...made,
        startsAt: event.startsAt,
        failedTries: attempts - 1,
      },
    };
  } catch (error) {
    if (!(error instanceof ConferencingError) || (!error.permanent && attempts < CONFERENCING_TRIES)) throw error;
    return failed(record.eventId, event.hostId, app, error.message, attempts, "create", null);
  }
}

/** Failed for good: a new meeting is marked failed (the guest gets the built-in room); the host is told either way. */
async function failed(
  eventId: string,
  hostId: string,
  app: ConferencingApp,
  reason: string,
  attempts: number,
  what: "create" | "move" | "delete",
  kept: MeetingChange | null,
): Promise<MeetingEffects> {
  const label = CONFERENCING_APP_LABELS[app];
  const change: MeetingChange = kept
    ? { ...kept, lastError: reason, failedTries: attempts }
    : { eventId, hostId, app, status: "failed", lastError: reason, failedTries: attempts };
  const host = await hostContactOf(hostId, eventId);
  const composed = conferencingFailedMail({
    app: label,
    what,
    reason,
    booking: host?.booking ?? null,
    timelineUrl: `${linkBase()}/dashboard/scheduledEvents/${eventId}/timeline`,
    calendarsUrl: `${linkBase()}${CALENDARS_PAGE}`,
    language: host?.language,
  });
  return {
    eventId,
    change,
    tell: host ? { hostId, note: composed.note, message: { ...composed.message, to: host.email } } : null,
  };
}

export const conferencingConsumer: BookingEventConsumer<MeetingEffects> = {
  name: "conferencing",
  holdsOthers: true,
  effects: (record, { attempts }) => meetingEffects(record, attempts),
  async apply(tx, { change, tell, eventId }) {
    if (change) await saveMeeting(tx, change);
    if (tell) {
      await notify(tx, tell.hostId, tell.note, { eventId });
      await queueMails(tx, [tell.message], { eventId });
    }
  },
  isEmpty: ({ change, tell }) => !change && !tell,
  async surelyEmpty(records) {
    const nothing = await withoutMeetingWork(records.map((r) => r.eventId));
    return new Set(records.filter((r) => nothing.has(r.eventId)).map((r) => r.id));
  },
};
