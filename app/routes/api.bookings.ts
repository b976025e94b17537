import { PEOPLE_MESSAGES } from "~/messages/people";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { nextFreeSlots, type BookingSuccess } from "~/models/booking.server";
import { isUuid } from "~/models/event.server";
import {
  bookableForDuration,
  getBookableByLink,
  getBookableEventType,
  type BookableEventType,
} from "~/models/event-type.server";
import { bookingRedirectUrl, redirectBookingOf } from "~/schemas/booking-redirect";
import { GUEST_LIMIT_MESSAGE, LINK_USED_MESSAGE } from "~/schemas/booking-answers";
import { idempotencyClaim, IDEMPOTENCY_KEY_PATTERN, IDEMPOTENCY_MISMATCH_MESSAGE } from "~/models/idempotency.server";
import { MESSAGES } from "~/messages";
import { apiError, getApiUser, readJson } from "~/api/api.server";
import { apiRoute } from "~/api/api-route.server";
import { bookingBody, bookingJson, occurrenceJson } from "~/schemas/booking-api";
import { durationsOf } from "~/schemas/scheduling-api";
import { bookSeries, bookSlot, type BookSlotOutcome } from "~/services/bookings.server";
import { occurrenceToken, type SeriesSuccess } from "~/models/booking-series.server";
import { occurrenceTakenMessage } from "~/scheduling/recurrence";
import { bookingLinks, hostJson } from "~/api/booking-api.server";
import { linkBase } from "~/utils/request.server";
import { parsePhone } from "~/schemas/phone";
import { env } from "~/server/env.server";
import { SMS_BOOKING_WORDS } from "~/messages/sms";

/**
 * POST /api/bookings (no auth: a guest books a slot of an active event type), through bookSlot
 * as the booking page does (decision 055). 201 with the
 * booking and its cancel/reschedule links; 409 slot_unavailable (with up to 3 next free starts)
 * when `start` is not a free slot now (guest bookings never meet the free plan's cap: decision 038).
 * With an Idempotency-Key (decision 024) a retry gets the first 201 again (Idempotent-Replayed:
 * true), and the same key with a different body 422 idempotency_key_mismatch.
 */
async function POST({ request }: LoaderFunctionArgs) {
  const key = request.headers.get("idempotency-key");
  if (key !== null && !IDEMPOTENCY_KEY_PATTERN.test(key)) {
    return apiError(400, "invalid_input", "Check the highlighted fields.", {
      "Idempotency-Key": ["Use 1 to 255 visible ASCII characters, e.g. a UUID."],
    });
  }
  const input = await readJson(request, bookingBody);
  const phone = parsePhone(input.phone, env().SMS_DEFAULT_COUNTRY);
  if (!phone.ok) return apiError(400, "invalid_input", "Check the highlighted fields.", { phone: [phone.message] });
  const bookable = !isUuid(input.eventTypeId)
    ? null
    : ((await getBookableEventType(input.eventTypeId)) ??
      (input.singleUseToken ? await getBookableByLink(input.eventTypeId, input.singleUseToken) : null));
  if (!bookable) return apiError(404, "not_found", "No such event type, or it is not taking bookings.");
  // The length the guest picked (decision 087): every slot check and the booking take it.
  const found = bookableForDuration(bookable, input.duration);
  if (!found) return apiError(400, "invalid_input", "Check the highlighted fields.", durationFields(bookable));
  // The event type asks for a phone (docs/decisions/109).
  if (found.eventType.requirePhone && !phone.phone)
    return apiError(422, "phone_required", SMS_BOOKING_WORDS.en.phoneMissing, {
      phone: [SMS_BOOKING_WORDS.en.phoneMissing],
    });
  const start = new Date(input.start);
  const now = new Date();
  const answer = (ok: BookingSuccess) => ({
    status: 201,
    body: {
      booking: bookingJson(
        ok.booking,
        bookingLinks(request, ok.booking.id, ok.token),
        hostJson(ok.booking.hostId, ok.host),
        found.eventType.location,
      ),
      redirectUrl: bookingRedirectUrl(found.eventType, redirectBookingOf(ok.booking, input)),
    },
  });
  // A key is scoped to this path and the caller (a bearer's user, else any guest).
  const scope = key === null ? null : `POST /api/bookings ${await callerOf(request)}`;
  const slotRequest = {
    found,
    start,
    name: input.name,
    email: input.email,
    timeZone: input.timeZone,
    notes: input.notes,
    guests: input.guests,
    answers: input.answers,
    utm: input.utm,
    singleUseToken: input.singleUseToken,
    phone: phone.phone,
    smsConsent: input.smsConsent === true,
  };
  if (input.recurrence && input.recurrence.count > 1) {
    const recurrence = input.recurrence;
    const seriesAnswer = (ok: SeriesSuccess) => ({
      status: 201,
      body: {
        booking: bookingJson(
          ok.occurrences[0],
          bookingLinks(request, ok.occurrences[0].id, ok.token),
          hostJson(ok.occurrences[0].hostId, ok.host),
          found.eventType.location,
        ),
        seriesId: ok.seriesId,
        occurrences: ok.occurrences.map((o, i) =>
          occurrenceJson(o, bookingLinks(request, o.id, occurrenceToken(ok.token, i + 1))),
        ),
        redirectUrl: bookingRedirectUrl(found.eventType, redirectBookingOf(ok.occurrences[0], input)),
      },
    });
    const series = await bookSeries({
      request: slotRequest,
      recurrence,
      now,
      linkBase: linkBase(request),
      idempotency: {
        claim: () => (key === null || scope === null ? null : idempotencyClaim(key, scope, input)),
        answer: seriesAnswer,
      },
    });
    if (series.ok) return Response.json(seriesAnswer(series).body, { status: 201 });
    if (series.reason === "recurrence-refused")
      return apiError(400, "invalid_input", "Check the highlighted fields.", { recurrence: [series.message] });
    if (series.reason === "occurrence-unavailable")
      return Response.json(
        {
          error: {
            code: "occurrence_unavailable",
            message: occurrenceTakenMessage(series.index, series.start, input.timeZone),
          },
          occurrence: { index: series.index, start: series.start?.toISOString() ?? null },
        },
        { status: 409 },
      );
    return refusal(series, found, start, input.timeZone, now);
  }
  const result = await bookSlot({
    request: slotRequest,
    now,
    linkBase: linkBase(request),
    idempotency: { claim: () => (key === null || scope === null ? null : idempotencyClaim(key, scope, input)), answer },
  });
  if (result.ok) {
    const body = answer(result).body;
    // A paid event type (docs/decisions/107): the slot is held, awaiting the card payment.
    if (result.payment)
      return Response.json(
        {
          ...body,
          payment: {
            clientSecret: result.payment.clientSecret,
            expiresAt: result.payment.expiresAt.toISOString(),
            amount: result.payment.amount,
            currency: result.payment.currency,
            publishableKey: env().STRIPE_PUBLISHABLE_KEY ?? null,
          },
        },
        { status: 201 },
      );
    return Response.json(body, { status: 201 });
  }
  return refusal(result, found, start, input.timeZone, now);
}

