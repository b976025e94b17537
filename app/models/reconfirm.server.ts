import { transaction } from "~/server/transaction.server";
import crypto from "node:crypto";
import { and, asc, eq, sql } from "drizzle-orm";
import { eventTypes, events, type Event } from "../../db/schema";
import { getDb } from "~/server/db.server";
import { hashBookingToken, hostOf, type BookingHost } from "./booking-request.server";
import { isUuid, withInvitees, type HostEvent, type Transaction } from "./event.server";

/**
 * Reconfirmation (decision 086). An event type's `reconfirm_hours` N: N hours before the start the
 * job runner mails the guest a confirm link (state `scheduled` → `asked`, due at the deadline);
 * unconfirmed by the deadline (N/2 hours before the start), the job cancels the booking through
 * the booking service. `reconfirm_due_at` is always the next thing due, so the job reads one
 * partial index. Each step is a conditional change of a locked row: two servers ask once and
 * cancel once, and a guest's confirm and the job's cancel cannot both win.
 */

/** Why the job's cancel did not happen: the booking was confirmed, moved or cancelled meanwhile. */
export class ReconfirmNotLapsed extends Error {
  constructor() {
    super("The booking's reconfirmation has not lapsed");
  }
}

/**
 * The deadline of a reconfirmation asked for a start: half of the way from the time to ask to the
 * start (N/2 hours before it).
 */
export function reconfirmDeadline(askAt: Date, startsAt: Date): Date {
  return new Date(askAt.getTime() + (startsAt.getTime() - askAt.getTime()) / 2);
}

/**
 * Sets booking `eventId`'s reconfirmation from its event type, in the transaction that books or
 * moves it: `scheduled` at N hours before the start, or nothing when its event type does not ask,
 * is a group, or that time has already passed (a booking made within N hours of its start was just
 * made: it is not asked). A reschedule starts over: an earlier confirm or link no longer counts.
 * `fresh`: the booking was just inserted, so there is nothing to clear when it is not asked.
 */
export async function scheduleReconfirm(
  tx: Transaction,
  eventId: string,
  now: Date,
  options: { fresh?: boolean } = {},
): Promise<void> {
  const [row] = await tx
    .select({ startsAt: events.startsAt, hours: eventTypes.reconfirmHours, kind: eventTypes.kind })
    .from(events)
    .innerJoin(eventTypes, eq(eventTypes.id, events.eventTypeId))
    .where(and(eq(events.id, eventId), sql`${events.bookingId} is null`, sql`${events.guestEmail} is not null`))
    .limit(1);
  const askAt = row?.hours && row.kind !== "group" ? new Date(row.startsAt.getTime() - row.hours * 3_600_000) : null;
  const due = askAt && askAt.getTime() > now.getTime() ? askAt : null;
  // A booking just made has nothing to clear: no write when it is not asked.
  if (!due && options.fresh) return;
  await tx
    .update(events)
    .set({ reconfirmState: due ? "scheduled" : null, reconfirmDueAt: due, reconfirmTokenHash: null })
    .where(eq(events.id, eventId));
}

/**
 * A booking whose reconfirmation has something due: to ask, to cancel, or to clear (every query
 * of the job narrows this; also the job's due check, decision 135).
 */
export const reconfirmDue = (now: Date) =>
  and(sql`${events.reconfirmDueAt} is not null`, sql`${events.reconfirmDueAt} <= ${now.toISOString()}::timestamptz`);

export interface ReconfirmAsk {
  booking: HostEvent;
  host: BookingHost;
  token: string;
  deadline: Date;
}

/**
 * Asks one due reconfirmation, if any: the oldest `scheduled` confirmed booking whose time to ask
 * came, locked (a row another server holds is skipped). It becomes `asked` with a new link token
 * and the deadline as its due time, and `within` writes the guest's mail in the same transaction,
 * so the mail exists exactly when the ask does. An ask that comes after its deadline (the job
 * runner was stopped) is dropped instead: the guest is never cancelled without having been asked
 * in time. Answers whether a row was taken (asked or dropped), so the caller asks again.
 */
