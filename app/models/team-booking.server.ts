import crypto from "node:crypto";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { eventInvitees, events, users, type Event } from "../../db/schema";
import { getDb } from "~/server/db.server";
import {
  bookingBell,
  hashBookingToken,
  guestBookingValues,
  hostOf,
  meetingValues,
  paymentHold,
  pendingHold,
  slotsOfDay,
  when,
  type BookingFailure,
  type BookingHost,
  type BookingRequest,
  type BookingResult,
} from "./booking-request.server";
import { lockHost, notify, withInvitees, type HostEvent, type Transaction } from "./event.server";
import type { Executor } from "./event-type.server";
import { liveHostIds } from "./team-hosts.server";
import { applyBookingControls, linkUsedBy } from "./booking-controls.server";
import { assignmentOnBooking, recordAssignment } from "./round-robin.server";
import { recordRoutingConversion } from "./routing-forms.server";

/**
 * Collective and round-robin bookings (decision 020). The one-host path (booking.server.ts)
 * calls in here for team event types and for a booking's linked co-host rows.
 *
 * - Every host's users row is locked, in id order (two bookings sharing hosts never wait on each
 *   other crosswise), before the free slots are recomputed with the busy time read under them.
 * - Collective: one event row per host. The first host's row (the owner's while they host) is
 *   the booking (guest e-mail, token); each co-host's row points at it (events.booking_id), so
 *   the exclusion constraint blocks every host's time and each host sees the meeting on their
 *   own schedule.
 * - Round robin: the engine's pick among the hosts free then (decision 060: weights, priorities,
 *   the mode) becomes the event's host, and why is written in booking_assignments in the same
 *   transaction; the owner is not told unless picked.
 */

export class TeamBookingRefused extends Error {
  constructor(readonly reason: BookingFailure) {
    super(reason);
    this.name = "TeamBookingRefused";
  }
}

/** Locks the users rows of `ids` in id order. */
export async function lockHostsInOrder(tx: Transaction, ids: readonly string[]): Promise<void> {
  for (const id of [...new Set(ids)].sort()) await lockHost(tx, id);
}

/** Books a collective or round-robin slot; a refusal is thrown for booking.server's `decide`. */
export async function createTeamBooking(tx: Transaction, request: BookingRequest, now: Date): Promise<BookingResult> {
  const { found, start, name, email, timeZone } = request;
  const { eventType } = found;
  const token = crypto.randomBytes(32).toString("base64url");
  const everyHost = await liveHostIds(tx, found);
  await lockHostsInOrder(tx, everyHost);
  // Round robin weighs only the hosts a routing form's member attributes left (decision 074).
  const routed = found.routedHostIds;
  const live = routed ? everyHost.filter((id) => routed.includes(id)) : everyHost;
  const controls = await applyBookingControls(tx, { eventType, email, singleUseToken: request.singleUseToken }, now);
  if (!controls.ok) throw new TeamBookingRefused(controls.reason);
  const slot = (await slotsOfDay(tx, found, start, timeZone, now)).find((s) => s.start === start.getTime());
  if (!slot) throw new TeamBookingRefused("slot-unavailable");
  // Pending (decision 040): every host's row waits, and holds their time, with the booking. A paid
  // one (docs/decisions/120) holds every host's time the same way while its guest pays, and no
  // host hears of it (no bell here; the payment's confirmation rings it).
  const hold = pendingHold(eventType, now, start) ?? paymentHold(eventType, now, start);
  const awaitingPayment = hold?.values.status === "awaiting_payment";
  const base = {
    ...(hold ? { status: hold.values.status, holdUntil: hold.values.holdUntil } : {}),
    ...meetingValues(request, start),
  };
  // Collective: the first host's row is the booking (the owner's while they host); round robin: the assigned host's.
  const bookingHostId = slot.hostIds[0];
  // Why this host, with the figures the pick saw (read before the booking counts).
  const assignment =
    eventType.kind === "round-robin"
      ? await assignmentOnBooking(tx, {
          eventTypeId: eventType.id,
          live,
          hostId: bookingHostId,
          free: slot.freeHostIds ?? [bookingHostId],
          now,
        })
      : null;
  const [created] = await tx
    .insert(events)
    .values({
      ...base,
      hostId: bookingHostId,
      ...guestBookingValues(request, now, hashBookingToken(token)),
      approvalTokenHash: hold && "approvalTokenHash" in hold.values ? hold.values.approvalTokenHash : undefined,
    })
    .returning();
  if (found.routingResponseId) await recordRoutingConversion(tx, found.routingResponseId, created.id, now);
  if (controls.linkId) await linkUsedBy(tx, controls.linkId, created.id);
  if (assignment) await recordAssignment(tx, { ...assignment, eventId: created.id });
  await tx.insert(eventInvitees).values({ eventId: created.id, position: 1, email });
  const host = await hostOf(tx, bookingHostId);
  if (!awaitingPayment)
    await notify(tx, bookingHostId, bookingBell(eventType.title, name, start, host.timeZone, hold !== null), {
      eventId: created.id,
    });
  if (eventType.kind === "collective") {
    for (const coHostId of slot.hostIds.slice(1)) {
      const [row] = await tx
        .insert(events)
        .values({ ...base, hostId: coHostId, bookingId: created.id })
        .returning({ id: events.id });
      await tx.insert(eventInvitees).values({ eventId: row.id, position: 1, email });
      if (awaitingPayment) continue;
      const coHost = await hostOf(tx, coHostId);
      await notify(tx, coHostId, bookingBell(eventType.title, name, start, coHost.timeZone, hold !== null));
    }
  }
  return {
    ok: true,
    booking: { ...created, invitees: [email] },
    token,
    host,
    newInvitees: [email],
    approvalToken: hold?.token,
  };
}

