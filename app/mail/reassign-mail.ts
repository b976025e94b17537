import type { MailMessage } from "~/schemas/mail-message";
import { placeLine, type MeetingPlace } from "~/schemas/meeting";
import { readerTime } from "~/scheduling/reader-time";
import { answersText, linesToHtml, type MailedEvent } from "./event-mail";

/**
 * The messages of a round-robin booking handed to another host (decision 060). The guests get the
 * updated invitation (event-mail.ts, with `reassignedGuestLead` as its first line); the host it
 * left is told it is off their calendar (with a CANCEL of their entry); the new host that it is
 * theirs (with the REQUEST). Pure: each gets what to say.
 */

export interface ReassignedHostMailInput {
  event: Pick<MailedEvent, "eventName" | "startsAt" | "endsAt" | "invitees" | "answerLines">;
  guestName: string;
  /** The reader's zone, and the guest's shown in brackets (null when unknown). */
  readerZone: string;
  otherZone: string | null;
  place: MeetingPlace;
  notes?: string | null;
  /** Who hosts it now, and who did before. */
  hostName: string;
  previousHostName: string;
  /** Who handed it over (a person's name), or null when the guest's move did. */
  by: string | null;
}

/** The first line of the guests' updated invitation. */
export function reassignedGuestLead(input: { eventName: string; hostName: string; previousHostName: string }): string {
  return `Your meeting "${input.eventName}" is now hosted by ${input.hostName} instead of ${input.previousHostName}. Here are the details.`;
}

function whoDid(by: string | null): string {
  return by ? `${by} reassigned it` : "The guest moved it to a time you are not free";
}

/** To the host the booking left: it is off their calendar (the attached CANCEL removes it). */
export function composeTakenOffMail(input: ReassignedHostMailInput): Pick<MailMessage, "subject" | "text" | "html"> {
  const t = readerTime(input.event.startsAt, input.readerZone, input.otherZone);
  const lines = [
    `"${input.event.eventName}" with ${input.guestName} on ${t.full} is now hosted by ${input.hostName}.`,
    `${whoDid(input.by)}; you no longer host it, and the attached file takes it off your calendar.`,
  ];
  return {
    subject: `Reassigned: ${input.event.eventName} with ${input.guestName} — ${t.date} ${t.time} ${t.place}`,
    text: lines.join("\n"),
    html: linesToHtml(lines),
  };
}

/** To the host it now belongs to: the booking with its details (the attached invitation adds it). */
export function composeAssignedMail(input: ReassignedHostMailInput): Pick<MailMessage, "subject" | "text" | "html"> {
  const { event, place } = input;
  const t = readerTime(event.startsAt, input.readerZone, input.otherZone);
  const minutes = Math.round((event.endsAt.getTime() - event.startsAt.getTime()) / 60_000);
  const lines = [
    `"${event.eventName}" with ${input.guestName} on ${t.full} is now yours (it was ${input.previousHostName}'s).`,
    `${whoDid(input.by).replace("you are", `${input.previousHostName} is`)}.`,
    "",
    `When: ${t.full}, ${minutes} minutes`,
    `Where: ${placeLine(place)}`,
    ...(place.joinUrl && place.joinUrl !== place.detail ? [`Join: ${place.joinUrl}`] : []),
    `Guests: ${event.invitees.join(", ")}`,
    ...(input.otherZone ? [`Guest's time zone: ${input.otherZone}`] : []),
    ...(input.notes ? [`Notes: ${input.notes}`] : []),
    ...(event.answerLines?.length ? ["", "Answers:", ...answersText(event.answerLines)] : []),
    "",
    "The attached invitation adds it to your calendar.",
  ];
  return {
    subject: `Assigned to you: ${event.eventName} with ${input.guestName} — ${t.date} ${t.time} ${t.place}`,
    text: lines.join("\n"),
    html: linesToHtml(lines),
  };
}
