import { transaction } from "~/server/transaction.server";
import { and, eq, sql } from "drizzle-orm";
import { events, type BookingSeat, type Event } from "../../db/schema";
import { getDb } from "~/server/db.server";
import {
  cancelSeat,
  closeSessionSeats,
  findSeatBooking,
  type SeatChangeResult,
  type SeatBooking,
} from "./booking-seats.server";
import { hashBookingToken, hostOf, when, type BookingHost } from "./booking-request.server";
import { isUuid, LinkedEventError, notify, type Transaction, withInvitees, type HostEvent } from "./event.server";
import { linkedRows, lockHostsInOrder } from "./team-booking.server";
import { actsAsHost } from "./booking-access.server";
import type { PolicyRefusal } from "~/scheduling/booking-policy";

/**
 * The one cancel path (decision 029). Every entry point (the guest's token page, POST
 * /api/bookings/{id}/cancel, DELETE /event/{id}, My Schedule's Delete, Scheduled Events' Cancel,
 * Manage All Event's Cancel) calls cancelEvent: it finds the row the actor may cancel, locks every
 * host it touches (in id order), cancels the rows that belong together (a collective booking's
 * co-host rows, a group session's seats) and answers, from that one transaction, everything the
 * mails need. A co-host's row alone is never cancelled: LinkedEventError (409), for everyone.
 */

/**
 * Who cancels: the event's host (bearer or session) or a manager of its event type's team
 * (decision 062), the holder of a booking's token, an admin (any host's event), or the job runner
 * for a booking its guest did not reconfirm in time (decision 086).
 */
export type CancelActor = { hostId: string } | { token: string } | { admin: true } | { notReconfirmed: true };

export interface CancelOptions {
  reason?: string;
  now: Date;
  /** My Schedule's Delete and DELETE /event/{id}: the cancelled rows are removed too (their seats and co-host rows with them). */
  remove?: boolean;
  /** The booking paths (POST /api/bookings/{id}/cancel): only rows a guest booked, or a co-host's row of one (409). */
  bookingsOnly?: boolean;
  /** A guest's cancel (decision 055): refused once the meeting has started, checked on the locked row. */
  refuseStarted?: boolean;
  /** Sees the locked row of a booking (not a seat) before it is cancelled, and may throw: nothing is changed then (decision 077). */
  guard?: (tx: Transaction, current: Event) => Promise<void>;
  /** Work added to the cancel's own transaction once it succeeded (the booking event, decision 030). */
  within?: (tx: Transaction, outcome: Extract<CancelOutcome, { ok: true }>) => Promise<void>;
  /**
   * A transaction this cancel joins (a savepoint in it) instead of its own: a recurring series'
   * "Cancel all" cancels its meetings in one transaction (decision 121). Not for a seat's cancel.
   */
  executor?: Transaction;
}

export interface CoHostCancelled {
  /** The co-host's own row after the cancel (SEQUENCE + 1). */
  event: HostEvent;
  host: BookingHost;
}

export type CancelOutcome =
  | {
      ok: true;
      kind: "booking" | "own";
      actor: CancelActor;
      /** The row after the cancel: status cancelled, SEQUENCE + 1. */
      event: HostEvent;
      host: BookingHost;
      /** A group session's seats closed with it (their guests' CANCEL mails). */
      seats: BookingSeat[];
      coHosts: CoHostCancelled[];
      /** Only removed (it had been cancelled before): nobody to tell again. */
      silent?: boolean;
    }
  | {
      ok: true;
      kind: "seat";
      actor: CancelActor;
      seat: SeatBooking;
      host: BookingHost;
      left: HostEvent | null;
      /** The seat was waiting for its payment: released, nobody is told (docs/decisions/123). */
      held?: boolean;
    }
  | { ok: false; reason: "not-found" | "already-cancelled" | "meeting-started" }
  /** A guest's cancel its event type's policy refuses (decision 077). */
  | { ok: false; reason: "policy-refuses"; refusal: PolicyRefusal };

function actorFilter(actor: CancelActor, remove: boolean | undefined) {
  // Removing the row (My Schedule's Delete, DELETE /event/{id}) stays the host's own: a team's
  // managers cancel a member's booking, they do not delete it from the member's schedule.
  if ("hostId" in actor) return remove ? eq(events.hostId, actor.hostId) : actsAsHost(actor.hostId);
  // A token opens only a booking a guest made (its hash is stored on the row).
  if ("token" in actor)
    return and(eq(events.bookingTokenHash, hashBookingToken(actor.token)), sql`${events.guestEmail} is not null`);
  return undefined;
}

function byWhom(actor: CancelActor, current: Event): { self: string; others: string } {
  if ("admin" in actor) return { self: "an admin", others: "an admin" };
  if ("notReconfirmed" in actor) return { self: "the system", others: "the system" };
  // A team's owner or admin acting on a member's booking (decision 062).
  if ("hostId" in actor && actor.hostId !== current.hostId) return { self: "a team admin", others: "a team admin" };
  if ("hostId" in actor) return { self: "you", others: "the host" };
  return {
    self: current.guestName ?? "the guest",
    others: current.guestName ?? "the guest",
  };
}

