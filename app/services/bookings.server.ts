import type { BookingSeat } from "../../db/schema";
import { cancelEvent, type CancelActor, type CancelOptions, type CancelOutcome } from "~/models/cancel.server";
import { findSeatBooking, rescheduleSeat, type SeatBooking } from "~/models/booking-seats.server";
import {
  createBooking,
  mayActOnBooking,
  moveBooking,
  renewGuestToken,
  type BookingActor,
  type BookingIdempotency,
  type BookingSuccess,
  type ChangeResult,
  type GuestBooking,
} from "~/models/booking.server";
import type { BookingHost, BookingRequest, BookingResult } from "~/models/booking-request.server";
import { runIdempotent, type IdempotencyClaim, type StoredAnswer } from "~/models/idempotency.server";
import { checkAnswers, questionsToAsk } from "~/schemas/booking-answers";
import { singleUseTokenField } from "~/schemas/booking-api";
import type { BookingAnswers } from "../../db/schema";
import type { HostEvent } from "~/models/event.server";
import { linksFor, mailBooking, mailGuests, mailHost, mailSeries } from "./booking-mail.server";

type Links = ReturnType<typeof linksFor>;
import { mailHostOfSeatLeft, mailSessionSeats } from "./seat-mail.server";
import { tellCancelled, type SeriesCancel } from "./cancel-mail.server";
import { env } from "~/server/env.server";
import { mailInvitees } from "./event-invitations.server";
import type { CancelledMeeting, InvitationKind } from "~/mail/event-mail";
import { nudgeOutbox } from "~/server/mail-transport.server";
import {
  addBookingEventConsumer,
  deliverBookingEvents,
  fromSnapshot,
  mailConsumer,
  recordBookingEvent,
} from "~/models/booking-events.server";
import type { BookingEventKind } from "../../db/schema";
import { webhookConsumer } from "./webhooks.server";
import { workflowConsumer } from "./workflows.server";
import { conferencingConsumer } from "./conferencing.server";
import { calendarConsumer, hostsOfEvent, refreshHostCalendars } from "./calendars.server";
import { isTeamKind } from "~/models/team-hosts.server";
import { clampHold } from "~/models/approval.server";
import { approvalLinksFor, mailDeclined, mailRequested, mailRequestMoved } from "./approval-mail.server";
import { liveHostsOfBooking, reassignRoundRobinBooking, type ReassignResult } from "~/models/round-robin.server";
import { tellReassigned, type ReassignedPayload } from "./reassign-mail.server";
import { guestPolicyState, policyOfEventType, PolicyRefused } from "~/models/booking-policy.server";
import type { Transaction } from "~/models/event.server";
import { scheduleReconfirm } from "~/models/reconfirm.server";
import { markNoShow, type NoShowResult, type NoShowWho } from "~/models/no-show.server";
import { policyRefusal, type PolicyRefusal } from "~/scheduling/booking-policy";
import type { Event } from "../../db/schema";
import {
  createSeries,
  inSeriesTransaction,
  occurrencesOf,
  occurrenceToken,
  seriesIdOf,
  seriesTokenOf,
  type SeriesResult,
  type SeriesSuccess,
} from "~/models/booking-series.server";
import {
  recurrenceRefusalMessage,
  recurrenceRefusalOf,
  type Recurrence,
  type RecurrenceRefusal,
} from "~/scheduling/recurrence";
import { isPaidEventType } from "~/models/booking-request.server";
import {
  decideRefund,
  decideSeatRefund,
  decideSessionRefunds,
  recordPaymentHold,
  releasePaymentHold,
  releaseSeatHold,
} from "~/models/booking-payment.server";
import { PaymentError } from "~/models/payment.server";
import { paymentsConfigured } from "~/server/stripe.server";
import { cancelBookingCharge, refundDueBookings, startBookingCharge } from "./booking-charges.server";

/**
 * The booking lifecycle (docs/decisions/030, 055): bookSlot, rescheduleBooking and cancelBooking,
 * one function per change, for every entry point. Each takes plain values (actor, ids, input, now, the base of the
 * guest's links), owns its transaction (in the model it calls) and writes the change's booking
 * event in it. Nobody is told here: the mail consumer tells them from the record, in the job
 * runner; after the commit the request only nudges it, without waiting.
 */

function actorName(actor: BookingActor | CancelActor): string {
  if ("notReconfirmed" in actor) return "system";
  return "token" in actor ? "guest" : "admin" in actor ? "admin" : "host";
}

