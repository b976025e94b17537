import { transaction } from "~/server/transaction.server";
import crypto from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { eventInvitees, eventTypes, events, teams, users, type BookingSeat, type Event } from "../../db/schema";
import { computeSlots } from "~/scheduling/slots";
import type { BookingPolicy, PolicyRefusal } from "~/scheduling/booking-policy";
import { policyOfEventType } from "./booking-policy.server";
import { addDays, instantToWallClock } from "~/scheduling/zoned-time";
import { getDb } from "~/server/db.server";
import type { IdempotencyHooks, StoredAnswer } from "./idempotency.server";
import {
  isOverlapViolation,
  isUuid,
  lockHost,
  notify,
  withInvitees,
  type HostEvent,
  type Transaction,
} from "./event.server";
import { asBooked, getBookableEventType, slotSearch, type BookableEventType } from "./event-type.server";
import { applyBookingControls, linkUsedBy } from "./booking-controls.server";
import { bookSeat, findSeatBooking, moveSessionSeats } from "./booking-seats.server";
import {
  hashBookingToken,
  bookingBell,
  guestBookingValues,
  meetingValues,
  seatPhoneValues,
  hostOf,
  paymentHold,
  pendingHold,
  slotsOfDay,
  when,
  type BookingFailure,
  type BookingHost,
  type BookingRequest,
  type BookingResult,
} from "./booking-request.server";

import {
  createTeamBooking,
  lockHostsInOrder,
  moveLinkedRows,
  rescheduleSearch,
  TeamBookingRefused,
} from "./team-booking.server";
import { recordRoutingConversion } from "./routing-forms.server";
import { isTeamKind, liveHostIds } from "./team-hosts.server";
import { handOverOnMove } from "./round-robin.server";
import { isUnansweredRequest } from "./approval.server";
import { actsAsHost } from "./booking-access.server";
import { utmToStore } from "~/schemas/utm";

/**
 * Bookings (decision 018): an Event a guest books through an event type. Every write runs in one
 * transaction that first locks the host's users row (the same per-host queue as the dashboard's
 * createHostEvent), then re-computes the free slots with the busy time read under that lock, so
 * two guests racing for one slot are decided by the database, not by a check-then-insert. The
 * exclusion constraint events_no_overlap (23P01, migration 0007) is a second net: same answer.
 */

/** Largest number of invitees one event holds (event_invitees.position is 1..4); a group session's seats hold more (decision 021). */
export const MAX_INVITEES = 4;

class BookingRefused extends Error {
  constructor(readonly reason: BookingFailure) {
    super(reason);
    this.name = "BookingRefused";
  }
}

export type BookingSuccess = Extract<BookingResult, { ok: true }>;

/** An Idempotency-Key's part in a booking (decision 024): claimed first, the answer stored last, in the booking's transaction. */
export interface BookingIdempotency {
  hooks: IdempotencyHooks;
  answer(result: BookingSuccess): StoredAnswer;
}

/** The success, with its answer stored for the key's retries (a refusal throws, so the claim rolls back with it). */
async function recorded(
  tx: Transaction,
  result: BookingResult,
  idempotency: BookingIdempotency | undefined,
  within?: Within<BookingSuccess>,
): Promise<BookingResult> {
  if (result.ok && within) await within(tx, result);
  if (result.ok && idempotency) await idempotency.hooks.record(tx, idempotency.answer(result));
  return result;
}

/** Work a caller adds to a change's own transaction, after the change succeeded (the booking event, decision 030). */
export type Within<T> = (tx: Transaction, result: T, before?: { startsAt: Date; endsAt: Date }) => Promise<void>;

/** Runs a booking transaction; a refusal or a lost overlap race becomes a typed failure. */
async function decide<T>(run: () => Promise<T>): Promise<T | { ok: false; reason: BookingFailure }> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof BookingRefused || error instanceof TeamBookingRefused)
      return { ok: false, reason: error.reason };
    if (isOverlapViolation(error)) return { ok: false, reason: "slot-unavailable" };
    throw error;
  }
}

