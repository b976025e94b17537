import { createEvent, type EventAttributes } from "ics";
import type { Event } from "../../db/schema";
import { formatInZone } from "../scheduling/zoned-time";
import { env } from "./env.server";
import { mailFrom, sendMail, type MailResult } from "./mail.server";
import { meetingRoomLink } from "./meeting";

/**
 * Tells an event's invitees about it, with an iCalendar attachment their calendar app can
 * add, update (same UID, higher SEQUENCE) or remove (METHOD:CANCEL).
 */

export type InvitationKind = "created" | "updated" | "cancelled";

interface Host {
  email: string;
  name: string;
  timeZone: string;
}

type MailedEvent = Pick<Event, "id" | "eventName" | "eventType" | "description" | "startsAt" | "endsAt" | "roomId" | "sequence"> & {
  invitees: string[];
};

function uid(event: MailedEvent): string {
  const host = env().APP_URL ? new URL(env().APP_URL as string).hostname : "scheduler.local";
  return `${event.id}@${host}`;
}

/** The iCalendar text for an event; throws only on a programming error (bad attributes). */
export function eventCalendar(event: MailedEvent, host: Host, kind: InvitationKind): string {
  const room = meetingRoomLink(env().MEETING_BASE_URL, event.roomId);
  const attributes: EventAttributes = {
    uid: uid(event),
    method: kind === "cancelled" ? "CANCEL" : "REQUEST",
    sequence: event.sequence + (kind === "cancelled" ? 1 : 0),
    status: kind === "cancelled" ? "CANCELLED" : "CONFIRMED",
    title: event.eventName,
    description: `${event.description}\n\n${event.eventType}: ${room}`,
    location: event.eventType === "In Person Meeting" ? "In person" : room,
    url: room,
    start: event.startsAt.getTime(),
    startInputType: "utc",
    startOutputType: "utc",
    end: event.endsAt.getTime(),
    endInputType: "utc",
    endOutputType: "utc",
    // The organizer is the host; the message itself comes from the app's own address.
    organizer: { name: host.name || host.email, email: host.email, sentBy: mailFrom().replace(/^.*<|>$/g, "") },
    attendees: event.invitees.map((email) => ({ email, rsvp: true, role: "REQ-PARTICIPANT", partstat: "NEEDS-ACTION" })),
  };
  const { error, value } = createEvent(attributes);
  if (error || !value) throw error ?? new Error("could not build the calendar file");
  return value;
}

const SUBJECT: Record<InvitationKind, string> = {
  created: "Invitation",
  updated: "Updated invitation",
  cancelled: "Cancelled",
};

/** `footer`: lines after the details (a booking's cancel and reschedule links, a host's note on a cancel). */
export async function mailInvitees(event: MailedEvent, host: Host, kind: InvitationKind, footer: string[] = []): Promise<MailResult | null> {
  if (event.invitees.length === 0) return null;
  const when = formatInZone(event.startsAt, host.timeZone);
  const minutes = Math.round((event.endsAt.getTime() - event.startsAt.getTime()) / 60_000);
  const hostName = host.name || host.email;
  const room = meetingRoomLink(env().MEETING_BASE_URL, event.roomId);
  const lines =
    kind === "cancelled"
      ? [`${hostName} cancelled "${event.eventName}", planned for ${when.date} at ${when.time} (${host.timeZone}).`, ...(footer.length > 0 ? ["", ...footer] : [])]
      : [
          kind === "created"
            ? `${hostName} invites you to "${event.eventName}".`
            : `${hostName} changed "${event.eventName}". Here are the new details.`,
          "",
          `When: ${when.date} at ${when.time} (${host.timeZone}), ${minutes} minutes`,
          `How: ${event.eventType}`,
          `Join: ${room}`,
          "",
          event.description,
          "",
          "The attached invitation adds it to your calendar.",
          ...(footer.length > 0 ? ["", ...footer] : []),
        ];
  const method = kind === "cancelled" ? "CANCEL" : "REQUEST";
  return sendMail({
    to: event.invitees,
    replyTo: host.email,
    subject: `${SUBJECT[kind]}: ${event.eventName} — ${when.date} ${when.time}`,
    text: lines.join("\n"),
    attachments: [
      {
        filename: kind === "cancelled" ? "cancel.ics" : "invite.ics",
        content: eventCalendar(event, host, kind),
        contentType: `text/calendar; charset=utf-8; method=${method}`,
      },
    ],
  });
}

const HOST_LINE: Record<InvitationKind, (guest: string) => string> = {
  created: (guest) => `${guest} booked`,
  updated: (guest) => `${guest}'s booking moved:`,
  cancelled: (guest) => `${guest}'s booking was cancelled:`,
};

/**
 * Tells the host about a booking a guest made, moved or cancelled (decision 018), with the same
 * calendar entry (UID, SEQUENCE) the guests got, so the host's calendar follows too.
 */
export async function mailHostOfBooking(event: MailedEvent, host: Host, kind: InvitationKind, guestName: string): Promise<MailResult> {
  const when = formatInZone(event.startsAt, host.timeZone);
  const method = kind === "cancelled" ? "CANCEL" : "REQUEST";
  return sendMail({
    to: [host.email],
    subject: `${kind === "cancelled" ? "Cancelled" : "Booking"}: ${event.eventName} with ${guestName} — ${when.date} ${when.time}`,
    text: [`${HOST_LINE[kind](guestName)} "${event.eventName}" on ${when.date} at ${when.time} (${host.timeZone}).`, "", `Guests: ${event.invitees.join(", ")}`].join("\n"),
    attachments: [
      {
        filename: kind === "cancelled" ? "cancel.ics" : "invite.ics",
        content: eventCalendar(event, host, kind),
        contentType: `text/calendar; charset=utf-8; method=${method}`,
      },
    ],
  });
}