/** What the mail consumer tells for each record: the payloads below, the senders of before. */
export type Told =
  // `alone`: booked through a one-to-one or group event type, so there are no co-host rows to tell.
  | {
      tell: "booking";
      booking: HostEvent;
      host: BookingHost;
      to?: string[];
      links?: Links;
      note?: string;
      alone?: boolean;
      /** The mover's reason for the host ("Reason: ..."), a guest's reschedule. */
      reason?: string;
      /**
       * A recurring series' occurrence (decision 106): the first's record tells the whole series in
       * one mail (its row's series_rule); the others' (`quiet`) mail nobody, their webhooks and calendars go as usual.
       */
      series?: { quiet?: boolean };
      /** A paid booking's receipt page (docs/decisions/107), in the guest's confirmation. */
      receiptUrl?: string;
    }
  | {
      tell: "invitees";
      event: HostEvent;
      host: { email: string; name: string; timeZone: string };
      kind: InvitationKind;
    }
  | { tell: "session"; booking: HostEvent; host: BookingHost; seats: BookingSeat[]; note?: string }
  | {
      tell: "seat-moved";
      booking: SeatBooking;
      host: BookingHost;
      left: HostEvent | null;
      links: Links;
      reason?: string;
    }
  | {
      tell: "cancelled";
      outcome: Extract<CancelOutcome, { ok: true }>;
      reason?: string;
      remove?: boolean;
      series?: SeriesCancel;
    }
  // A booking waiting for its host's approval, and its decline or expiry (decision 040).
  | {
      tell: "requested";
      booking: HostEvent;
      host: BookingHost;
      to: string[];
      links: Links;
      approval: { approveUrl: string; declineUrl: string };
    }
  | { tell: "declined"; booking: HostEvent; host: BookingHost; reason: string | null; expired: boolean }
  // A pending booking moved: still a request, so no calendar file (the host's bell says it moved).
  | { tell: "request-moved"; booking: HostEvent; host: BookingHost; links: Links }
  // A round-robin booking handed to another host (decision 060).
  | ReassignedPayload
  // A no-show marked or undone (decision 078): nobody is mailed; webhooks send booking.no_show.
  | { tell: "no-show"; booking: HostEvent; host: BookingHost; who: NoShowWho; noShow: boolean };

async function tell(kind: BookingEventKind, snapshot: Record<string, unknown>): Promise<void> {
  const told = fromSnapshot<Told>(snapshot);
  // An approval's payload has the shape of a creation's: the guests get their invitation then.
  const mailKind = kind === "created" || kind === "approved" ? "created" : "updated";
  switch (told.tell) {
    case "booking":
      if (told.series?.quiet && mailKind === "created") return;
      if (told.series && mailKind === "created") return mailSeries(told.booking, told.host, told.links);
      return mailBooking(told.booking, told.host, mailKind, {
        to: told.to,
        links: told.links,
        note: told.note,
        alone: told.alone,
        reason: told.reason,
        receiptUrl: told.receiptUrl,
      });
    case "session":
      return mailSessionSeats(told.booking, told.seats, told.host, mailKind, told.note);
    case "seat-moved": {
      const name = told.booking.guestName ?? "A guest";
      await mailGuests(told.booking, told.host, "updated", { links: told.links });
      if (told.left) {
        // Into another session: the host sees them booked there and gone here (decision 021).
        await mailHost(told.booking, told.host, "created", name);
        await mailHostOfSeatLeft(told.left, told.host, name, true);
      } else {
        await mailHost(told.booking, told.host, "updated", name, undefined, { reason: told.reason });
      }
      return;
    }
    case "cancelled":
      return tellCancelled(told.outcome, { reason: told.reason, remove: told.remove, series: told.series });
    case "requested":
      return mailRequested(told.booking, told.host, told.to, told.links, told.approval);
    case "declined":
      return mailDeclined(told.booking, told.host, told.reason, told.expired);
    case "request-moved":
      return mailRequestMoved(told.booking, told.host, told.links);
    case "invitees":
      // A host's own event: its invitees, in the host's zone (decision 028).
      await mailInvitees(told.event, told.host, told.kind);
      return;
    case "reassigned":
      return tellReassigned(told);
    case "no-show":
      return;
  }
}

/**
 * The booking events' consumers (decision 030), registered once at start-up (app/jobs/index.server.ts)
 * in this order, which is the order each run delivers in: webhooks (decision 037), the mails, then
 * the host's calendar (decision 035), after the mails. Every server registers them, jobs or not: a
 * record gets a delivery row only for the consumers registered when it is written.
 */
export function registerBookingConsumers(): void {
  // First, and the others wait for it: the meeting's link is in what they send (decision 065).
  addBookingEventConsumer(conferencingConsumer);
  addBookingEventConsumer(webhookConsumer);
  addBookingEventConsumer(mailConsumer(tell));
  addBookingEventConsumer(calendarConsumer);
  // The hosts' workflows on booked, cancelled, rescheduled and no-show (decision 085).
  addBookingEventConsumer(workflowConsumer);
}

let nudging: Promise<void> | null = null;
let again = false;

/**
 * Runs the consumers (and the mail outbox) in the background, right after a change's commit, so
 * its mails leave within moments: batch after batch until a run finds nothing more to do, so a
 * burst of bookings is not left to the job runner's next poll. The runner's poll does the same,
 * so nothing depends on it. A server with JOBS=off does no background work, this included.
 */