/** A refusal bookSlot and bookSeries share, as the JSON answer. */
async function refusal(
  result: Exclude<BookSlotOutcome, { ok: true }>,
  found: BookableEventType,
  start: Date,
  timeZone: string,
  now: Date,
): Promise<Response> {
  switch (result.reason) {
    // Per question, as fields.answers.<id> (decision 039).
    case "invalid-answers":
      return apiError(
        400,
        "invalid_input",
        "Check the highlighted fields.",
        Object.fromEntries(Object.entries(result.errors).map(([id, messages]) => [`answers.${id}`, messages])),
      );
    case "guests-not-allowed":
      return apiError(400, "invalid_input", "Check the highlighted fields.", {
        guests: ["Only a group event type takes extra guests."],
      });
    case "idempotency-mismatch":
      return apiError(422, "idempotency_key_mismatch", IDEMPOTENCY_MISMATCH_MESSAGE);
    case "replay":
      return Response.json(result.answer.body, {
        status: result.answer.status,
        headers: { "Idempotent-Replayed": "true" },
      });
    case "link-used":
      return apiError(410, "link_used", LINK_USED_MESSAGE);
    case "host-deactivated":
      return apiError(409, "host_not_taking_bookings", PEOPLE_MESSAGES.hostDeactivated);
    case "guest-limit":
      return apiError(409, "guest_limit_reached", GUEST_LIMIT_MESSAGE);
    case "payments-unavailable":
      return apiError(503, "payments_unavailable", result.message, undefined, { "Retry-After": "30" });
    case "slot-full":
    case "slot-unavailable": {
      const nextSlots = await nextFreeSlots(found, start, timeZone, now);
      const code = result.reason === "slot-full" ? "slot_full" : "slot_unavailable";
      return Response.json({ error: { code, message: MESSAGES.slotTaken }, nextSlots }, { status: 409 });
    }
  }
}

function durationFields(found: { eventType: { duration: number; durations: number[] } }) {
  const offered = durationsOf(found.eventType);
  return { duration: [`duration: one of ${offered.join(", ")} (minutes).`] };
}

async function callerOf(request: Request): Promise<string> {
  try {
    const user = await getApiUser(request);
    return user ? `user:${user.id}` : "guest";
  } catch {
    return "guest";
  }
}

export const { loader, action } = apiRoute({ POST });
