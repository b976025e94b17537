import { z } from "zod";
import { dateWindowMessage, isWithinDateWindow, plainText } from "./input-rules";
import type { HostEvent } from "./event";
import { MAX_INVITEES, oneToOneEventFields, optionalEmail, updateEventFields } from "./event";
import { bookingStatus, type BookingStatus } from "./booking-api";

/**
 * The event JSON of the API (docs/decisions/012) in and out. Field rules come from the event forms'
 * schemas, so the JSON API and the pages accept the same things; only the time differs: a
 * client sends one ISO 8601 instant (`dateTime`) instead of a date, a time and a zone.
 */

export interface EventJson {
  _id: string;
  eventName: string;
  eventType: HostEvent["eventType"];
  eventWith: HostEvent["eventWith"];
  description: string;
  targetedEmail: string | Record<string, string>;
  dateTime: string;
  endsAt: string;
  duration: number;
  host: string;
  status: BookingStatus;
  /** A booking's answers to its event type's questions by question id (decision 039); {} otherwise. */
  answers: NonNullable<HostEvent["answers"]>;
  /** A booking's Zoom, Meet or Teams meeting link (decision 065), when it has one. */
  joinUrl?: string;
  /** A booking's guest's mobile number in E.164 and whether they agreed to texts (decision 090), when given. */
  guestPhone?: string;
  smsConsent?: boolean;
}

/** One-to-One: the invitee's e-mail; Group: `{ email1, ..., email4 }` without the blanks. */
export function eventJson(event: HostEvent, hostEmail: string, joinUrl?: string | null): EventJson {
  return {
    ...(joinUrl ? { joinUrl } : {}),
    _id: event.id,
    eventName: event.eventName,
    eventType: event.eventType,
    eventWith: event.eventWith,
    description: event.description,
    targetedEmail:
      event.eventWith === "Group"
        ? Object.fromEntries(event.invitees.map((email, i) => [`email${i + 1}`, email]))
        : (event.invitees[0] ?? ""),
    dateTime: event.startsAt.toISOString(),
    endsAt: event.endsAt.toISOString(),
    duration: Math.round((event.endsAt.getTime() - event.startsAt.getTime()) / 60_000),
    host: hostEmail,
    status: bookingStatus(event),
    answers: event.answers ?? {},
    ...(event.guestPhone ? { guestPhone: event.guestPhone, smsConsent: Boolean(event.smsConsentAt) } : {}),
  };
}

const { eventName, eventType, description, duration } = updateEventFields.shape;
const inviteeEmail = oneToOneEventFields.shape.targetedEmail;
const optionalInvitee = optionalEmail;

const DATE_TIME_MESSAGE = "Give dateTime as an ISO 8601 instant with an offset, e.g. 2026-12-01T09:30:00+01:00.";

/** An instant strictly after `now`. */
function dateTime(now: Date) {
  return z.iso
    .datetime({ offset: true, error: DATE_TIME_MESSAGE })
    .transform((value) => new Date(value))
    .refine((instant) => instant.getTime() > now.getTime(), "Choose a date and time in the future.")
    .refine((instant) => isWithinDateWindow(instant, now), dateWindowMessage("dateTime"));
}

const groupInvitees = z
  .object(
    { email1: inviteeEmail, email2: optionalInvitee, email3: optionalInvitee, email4: optionalInvitee },
    { error: "Give targetedEmail as { email1, ..., email4 } for a group event." },
  )
  .strict()
  .superRefine((value, issue) => {
    const seen = new Set<string>();
    for (const key of ["email1", "email2", "email3", "email4"] as const) {
      const address = value[key];
      if (!address) continue;
      if (seen.has(address))
        issue.addIssue({ code: "custom", path: [key], message: "This e-mail is already invited." });
      seen.add(address);
    }
  });

export function createEventBody(now: Date) {
  return z
    .object({
      eventName,
      eventType,
      eventWith: z.enum(["One-to-One", "Group"], { error: "Choose One-to-One or Group." }),
      description,
      targetedEmail: z.unknown().meta({
        description:
          'One-to-One: the invitee\'s e-mail. Group: { email1, email2?, email3?, email4? }; a blank email2-4 ("") is no invitee.',
        override: {
          oneOf: [
            { type: "string", format: "email" },
            {
              type: "object",
              required: ["email1"],
              additionalProperties: false,
              properties: {
                email1: { type: "string", format: "email" },
                // Blank ("" or spaces) is no invitee: the legacy forms send every field (docs/legacy-api.md).
                ...Object.fromEntries(
                  ["email2", "email3", "email4"].map((k) => [
                    k,
                    {
                      anyOf: [
                        { type: "string", format: "email" },
                        { type: "string", maxLength: 0 },
                      ],
                      description: "An e-mail, or empty for none.",
                    },
                  ]),
                ),
              },
            },
          ],
        },
      }),
      dateTime: dateTime(now),
      duration,
      host: plainText(z.string().max(254), "host").optional(),
    })
    .transform((value, issue) => {
      // targetedEmail's shape depends on eventWith, so it is checked once that is known.
      const schema = value.eventWith === "Group" ? groupInvitees : inviteeEmail;
      const parsed = schema.safeParse(value.targetedEmail);
      if (!parsed.success) {
        for (const i of parsed.error.issues) {
          issue.addIssue({ code: "custom", path: ["targetedEmail", ...i.path.map(String)], message: i.message });
        }
        return z.NEVER;
      }
      const invitees =
        typeof parsed.data === "string"
          ? [parsed.data]
          : [parsed.data.email1, parsed.data.email2, parsed.data.email3, parsed.data.email4].filter((e): e is string =>
              Boolean(e),
            );
      return {
        eventName: value.eventName,
        eventType: value.eventType,
        eventWith: value.eventWith,
        description: value.description,
        invitees: invitees.slice(0, MAX_INVITEES),
        startsAt: value.dateTime,
        endsAt: new Date(value.dateTime.getTime() + value.duration * 60_000),
        host: value.host,
      };
    });
}

/** PUT /event/{id}: the changeable fields; duration left out keeps the event's current length. */
export function updateEventBody(now: Date) {
  return z.object({
    eventName,
    eventType,
    description,
    dateTime: dateTime(now),
    duration: duration.removeDefault().optional(),
  });
}