export function nudgeBookingEvents(): void {
  if (env().JOBS === "off") return;
  if (nudging) {
    again = true;
    return;
  }
  nudging = (async () => {
    let progress: boolean;
    do {
      again = false;
      const delivered = await deliverBookingEvents(new Date());
      // The mails these deliveries queued leave from the outbox's own run, beside the next batch.
      nudgeOutbox();
      // Records that failed wait for their next try, so a run without progress ends it.
      progress = delivered > 0;
    } while (again || progress);
  })()
    .catch((error) => console.error("booking events: the nudge failed (the job runner retries):", error))
    .finally(() => {
      nudging = null;
    });
}

/** What a guest asks for: the booking request with the answers as sent (bookSlot checks them). */
export type SlotRequest = Omit<BookingRequest, "answers"> & { answers?: Record<string, unknown> };

/**
 * bookSlot's answer. `invalid-answers`: per question id (decision 039); `guests-not-allowed`: extra
 * guests for an event type that is not a group; `idempotency-mismatch` and `replay`: the
 * Idempotency-Key was used before, for another request or for this one (decision 024).
 */
export type BookSlotOutcome =
  | BookingResult
  | { ok: false; reason: "invalid-answers"; errors: Record<string, string[]> }
  | { ok: false; reason: "guests-not-allowed" }
  | { ok: false; reason: "host-deactivated" }
  | { ok: false; reason: "idempotency-mismatch" }
  | { ok: false; reason: "replay"; answer: StoredAnswer }
  /** A paid event type while Stripe is not set up or not reachable: no hold is kept (docs/decisions/107). */
  | PaymentsUnavailable;

type PaymentsUnavailable = { ok: false; reason: "payments-unavailable"; message: string };

/**
 * Books a slot (one-to-one, group seat, collective, round robin) for the booking page and POST
 * /api/bookings alike: the answers against the event type's questions, extra guests only for a
 * group, then the booking's transaction (a free slot under the host's lock, a single-use link's
 * use, the guest limit, the pending hold), with the idempotency key's claim in it (decision 024).
 * A start that has begun is no free slot (slot-unavailable). `idempotency.claim` gets the checked
 * answers, so each entry point keeps its own key scope and request fingerprint.
 */
export async function bookSlot(input: {
  request: SlotRequest;
  now: Date;
  linkBase: string;
  idempotency?: { claim(answers: BookingAnswers): IdempotencyClaim | null; answer(ok: BookingSuccess): StoredAnswer };
}): Promise<BookSlotOutcome> {
  const checked = checkRequest(input.request);
  if ("ok" in checked) return checked;
  const request = checked;
  if (isPaidEventType(request.found.eventType) && !paymentsConfigured())
    return { ok: false, reason: "payments-unavailable", message: "Card payments are not set up on this server." };
  const idempotency = input.idempotency;
  const outcome = await runIdempotent(idempotency?.claim(checked.answers) ?? null, (hooks) =>
    book(request, input.now, input.linkBase, hooks && idempotency ? { hooks, answer: idempotency.answer } : undefined),
  );
  if (outcome.kind === "mismatch") return { ok: false, reason: "idempotency-mismatch" };
  if (outcome.kind === "replay") return { ok: false, reason: "replay", answer: outcome.answer };
  return outcome.value;
}

/** What bookSlot and bookSeries check before any transaction: the host, the answers, the guests, the link's token. */
function checkRequest(
  given: SlotRequest,
):
  | (BookingRequest & { answers: BookingAnswers })
  | { ok: false; reason: "host-deactivated" | "guests-not-allowed" | "link-used" }
  | { ok: false; reason: "invalid-answers"; errors: Record<string, string[]> } {
  const { found } = given;
  // A deactivated host takes no bookings (decision 068); the slot check would refuse it too.
  if (found.hostDeactivated) return { ok: false, reason: "host-deactivated" };
  const checked = checkAnswers(questionsToAsk(found.eventType), given.answers);
  if (Object.keys(checked.errors).length > 0) return { ok: false, reason: "invalid-answers", errors: checked.errors };
  if (found.eventType.kind !== "group" && given.guests && given.guests.length > 0)
    return { ok: false, reason: "guests-not-allowed" };
  // Both entry points check the token with this field first; a caller that did not never sends it to a query.
  const token = given.singleUseToken;
  if (token !== undefined && !singleUseTokenField.safeParse(token).success) return { ok: false, reason: "link-used" };
  return { ...given, answers: checked.answers };
}

/** bookSeries' answer: bookSlot's refusals, a recurrence the event type does not allow, or the series. */
export type BookSeriesOutcome =
  | SeriesResult
  | Exclude<BookSlotOutcome, { ok: true } | { reason: "slot-unavailable" | "slot-full" }>
  | { ok: false; reason: "recurrence-refused"; message: string; refusal: RecurrenceRefusal };

