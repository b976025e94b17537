import type { ConferencingApp } from "../../../db/schema";

/**
 * A conferencing app (decision 065), one file per app in this folder, listed in
 * index.server.ts. The booking events' conferencing consumer (app/services/conferencing.server.ts)
 * calls `create` for a new booking, `move` when it is rescheduled and `remove` when it is
 * cancelled; the JSON paths and the Calendars page call `connect` and `ready`.
 */
export interface ConferencingProvider {
  app: ConferencingApp;
  label: string;
  /**
   * How a host connects it: "oauth" (the app's own consent: `authorizeUrl`, then `finishConnect`),
   * or a calendar it borrows (connected when `ready` says the calendar is there).
   */
  connectsWith: "oauth" | "google-calendar" | "microsoft-calendar";
  /** Whether this server is set up for it (an OAuth app's id and secret); unset = it cannot be connected. */
  available(): boolean;
  /** Whether the host has what the app needs to be connected (the calendar it borrows). */
  ready(hostId: string): Promise<boolean>;
  authorizeUrl?(redirectUri: string, state: string): string;
  /** The consent's code for the account's name and its tokens (to be stored encrypted). */
  finishConnect?(code: string, redirectUri: string): Promise<{ account: string; secret: string }>;
  create(hostId: string, meeting: MeetingDetails): Promise<MadeMeeting>;
  /** Moves the meeting to the booking's new time; answers its details when the app gave new ones. */
  move(hostId: string, externalId: string, meeting: MeetingDetails): Promise<Partial<MadeMeeting> | void>;
  /** Deletes the meeting; one already gone is not an error. */
  remove(hostId: string, externalId: string): Promise<void>;
}

/** What the meeting is for: the booking's title, description and times. */
export interface MeetingDetails {
  eventId: string;
  title: string;
  description: string;
  startsAt: Date;
  endsAt: Date;
}

export interface MadeMeeting {
  externalId: string;
  joinUrl: string;
  dialIn?: string | null;
  passcode?: string | null;
}

/**
 * An app's trouble in words. `permanent`: trying again cannot help (the grant was revoked, the
 * app refused the request); otherwise (a timeout, a 5xx, 429) the consumer tries again.
 */
export class ConferencingError extends Error {
  name = "ConferencingError";
  constructor(
    message: string,
    readonly permanent: boolean,
    /** The app asked to wait this long before trying again (its Retry-After): the outbox waits at least that. */
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
  }
}

/** fetch with a deadline; a network failure or timeout is a ConferencingError worth retrying. */
export async function appFetch(label: string, url: string, init: RequestInit = {}): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
  } catch {
    throw new ConferencingError(`${label} is not reachable.`, false);
  }
}

/** An answer that is not ok, as a ConferencingError: 429 and 5xx are worth retrying, any other is not. */
export function answerError(label: string, what: string, status: number): ConferencingError {
  return new ConferencingError(`${label} answered ${status} ${what}.`, !(status === 429 || status >= 500));
}
