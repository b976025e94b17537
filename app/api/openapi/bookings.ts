import { z } from "zod";
import {
  bookingAnswerSchema,
  bookingBody,
  bookingTokenQuery,
  cancelBody,
  declineBody,
  reassignBody,
  noShowBody,
  rescheduleBody,
} from "~/schemas/booking-api";
import { IDEMPOTENCY_KEY_PATTERN } from "~/schemas/idempotency-key";
import { body, errors, errorSchema, idParam, json, open, signedIn, type ZodOpenApiPathsObject } from "./common";

/**
 * Bookings (decision 018): a guest books a free slot of an active event type (no auth); the
 * booking's host (bearer or session) or the holder of its token (`?token=` from the links)
 * cancels or moves it. A group event type's guest holds a seat of the session (decision 021).
 */

const slotTaken = z
  .object({
    error: errorSchema.shape.error,
    nextSlots: z
      .array(z.string())
      .optional()
      .meta({ description: "Up to 3 next free starts, in the guest's zone.", example: ["2026-12-01T15:30:00+01:00"] }),
    occurrence: z
      .object({ index: z.number().int(), start: z.string().nullable() })
      .optional()
      .meta({ description: "occurrence_unavailable: the recurring series' meeting that is not free (decision 106)." }),
  })
  .meta({ id: "SlotUnavailable" });

/** Decision 024: a retry of POST /api/bookings with the same key gets the first answer. */
const idempotencyHeader = z.object({
  "Idempotency-Key": z.string().regex(IDEMPOTENCY_KEY_PATTERN).optional().meta({
    description:
      "Optional; 1-255 visible ASCII characters (a fresh UUID per booking). A retry with the same key and body (after a lost answer, on any server, for 24 hours) gets the first 201 again, with `Idempotent-Replayed: true`, and books nothing more; simultaneous requests with one key make one booking. The same key with a different body is 422 idempotency_key_mismatch. Refusals (409) are not stored: a retry tries again.",
    example: "0b6f3c9e-5d1a-4a7e-9a55-2f1e3c4d5e6f",
  }),
});

const TOKEN_OR_HOST =
  "Its host (bearer or session) or the holder of its token (`?token=`). `{id}` is the booking's `id` (the event; for a group event type the session, which the host's call acts on as a whole), or, with a seat's token, the seat's `seatId` (what its links carry): a seat's token acts on that seat only, and is a 404 on any other seat.";