/**
 * Books a recurring series (decision 106) for the booking page and POST /api/bookings alike: the
 * same checks as bookSlot, a recurrence the event type allows (one-to-one, no approval), then
 * every occurrence in one transaction (createSeries). One `created` record per occurrence, so each
 * gets its webhooks, calendar entry and workflows; only the first's mails, listing every date.
 */
export async function bookSeries(input: {
  request: SlotRequest;
  recurrence: Recurrence;
  now: Date;
  linkBase: string;
  idempotency?: { claim(answers: BookingAnswers): IdempotencyClaim | null; answer(ok: SeriesSuccess): StoredAnswer };
}): Promise<BookSeriesOutcome> {
  const checked = checkRequest(input.request);
  if ("ok" in checked) return checked;
  const request = checked;
  const { found } = request;
  const refusal: RecurrenceRefusal | null =
    found.eventType.kind !== "one-to-one" || found.eventType.requiresApproval
      ? { rule: "not-recurring" }
      : recurrenceRefusalOf(found.eventType.recurring ?? null, input.recurrence);
  if (refusal) return { ok: false, reason: "recurrence-refused", message: recurrenceRefusalMessage(refusal), refusal };
  const { now, linkBase } = input;
  const idempotency = input.idempotency;
  const outcome = await runIdempotent(idempotency?.claim(request.answers) ?? null, async (hooks) => {
    if (found.calendars !== false) await refreshHostCalendars([found.ownerId], now);
    return createSeries(
      request,
      input.recurrence,
      found.schedule.timeZone,
      now,
      hooks && idempotency ? { hooks, answer: idempotency.answer } : undefined,
      async (tx, r) => {
        for (const [i, booking] of r.occurrences.entries()) {
          if (found.eventType.reconfirmHours) await scheduleReconfirm(tx, booking.id, now, { fresh: true });
          await recordBookingEvent(tx, {
            kind: "created",
            eventId: booking.id,
            actor: "guest",
            newStartsAt: booking.startsAt,
            newEndsAt: booking.endsAt,
            payload: {
              tell: "booking",
              booking,
              host: r.host,
              to: r.newInvitees,
              links: linksFor(linkBase, booking.id, occurrenceToken(r.token, i + 1)),
              alone: true,
              series: i === 0 ? {} : { quiet: true },
            } satisfies Told,
          });
        }
      },
    );
  });
  if (outcome.kind === "mismatch") return { ok: false, reason: "idempotency-mismatch" };
  if (outcome.kind === "replay") return { ok: false, reason: "replay", answer: outcome.answer };
  if (outcome.value.ok) nudgeBookingEvents();
  return outcome.value;
}

async function book(
  request: BookingRequest,
  now: Date,
  linkBase: string,
  idempotency: BookingIdempotency | undefined,
): Promise<BookingResult | PaymentsUnavailable> {
  // A meeting added to the host's calendar a minute ago still wins (bounded wait; else the cache).
  const { found } = request;
  if (found.calendars !== false) await refreshHostCalendars([found.ownerId, ...(found.eventType.hostIds ?? [])], now);
  const result = await createBooking(request, now, idempotency, async (tx, r) => {
    const seatId = "session" in r.booking ? r.booking.id : null;
    const eventId = "session" in r.booking ? (r.booking as SeatBooking).session.id : r.booking.id;
    const links = linksFor(linkBase, r.booking.id, r.token);
    // A paid booking's hold (docs/decisions/107): nobody hears of it until it is paid; the guest's
    // links wait with its payment for the confirmation.
    if (r.booking.status === "awaiting_payment" && isPaidEventType(found.eventType)) {
      // A seat's payment is the seat's own (docs/decisions/123), on its session's row.
      await recordPaymentHold(tx, {
        eventId,
        seatId,
        amount: found.eventType.priceAmount,
        currency: found.eventType.priceCurrency,
        guestLinks: links,
      });
      return;
    }
    // Asked to reconfirm N hours before its start, when its event type says so (decision 086);
    // a type without it (most) costs the booking no query.
    if (!seatId && found.eventType.reconfirmHours) await scheduleReconfirm(tx, eventId, now, { fresh: true });
    // Pending (decision 040): the guest hears "Request received" and the host is asked to decide.
    const pending = r.booking.status === "pending" && r.approvalToken;
    await recordBookingEvent(tx, {
      kind: pending ? "requested" : "created",
      eventId,
      seatId,
      actor: "guest",
      newStartsAt: r.booking.startsAt,
      newEndsAt: r.booking.endsAt,
      payload: pending
        ? ({
            tell: "requested",
            booking: r.booking,
            host: r.host,
            to: r.newInvitees,
            links,
            approval: approvalLinksFor(linkBase, r.booking.id, r.approvalToken as string),
          } satisfies Told)
        : ({
            tell: "booking",
            booking: r.booking,
            host: r.host,
            to: r.newInvitees,
            links,
            alone: !isTeamKind(found.eventType.kind),
          } satisfies Told),
    });
  });
  if (result.ok && result.booking.status === "awaiting_payment" && isPaidEventType(found.eventType)) {
    return chargeFor(result, found.eventType, request.email);
  }
  if (result.ok) nudgeBookingEvents();
  return result;
}

