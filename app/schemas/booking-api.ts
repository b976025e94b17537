import { z } from "zod";
import { controlCharMessage, dateWindowMessage, isPlainText, isWithinDateWindow, plainText } from "./input-rules";
import { isTimeZone } from "~/scheduling/time-zone";
import { RECURRING_MAX_INTERVAL_WEEKS, RECURRING_MAX_OCCURRENCES } from "~/scheduling/recurrence";
import { BOOKING_GUESTS_MAX, BOOKING_NAME_MAX, BOOKING_NOTES_MAX } from "./booking-limits";
import { answersField } from "./booking-questions";
import { UTM_KEYS, UTM_VALUE_MAX, type UtmKey } from "./utm";
import type { BookingAnswers } from "../../db/schema";

/**
 * The booking JSON paths' shapes (decision 018): POST /api/bookings, its cancel and reschedule,
 * and what they answer (docs/decisions/018). The routes validate with these schemas and the
 * OpenAPI document describes itself with the same ones. Pure.
 */

export { BOOKING_GUESTS_MAX, BOOKING_NAME_MAX, BOOKING_NOTES_MAX } from "./booking-limits";

/**
 * A single-use link's token (decision 039), as POST /api/bookings and the booking form both check
 * it before it reaches a query: text of 1-100 characters without control characters.
 */
export const singleUseTokenField = plainText(
  z.string({ error: "singleUseToken is text." }).trim().min(1).max(100, "singleUseToken: at most 100 characters."),
  "singleUseToken",
);

/** An ISO 8601 instant with a zone designator: the slot start exactly as GET /api/slots writes it (or in UTC with Z). */
export const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

const startField = z
  .string({ error: "Give start as an ISO 8601 instant with an offset, such as 2026-12-01T15:00:00+01:00." })
  .refine((s) => INSTANT.test(s) && Number.isFinite(Date.parse(s)), {
    message: "Give start as an ISO 8601 instant with an offset, such as 2026-12-01T15:00:00+01:00.",
  })
  // The window is two years wide, so the clock at parse time is precise enough here.
  .refine((s) => !Number.isFinite(Date.parse(s)) || isWithinDateWindow(new Date(s), new Date()), {
    message: dateWindowMessage("start"),
  })
  .meta({ description: "The slot's start, as GET /api/slots lists it.", example: "2026-12-01T15:00:00+01:00" });

const emailField = (label: string) =>
  z
    .string({ error: `Give ${label}.` })
    .trim()
    .toLowerCase()
    .pipe(z.email(`Give ${label} as a valid e-mail address.`))
    .meta({ example: "guest@example.com" });

const utmValue = (key: UtmKey) =>
  z
    .string({ error: `utm.${key} is text.` })
    .max(UTM_VALUE_MAX, `utm.${key}: at most ${UTM_VALUE_MAX} characters.`)
    .refine((v) => isPlainText(v), { message: controlCharMessage(`utm.${key}`) });

/** POST /api/bookings' `utm`: known keys only, each text of at most 200 characters without control characters. */
export const utmField = z
  .strictObject(
    Object.fromEntries(UTM_KEYS.map((k) => [k, utmValue(k).optional()])) as Record<UtmKey, z.ZodOptional<z.ZodString>>,
    {
      error: (issue) =>
        issue.code === "unrecognized_keys"
          ? `utm: only ${UTM_KEYS.join(", ")}.`
          : "utm is an object of utm_source, utm_medium, utm_campaign, utm_term, utm_content and ref.",
    },
  )
  .optional()
  .meta({
    id: "BookingUtm",
    description:
      "Where the guest came from: the booking link's utm_source, utm_medium, utm_campaign, utm_term, utm_content and ref (each at most 200 characters). Stored with the booking, shown to its host, sent in webhooks and in the export.",
    example: { utm_source: "newsletter", utm_medium: "email", utm_campaign: "spring" },
  });

const countMessage = `recurrence.count: a whole number of meetings from 1 to ${RECURRING_MAX_OCCURRENCES}.`;
const weeksMessage = `recurrence.intervalWeeks: a whole number of weeks from 1 to ${RECURRING_MAX_INTERVAL_WEEKS}.`;

/** A recurring series asked for (decision 106): `count` meetings, every `intervalWeeks` weeks; count 1 is a single booking. */
export const recurrenceField = z
  .object(
    {
      intervalWeeks: z
        .number({ error: weeksMessage })
        .int(weeksMessage)
        .min(1, weeksMessage)
        .max(RECURRING_MAX_INTERVAL_WEEKS, weeksMessage),
      count: z
        .number({ error: countMessage })
        .int(countMessage)
        .min(1, countMessage)
        .max(RECURRING_MAX_OCCURRENCES, countMessage),
    },
    { error: "recurrence: { intervalWeeks, count }." },
  )
  .optional()
  .meta({
    id: "BookingRecurrence",
    description:
      "A recurring series (decision 106), when the event type allows it (its `recurring`): `count` meetings at the same local time every `intervalWeeks` weeks, all booked or none (409 occurrence_unavailable names the first that is not free). The answer lists them in `occurrences`.",
    example: { intervalWeeks: 1, count: 4 },
  });

