import { eq, sql } from "drizzle-orm";
import {
  bookingMeetings,
  events,
  eventTypes,
  teamLogos,
  teams,
  userLogos,
  userPhotos,
  users,
  type BookingQuestion,
  type EventTypeRow,
} from "../../db/schema";
import { languageOf, type Language } from "~/messages/languages";
import { questionsToAsk } from "~/schemas/booking-answers";
import type { ConferenceMeeting } from "~/schemas/meeting";
import { getDb } from "~/server/db.server";
import { asMeeting } from "./conferencing.server";
import type { MailBrand } from "./user-logo.server";

/**
 * What a booking's mails to its guests and its host read of the database (decision 138): the
 * event type's location and questions, the booking's meeting, the host's photo and mail language,
 * and the logo the guests' mails show (mailLogoOf's rule). One statement instead of one each.
 */
export interface BookingMailFacts {
  location: EventTypeRow["location"] | null;
  questions: BookingQuestion[];
  meeting: ConferenceMeeting | null;
  photoHash: string | null;
  mailLanguage: Language;
  brand: MailBrand | null;
}

/** The facts of `eventId`'s mails as its host `hostId` sends them; null when the host is gone. */
export async function bookingMailFactsOf(
  hostId: string,
  eventTypeId: string | null | undefined,
  eventId: string,
): Promise<BookingMailFacts | null> {
  const db = await getDb();
  const [row] = await db
    .select({
      name: users.name,
      username: users.username,
      email: users.email,
      mailLanguage: users.mailLanguage,
      photoHash: userPhotos.hash,
      hostLogoHash: userLogos.hash,
      location: eventTypes.location,
      questions: eventTypes.questions,
      teamId: teams.id,
      teamName: teams.name,
      teamLogoHash: teamLogos.hash,
      meeting: bookingMeetings,
    })
    .from(users)
    .leftJoin(userPhotos, eq(userPhotos.userId, users.id))
    .leftJoin(userLogos, eq(userLogos.userId, users.id))
    .leftJoin(eventTypes, eventTypeId ? eq(eventTypes.id, eventTypeId) : sql`false`)
    .leftJoin(teams, eq(teams.id, eventTypes.teamId))
    .leftJoin(teamLogos, eq(teamLogos.teamId, teams.id))
    .leftJoin(events, eq(events.id, eventId))
    // A collective booking's co-host row reads its booking's meeting (as meetingsOf does).
    .leftJoin(bookingMeetings, sql`${bookingMeetings.eventId} = coalesce(${events.bookingId}, ${events.id})`)
    .where(eq(users.id, hostId));
  if (!row) return null;
  // A team's event type shows the team's logo or none; any other the host's own (decision 117).
  const brand: MailBrand | null = row.teamId
    ? row.teamLogoHash
      ? { owner: "team", id: row.teamId, name: row.teamName ?? "", hash: row.teamLogoHash }
      : null
    : row.hostLogoHash
      ? { owner: "host", id: hostId, name: row.name || row.username || row.email, hash: row.hostLogoHash }
      : null;
  return {
    location: row.location,
    questions:
      row.location !== null && row.questions
        ? questionsToAsk({ questions: row.questions, location: row.location })
        : [],
    meeting: row.meeting ? asMeeting(row.meeting) : null,
    photoHash: row.photoHash,
    mailLanguage: languageOf(row.mailLanguage) ?? "en",
    brand,
  };
}