/** The hold's PaymentIntent; when Stripe cannot make one, the hold is released at once. */
async function chargeFor(
  result: Extract<BookingResult, { ok: true }>,
  eventType: { priceAmount: number; priceCurrency: string; title: string },
  guestEmail: string,
): Promise<BookingResult | PaymentsUnavailable> {
  const booking = result.booking;
  const seat = "session" in booking ? (booking as SeatBooking) : null;
  try {
    const intent = await startBookingCharge({
      bookingId: seat ? seat.session.id : booking.id,
      seatId: seat?.id,
      amount: eventType.priceAmount,
      currency: eventType.priceCurrency,
      description: `${eventType.title} on ${booking.startsAt.toISOString()}`,
      guestEmail,
    });
    return {
      ...result,
      payment: {
        clientSecret: intent.clientSecret,
        expiresAt: booking.holdUntil ?? booking.startsAt,
        amount: eventType.priceAmount,
        currency: eventType.priceCurrency,
      },
    };
  } catch (error) {
    if (!(error instanceof PaymentError)) throw error;
    if (seat) await releaseSeatHold(seat.id, "failed", new Date());
    else await releasePaymentHold(booking.id, "failed", new Date());
    return { ok: false, reason: "payments-unavailable", message: error.message };
  }
}

/**
 * Moves a booking (a seat's guest with their token moves their seat only, decision 021). A host's
 * `note` to the guests travels on the record and reaches them in the updated invitation.
 */
export async function rescheduleBooking(input: {
  id: string;
  actor: BookingActor;
  start: Date;
  now: Date;
  linkBase: string;
  note?: string;
  /** The host's confirmed move outside their available times (decision 089); never a guest's. */
  outsideHours?: boolean;
  /** Why it moved, for the host (decision 091): on the record (the timeline) and in the host's mail. */
  reason?: string;
}): Promise<ChangeResult> {
  const { id, actor, start, now } = input;
  const reason = input.reason?.trim() || undefined;
  const links = linksFor(input.linkBase, id, "token" in actor ? actor.token : null);
  if ("token" in actor) {
    const refused = await guestRefusal(id, actor.token, "reschedule", now);
    if (refused) return refused;
  }
  let result: ChangeResult;
  const seat = "token" in actor ? await findSeatBooking(id, actor.token) : null;
  // The token (or host) first: a stranger who knows a booking's id makes no calendar call (decision 063).
  if (!seat && !(await mayActOnBooking(id, actor))) return { ok: false, reason: "not-found" };
  await refreshHostCalendars(await hostsOfEvent(seat ? seat.session.id : id), now);
  if (seat) {
    const moved = await rescheduleSeat(seat, start, now, async (tx, r, before) => {
      await recordBookingEvent(tx, {
        kind: "rescheduled",
        eventId: r.booking.session.id,
        seatId: r.booking.id,
        actor: "guest",
        oldStartsAt: before.startsAt,
        oldEndsAt: before.endsAt,
        newStartsAt: r.booking.startsAt,
        newEndsAt: r.booking.endsAt,
        reason,
        payload: { tell: "seat-moved", booking: r.booking, host: r.host, left: r.left, links, reason } satisfies Told,
      });
    });
    result = moved.ok ? { ok: true, booking: moved.booking, host: moved.host } : moved;
  } else {
    try {
      result = await rescheduleBookingRow(
        id,
        actor,
        start,
        now,
        links,
        "token" in actor ? undefined : input.note || undefined,
        input.outsideHours === true && !("token" in actor),
        input.linkBase,
        reason,
      );
    } catch (error) {
      if (error instanceof PolicyRefused) return refusedAs(error.refusal);
      throw error;
    }
  }
  if (result.ok) nudgeBookingEvents();
  return result;
}