export const bookingBody = z
  .object({
    eventTypeId: plainText(
      z
        .string({ error: "Give the event type's _id." })
        .min(1, "Give the event type's _id.")
        .max(100, "Give the event type's _id."),
      "eventTypeId",
    ).meta({ example: "0b6f3c1e-2a47-4d8e-9c1f-6a2b3c4d5e6f" }),
    start: startField,
    name: plainText(
      z
        .string({ error: "Give your name." })
        .trim()
        .min(1, "Give your name.")
        .max(BOOKING_NAME_MAX, `Use at most ${BOOKING_NAME_MAX} characters.`),
      "Your name",
    ).meta({ example: "Ada Lovelace" }),
    email: emailField("your e-mail"),
    timeZone: z
      .string({ error: "Give your IANA time zone, such as Europe/Berlin." })
      .trim()
      .refine(isTimeZone, { message: "Give a valid IANA time zone, such as Europe/Berlin." })
      .meta({ description: "The guest's IANA zone.", example: "Europe/Berlin" }),
    notes: plainText(
      z.string({ error: "notes is text." }).max(BOOKING_NOTES_MAX, `Use at most ${BOOKING_NOTES_MAX} characters.`),
      "The notes",
      {
        multiline: true,
      },
    ).optional(),
    guests: z
      .array(emailField("each guest's e-mail"), { error: "guests is a list of e-mail addresses." })
      .max(BOOKING_GUESTS_MAX, `Add at most ${BOOKING_GUESTS_MAX} guests.`)
      .optional()
      .meta({ description: "Group event types only: up to 3 more guests' e-mails." }),
    answers: answersField,
    utm: utmField,
    duration: z
      .number({ error: "duration: one of the event type's durations, in minutes." })
      .int("duration: one of the event type's durations, in minutes.")
      .optional()
      .meta({
        description:
          "The length the guest picked: one of the event type's durations (decision 087); its default when left out.",
        example: 60,
      }),
    phone: plainText(z.string({ error: "phone is text." }).trim().max(40, "Use at most 40 characters."), "phone")
      .optional()
      .meta({
        description:
          "The guest's mobile number for text messages (decision 090), in any common format with its country code; stored in E.164. An invalid number is 400 with fields.phone.",
        example: "+1 415 555 2671",
      }),
    smsConsent: z.boolean({ error: "smsConsent is true or false." }).optional().meta({
      description:
        "true: the guest agrees to get text messages about this booking at `phone` (the host's workflows text only with it; a STOP reply ends them).",
    }),
    singleUseToken: singleUseTokenField.optional().meta({
      description:
        "The token of a single-use link (`?link=` of /{username}/{slug}): books once; used or revoked is 410 link_used.",
    }),
    recurrence: recurrenceField,
  })
  .superRefine((value, ctx) => {
    const all = [value.email, ...(value.guests ?? [])];
    if (new Set(all).size !== all.length)
      ctx.addIssue({ code: "custom", path: ["guests"], message: "Give each guest once, and not yourself." });
    if (value.smsConsent && !value.phone)
      ctx.addIssue({ code: "custom", path: ["phone"], message: "Give the mobile number the texts go to." });
  })
  .meta({ id: "BookingInput" });

/** A guest's or host's reason for a change, told to the other side: plain text, line breaks allowed. */
export const changeReasonField = plainText(
  z.string({ error: "reason is text." }).max(BOOKING_NOTES_MAX, `Use at most ${BOOKING_NOTES_MAX} characters.`),
  "The reason",
  {
    multiline: true,
  },
);

export const cancelBody = z
  .object({
    reason: changeReasonField.optional(),
    series: z.boolean({ error: "series is true or false." }).optional().meta({
      description:
        "A recurring series' meeting (decision 106): true cancels every upcoming meeting of its series (the answer lists them in `occurrences`); left out, this meeting only.",
    }),
  })
  .meta({ id: "BookingCancelInput" });

export const declineBody = z
  .object({
    reason: plainText(
      z.string({ error: "reason is text." }).max(BOOKING_NOTES_MAX, `Use at most ${BOOKING_NOTES_MAX} characters.`),
      "The reason",
      {
        multiline: true,
      },
    )
      .optional()
      .meta({ description: "Told to the guest in the decline e-mail." }),
  })
  .meta({ id: "BookingDeclineInput" });

