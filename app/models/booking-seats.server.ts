import { transaction } from "~/server/transaction.server";
import { and, asc, eq, inArray, ne, sql } from "drizzle-orm";
import { bookingSeats, eventInvitees, events, type BookingSeat, type Event } from "../../db/schema";
import { getDb } from "~/server/db.server";
import { hashBookingToken, slotsOfDay, when, type BookingHost, type SeatBooking } from "./booking-request.server";

export type { SeatBooking };
import { isOverlapViolation, isUuid, lockHost, notify, type HostEvent, type Transaction } from "./event.server";
import { asBooked, getBookableEventType, type BookableEventType, type EventType } from "./event-type.server";

/**
 * Seats of group sessions (decision 021). A group session is one event (one busy time, one room,
 * one entry in the host's calendar); each guest who books it holds a seat: their own row with
 * their extra guests and their own token, so their cancel and reschedule links act on their seat
 * only. Places used = the sum over confirmed seats of 1 + their guests, never more than the event
 * type's seats: every write here runs under the host's row lock (the same per-host queue as every
 * booking) and re-counts inside the transaction.
 *
 * event_invitees keeps the legacy view of a session (targetedEmail email1..email4): the first four
 * people of its confirmed seats, rebuilt on every change.
 */

/** A seat seen as a booking: the session's event with the seat's identity (id, guest, status, SEQUENCE, people). */
export type SeatPerson = Pick<BookingSeat, "name" | "email" | "timeZone" | "notes" | "guests"> &
  Partial<Pick<BookingSeat, "answers" | "phone" | "smsConsentAt">>;

export function placesOf(seat: Pick<BookingSeat, "guests">): number {
  return 1 + seat.guests.length;
}

export function peopleOf(seat: Pick<BookingSeat, "email" | "guests">): string[] {
  return [seat.email, ...seat.guests];
}

/** A session with its live seats' people as invitees, each seat holder's name known (ATTENDEE CN). */
export function sessionWithSeats(session: Event, live: Pick<BookingSeat, "email" | "guests" | "name">[]): HostEvent {
  return {
    ...session,
    invitees: live.flatMap(peopleOf),
    attendeeNames: Object.fromEntries(live.map((s) => [s.email, s.name])),
  };
}

/**
 * The seat as its guest sees it. Its calendar entry is its own (UID `<seat id>@host`, the seat's
 * SEQUENCE, its people as attendees), so a seat moves or goes without touching anyone else's.
 */
export function seatBooking(session: Event, seat: BookingSeat, live: BookingSeat[]): SeatBooking {
  const cancelled = session.status === "cancelled" || seat.status === "cancelled";
  // A paid seat waiting for its payment (docs/decisions/123) is the guest's hold, not yet a booking.
  const held = !cancelled && seat.status === "awaiting_payment";
  return {
    ...session,
    id: seat.id,
    sessionId: session.id,
    guestName: seat.name,
    guestEmail: seat.email,
    guestTimeZone: seat.timeZone,
    notes: seat.notes,
    answers: seat.answers,
    // The seat's own number and consent (docs/decisions/109), as a one-to-one booking's row carries them.
    guestPhone: seat.phone,
    smsConsentAt: seat.smsConsentAt,
    status: cancelled ? "cancelled" : held ? "awaiting_payment" : "confirmed",
    holdUntil: held ? seat.holdUntil : null,
    sequence: seat.sequence,
    invitees: peopleOf(seat),
    session: sessionWithSeats(session, live),
  };
}

type Executor = Awaited<ReturnType<typeof getDb>> | Transaction;

/** A session's confirmed seats, in booking order. */
export async function liveSeats(db: Executor, sessionId: string): Promise<BookingSeat[]> {
  return db
    .select()
    .from(bookingSeats)
    .where(and(eq(bookingSeats.eventId, sessionId), eq(bookingSeats.status, "confirmed")))
    .orderBy(asc(bookingSeats.createdAt), asc(bookingSeats.id));
}

/**
 * Every seat of these sessions (confirmed or cancelled; a seat waiting for its payment is nobody's
 * attendee yet, docs/decisions/123), in booking order, by session: the Scheduled Events page's attendee lists.
 */