function rescheduleBookingRow(
  id: string,
  actor: BookingActor,
  start: Date,
  now: Date,
  links: Links,
  note: string | undefined,
  outsideHours: boolean,
  linkBase: string,
  reason: string | undefined,
): Promise<ChangeResult> {
  const guard = "token" in actor ? guestGuard("reschedule", now) : undefined;
  return moveBooking(
    id,
    actor,
    start,
    now,
    async (tx, r, before) => {
      // A move starts the reconfirmation over, for the new time (decision 086).
      await scheduleReconfirm(tx, r.booking.id, now);
      // A request moved earlier is answered before it starts (decision 040).
      if (r.booking.status === "pending") r.booking.holdUntil = await clampHold(tx, r.booking.id);
      // A guest's move to a time their round-robin host is busy handed it over (decision 060).
      if (r.previousHost) {
        await recordBookingEvent(tx, {
          kind: "reassigned",
          eventId: r.booking.id,
          actor: actorName(actor),
          oldStartsAt: before?.startsAt,
          oldEndsAt: before?.endsAt,
          newStartsAt: r.booking.startsAt,
          newEndsAt: r.booking.endsAt,
          payload: {
            tell: "reassigned",
            booking: r.booking,
            host: r.host,
            previousHost: r.previousHost,
            by: null,
            links,
            ...(before ? { moved: { startsAt: before.startsAt, endsAt: before.endsAt } } : {}),
          } satisfies Told,
        });
        return;
      }
      // A host's move: the guest's updated invitation keeps working cancel and reschedule links (decision 093).
      const hostMoved = !("token" in actor) && !(r.seats && r.seats.length > 0) && r.booking.status !== "pending";
      const renewed = hostMoved ? await renewGuestToken(tx, r.booking.id) : null;
      const guestLinks = renewed ? linksFor(linkBase, r.booking.id, renewed) : links;
      const payload: Told =
        r.seats && r.seats.length > 0
          ? { tell: "session", booking: r.booking, host: r.host, seats: r.seats, note }
          : r.booking.status === "pending"
            ? { tell: "request-moved", booking: r.booking, host: r.host, links }
            : { tell: "booking", booking: r.booking, host: r.host, links: guestLinks, note, reason };
      await recordBookingEvent(tx, {
        kind: "rescheduled",
        eventId: r.booking.id,
        actor: actorName(actor),
        oldStartsAt: before?.startsAt,
        oldEndsAt: before?.endsAt,
        newStartsAt: r.booking.startsAt,
        newEndsAt: r.booking.endsAt,
        reason,
        payload,
      });
    },
    guard,
    outsideHours,
  );
}

/**
 * A guest's change as the event type's policy judges it (decision 077): refused before anything is
 * done, and again on the locked row (guestGuard). A meeting that has started answers
 * `meeting-started`, as before; every other refusal `policy-refuses` with its rule.
 */
async function guestRefusal(
  id: string,
  token: string,
  change: "cancel" | "reschedule",
  now: Date,
  reason?: string | null,
): Promise<Extract<ChangeResult, { ok: false }> | null> {
  const state = await guestPolicyState(id, token);
  // A miss is the model's to answer (not-found), as without a policy.
  if (!state) return null;
  const refusal = policyRefusal({ change, by: "guest", now, reason, ...state });
  return refusal ? refusedAs(refusal) : null;
}

/**
 * What the guest's cancel and reschedule pages say before the guest acts (decision 077): the
 * refusal that applies now, from the same rule as the change itself.
 */
export function guestChangeRefusal(
  booking: Pick<GuestBooking, "startsAt" | "policy" | "rescheduleCount">,
  change: "cancel" | "reschedule",
  now: Date,
): PolicyRefusal | null {
  return policyRefusal({ change, by: "guest", now, ...booking });
}

/** The same rule on the change's locked row: a refusal thrown here rolls the change back. */
function guestGuard(change: "cancel" | "reschedule", now: Date, reason?: string | null) {
  return async (tx: Transaction, current: Event) => {
    const policy = await policyOfEventType(current.eventTypeId, tx);
    const refusal = policyRefusal({
      change,
      by: "guest",
      now,
      reason,
      startsAt: current.startsAt,
      rescheduleCount: current.rescheduleCount,
      policy,
    });
    if (refusal) throw new PolicyRefused(refusal);
  };
}

function refusedAs(refusal: PolicyRefusal): Extract<ChangeResult, { ok: false }> {
  return refusal.rule === "started"
    ? { ok: false, reason: "meeting-started" }
    : { ok: false, reason: "policy-refuses", refusal };
}

/**
 * The one cancel path (decision 029) for every entry point: a booking, a seat, a group session,
 * a host's own event, an admin's cancel, My Schedule's Delete and DELETE /event/{id} (`remove`).
 * `bookingsOnly` keeps the booking paths (the guest's cancel page, POST /api/bookings/{id}/cancel)
 * to rows a guest booked. A guest (a token) cannot cancel a meeting that has started
 * (`meeting-started`, decision 055), a seat included, nor against its event type's policy
 * (`policy-refuses`, decision 077); hosts, team admins and admins can.
 */
export async function cancelBooking(
  input: { id: string; actor: CancelActor } & Omit<CancelOptions, "within" | "refuseStarted" | "executor">,
): Promise<CancelOutcome> {
  const { id, actor, ...options } = input;
  if ("token" in actor) {
    const refused = await guestRefusal(id, actor.token, "cancel", options.now, options.reason ?? null);
    if (refused) return refused as CancelOutcome;
  }
  const released: string[] = [];
  const outcome = await cancelUnderRules(
    id,
    actor,
    options,
    (tx, o) => recordCancelled(tx, o, actor, options),
    released,
  );
  if (outcome.ok) {
    nudgeBookingEvents();
    // A released hold's intent can no longer be paid, as the payment-holds job does (docs/decisions/123).
    for (const intent of released) await cancelBookingCharge(intent);
    // Stripe's refund right away (a booking's or a seat's); a failure stays due for the job runner.
    await refundDueBookings(options.now);
  }
  return outcome;
}