export const paths: ZodOpenApiPathsObject = {
  "/api/bookings": {
    post: {
      operationId: "createBooking",
      summary:
        "Books a free slot of an active event type (no auth): 201 with the cancel and reschedule links. For a group event type the guest takes a seat of the session at that start (1 + guests places, up to the event type's seats), with links of their own. `answers` answer the event type's questions (a missing or bad one: 400 with fields.answers.<questionId>); `singleUseToken` books through a single-use link, also of an event type that is off (decision 039); `duration` picks one of the event type's durations (another: 400 with fields.duration; decision 087). Guest bookings never count toward the free plan's cap (decision 038). `recurrence` books a recurring series when the event type's `recurring` allows it (decision 106): every meeting checked like a single booking and all booked in one transaction, or none (409 occurrence_unavailable names the first meeting that is not free; a recurrence the event type does not allow is 400 with fields.recurrence); the answer's `occurrences` list them, `booking` is the first. The answer's `redirectUrl` is where the event type sends its guest after booking (with the booking's details when it passes them), null for none.",
      tags: ["Bookings"],
      security: open,
      requestParams: { header: idempotencyHeader },
      requestBody: body(bookingBody),
      responses: {
        "201": json(
          "The booking (the first answer again for a retry with its Idempotency-Key). `status` is `pending` when the event type requires approval: the slot is held for the host's answer, and the guest is mailed \"Request received\". `status` is `awaiting_payment` for a paid event type (one-to-one, collective or round robin: every host's time is held; decisions 107, 120; a group: the guest's seat is held and counts against the seats, paid per seat, `seatId` names it; decision 123), with `payment`.",
          bookingAnswerSchema,
        ),
        ...errors(400, 404, 413, 415),
        "503": {
          description:
            "payments_unavailable: a paid event type while card payments are not set up or Stripe cannot be reached; no slot is held.",
          content: { "application/json": { schema: errorSchema } },
        },
        "410": {
          description: "link_used: the single-use link (singleUseToken) was already used or revoked.",
          content: { "application/json": { schema: errorSchema } },
        },
        "422": {
          description:
            "idempotency_key_mismatch: the Idempotency-Key was used for a different request; phone_required: the event type requires a phone (requirePhone) and none was given (fields.phone).",
          content: { "application/json": { schema: errorSchema } },
        },
        "409": {
          description:
            "slot_unavailable (not a free slot now: taken, outside availability, too soon, past the window, over the day's, week's or month's limit), occurrence_unavailable (a recurring series' meeting is not free: `error.message` names it, e.g. \"The 4th meeting, Tue 22 Dec 10:00, is no longer free.\", and `occurrence` gives its index and start; nothing was booked), slot_full (a group session with no seats left) or guest_limit_reached (this e-mail already holds the event type's limitPerGuest upcoming bookings).",
          content: { "application/json": { schema: slotTaken } },
        },
      },
    },
  },
  "/api/bookings/{id}/cancel": {
    post: {
      operationId: "cancelBooking",
      summary: `Cancels a booking (SEQUENCE + 1); a seat's cancel frees its places, and the session goes with its last seat; a collective booking's co-host rows go with it, and a co-host's row alone is 409 part_of_booking. With \`?token=\` (the guest) a meeting that has started is 409 meeting_started (decision 055); its host may still cancel it. \`series: true\` cancels every upcoming meeting of a recurring series (decision 106) in one transaction, each meeting with its own \`booking.cancelled\` webhook; the guests and the host each get one mail listing the meetings cancelled, with one calendar file for the series (decision 121); the answer lists the series in \`occurrences\` (400 with fields.series for a booking that is no series). ${TOKEN_OR_HOST} The body is optional.`,
      tags: ["Bookings"],
      security: open,
      requestParams: { path: idParam, query: bookingTokenQuery },
      requestBody: { ...body(cancelBody), required: false },
      responses: {
        "200": json("The cancelled booking.", bookingAnswerSchema),
        ...errors(400, 401, 404, 413, 415),
        "409": {
          description:
            "already_cancelled (cancelled before), part_of_booking (a co-host's row of a collective booking), meeting_started (the guest's token, once the meeting has started: it can no longer be cancelled) or policy_refuses (the guest's token, against the event type's policy, decision 077: later than cancelNoticeMinutes before the start, or without a reason when requireCancelReason; `fields.reason` then). The host's own paths are never refused.",
          content: { "application/json": { schema: errorSchema } },
        },
      },
    },
  },
  "/api/bookings/{id}/reschedule": {
    post: {
      operationId: "rescheduleBooking",
      summary: `Moves a booking to another free slot (its own time does not block it; SEQUENCE + 1); a seat moves with its guests into the session there (or a new one) when it has room, else 409 slot_full. ${TOKEN_OR_HOST}`,
      tags: ["Bookings"],
      security: open,
      requestParams: { path: idParam, query: bookingTokenQuery },
      requestBody: body(rescheduleBody),
      responses: {
        "200": json("The moved booking.", bookingAnswerSchema),
        ...errors(400, 401, 404, 413, 415),
        "409": {
          description:
            "slot_unavailable / slot_full (not a free slot now), already_cancelled, and for the guest's token meeting_started (the meeting has started) or policy_refuses (the event type's policy, decision 077: later than rescheduleNoticeMinutes before the start, or maxReschedules reached). The host's own paths are never refused by the policy.",
          content: { "application/json": { schema: errorSchema } },
        },
      },
    },
  },
  "/api/bookings/{id}/confirm": {
    post: {
      operationId: "confirmBooking",
      summary:
        'The guest answers "Please confirm" (decision 086) with the token of the mail\'s confirm link (`?token=`, not the cancel token). Confirming twice is fine (`already: true`). A wrong token or id is 404; a cancelled booking (an unanswered request cancels it at its deadline) 409 already_cancelled.',
      tags: ["Bookings"],
      security: open,
      requestParams: {
        path: idParam,
        query: z.object({ token: z.string().meta({ description: "The token of the confirm link." }) }),
      },
      responses: {
        "200": json(
          "The booking, confirmed.",
          z
            .object({
              booking: z.object({
                id: z.string(),
                status: z.enum(["confirmed", "pending", "cancelled", "awaiting_payment"]),
                start: z.string(),
                end: z.string(),
                reconfirmState: z.literal("confirmed"),
              }),
              already: z.boolean().meta({ description: "It was confirmed before." }),
            })
            .meta({ id: "BookingConfirmed" }),
        ),
        ...errors(404),
        "409": {
          description: "already_cancelled.",
          content: { "application/json": { schema: errorSchema } },
        },
      },
    },
  },
  "/api/bookings/{id}/no-show": {
    post: {
      operationId: "markBookingNoShow",
      summary:
        "Marks (noShow true) or undoes (false) a no-show after the booking's start (decision 078): `who: guest` by the booking's host or an owner or admin of its event type's team; `who: host` (a team booking's assigned host) only by an owner or admin of its team (403 otherwise). Anyone else 404. Sends the `booking.no_show` webhooks; the answer carries `noShow`.",
      tags: ["Bookings"],
      security: signedIn,
      requestParams: { path: idParam },
      requestBody: body(noShowBody),
      responses: {
        "200": json("The booking with its `noShow` marks.", bookingAnswerSchema),
        ...errors(400, 401, 403, 404, 413, 415),
        "409": {
          description: "not_started (before the start) or already_cancelled.",
          content: { "application/json": { schema: errorSchema } },
        },
      },
    },
  },
  "/api/bookings/{id}/reassign": {
    post: {
      operationId: "reassignBooking",
      summary:
        "Hands a round-robin booking to another host of its event type (decision 060): `userId`, or without it the next in line (the best ranked free host other than the current one: highest priority, then furthest below their weighted share). Its host, or an owner or admin of the event type's team (bearer or session); a member of the team 403, anyone else 404. The chosen host must be a host of the event type (422 not_eligible) and free at the booking's time (409 host_not_free). The guests get an updated invitation from the new host, the host it left a cancellation of their entry, the new host the booking; calendars and the `booking.reassigned` webhooks follow. The body is optional.",
      tags: ["Bookings"],
      security: signedIn,
      requestParams: { path: idParam },
      requestBody: { ...body(reassignBody), required: false },
      responses: {
        "200": json("The booking with its new `host`.", bookingAnswerSchema),
        ...errors(400, 401, 403, 404, 413, 415),
        "409": {
          description:
            "host_not_free (the chosen host is busy then; for the next in line: every other host is), not_round_robin, already_cancelled, meeting_ended, or awaiting_payment (a paid booking whose guest has not paid yet, decision 120).",
          content: { "application/json": { schema: errorSchema } },
        },
        "422": {
          description: "not_eligible: userId is not a host of the event type, or is the host it has now.",
          content: { "application/json": { schema: errorSchema } },
        },
      },
    },
  },
  "/api/bookings/{id}/approve": {
    post: {
      operationId: "approveBooking",
      summary:
        "Approves a pending booking (decision 040): it becomes confirmed and the guests get their invitation with their links, the host a copy; reminders follow. Its host only (bearer or session); 404 for anyone else; 409 not_pending when it is not waiting (already approved, declined, cancelled, or its hold ran out).",
      tags: ["Bookings"],
      security: signedIn,
      requestParams: { path: idParam },
      responses: { "200": json("The confirmed booking.", bookingAnswerSchema), ...errors(401, 404, 409) },
    },
  },
  "/api/bookings/{id}/decline": {
    post: {
      operationId: "declineBooking",
      summary:
        "Declines a pending booking (decision 040): its slot is free again and the guests are told, with the reason when given. Its host only (bearer or session); 404 for anyone else; 409 not_pending. The body is optional.",
      tags: ["Bookings"],
      security: signedIn,
      requestParams: { path: idParam },
      requestBody: { ...body(declineBody), required: false },
      responses: {
        "200": json("The declined booking (`status: declined`).", bookingAnswerSchema),
        ...errors(400, 401, 404, 409, 413, 415),
      },
    },
  },
};
