import { hasCalendarOfType, microsoftConnectionFor } from "~/models/conferencing.server";
import { updateConnectionSecret } from "~/models/calendar.server";
import { decryptSecret, encryptSecret } from "~/server/calendar-crypto.server";
import {
  MicrosoftCalendarError,
  TeamsMeetingError,
  microsoftCalendarAvailable,
  teamsMeetingCreate,
  teamsMeetingDelete,
  teamsMeetingMove,
  type MicrosoftAccount,
} from "../microsoft-calendar.server";
import { ConferencingError, type ConferencingProvider } from "./provider";

/**
 * Microsoft Teams through the host's connected Microsoft 365 calendar (decisions 064, 065): the
 * same sign-in (OnlineMeetings.ReadWrite is among its scopes) makes each booking's meeting with
 * Graph's onlineMeetings, apart from the calendar event the calendar writer adds (which carries
 * the join link like any other place), so the host sees one entry. The meeting's id is Graph's.
 */

const NEEDS_CALENDAR = "Microsoft Teams needs a connected Microsoft 365 calendar.";

async function accountOf(hostId: string): Promise<MicrosoftAccount | null> {
  const connection = await microsoftConnectionFor(hostId);
  if (!connection) return null;
  return {
    refreshToken: decryptSecret(connection.secret),
    saveRefreshToken: (refreshToken) => updateConnectionSecret(connection.connectionId, encryptSecret(refreshToken)),
  };
}

/** Microsoft's trouble as the consumer needs it: a revoked sign-in or a refusal is for good; an outage is retried. */
function asConferencingError(error: unknown): never {
  if (error instanceof TeamsMeetingError) throw new ConferencingError(error.message, !error.retry, error.retryAfterMs);
  if (error instanceof MicrosoftCalendarError)
    throw new ConferencingError(
      error.reconnect ? `${error.message} (on the Calendars page)` : error.message,
      error.reconnect,
      error.retryAfterMs,
    );
  throw error;
}

export const microsoftTeams: ConferencingProvider = {
  app: "microsoft-teams",
  label: "Microsoft Teams",
  connectsWith: "microsoft-calendar",
  available: () => microsoftCalendarAvailable(),
  ready: (hostId) => hasCalendarOfType(hostId, "microsoft"),
  async create(hostId, meeting) {
    const account = await accountOf(hostId);
    if (!account) throw new ConferencingError(NEEDS_CALENDAR, true);
    try {
      const made = await teamsMeetingCreate(account, meeting);
      return { externalId: made.id, joinUrl: made.joinUrl, dialIn: made.dialIn, passcode: made.passcode };
    } catch (error) {
      return asConferencingError(error);
    }
  },
  async move(hostId, externalId, meeting) {
    const account = await accountOf(hostId);
    if (!account) throw new ConferencingError(NEEDS_CALENDAR, true);
    try {
      await teamsMeetingMove(account, externalId, meeting);
    } catch (error) {
      asConferencingError(error);
    }
  },
  async remove(hostId, externalId) {
    const account = await accountOf(hostId);
    // The calendar was removed: the sign-in that made the meeting is gone with it.
    if (!account) return;
    try {
      await teamsMeetingDelete(account, externalId);
    } catch (error) {
      asConferencingError(error);
    }
  },
};