/**
 * How a move of booking `id` (hosted by `hostId`) searches: never blocked by its own rows; a
 * collective over every host (its co-host rows left out too). A round robin moved by its guest
 * (`handOver`) searches every host and keeps its host where they are free (decision 060); moved
 * by its host, only over that host. The reschedule check and both reschedule pages use it.
 */
export async function rescheduleSearch(
  id: string,
  hostId: string,
  kind: string,
  options: { handOver?: boolean; executor?: Executor } = {},
): Promise<{
  excludeEventId?: string;
  excludeEventIds?: string[];
  onlyHostIds?: string[];
  keepHostId?: string;
  linked: Event[];
}> {
  const linked = await linkedRows(options.executor ?? (await getDb()), id);
  if (kind === "collective") return { excludeEventIds: [id, ...linked.map((r) => r.id)], linked };
  if (kind === "round-robin")
    return options.handOver
      ? { excludeEventIds: [id], keepHostId: hostId, linked }
      : { excludeEventIds: [id], onlyHostIds: [hostId], linked };
  return { excludeEventId: id, linked };
}

/** The co-host rows of a collective booking (none for any other booking). */
export async function linkedRows(db: Executor, bookingId: string): Promise<Event[]> {
  return db.select().from(events).where(eq(events.bookingId, bookingId)).orderBy(asc(events.hostId));
}

/** Moves the co-host rows with their booking (same transaction); the database refuses an overlap. */
export async function moveLinkedRows(
  tx: Transaction,
  bookingId: string,
  start: Date,
  end: Date,
  now: Date,
): Promise<void> {
  const rows = await tx
    .update(events)
    .set({ startsAt: start, endsAt: end, sequence: sql`${events.sequence} + 1`, updatedAt: now })
    .where(and(eq(events.bookingId, bookingId), sql`${events.status} <> 'cancelled'`))
    .returning();
  for (const row of rows) {
    const host = await hostOf(tx, row.hostId);
    await notify(
      tx,
      row.hostId,
      `Booking moved: ${row.eventName} with ${row.guestName ?? "a guest"} to ${when(start, host.timeZone)}`,
      { eventId: row.id },
    );
  }
}

/** The co-hosts of a booking with their own rows, for the mails after a create, move or cancel. */
export async function coHostsOf(bookingId: string): Promise<Array<{ event: HostEvent; host: BookingHost }>> {
  const db = await getDb();
  const rows = await linkedRows(db, bookingId);
  if (rows.length === 0) return [];
  const withList = await withInvitees(db, rows);
  const hosts = await db
    .select({ id: users.id, email: users.email, name: users.name, timeZone: users.timeZone })
    .from(users)
    .where(
      inArray(
        users.id,
        rows.map((r) => r.hostId),
      ),
    );
  const byId = new Map(hosts.map((h) => [h.id, h]));
  return withList.flatMap((event) => {
    const host = byId.get(event.hostId);
    return host ? [{ event, host }] : [];
  });
}