/** The host's bell line, as each entry point wrote it. */
function hostNotification(
  actor: CancelActor,
  kind: "booking" | "own",
  current: Event,
  zone: string,
  options: CancelOptions,
): string {
  const at = when(current.startsAt, zone);
  if ("admin" in actor) return `An admin cancelled your event "${current.eventName}" (${at}); its invitees were told.`;
  if ("notReconfirmed" in actor)
    return `Booking cancelled, not reconfirmed: ${current.eventName} with ${current.guestName ?? "a guest"} on ${at} — the guest did not confirm in time, so the time is free again.`;
  if (options.remove) return `Event "${current.eventName}" was deleted.`;
  if (kind === "own") return `You cancelled "${current.eventName}" (${at}); its invitees were told.`;
  return `Booking cancelled by ${byWhom(actor, current).self}: ${current.eventName} on ${at}${options.reason ? ` — ${options.reason}` : ""}`;
}

/** Cancels event `id` as `actor` (decision 029); a seat's token cancels that seat only (decision 021). */
export async function cancelEvent(id: string, actor: CancelActor, options: CancelOptions): Promise<CancelOutcome> {
  if (!isUuid(id)) return { ok: false, reason: "not-found" };
  // A series' meeting is no seat (recurring series are one-to-one), and the lookup is not the transaction's.
  if ("token" in actor && !options.executor) {
    const seat = await findSeatBooking(id, actor.token);
    if (seat) {
      const asOutcome = (r: Extract<SeatChangeResult, { ok: true }>): Extract<CancelOutcome, { ok: true }> => ({
        ok: true,
        kind: "seat",
        actor,
        seat: r.booking,
        host: r.host,
        left: r.left,
        held: r.held,
      });
      const within = options.within;
      const result = await cancelSeat(
        seat,
        options.reason,
        options.now,
        within ? (tx, r) => within(tx, asOutcome(r)) : undefined,
        options.refuseStarted,
      );
      return result.ok
        ? asOutcome(result)
        : {
            ok: false,
            reason:
              result.reason === "already-cancelled" || result.reason === "meeting-started"
                ? result.reason
                : "not-found",
          };
    }
  }
  const db = options.executor ?? (await getDb());
  const [found] = await db
    .select({ hostId: events.hostId, bookingId: events.bookingId })
    .from(events)
    .where(
      and(
        eq(events.id, id),
        actorFilter(actor, options.remove),
        options.bookingsOnly ? sql`(${events.guestEmail} is not null or ${events.bookingId} is not null)` : undefined,
      ),
    )
    .limit(1);
  if (!found) return { ok: false, reason: "not-found" };
  if (found.bookingId) throw new LinkedEventError();
  const coHostIds = (await linkedRows(db, id)).map((r) => r.hostId);
  const { now } = options;
  return transaction(db, async (tx): Promise<CancelOutcome> => {
    const outcome = await cancelIn(tx);
    if (outcome.ok) await options.within?.(tx, outcome);
    return outcome;
  });

  async function cancelIn(tx: Transaction): Promise<CancelOutcome> {
    await lockHostsInOrder(tx, [found.hostId, ...coHostIds]);
    const [current] = await tx.select().from(events).where(eq(events.id, id)).for("update");
    if (!current) return { ok: false, reason: "not-found" };
    if (current.status === "cancelled") {
      // Removing a cancelled event from My Schedule: the row goes, nobody is told again.
      if (!options.remove) return { ok: false, reason: "already-cancelled" };
      const [withList] = await withInvitees(tx, [current]);
      await tx.delete(events).where(eq(events.id, id));
      return {
        ok: true,
        kind: current.guestEmail ? "booking" : "own",
        actor,
        event: withList,
        host: await hostOf(tx, current.hostId),
        seats: [],
        coHosts: [],
        silent: true,
      };
    }
    if (options.refuseStarted && current.startsAt.getTime() <= now.getTime())
      return { ok: false, reason: "meeting-started" };
    await options.guard?.(tx, current);
    const kind = current.guestEmail ? "booking" : "own";
    const [updated] = await tx
      .update(events)
      .set({
        status: "cancelled",
        sequence: sql`${events.sequence} + 1`,
        updatedAt: now,
      })
      .where(eq(events.id, id))
      .returning();
    const host = await hostOf(tx, current.hostId);
    // The bell tells the host what others did: not their own cancel or delete.
    if (!("hostId" in actor && actor.hostId === current.hostId)) {
      await notify(tx, current.hostId, hostNotification(actor, kind, current, host.timeZone, options), {
        eventId: current.id,
      });
    }
    // A collective booking's co-host rows go with it: their time is free again (decision 020).
    const coRows = await tx
      .update(events)
      .set({
        status: "cancelled",
        sequence: sql`${events.sequence} + 1`,
        updatedAt: now,
      })
      .where(and(eq(events.bookingId, id), sql`${events.status} <> 'cancelled'`))
      .returning();
    const coHosts: CoHostCancelled[] = [];
    for (const row of await withInvitees(tx, coRows)) {
      const coHost = await hostOf(tx, row.hostId);
      await notify(
        tx,
        row.hostId,
        `Booking cancelled by ${byWhom(actor, current).others}: ${row.eventName} on ${when(row.startsAt, coHost.timeZone)}`,
        { eventId: row.id },
      );
      coHosts.push({ event: row, host: coHost });
    }
    // A group session's seats close with it (decision 021).
    const seats = await closeSessionSeats(tx, id, now);
    const [withList] = await withInvitees(tx, [updated]);
    if (options.remove) await tx.delete(events).where(eq(events.id, id));
    return { ok: true, kind, actor, event: withList, host, seats, coHosts };
  }
}