export async function seatsOfSessions(sessionIds: string[]): Promise<Map<string, BookingSeat[]>> {
  const bySession = new Map<string, BookingSeat[]>();
  if (sessionIds.length === 0) return bySession;
  const db = await getDb();
  const rows = await db
    .select()
    .from(bookingSeats)
    .where(and(inArray(bookingSeats.eventId, sessionIds), ne(bookingSeats.status, "awaiting_payment")))
    .orderBy(asc(bookingSeats.createdAt), asc(bookingSeats.id));
  for (const row of rows) bySession.set(row.eventId, [...(bySession.get(row.eventId) ?? []), row]);
  return bySession;
}

/** The legacy view of a live session: its first four people as event_invitees (targetedEmail). */
export async function refreshInvitees(tx: Transaction, sessionId: string, live: BookingSeat[]): Promise<void> {
  const people = live.flatMap(peopleOf).slice(0, 4);
  await tx.delete(eventInvitees).where(eq(eventInvitees.eventId, sessionId));
  if (people.length > 0)
    await tx.insert(eventInvitees).values(people.map((email, i) => ({ eventId: sessionId, position: i + 1, email })));
}

/** Bumps the session's SEQUENCE (its attendee list or time changed: the host's calendar takes the update); the row after. */
export async function bumpSession(
  tx: Transaction,
  sessionId: string,
  now: Date,
  change: Partial<Pick<Event, "status" | "startsAt" | "endsAt">> = {},
): Promise<Event> {
  const [row] = await tx
    .update(events)
    .set({ ...change, sequence: sql`${events.sequence} + 1`, updatedAt: now })
    .where(eq(events.id, sessionId))
    .returning();
  return row;
}

/** After a seat left: the session is cancelled with its last seat, else its attendee list is rebuilt. */
async function afterSeatLeft(
  tx: Transaction,
  sessionId: string,
  now: Date,
): Promise<{ session: Event; live: BookingSeat[] }> {
  const live = await liveSeats(tx, sessionId);
  if (live.length === 0 && !(await hasHeldSeat(tx, sessionId)))
    return { session: await bumpSession(tx, sessionId, now, { status: "cancelled" }), live };
  await refreshInvitees(tx, sessionId, live);
  return { session: await bumpSession(tx, sessionId, now), live };
}

/** Whether a seat of the session waits for its payment (docs/decisions/123): the session stays for it. */
export async function hasHeldSeat(tx: Transaction, sessionId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: bookingSeats.id })
    .from(bookingSeats)
    .where(and(eq(bookingSeats.eventId, sessionId), eq(bookingSeats.status, "awaiting_payment")))
    .limit(1);
  return row !== undefined;
}

/** After a seat joined an existing session (or opened one): its attendee list; SEQUENCE + 1 when it already existed. */
async function afterSeatJoined(
  tx: Transaction,
  session: Event,
  opened: boolean,
  now: Date,
): Promise<{ session: Event; live: BookingSeat[] }> {
  const live = await liveSeats(tx, session.id);
  await refreshInvitees(tx, session.id, live);
  // A session only held seats opened (docs/decisions/123) is announced with its first confirmed seat.
  if (session.status === "awaiting_payment")
    return { session: await bumpSession(tx, session.id, now, { status: "confirmed" }), live };
  return { session: opened ? session : await bumpSession(tx, session.id, now), live };
}

/** A held seat was paid (docs/decisions/123): it joins the session's attendees as a new seat would. */
export async function seatPaid(
  tx: Transaction,
  session: Event,
  seatId: string,
  now: Date,
): Promise<{ session: Event; seat: BookingSeat; live: BookingSeat[] }> {
  const [seat] = await tx
    .update(bookingSeats)
    .set({ status: "confirmed", holdUntil: null, updatedAt: now })
    .where(eq(bookingSeats.id, seatId))
    .returning();
  const joined = await afterSeatJoined(tx, session, false, now);
  return { ...joined, seat };
}

async function placesUsed(tx: Transaction, sessionId: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`coalesce(sum(1 + cardinality(${bookingSeats.guests})), 0)`.mapWith(Number) })
    .from(bookingSeats)
    // A seat waiting for its payment holds its places too (docs/decisions/123): no overselling while guests pay.
    .where(and(eq(bookingSeats.eventId, sessionId), ne(bookingSeats.status, "cancelled")));
  return row?.n ?? 0;
}

/**
 * The live session of `eventType` at `start` with room for `places` more (its row locked), or a
 * new one from `open()`; null when full. Call under the host's row lock.
 */