export async function createBooking(
  request: BookingRequest,
  now: Date,
  idempotency?: BookingIdempotency,
  within?: Within<BookingSuccess>,
): Promise<BookingResult> {
  const { found, start, name, email, timeZone } = request;
  const { eventType, ownerId } = found;
  const invitees = [email, ...(eventType.kind === "group" ? (request.guests ?? []) : [])];
  const db = await getDb();
  // Collective and round robin: several hosts (decision 020).
  if (isTeamKind(eventType.kind)) {
    return decide(() =>
      transaction(db, async (tx) => {
        await idempotency?.hooks.claim(tx, now);
        return recorded(tx, await createTeamBooking(tx, request, now), idempotency, within);
      }),
    );
  }
  const token = crypto.randomBytes(32).toString("base64url");
  return decide(() =>
    transaction(db, async (tx): Promise<BookingResult> => {
      await idempotency?.hooks.claim(tx, now);
      // The host's row is the per-host queue; guest bookings never count toward the free cap (decision 038).
      const host = await lockHost(tx, ownerId);
      const controls = await applyBookingControls(
        tx,
        { eventType, email, singleUseToken: request.singleUseToken },
        now,
      );
      if (!controls.ok) throw new BookingRefused(controls.reason);
      const slot = (await slotsOfDay(tx, found, start, timeZone, now)).find((s) => s.start === start.getTime());
      if (!slot) throw new BookingRefused("slot-unavailable");
      const zone = host.timeZone;

      const hold = pendingHold(eventType, now, start) ?? paymentHold(eventType, now, start);
      // A paid booking's host hears of it once it is paid (docs/decisions/107).
      const awaitingPayment = hold?.values.status === "awaiting_payment";
      const newEvent = async (tokenHash: string | null) => {
        const [created] = await tx
          .insert(events)
          .values({
            hostId: ownerId,
            ...meetingValues(request, start),
            // A group session's row (no token) carries the source of the seat that opened it.
            ...(tokenHash
              ? { ...guestBookingValues(request, now, tokenHash), ...hold?.values }
              : {
                  guestEmail: email,
                  utm: utmToStore(request.utm),
                  // Opened by a held seat: unannounced until a seat of it is paid (docs/decisions/123).
                  ...(awaitingPayment ? { status: "awaiting_payment" as const } : {}),
                }),
          })
          .returning();
        if (tokenHash && found.routingResponseId)
          await recordRoutingConversion(tx, found.routingResponseId, created.id, now);
        return created;
      };

      if (eventType.kind === "group" && eventType.seats !== null) {
        // A seat of the session at this start (decision 021): the guest and their guests take
        // 1 + guests places; the engine counted the places taken, the seat module re-counts.
        if (invitees.length > (slot.seatsRemaining ?? eventType.seats)) throw new BookingRefused("slot-full");
        const seat = await bookSeat(tx, {
          eventType,
          start,
          person: {
            name,
            email,
            timeZone,
            notes: request.notes ?? null,
            guests: invitees.slice(1),
            answers: request.answers ?? null,
            // Each seat's own number and consent (docs/decisions/109).
            ...seatPhoneValues(request, now),
          },
          tokenHash: hashBookingToken(token),
          now,
          open: () => newEvent(null),
          // A paid seat is held while its guest pays (docs/decisions/123).
          hold: awaitingPayment && hold ? { status: "awaiting_payment", holdUntil: hold.values.holdUntil } : null,
        });
        if (!seat) throw new BookingRefused("slot-full");
        if (controls.linkId) await linkUsedBy(tx, controls.linkId, seat.session.id);
        if (!awaitingPayment)
          await notify(tx, ownerId, `New booking: ${eventType.title} with ${name} on ${when(start, zone)}`, {
            eventId: seat.session.id,
          });
        return recorded(tx, { ok: true, booking: seat, token, host, newInvitees: invitees }, idempotency, within);
      }

      const created = await newEvent(hashBookingToken(token));
      const approvalToken = hold?.token;
      const success = {
        ok: true as const,
        booking: { ...created, invitees },
        token,
        host,
        newInvitees: invitees,
        approvalToken,
      };
      // The booking's other writes need no answer from one another: sent together, they are one
      // round trip under the host's lock instead of one each. Any failure fails the whole.
      const [, , , result] = await Promise.all([
        controls.linkId ? linkUsedBy(tx, controls.linkId, created.id) : null,
        tx
          .insert(eventInvitees)
          .values(invitees.map((address, i) => ({ eventId: created.id, position: i + 1, email: address }))),
        awaitingPayment
          ? null
          : notify(tx, ownerId, bookingBell(eventType.title, name, start, zone, hold !== null), {
              eventId: created.id,
            }),
        recorded(tx, success, idempotency, within),
      ]);
      return result;
    }),
  );
}

/**
 * Who acts on a booking: its host (bearer or session) or the holder of its token. `hostId` is the
 * person acting as host: the booking's own host, or a manager of its event type's team (decision 062).
 */