export const rescheduleBody = z
  .object({
    start: startField,
    outsideHours: z.boolean().optional().meta({
      description:
        "The host's override (decision 089): move to any future start, outside the event type's available times; only overlapping another of the host's meetings is refused. Not for guests.",
    }),
    reason: changeReasonField.optional().meta({
      description: `Why it moves, for the host (decision 091): in the booking's timeline and the host's mail ("Reason: ..."). At most ${BOOKING_NOTES_MAX} characters, no control characters.`,
    }),
  })
  .meta({ id: "BookingRescheduleInput" });

/** POST /api/bookings/{id}/no-show (decision 078): who did not come, and whether to mark (true) or undo (false). */
export const noShowBody = z
  .object({
    who: z
      .enum(["guest", "host"], { error: "who is guest or host." })
      .meta({ description: "guest; or host: a team booking's assigned host, by an owner or admin of its team." }),
    noShow: z.boolean({ error: "noShow is true (mark) or false (undo)." }),
  })
  .meta({ id: "BookingNoShowInput" });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** POST /api/bookings/{id}/reassign (decision 060): a member to hand the booking to, or nobody named (the next in line). */
export const reassignBody = z
  .object({
    userId: z
      .string({ error: "Give userId as a member's id, or leave it out for the next in line." })
      .trim()
      .refine((v) => UUID.test(v), { message: "Give userId as a member's id, or leave it out for the next in line." })
      .nullable()
      .optional()
      .meta({
        description:
          "The host of the event type to hand it to; left out (or null): the next in line, the best ranked free host other than the current one.",
        example: "0b6f3c1e-2a47-4d8e-9c1f-6a2b3c4d5e6f",
      }),
  })
  .meta({ id: "BookingReassignInput" });

export const bookingTokenQuery = z.object({
  token: plainText(z.string().max(200), "token")
    .optional()
    .meta({ description: "The booking's token from its cancel/reschedule link (or authenticate as its host)." }),
});

export const BOOKING_STATUSES = ["pending", "confirmed", "cancelled", "declined", "awaiting_payment"] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

export const bookingJsonSchema = z
  .object({
    id: z.string().meta({
      description:
        "The booking's event (`_id` in GET /event). For a group event type that is the session, shared by every seat.",
    }),
    seatId: z
      .string()
      .optional()
      .meta({ description: "Group event types: this guest's seat (its links carry it; decision 021)." }),
    start: z.string().meta({ example: "2026-12-01T14:00:00.000Z" }),
    end: z.string().meta({ example: "2026-12-01T14:30:00.000Z" }),
    duration: z.number().int().meta({
      description: "The booking's own length in minutes (end - start): the length the guest picked (decision 087).",
      example: 30,
    }),
    status: z.enum(BOOKING_STATUSES).meta({
      description:
        "pending: waiting for the host's approval (it holds the slot); declined: the host declined it, or did not answer within the hold time.",
    }),
    cancelUrl: z
      .string()
      .nullable()
      .optional()
      .meta({ description: "Given on create; for a group event type they act on this guest's seat only." }),
    rescheduleUrl: z.string().nullable().optional(),
    answers: z
      .record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.array(z.string())]))
      .meta({ description: "The guest's answers to the event type's questions, by question id (decision 039)." }),
    location: z
      .object({
        type: z.enum(["in-person", "phone", "google-meet", "video", "zoom", "microsoft-teams"]),
        value: z.string().optional(),
        joinUrl: z.string().optional(),
      })
      .optional()
      .meta({
        description:
          "Given on create: the event type's place. For zoom, microsoft-teams (and google-meet with Google Meet connected) the booking's own meeting is made just after (decision 065): its joinUrl reaches the mails, the .ics, webhooks and GET /event.",
      }),
    utm: z.record(z.string(), z.string()).nullable().optional().meta({
      description:
        "Where the guest came from (decision 079): the booking link's utm_* and ref parameters; null for none. Given on create.",
    }),
    phone: z.string().nullable().optional().meta({
      description:
        "The guest's mobile number in E.164 (decision 090); null for none. For a group event type (a `seatId`), the seat's own number (decisions 109, 111).",
      example: "+14155552671",
    }),
    smsConsent: z.boolean().optional().meta({
      description:
        "Whether the guest agreed to text messages about this booking (decision 090); for a group event type, the seat's own consent (decision 111).",
    }),
    host: z.object({ userId: z.string(), name: z.string(), email: z.string() }).optional().meta({
      description:
        "Who hosts it: the event type's owner, or for a round robin the host it was assigned to (decision 060). Given on create, cancel, reschedule and reassign.",
    }),
    noShow: z.object({ guest: z.boolean(), host: z.boolean() }).optional().meta({
      description:
        "Given on POST /api/bookings/{id}/no-show (decision 078): the booking's no-show marks after the change.",
    }),
  })
  .meta({ id: "Booking" });