async function sessionWithRoom(
  tx: Transaction,
  eventType: Pick<EventType, "id" | "seats">,
  start: Date,
  places: number,
  open: () => Promise<Event>,
): Promise<{ session: Event; opened: boolean } | null> {
  const seats = eventType.seats ?? 1;
  const [existing] = await tx
    .select()
    .from(events)
    .where(and(eq(events.eventTypeId, eventType.id), eq(events.startsAt, start), ne(events.status, "cancelled")))
    .limit(1)
    .for("update");
  if (existing)
    return (await placesUsed(tx, existing.id)) + places <= seats ? { session: existing, opened: false } : null;
  return places <= seats ? { session: await open(), opened: true } : null;
}

/**
 * Books a seat of `eventType` at `start` (createBooking's group branch, inside its transaction,
 * after the host lock and the slot check): joins the live session there or opens one with
 * `open()`. Null when the places asked for do not fit.
 */
export async function bookSeat(
  tx: Transaction,
  args: {
    eventType: Pick<EventType, "id" | "seats">;
    start: Date;
    person: SeatPerson;
    tokenHash: string;
    now: Date;
    open: () => Promise<Event>;
    /** A paid seat (docs/decisions/123): held, waiting for its payment. */
    hold?: { status: "awaiting_payment"; holdUntil: Date } | null;
  },
): Promise<SeatBooking | null> {
  const found = await sessionWithRoom(tx, args.eventType, args.start, placesOf(args.person), args.open);
  if (!found) return null;
  const [seat] = await tx
    .insert(bookingSeats)
    .values({
      ...args.person,
      ...args.hold,
      eventId: found.session.id,
      tokenHash: args.tokenHash,
      createdAt: args.now,
      updatedAt: args.now,
    })
    .returning();
  // A held seat changes nobody's attendee list (nor the session's SEQUENCE) until it is paid.
  if (args.hold) return seatBooking(found.session, seat, await liveSeats(tx, found.session.id));
  const { session, live } = await afterSeatJoined(tx, found.session, found.opened, args.now);
  return seatBooking(session, seat, live);
}

/**
 * The seat a guest's token opens: `id` is the seat's id (its links) or its session's event id (the
 * booking `id` POST /api/bookings answers). Null for every miss, so nothing hints that a seat exists.
 */
export async function findSeatBooking(id: string, token: string): Promise<SeatBooking | null> {
  if (!token || !isUuid(id)) return null;
  const db = await getDb();
  const [seat] = await db
    .select()
    .from(bookingSeats)
    .where(
      and(
        eq(bookingSeats.tokenHash, hashBookingToken(token)),
        sql`(${bookingSeats.id} = ${id} or ${bookingSeats.eventId} = ${id})`,
      ),
    )
    .limit(1);
  if (!seat) return null;
  const [session] = await db.select().from(events).where(eq(events.id, seat.eventId));
  return session ? seatBooking(session, seat, await liveSeats(db, session.id)) : null;
}

export type SeatChangeResult =
  | {
      ok: true;
      /** The seat after the change. */
      booking: SeatBooking;
      host: BookingHost;
      /** The session the seat left (a move to another session, or a cancel): cancelled when its last seat went. */
      left: HostEvent | null;
      /** The seat was waiting for its payment: its cancel is a release nobody is told of (docs/decisions/123). */
      held?: boolean;
    }
  | { ok: false; reason: "not-found" | "already-cancelled" | "meeting-started" | "slot-unavailable" | "slot-full" };

/**
 * After a held seat went unpaid (released, or cancelled by its guest): a session that only held
 * seats and has none left is cancelled unannounced; otherwise nothing anyone sees changed.
 */
export async function afterHeldSeatLeft(
  tx: Transaction,
  session: Event,
  now: Date,
): Promise<{ session: Event; live: BookingSeat[] }> {
  const live = await liveSeats(tx, session.id);
  if (live.length > 0 || (await hasHeldSeat(tx, session.id))) return { session, live };
  const [closed] = await tx
    .update(events)
    .set({ status: "cancelled", holdUntil: null, updatedAt: now })
    .where(eq(events.id, session.id))
    .returning();
  return { session: closed, live };
}

/**
 * Cancels one seat: its places are free again; the session goes with its last seat. With
 * `refuseStarted`, a session that has started (checked on the locked row) is refused.
 */