export type BookingActor = { hostId: string } | { token: string };

function actorFilter(actor: BookingActor) {
  return "hostId" in actor ? actsAsHost(actor.hostId) : eq(events.bookingTokenHash, hashBookingToken(actor.token));
}

/** The booking (an event booked by a guest) the actor may act on, or null: no hint another's exists. */
async function findBooking(id: string, actor: BookingActor): Promise<Event | null> {
  if (!isUuid(id)) return null;
  const db = await getDb();
  const [row] = await db
    .select()
    .from(events)
    .where(and(eq(events.id, id), sql`${events.guestEmail} is not null`, actorFilter(actor)))
    .limit(1);
  return row ?? null;
}

/** Whether the actor may act on the booking: checked before anything is done for them (decision 063). */
export async function mayActOnBooking(id: string, actor: BookingActor): Promise<boolean> {
  return (await findBooking(id, actor)) !== null;
}

/** `seats`: a group session's seats the change reached (the host cancelled or moved the whole session; decision 021). */
export type ChangeResult =
  | {
      ok: true;
      booking: HostEvent;
      host: BookingHost;
      seats?: BookingSeat[];
      /** A round-robin booking its guest moved to a time its host is busy: the host it left (decision 060). */
      previousHost?: BookingHost & { id: string };
    }
  | { ok: false; reason: "not-found" | "already-cancelled" | "meeting-started" | BookingFailure }
  /** A guest's change its event type's policy refuses (decision 077). */
  | { ok: false; reason: "policy-refuses"; refusal: PolicyRefusal };

/**
 * Moves a booking to `start` when that is a free slot now (its own time does not block it); SEQUENCE + 1,
 * and a guest's move counted (decision 077). `guard` sees the locked row first and may throw
 * (a guest's policy, app/models/booking-policy.server.ts): nothing is changed then.
 * `outsideHours`: the host's confirmed override (decision 089): any future start, its event type
 * on or off, with only the database's guarantee that none of the host's meetings overlap.
 */
export async function moveBooking(
  id: string,
  actor: BookingActor,
  start: Date,
  now: Date,
  within?: Within<Extract<ChangeResult, { ok: true }>>,
  guard?: (tx: Transaction, current: Event) => Promise<void>,
  outsideHours = false,
): Promise<ChangeResult> {
  const override = outsideHours && !("token" in actor);
  const found = await findBooking(id, actor);
  if (!found) return { ok: false, reason: "not-found" };
  if (found.status === "cancelled") return { ok: false, reason: "already-cancelled" };
  if (override && start.getTime() <= now.getTime()) return { ok: false, reason: "slot-unavailable" };
  const bookable = asBooked(found.eventTypeId ? await getBookableEventType(found.eventTypeId, override) : null, found);
  if (!bookable && !override) return { ok: false, reason: "slot-unavailable" };
  const kind = bookable?.eventType.kind ?? "one-to-one";
  const db = await getDb();
  // Team bookings (decision 020): a collective moves with its co-host rows (every host locked, in
  // id order, none blocked by the booking itself). A round-robin booking moved by its guest keeps
  // its host where they are free, else goes to the best ranked free host (decision 060: every
  // live host locked); moved by its host, it stays theirs.
  const handOver = "token" in actor && kind === "round-robin";
  const { linked, ...team } = await rescheduleSearch(id, found.hostId, kind, { handOver });
  const live = handOver && bookable ? await liveHostIds(db, bookable) : [];
  return decide(() =>
    transaction(db, async (tx): Promise<ChangeResult> => {
      await lockHostsInOrder(tx, [found.hostId, ...linked.map((r) => r.hostId), ...live]);
      const [current] = await tx.select().from(events).where(eq(events.id, id)).for("update");
      if (!current) return { ok: false, reason: "not-found" };
      if (current.status === "cancelled") return { ok: false, reason: "already-cancelled" };
      // Handed to another host since it was read: that host was not locked.
      if (current.hostId !== found.hostId) throw new BookingRefused("slot-unavailable");
      await guard?.(tx, current);
      const zone = current.guestTimeZone ?? "UTC";
      const slot =
        override || !bookable
          ? null
          : (await slotsOfDay(tx, bookable, start, zone, now, team)).find((s) => s.start === start.getTime());
      if (!slot && !override) throw new BookingRefused("slot-unavailable");
      const hostId = handOver && slot ? slot.hostIds[0] : current.hostId;
      const [updated] = await tx
        .update(events)
        .set({
          startsAt: start,
          endsAt: new Date(start.getTime() + (current.endsAt.getTime() - current.startsAt.getTime())),
          sequence: sql`${events.sequence} + 1`,
          ...("token" in actor ? { rescheduleCount: sql`${events.rescheduleCount} + 1` } : {}),
          updatedAt: now,
          ...(hostId !== current.hostId ? { hostId } : {}),
        })
        .where(eq(events.id, id))
        .returning();
      await moveLinkedRows(tx, id, updated.startsAt, updated.endsAt, now);
      const host = await hostOf(tx, hostId);
      const previousHost =
        hostId !== current.hostId ? { id: current.hostId, ...(await hostOf(tx, current.hostId)) } : undefined;
      // A hand-over needs a slot, so its event type was bookable.
      if (previousHost && bookable)
        await handOverOnMove(tx, {
          event: current,
          eventTypeId: bookable.eventType.id,
          live,
          previousHostId: current.hostId,
          hostId,
          free: slot?.freeHostIds ?? [hostId],
          start,
          now,
        });
      // The bell tells the host what others did (a guest, a team admin): not their own move (a
      // hand-over rang both above).
      else if (!("hostId" in actor && actor.hostId === current.hostId))
        await notify(
          tx,
          current.hostId,
          `Booking moved: ${current.eventName} with ${current.guestName ?? "a guest"} to ${when(start, host.timeZone)}`,
          { eventId: current.id },
        );
      const seats = await moveSessionSeats(tx, id, now);
      const [withList] = await withInvitees(tx, [updated]);
      const result = { ok: true as const, booking: withList, host, seats, ...(previousHost ? { previousHost } : {}) };
      await within?.(tx, result, { startsAt: current.startsAt, endsAt: current.endsAt });
      return result;
    }),
  );
}

