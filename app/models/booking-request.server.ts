import type { Language } from "~/messages/languages";
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { users, type BookingAnswers, type Event, type NewEvent } from "../../db/schema";
import { findSlots, type SlotDetail } from "~/scheduling/slots";
import { utmToStore, type Utm } from "~/schemas/utm";
import { isPayableKind } from "~/schemas/price";
import { formatInZone, instantToWallClock } from "~/scheduling/zoned-time";
import type { HostEvent, Transaction } from "./event.server";
import { slotSearch, type BookableEventType } from "./event-type.server";

/**
 * What every way of booking shares (a one-to-one booking, a group session's seat, a team
 * booking): the request and its result, the guest's token hash, the host, the day's slots.
 */

/** "link-used": a single-use link already used or revoked; "guest-limit": the guest's e-mail holds the most bookings allowed (decision 039). */
export type BookingFailure = "slot-unavailable" | "slot-full" | "link-used" | "guest-limit";

export interface BookingRequest {
  found: BookableEventType;
  start: Date;
  name: string;
  email: string;
  timeZone: string;
  notes?: string;
  guests?: string[];
  /** Answers to the event type's questions, already checked (checkAnswers, decision 039). */
  answers?: BookingAnswers;
  /** The booking link's source parameters (decision 079), stored as events.utm. */
  utm?: Utm | null;
  /** A single-use link's token: used in the booking's transaction. */
  singleUseToken?: string;
  /** The language the guest booked in (docs/decisions/088): their mails speak it. */
  language?: Language;
  /** The guest's mobile number, already in E.164 (docs/decisions/090). */
  phone?: string | null;
  /** The guest agreed to texts about this booking (only with a phone). */
  smsConsent?: boolean;
}

export interface BookingPaymentStep {
  clientSecret: string;
  expiresAt: Date;
  amount: number;
  currency: string;
}

/** For a group event type `booking` is the guest's seat (decision 021), with its own token. */
export type BookingResult =
  | {
      ok: true;
      booking: HostEvent | SeatBooking;
      token: string;
      host: BookingHost;
      newInvitees: string[];
      approvalToken?: string;
      /** A paid booking's hold (docs/decisions/107): what the guest's Payment Element needs. */
      payment?: BookingPaymentStep;
    }
  | { ok: false; reason: BookingFailure };

export interface SeatBooking extends HostEvent {
  /** The session's event id (GET /event's `_id`); `id` is the seat's. */
  sessionId: string;
  /** The session with every confirmed seat's people as invitees: what the host's calendar holds. */
  session: HostEvent;
}

export function hashBookingToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}

/** The legacy `eventType` option for an event type's location (the rest are video rooms). */
export const LOCATION_EVENT_TYPE: Record<string, Event["eventType"]> = {
  "in-person": "In Person Meeting",
  phone: "Phone Call",
};

/** The free slots of the guest's date of `start` (in `timeZone`), read with `tx` under the host lock. */
export async function slotsOfDay(
  tx: Transaction,
  found: BookableEventType,
  start: Date,
  timeZone: string,
  now: Date,
  exclude: { excludeEventId?: string; excludeEventIds?: string[]; onlyHostIds?: string[] } = {},
): Promise<SlotDetail[]> {
  const date = instantToWallClock(start, timeZone).date;
  return findSlots(
    await slotSearch(found, { range: { start: date, end: date }, timeZone, now }, { executor: tx, ...exclude }),
  );
}

/** Who the mails go to and whose zone the notifications are written in. */
export interface BookingHost {
  /** The host's user id (a queued payload of an older version may lack it). */
  id?: string;
  email: string;
  name: string;
  timeZone: string;
}

export async function hostOf(tx: Transaction, hostId: string): Promise<BookingHost> {
  const [row] = await tx
    .select({ id: users.id, email: users.email, name: users.name, timeZone: users.timeZone })
    .from(users)
    .where(eq(users.id, hostId));
  return row ?? { email: "", name: "", timeZone: "UTC" };
}

/**
 * A booking of an event type that requires approval (decision 040; not a group's seats): created
 * `pending`, holding its slot until `holdUntil`, with the host's approve/decline link token.
 */