export async function cancelSeat(
  found: SeatBooking,
  reason: string | undefined,
  now: Date,
  within?: SeatWithin,
  refuseStarted = false,
): Promise<SeatChangeResult> {
  const db = await getDb();
  return transaction(db, async (tx) =>
    afterChange(tx, within, found, await cancelSeatIn(tx, found, reason, now, refuseStarted)),
  );
}

/** The caller's work in the change's transaction (decision 030), with the seat's times before it. */
async function afterChange(
  tx: Transaction,
  within: SeatWithin | undefined,
  found: SeatBooking,
  result: SeatChangeResult,
): Promise<SeatChangeResult> {
  if (result.ok && within) await within(tx, result, { startsAt: found.startsAt, endsAt: found.endsAt });
  return result;
}

export type SeatWithin = (
  tx: Transaction,
  result: Extract<SeatChangeResult, { ok: true }>,
  before: { startsAt: Date; endsAt: Date },
) => Promise<void>;

async function cancelSeatIn(
  tx: Transaction,
  found: SeatBooking,
  reason: string | undefined,
  now: Date,
  refuseStarted: boolean,
): Promise<SeatChangeResult> {
  // An event's host never changes: the locked row is the one the mails name.
  const host = await lockHost(tx, found.hostId);
  const [seat] = await tx.select().from(bookingSeats).where(eq(bookingSeats.id, found.id)).for("update");
  const [current] = seat ? await tx.select().from(events).where(eq(events.id, seat.eventId)).for("update") : [];
  if (!seat || !current) return { ok: false, reason: "not-found" };
  if (seat.status === "cancelled" || current.status === "cancelled") return { ok: false, reason: "already-cancelled" };
  if (refuseStarted && current.startsAt.getTime() <= now.getTime()) return { ok: false, reason: "meeting-started" };
  const [cancelled] = await tx
    .update(bookingSeats)
    .set({
      status: "cancelled",
      cancelledAt: now,
      holdUntil: null,
      sequence: sql`${bookingSeats.sequence} + 1`,
      updatedAt: now,
    })
    .where(eq(bookingSeats.id, seat.id))
    .returning();
  if (seat.status === "awaiting_payment") {
    // Never announced (docs/decisions/123): its end is not either, and nobody's list changes.
    const after = await afterHeldSeatLeft(tx, current, now);
    return { ok: true, booking: seatBooking(after.session, cancelled, after.live), host, left: null, held: true };
  }
  const { session, live } = await afterSeatLeft(tx, current.id, now);
  await notify(
    tx,
    current.hostId,
    `Seat cancelled by ${seat.name}: ${current.eventName} on ${when(current.startsAt, host.timeZone)}${reason ? ` — ${reason}` : ""}`,
    { eventId: current.id },
  );
  const booking = seatBooking(session, cancelled, live);
  return { ok: true, booking, host, left: booking.session };
}

/**
 * Moves one seat (and its guests) to `start`, a free slot of its event type now with room for
 * its places: it joins the live session there, or the seat's own session moves when the seat is
 * alone in it, or a new session opens. Re-checked under the
 * host's row lock; its old session keeps its other seats, or is cancelled with its last one.
 */
export async function rescheduleSeat(
  found: SeatBooking,
  start: Date,
  now: Date,
  within?: SeatWithin,
): Promise<SeatChangeResult> {
  if (found.status === "cancelled") return { ok: false, reason: "already-cancelled" };
  const bookable = asBooked(found.eventTypeId ? await getBookableEventType(found.eventTypeId) : null, found);
  if (!bookable) return { ok: false, reason: "slot-unavailable" };
  const db = await getDb();
  try {
    return await transaction(db, async (tx) =>
      afterChange(tx, within, found, await rescheduleSeatIn(tx, found, bookable, start, now)),
    );
  } catch (error) {
    if (isOverlapViolation(error)) return { ok: false, reason: "slot-unavailable" };
    throw error;
  }
}