/** What the guest's cancel and reschedule pages show: this one booking, nothing else of the host. */
export interface GuestBooking {
  id: string;
  /** Who hosts it (a round-robin booking's assigned host). */
  hostId: string;
  title: string;
  startsAt: Date;
  endsAt: Date;
  status: Event["status"];
  guestName: string | null;
  guestTimeZone: string | null;
  hostName: string;
  /** "/{username}/{slug}" when the host has a username and the event type still takes bookings. */
  bookAgainPath: string | null;
  /** The event type it was booked through, while it takes bookings (the reschedule page's slots). */
  bookable: BookableEventType | null;
  /** A seat of a group session (decision 021): its session, whether it is the session's only seat, the places it takes. */
  seat: { sessionId: string; alone: boolean; places: number } | null;
  /** A request waiting for the host's approval, or one cancelled while it waited (decision 040). */
  request: boolean;
  /** Where the guest can write to the host (the pages' contact link, decision 077). */
  hostEmail: string;
  /** Its event type's cancel and reschedule policy (decision 077), null when the event type is gone. */
  policy: BookingPolicy | null;
  /** The guest's reschedules so far (a seat's are not counted). */
  rescheduleCount: number;
  /** The language the guest booked in (docs/decisions/088), null before languages. */
  guestLanguage: string | null;
  /** A recurring series' meeting (decision 106): its place and the series' size. */
  series: { index: number; count: number } | null;
}

/** The booking `token` opens (its id must match too), or null: the pages answer 404 alike for every miss. */
export async function getGuestBooking(id: string, token: string): Promise<GuestBooking | null> {
  if (!token) return null;
  // A group session's guest holds a seat (decision 021): the token opens that seat only.
  const seat = await findSeatBooking(id, token);
  const found = seat ?? (await findBooking(id, { token }));
  if (!found) return null;
  const db = await getDb();
  const [host] = await db
    .select({ name: users.name, username: users.username, email: users.email })
    .from(users)
    .where(eq(users.id, found.hostId));
  const bookable = asBooked(found.eventTypeId ? await getBookableEventType(found.eventTypeId) : null, found);
  // The link is the event type owner's (a round-robin host may be a team member, decision 020).
  const [type] = found.eventTypeId
    ? await db
        .select({ slug: eventTypes.slug, username: users.username })
        .from(eventTypes)
        .innerJoin(users, eq(users.id, eventTypes.userId))
        .where(eq(eventTypes.id, found.eventTypeId))
    : [];
  return {
    id: found.id,
    hostId: found.hostId,
    title: found.eventName,
    startsAt: found.startsAt,
    endsAt: found.endsAt,
    status: found.status,
    guestName: found.guestName,
    guestTimeZone: found.guestTimeZone,
    hostName: host?.name ?? "Your host",
    bookAgainPath:
      type?.username && bookable ? `/${encodeURIComponent(type.username)}/${encodeURIComponent(type.slug)}` : null,
    bookable,
    seat: seat
      ? {
          sessionId: seat.sessionId,
          alone: seat.session.invitees.length === seat.invitees.length,
          places: seat.invitees.length,
        }
      : null,
    request: !seat && isUnansweredRequest(found),
    hostEmail: host?.email ?? "",
    policy: await policyOfEventType(found.eventTypeId, db),
    rescheduleCount: seat ? 0 : found.rescheduleCount,
    guestLanguage: found.guestLanguage ?? null,
    series:
      !seat && found.seriesId && found.seriesRule
        ? { index: found.seriesIndex ?? 1, count: found.seriesRule.count }
        : null,
  };
}