type Cancelled = Extract<CancelOutcome, { ok: true }>;

/**
 * cancelEvent under a guest's rules (decision 055, 077) and a paid booking's refund rule (decision
 * 107); `announce` writes the booking event of a cancel others must hear about, in its transaction.
 * `released` gets the PaymentIntents of the holds (a booking's, or a group session's seats') the
 * cancel released unpaid: the caller cancels them at Stripe once the cancel is committed.
 */
function cancelUnderRules(
  id: string,
  actor: CancelActor,
  options: Omit<CancelOptions, "within" | "refuseStarted">,
  announce: (tx: Transaction, outcome: Cancelled) => Promise<void>,
  released: string[],
): Promise<CancelOutcome> {
  return cancelEvent(id, actor, {
    ...options,
    refuseStarted: "token" in actor,
    guard: "token" in actor ? guestGuard("cancel", options.now, options.reason ?? null) : options.guard,
    async within(tx, o) {
      // Removing an event that was already cancelled: everyone was told then.
      if (o.kind !== "seat" && o.silent) return;
      // A paid booking: its refund rule decides what goes back (docs/decisions/107); a hold not
      // paid yet was never announced, so its end is not either.
      if (o.kind !== "seat") {
        const refund = await decideRefund(tx, o.event, options.now);
        if (refund && "released" in refund) {
          if (refund.paymentIntentId) released.push(refund.paymentIntentId);
          return;
        }
        // A group session's seats (docs/decisions/123): each paid seat by the rule, each held one released;
        // a session that only held seats was never announced, so neither is its end.
        const seats = await decideSessionRefunds(tx, o.event, options.now);
        released.push(...seats.releasedIntents);
        if (seats.released > 0 && o.seats.length === 0) return;
      } else {
        const refund = await decideSeatRefund(
          tx,
          { id: o.seat.id, startsAt: o.seat.startsAt, eventTypeId: o.seat.eventTypeId },
          options.now,
        );
        if (refund && "released" in refund && refund.paymentIntentId) released.push(refund.paymentIntentId);
        if (o.held || (refund && "released" in refund)) return;
      }
      await announce(tx, o);
    },
  }).catch((error: unknown) => {
    if (error instanceof PolicyRefused) return refusedAs(error.refusal) as CancelOutcome;
    throw error;
  });
}

/** A cancel's booking event: webhooks, calendars and workflows act on it, the mail consumer tells whom it concerns. */
async function recordCancelled(
  tx: Transaction,
  o: Cancelled,
  actor: CancelActor,
  options: Pick<CancelOptions, "reason" | "remove">,
  series?: SeriesCancel,
): Promise<void> {
  const event = o.kind === "seat" ? o.seat : o.event;
  await recordBookingEvent(tx, {
    kind: "cancelled",
    eventId: o.kind === "seat" ? o.seat.session.id : o.event.id,
    seatId: o.kind === "seat" ? o.seat.id : null,
    actor: actorName(actor),
    oldStartsAt: event.startsAt,
    oldEndsAt: event.endsAt,
    reason: options.reason ?? null,
    // The guest's token is not kept: the senders only ask which kind of actor it was.
    payload: {
      tell: "cancelled",
      outcome: { ...o, actor: "token" in o.actor ? { token: "" } : o.actor },
      reason: options.reason,
      remove: options.remove,
      ...(series ? { series } : {}),
    } satisfies Told,
  });
}

/** A cancel's outcome as the booking paths answer it: the guest's seat, or the booking with the seats it closed. */
export function bookingChangeOf(outcome: CancelOutcome): ChangeResult {
  if (!outcome.ok) return outcome;
  if (outcome.kind === "seat") return { ok: true, booking: outcome.seat, host: outcome.host };
  return { ok: true, booking: outcome.event, host: outcome.host, seats: outcome.seats };
}

/**
 * Hands a round-robin booking to another live host of its event type (decision 060): `userId`, or
 * without it the next in line (the best ranked free host other than the current one). Its host or
 * an owner or admin of the event type's team; the chosen host must be free at its time. The
 * `reassigned` record tells the guests and both hosts, moves the calendars and sends the
 * `booking.reassigned` webhooks.
 */