async function rescheduleSeatIn(
  tx: Transaction,
  found: SeatBooking,
  bookable: BookableEventType,
  start: Date,
  now: Date,
): Promise<SeatChangeResult> {
  // An event's host never changes: the locked row is the one the mails name.
  const host = await lockHost(tx, found.hostId);
  const [seat] = await tx.select().from(bookingSeats).where(eq(bookingSeats.id, found.id)).for("update");
  const [current] = seat ? await tx.select().from(events).where(eq(events.id, seat.eventId)).for("update") : [];
  if (!seat || !current) return { ok: false, reason: "not-found" };
  if (seat.status === "cancelled" || current.status === "cancelled") return { ok: false, reason: "already-cancelled" };
  // A seat waiting for its payment is not a booking yet (docs/decisions/123): it cannot move.
  if (seat.status === "awaiting_payment") return { ok: false, reason: "slot-unavailable" };
  const alone = (await liveSeats(tx, current.id)).length === 1;
  if (start.getTime() === current.startsAt.getTime()) {
    return { ok: true, booking: seatBooking(current, seat, await liveSeats(tx, current.id)), host, left: null };
  }
  // Alone in its session, the seat's own session does not block the move.
  const slot = (
    await slotsOfDay(tx, bookable, start, seat.timeZone, now, { excludeEventId: alone ? current.id : undefined })
  ).find((s) => s.start === start.getTime());
  if (!slot) return { ok: false, reason: "slot-unavailable" };
  const places = placesOf(seat);
  if (places > (slot.seatsRemaining ?? bookable.eventType.seats ?? 1)) return { ok: false, reason: "slot-full" };
  const end = new Date(start.getTime() + (current.endsAt.getTime() - current.startsAt.getTime()));

  let moveSession = false;
  const target = await sessionWithRoom(tx, bookable.eventType, start, places, async () => {
    if (alone) {
      moveSession = true;
      return bumpSession(tx, current.id, now, { startsAt: start, endsAt: end });
    }
    await lockHost(tx, current.hostId);
    const [opened] = await tx
      .insert(events)
      .values({
        hostId: current.hostId,
        eventName: current.eventName,
        eventType: current.eventType,
        eventWith: current.eventWith,
        description: current.description,
        startsAt: start,
        endsAt: end,
        guestName: seat.name,
        guestEmail: seat.email,
        guestTimeZone: seat.timeZone,
        notes: seat.notes,
        eventTypeId: current.eventTypeId,
      })
      .returning();
    return opened;
  });
  if (!target) return { ok: false, reason: "slot-full" };
  const [moved] = await tx
    .update(bookingSeats)
    .set({ eventId: target.session.id, sequence: sql`${bookingSeats.sequence} + 1`, updatedAt: now })
    .where(eq(bookingSeats.id, seat.id))
    .returning();
  const joined = moveSession
    ? { session: target.session, live: await liveSeats(tx, target.session.id) }
    : await afterSeatJoined(tx, target.session, target.opened, now);
  const left = moveSession ? null : await afterSeatLeft(tx, current.id, now);
  await notify(
    tx,
    current.hostId,
    `Seat moved: ${current.eventName} with ${seat.name} to ${when(start, host.timeZone)}`,
    { eventId: moveSession ? current.id : joined.session.id },
  );
  return {
    ok: true,
    booking: seatBooking(joined.session, moved, joined.live),
    host,
    left: left ? sessionWithSeats(left.session, left.live) : null,
  };
}

/**
 * The host or an admin cancelled the whole session (cancelEvent, in its transaction, decision 029): every confirmed seat is cancelled with it (SEQUENCE + 1); the seats, for their
 * guests' CANCEL mails.
 */
export async function closeSessionSeats(db: Executor, sessionId: string, now: Date): Promise<BookingSeat[]> {
  // Seats still waiting for their payment go with it, untold (their payments are released by the cancel path).
  await db
    .update(bookingSeats)
    .set({ status: "cancelled", cancelledAt: now, holdUntil: null, updatedAt: now })
    .where(and(eq(bookingSeats.eventId, sessionId), eq(bookingSeats.status, "awaiting_payment")));
  return db
    .update(bookingSeats)
    .set({ status: "cancelled", cancelledAt: now, sequence: sql`${bookingSeats.sequence} + 1`, updatedAt: now })
    .where(and(eq(bookingSeats.eventId, sessionId), eq(bookingSeats.status, "confirmed")))
    .returning();
}

/** The host moved the whole session (moveBooking, in its transaction): every confirmed seat's entry moves too (SEQUENCE + 1). */
export async function moveSessionSeats(tx: Transaction, sessionId: string, now: Date): Promise<BookingSeat[]> {
  return tx
    .update(bookingSeats)
    .set({ sequence: sql`${bookingSeats.sequence} + 1`, updatedAt: now })
    .where(and(eq(bookingSeats.eventId, sessionId), eq(bookingSeats.status, "confirmed")))
    .returning();
}