export async function askNextReconfirm(
  now: Date,
  within: (tx: Transaction, ask: ReconfirmAsk) => Promise<void>,
): Promise<boolean> {
  const db = await getDb();
  return transaction(db, async (tx) => {
    const [current] = await tx
      .select()
      .from(events)
      .where(and(reconfirmDue(now), eq(events.reconfirmState, "scheduled"), eq(events.status, "confirmed")))
      .orderBy(asc(events.reconfirmDueAt))
      .limit(1)
      .for("update", { skipLocked: true });
    if (!current?.reconfirmDueAt) return false;
    const deadline = reconfirmDeadline(current.reconfirmDueAt, current.startsAt);
    if (deadline.getTime() <= now.getTime()) {
      await tx
        .update(events)
        .set({ reconfirmState: null, reconfirmDueAt: null, updatedAt: now })
        .where(eq(events.id, current.id));
      return true;
    }
    const token = crypto.randomBytes(32).toString("base64url");
    const [updated] = await tx
      .update(events)
      .set({ reconfirmState: "asked", reconfirmDueAt: deadline, reconfirmTokenHash: hashBookingToken(token) })
      .where(eq(events.id, current.id))
      .returning();
    const [booking] = await withInvitees(tx, [updated]);
    await within(tx, { booking, host: await hostOf(tx, current.hostId), token, deadline });
    return true;
  });
}

/**
 * Bookings asked and not confirmed by their deadline, oldest first (the job cancels them one by
 * one); also clears the due time of cancelled rows, which have nothing more to do.
 */
export async function lapsedReconfirmations(now: Date, limit = 50): Promise<string[]> {
  const db = await getDb();
  const due = reconfirmDue(now);
  await db
    .update(events)
    .set({ reconfirmDueAt: null })
    .where(and(due, eq(events.status, "cancelled")));
  const rows = await db
    .select({ id: events.id })
    .from(events)
    .where(and(due, eq(events.reconfirmState, "asked"), eq(events.status, "confirmed")))
    .orderBy(asc(events.reconfirmDueAt))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** The job's cancel, on the booking's locked row: only if it is still asked and past its deadline. */
export function reconfirmLapsedGuard(now: Date) {
  return async (_tx: Transaction, current: Event): Promise<void> => {
    const lapsed =
      current.reconfirmState === "asked" &&
      current.reconfirmDueAt !== null &&
      current.reconfirmDueAt.getTime() <= now.getTime();
    if (!lapsed) throw new ReconfirmNotLapsed();
  };
}

export interface ReconfirmView {
  id: string;
  title: string;
  startsAt: Date;
  endsAt: Date;
  status: Event["status"];
  state: Event["reconfirmState"];
  deadline: Date | null;
  guestTimeZone: string | null;
  hostName: string;
  hostTimeZone: string;
}

function viewOf(row: Event, host: BookingHost): ReconfirmView {
  return {
    id: row.id,
    title: row.eventName,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    status: row.status,
    state: row.reconfirmState,
    deadline: row.reconfirmState === "asked" ? row.reconfirmDueAt : null,
    guestTimeZone: row.guestTimeZone,
    hostName: host.name || host.email,
    hostTimeZone: host.timeZone,
  };
}

/** The booking the mailed confirm link opens, or null (the same miss for a wrong id or token). */
export async function findByReconfirmToken(id: string, token: string): Promise<ReconfirmView | null> {
  if (!token || !isUuid(id)) return null;
  const db = await getDb();
  return transaction(db, async (tx) => {
    const [row] = await tx
      .select()
      .from(events)
      .where(and(eq(events.id, id), eq(events.reconfirmTokenHash, hashBookingToken(token))))
      .limit(1);
    return row ? viewOf(row, await hostOf(tx, row.hostId)) : null;
  });
}

export type ConfirmResult =
  | { ok: true; view: ReconfirmView; already: boolean }
  | { ok: false; reason: "not-found" }
  | { ok: false; reason: "cancelled"; view: ReconfirmView };

/**
 * The guest confirms through the mailed link (a POST): an asked booking becomes `confirmed` and
 * nothing more is due. Under the row's lock, so the job's cancel of the same booking waits and
 * then finds it confirmed. A confirm after the deadline still counts while the booking stands.
 */
export async function confirmReconfirm(id: string, token: string, now: Date): Promise<ConfirmResult> {
  if (!token || !isUuid(id)) return { ok: false, reason: "not-found" };
  const db = await getDb();
  return transaction(db, async (tx): Promise<ConfirmResult> => {
    const [current] = await tx
      .select()
      .from(events)
      .where(and(eq(events.id, id), eq(events.reconfirmTokenHash, hashBookingToken(token))))
      .limit(1)
      .for("update");
    if (!current) return { ok: false, reason: "not-found" };
    const host = await hostOf(tx, current.hostId);
    if (current.status === "cancelled") return { ok: false, reason: "cancelled", view: viewOf(current, host) };
    if (current.reconfirmState !== "asked") return { ok: true, view: viewOf(current, host), already: true };
    const [updated] = await tx
      .update(events)
      .set({ reconfirmState: "confirmed", reconfirmDueAt: null, updatedAt: now })
      .where(eq(events.id, id))
      .returning();
    return { ok: true, view: viewOf(updated, host), already: false };
  });
}