export async function reassignBooking(input: {
  id: string;
  actorId: string;
  userId: string | null;
  now: Date;
  /** A site admin handing over a deactivated person's booking (decision 068). */
  siteAdmin?: boolean;
}): Promise<ReassignResult> {
  // A meeting added to a host's calendar a minute ago still counts (bounded wait; else the cache).
  await refreshHostCalendars(await liveHostsOfBooking(input.id), input.now);
  const result = await reassignRoundRobinBooking(
    { id: input.id, actorId: input.actorId, targetId: input.userId, now: input.now, siteAdmin: input.siteAdmin },
    async (tx, r, before) => {
      await recordBookingEvent(tx, {
        kind: "reassigned",
        eventId: r.booking.id,
        actor: "host",
        oldStartsAt: before.startsAt,
        oldEndsAt: before.endsAt,
        newStartsAt: r.booking.startsAt,
        newEndsAt: r.booking.endsAt,
        reason: r.reason,
        payload: {
          tell: "reassigned",
          booking: r.booking,
          host: r.host,
          previousHost: r.previousHost,
          by: r.actorName,
        } satisfies Told,
      });
    },
  );
  if (result.ok) nudgeBookingEvents();
  return result;
}

/**
 * Marks (or undoes) a no-show after the start (decision 078): the guest, by the booking's host or
 * an owner or admin of its team; a team booking's host, by an owner or admin of its team. The
 * `no_show` record (payload `who`, `noShow`) is written in the mark's transaction, so the webhook
 * consumer sends `booking.no_show` and the timeline shows it.
 */
export async function markBookingNoShow(input: {
  id: string;
  actorId: string;
  who: NoShowWho;
  noShow: boolean;
  now: Date;
}): Promise<NoShowResult> {
  const result = await markNoShow(input, async (tx, r) => {
    await recordBookingEvent(tx, {
      kind: "no_show",
      eventId: r.booking.id,
      actor: "host",
      newStartsAt: r.booking.startsAt,
      newEndsAt: r.booking.endsAt,
      payload: {
        tell: "no-show",
        booking: r.booking,
        host: r.host,
        who: input.who,
        noShow: input.noShow,
      } satisfies Told,
    });
  });
  if (result.ok) nudgeBookingEvents();
  return result;
}

/**
 * Cancels every upcoming meeting of the series `id` belongs to (decision 106), each through the
 * one cancel path (its policy, its refund rule, its record), for its guest (a token of any
 * occurrence) or host, all in one transaction (decision 121). Meetings already cancelled or
 * started are left as they are. A refusal of the first meeting tried (the event type's policy) is
 * answered as is; later ones leave that meeting booked. Each meeting keeps its own `cancelled`
 * record (webhooks, connected calendars, workflows); the first one's mails tell the whole cancel,
 * one mail per reader listing the meetings it cancelled, and the others' mail nobody.
 */
export async function cancelSeries(input: {
  id: string;
  actor: BookingActor;
  reason?: string;
  now: Date;
}): Promise<
  { ok: true; occurrences: Event[] } | { ok: false; reason: "not-a-series" } | Exclude<ChangeResult, { ok: true }>
> {
  const { actor, now } = input;
  if (!(await mayActOnBooking(input.id, actor))) return { ok: false, reason: "not-found" };
  const seriesId = await seriesIdOf(input.id);
  if (!seriesId) return { ok: false, reason: "not-a-series" };
  const options = { reason: input.reason, now, bookingsOnly: true };
  const released: string[] = [];
  const done = await inSeriesTransaction(seriesId, async (tx, occurrences) => {
    const cancelled: Array<{ outcome: Cancelled; actor: CancelActor }> = [];
    let tried = 0;
    for (const occurrence of occurrences) {
      if (occurrence.status === "cancelled" || occurrence.startsAt.getTime() <= now.getTime()) continue;
      const who: BookingActor =
        "token" in actor ? { token: occurrenceToken(seriesTokenOf(actor.token), occurrence.seriesIndex ?? 1) } : actor;
      // The guest's rules are checked on each locked row (guestGuard), inside this transaction.
      const outcome = await cancelUnderRules(
        occurrence.id,
        who,
        { ...options, executor: tx },
        async (_tx, o) => {
          cancelled.push({ outcome: o, actor: who });
        },
        released,
      );
      if (!outcome.ok && tried === 0 && outcome.reason !== "already-cancelled")
        return bookingChangeOf(outcome) as Exclude<ChangeResult, { ok: true }>;
      tried += 1;
    }
    const meetings: CancelledMeeting[] = cancelled.flatMap(({ outcome: o }) =>
      o.kind === "seat" ? [] : [{ index: o.event.seriesIndex ?? 1, startsAt: o.event.startsAt }],
    );
    for (const [i, c] of cancelled.entries())
      await recordCancelled(tx, c.outcome, c.actor, options, i === 0 ? { meetings } : { quiet: true });
    return { ok: true as const, occurrences: await occurrencesOf(seriesId, tx), cancelled: cancelled.length };
  });
  if (!done.ok) return done;
  if (done.cancelled > 0) {
    nudgeBookingEvents();
    for (const intent of released) await cancelBookingCharge(intent);
    await refundDueBookings(now);
  }
  return { ok: true, occurrences: done.occurrences };
}