export function pendingHold(
  eventType: { requiresApproval: boolean; approvalHoldHours: number; kind: string },
  now: Date,
  start: Date,
) {
  if (!eventType.requiresApproval || eventType.kind === "group") return null;
  const token = crypto.randomBytes(32).toString("base64url");
  // Held for the event type's hold time, and never past the meeting's start.
  const holdUntil = new Date(Math.min(now.getTime() + eventType.approvalHoldHours * 3_600_000, start.getTime()));
  return { token, values: { status: "pending" as const, holdUntil, approvalTokenHash: hashBookingToken(token) } };
}

/** How long a paid booking holds its slot for its guest to pay (docs/decisions/107). */
export const PAYMENT_HOLD_MINUTES = 15;

/**
 * Whether guests pay to book this event type: a price on a one-to-one, group, collective or
 * round-robin event type without approval (docs/decisions/107, 120, 123); a group's guests pay
 * per seat.
 */
export function isPaidEventType(eventType: {
  priceAmount: number | null;
  priceCurrency: string | null;
  kind: string;
  requiresApproval: boolean;
}): eventType is { priceAmount: number; priceCurrency: string; kind: string; requiresApproval: boolean } {
  return (
    eventType.priceAmount !== null &&
    eventType.priceCurrency !== null &&
    isPayableKind(eventType.kind) &&
    !eventType.requiresApproval
  );
}

/**
 * A paid booking (docs/decisions/107): created `awaiting_payment`, holding its slot under the same
 * no-overlap constraint as a confirmed one until its guest pays or the hold runs out. For a group
 * these are the seat's values (docs/decisions/123): the seat counts against the places while held.
 */
export function paymentHold(
  eventType: { priceAmount: number | null; priceCurrency: string | null; kind: string; requiresApproval: boolean },
  now: Date,
  start: Date,
) {
  if (!isPaidEventType(eventType)) return null;
  const holdUntil = new Date(Math.min(now.getTime() + PAYMENT_HOLD_MINUTES * 60_000, start.getTime()));
  return { token: undefined, values: { status: "awaiting_payment" as const, holdUntil } };
}

/** The host's bell for a new booking: a request when it waits for their approval. */
export function bookingBell(title: string, name: string, start: Date, zone: string, pending: boolean): string {
  return `${pending ? "Booking request (approve or decline)" : "New booking"}: ${title} with ${name} on ${when(start, zone)}`;
}

export function when(start: Date, zone: string): string {
  const f = formatInZone(start, zone);
  return `${f.date} at ${f.time} (${zone})`;
}

/** The guest's phone and consent as stored (docs/decisions/090): consent counts only with a number. */
export function guestPhoneValues(request: Pick<BookingRequest, "phone" | "smsConsent">, now: Date) {
  const phone = request.phone ?? null;
  return { guestPhone: phone, smsConsentAt: phone && request.smsConsent ? now : null };
}

/**
 * What every row of a booked meeting says of it, whichever way it was booked (one-to-one, a group
 * session, a series' occurrence, a team booking's rows): the event type's title, place and length,
 * the start, and the guest's name, zone, language and notes.
 */
export function meetingValues(request: BookingRequest, start: Date) {
  const { eventType } = request.found;
  return {
    eventName: eventType.title,
    eventType: LOCATION_EVENT_TYPE[eventType.location.type] ?? "Google Meet",
    eventWith: eventType.kind === "group" ? "Group" : "One-to-One",
    description: eventType.description,
    startsAt: start,
    endsAt: new Date(start.getTime() + eventType.duration * 60_000),
    guestName: request.name,
    guestTimeZone: request.timeZone,
    guestLanguage: request.language ?? null,
    notes: request.notes ?? null,
    eventTypeId: eventType.id,
  } satisfies Partial<NewEvent>;
}

/**
 * The guest's own part of the row that is their booking (not a co-host's copy, not a group
 * session's row): their address, phone, answers, the link's source, their token and the routing
 * form's response that led to it.
 */
export function guestBookingValues(request: BookingRequest, now: Date, tokenHash: string) {
  return {
    guestEmail: request.email,
    ...guestPhoneValues(request, now),
    answers: request.answers ?? null,
    utm: utmToStore(request.utm),
    bookingTokenHash: tokenHash,
    routingResponseId: request.found.routingResponseId ?? null,
  } satisfies Partial<NewEvent>;
}

/** The same for a group session's seat (docs/decisions/109): the number is the seat's own. */
export function seatPhoneValues(request: Pick<BookingRequest, "phone" | "smsConsent">, now: Date) {
  const { guestPhone, smsConsentAt } = guestPhoneValues(request, now);
  return { phone: guestPhone, smsConsentAt };
}