/** What a client sees of a booking's state (decision 040): a declined request is stored cancelled with `declinedAt`. */
export function bookingStatus(event: {
  status: "confirmed" | "cancelled" | "pending" | "awaiting_payment";
  declinedAt?: Date | null;
}): BookingStatus {
  return event.status === "cancelled" && event.declinedAt ? "declined" : event.status;
}

/** One meeting of a recurring series in POST /api/bookings' answer (decision 106). */
export const occurrenceJsonSchema = z
  .object({
    id: z.string().meta({ description: "The occurrence's booking id: cancel or reschedule it like any booking." }),
    index: z.number().int().meta({ description: "Its place in the series, from 1." }),
    start: z.string().meta({ example: "2026-12-01T14:00:00.000Z" }),
    end: z.string().meta({ example: "2026-12-01T14:30:00.000Z" }),
    status: z.enum(BOOKING_STATUSES),
    cancelUrl: z.string().nullable().optional(),
    rescheduleUrl: z.string().nullable().optional(),
  })
  .meta({ id: "BookingOccurrence" });

export type OccurrenceJson = z.infer<typeof occurrenceJsonSchema>;

export function occurrenceJson(
  event: {
    id: string;
    seriesIndex: number | null;
    startsAt: Date;
    endsAt: Date;
    status: "confirmed" | "cancelled" | "pending" | "awaiting_payment";
    declinedAt?: Date | null;
  },
  links?: { cancelUrl: string | null; rescheduleUrl: string | null },
): OccurrenceJson {
  return {
    id: event.id,
    index: event.seriesIndex ?? 1,
    start: event.startsAt.toISOString(),
    end: event.endsAt.toISOString(),
    status: bookingStatus(event),
    ...(links ? links : {}),
  };
}

export const bookingAnswerSchema = z
  .object({
    booking: bookingJsonSchema,
    seriesId: z
      .string()
      .optional()
      .meta({ description: "A recurring series' id (decision 106); its first meeting is `booking`." }),
    occurrences: z
      .array(occurrenceJsonSchema)
      .optional()
      .meta({ description: "A recurring series' meetings, in order (decision 106); given when `recurrence` was." }),
    redirectUrl: z.string().nullable().optional().meta({
      description:
        "Given on create: where the event type sends its guest after booking (decision 087), with the booking's details as query parameters when it passes them; null for its confirmation page.",
    }),
    payment: z
      .object({
        clientSecret: z
          .string()
          .meta({ description: "The PaymentIntent's client secret, for Stripe.js (the Payment Element)." }),
        expiresAt: z.string().meta({
          description: "When the hold ends unpaid (15 minutes, never past the start); the slot is freed then.",
        }),
        amount: z.number().int().meta({ description: "The price in the currency's minor units (cents; yen for jpy)." }),
        currency: z.string().meta({ description: "ISO 4217, lower case." }),
        publishableKey: z.string().nullable().meta({ description: "The site's Stripe publishable key." }),
      })
      .optional()
      .meta({
        description:
          "Given on create for a paid event type (decision 107): the booking is `awaiting_payment`, holding its slot until `expiresAt`. Pay with Stripe.js; the booking becomes `confirmed` only when Stripe's signed webhook reaches the server (never on the client's word), and the confirmation mail with the receipt link goes out then.",
      }),
  })
  .meta({ id: "BookingAnswer" });

export type BookingJson = z.infer<typeof bookingJsonSchema>;

/** `sessionId` is set on a seat of a group session (decision 021): then `id` is the seat's and the answer's `id` the session's. */
export function bookingJson(
  event: {
    id: string;
    startsAt: Date;
    endsAt: Date;
    status: "confirmed" | "cancelled" | "pending" | "awaiting_payment";
    declinedAt?: Date | null;
    sessionId?: string;
    answers?: BookingAnswers | null;
    utm?: Record<string, string> | null;
    guestPhone?: string | null;
    smsConsentAt?: Date | null;
  },
  links?: { cancelUrl: string | null; rescheduleUrl: string | null },
  host?: { userId: string; name: string; email: string },
  location?: BookingJson["location"],
): BookingJson {
  const ids = event.sessionId ? { id: event.sessionId, seatId: event.id } : { id: event.id };
  return {
    ...ids,
    start: event.startsAt.toISOString(),
    end: event.endsAt.toISOString(),
    duration: Math.round((event.endsAt.getTime() - event.startsAt.getTime()) / 60_000),
    status: bookingStatus(event),
    ...(links ?? {}),
    answers: event.answers ?? {},
    ...(event.utm !== undefined ? { utm: event.utm } : {}),
    ...(event.guestPhone !== undefined ? { phone: event.guestPhone, smsConsent: Boolean(event.smsConsentAt) } : {}),
    ...(host ? { host } : {}),
    ...(location ? { location } : {}),
  };
}
