import { googleCalendarFor, hasCalendarOfType } from "~/models/conferencing.server";
import { decryptSecret } from "~/server/calendar-crypto.server";
import {
  GoogleCalendarError,
  googleCalendarAvailable,
  googleDelete,
  googleMeetCreate,
  googleMeetMove,
} from "../google-calendar.server";
import { ConferencingError, type ConferencingProvider } from "./provider";

/**
 * Google Meet through the host's connected Google calendar (decision 065): the booking's event in
 * that calendar is made with a conferenceData createRequest (hangoutsMeet), so the Meet link is
 * the event's. The meeting's id is the Google event's; the calendar is found again on each change.
 */

/** Google's trouble as the consumer needs it: a refused grant is for good, the rest is worth a retry. */
function asConferencingError(error: unknown): never {
  if (error instanceof GoogleCalendarError) {
    const message = error.message.replace(
      "connect Google Calendar again",
      "connect Google Calendar again on the Calendars page",
    );
    throw new ConferencingError(
      message,
      /refused the access|answered 4\d\d|no Meet link/.test(error.message) && !/answered 429/.test(error.message),
    );
  }
  throw error;
}

async function calendarOf(hostId: string) {
  const calendar = await googleCalendarFor(hostId);
  if (!calendar) throw new ConferencingError("Google Meet needs a connected Google calendar.", true);
  return { ...calendar, refreshToken: decryptSecret(calendar.secret) };
}

export const googleMeet: ConferencingProvider = {
  app: "google-meet",
  label: "Google Meet",
  connectsWith: "google-calendar",
  available: () => googleCalendarAvailable(),
  ready: (hostId) => hasCalendarOfType(hostId, "google"),
  async create(hostId, meeting) {
    const calendar = await calendarOf(hostId);
    try {
      return await googleMeetCreate(calendar.refreshToken, calendar.calendarId, {
        id: meeting.eventId,
        title: meeting.title,
        description: meeting.description,
        startsAt: meeting.startsAt,
        endsAt: meeting.endsAt,
      });
    } catch (error) {
      return asConferencingError(error);
    }
  },
  async move(hostId, externalId, meeting) {
    const calendar = await calendarOf(hostId);
    try {
      await googleMeetMove(calendar.refreshToken, calendar.calendarId, externalId, meeting);
    } catch (error) {
      asConferencingError(error);
    }
  },
  async remove(hostId, externalId) {
    const calendar = await googleCalendarFor(hostId);
    // The calendar was removed: its events (the Meet link's too) are no longer ours to delete.
    if (!calendar) return;
    try {
      await googleDelete(decryptSecret(calendar.secret), calendar.calendarId, externalId);
    } catch (error) {
      asConferencingError(error);
    }
  },
};