/** Up to `limit` free starts after `after` (within a week), written in `timeZone` like GET /api/slots: what a 409 suggests instead. */
export async function nextFreeSlots(
  found: BookableEventType,
  after: Date,
  timeZone: string,
  now: Date,
  limit = 3,
): Promise<string[]> {
  const date = instantToWallClock(after, timeZone).date;
  const { slots } = computeSlots(
    await slotSearch(found, { range: { start: date, end: addDays(date, 6) }, timeZone, now }),
  );
  return Object.values(slots)
    .flat()
    .filter((s) => Date.parse(s) > after.getTime())
    .slice(0, limit);
}

/** A booking for its guest's confirmation page and .ics: only with its token (no hint another exists), with its host. */
export async function getBookingForConfirmation(
  id: string,
  token: string,
): Promise<{
  booking: HostEvent;
  host: BookingHost & { username: string | null };
  linkUsername: string | null;
  /** A team event type's team slug (its booking page is /team/{slug}/..., decision 059), else null. */
  linkTeamSlug: string | null;
  /** Whose page it is (the event type's owner, else the host), and its colour: the team's, else the owner's (decision 108). */
  pageOwnerId: string;
  /** A team event type's team: its owners' plan decides "Powered by" (decision 112). */
  teamId: string | null;
  brandColor: string | null;
} | null> {
  if (!token) return null;
  const seat = await findSeatBooking(id, token);
  const row = seat ?? (await findBooking(id, { token }));
  if (!row) return null;
  const db = await getDb();
  const [booking] = seat ? [seat] : await withInvitees(db, [row]);
  const [host] = await db
    .select({
      email: users.email,
      name: users.name,
      timeZone: users.timeZone,
      username: users.username,
      brandColor: users.brandColor,
    })
    .from(users)
    .where(eq(users.id, row.hostId));
  // The booking link's username is the event type owner's: a round-robin booking's host may be a team member (decision 020).
  const [owner] = row.eventTypeId
    ? await db
        .select({
          id: users.id,
          username: users.username,
          teamSlug: teams.slug,
          teamId: teams.id,
          brandColor: sql<string | null>`coalesce(${teams.brandColor}, ${users.brandColor})`,
        })
        .from(eventTypes)
        .innerJoin(users, eq(users.id, eventTypes.userId))
        .leftJoin(teams, eq(teams.id, eventTypes.teamId))
        .where(eq(eventTypes.id, row.eventTypeId))
    : [];
  if (!host) return null;
  const { brandColor, ...hostShown } = host;
  return {
    booking,
    host: hostShown,
    linkUsername: owner ? owner.username : host.username,
    linkTeamSlug: owner?.teamSlug ?? null,
    pageOwnerId: owner?.id ?? row.hostId,
    teamId: owner?.teamId ?? null,
    brandColor: owner ? owner.brandColor : brandColor,
  };
}

/**
 * A fresh guest token for a booking the host moved (decision 093): the guest's updated invitation
 * carries working cancel and reschedule links, though only the token's hash was kept. The links of
 * earlier mails stop working; the latest mail's are the ones. Null for an event without a guest token.
 */
export async function renewGuestToken(tx: Transaction, id: string): Promise<string | null> {
  const token = crypto.randomBytes(32).toString("base64url");
  const renewed = await tx
    .update(events)
    .set({ bookingTokenHash: hashBookingToken(token) })
    .where(and(eq(events.id, id), sql`${events.bookingTokenHash} is not null`, sql`${events.guestEmail} is not null`))
    .returning({ id: events.id });
  return renewed.length > 0 ? token : null;
}
