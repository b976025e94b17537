import crypto from "node:crypto";
import { and, asc, eq, isNull, ne, sql } from "drizzle-orm";
import { bookingSeats, eventTypes, events, singleUseLinks, users, type SingleUseLink } from "../../db/schema";
import { getDb } from "~/server/db.server";
import { isUuid, type Transaction } from "./event.server";
import type { Executor } from "./event-type.server";

/**
 * The booking controls a host sets on an event type (decision 039): single-use links, the limit
 * per guest e-mail, and the weekly / monthly limits' counts. The checks run inside the booking's
 * transaction, after the host's row lock, so two bookings racing for the last place get one.
 */

/** What counts as a live booking for the limits: not cancelled (one SQL place to widen with new states). */
const live = sql`${events.status} <> 'cancelled'`;

// ---------------------------------------------------------------------------------------------
// Single-use links

export type SingleUseLinkRow = Pick<SingleUseLink, "id" | "token" | "createdAt" | "usedAt" | "revokedAt" | "eventId">;

const LINK_COLUMNS = {
  id: singleUseLinks.id,
  token: singleUseLinks.token,
  createdAt: singleUseLinks.createdAt,
  usedAt: singleUseLinks.usedAt,
  revokedAt: singleUseLinks.revokedAt,
  eventId: singleUseLinks.eventId,
};

/** The owner's event type's id when it is theirs, else null (another person's id is not found). */
async function ownedEventTypeId(ownerId: string, eventTypeId: string): Promise<string | null> {
  if (!isUuid(eventTypeId)) return null;
  const db = await getDb();
  const [row] = await db
    .select({ id: eventTypes.id })
    .from(eventTypes)
    .where(and(eq(eventTypes.id, eventTypeId), eq(eventTypes.userId, ownerId)))
    .limit(1);
  return row?.id ?? null;
}

/** A new single-use link of the owner's event type (null: not theirs). The token: 24 random bytes, base64url. */
export async function createSingleUseLink(ownerId: string, eventTypeId: string): Promise<SingleUseLinkRow | null> {
  const id = await ownedEventTypeId(ownerId, eventTypeId);
  if (!id) return null;
  const db = await getDb();
  const [row] = await db
    .insert(singleUseLinks)
    .values({ eventTypeId: id, token: crypto.randomBytes(24).toString("base64url") })
    .returning(LINK_COLUMNS);
  return row;
}

/** The owner's event type's links, newest first, at most 200 (null: not theirs). */
export async function listSingleUseLinks(ownerId: string, eventTypeId: string): Promise<SingleUseLinkRow[] | null> {
  const id = await ownedEventTypeId(ownerId, eventTypeId);
  if (!id) return null;
  const db = await getDb();
  return db
    .select(LINK_COLUMNS)
    .from(singleUseLinks)
    .where(eq(singleUseLinks.eventTypeId, id))
    .orderBy(sql`${singleUseLinks.createdAt} desc`, asc(singleUseLinks.id))
    .limit(200);
}

/** Revokes an unused link of the owner's event type: "revoked", "used" (too late: it booked) or "not-found". */
export async function revokeSingleUseLink(
  ownerId: string,
  eventTypeId: string,
  linkId: string,
  now: Date,
): Promise<"revoked" | "used" | "not-found"> {
  const id = await ownedEventTypeId(ownerId, eventTypeId);
  if (!id || !isUuid(linkId)) return "not-found";
  const db = await getDb();
  const [row] = await db
    .update(singleUseLinks)
    .set({ revokedAt: sql`coalesce(${singleUseLinks.revokedAt}, ${now.toISOString()}::timestamptz)` })
    .where(and(eq(singleUseLinks.id, linkId), eq(singleUseLinks.eventTypeId, id), isNull(singleUseLinks.usedAt)))
    .returning({ id: singleUseLinks.id });
  if (row) return "revoked";
  const [exists] = await db
    .select({ id: singleUseLinks.id })
    .from(singleUseLinks)
    .where(and(eq(singleUseLinks.id, linkId), eq(singleUseLinks.eventTypeId, id)));
  return exists ? "used" : "not-found";
}

/** A link's state for the booking page: "open" (books once), "used" (used or revoked) or null (no such link of this event type). */
export async function singleUseLinkState(eventTypeId: string, token: string): Promise<"open" | "used" | null> {
  if (!token || token.length > 100) return null;
  const db = await getDb();
  const [row] = await db
    .select({ usedAt: singleUseLinks.usedAt, revokedAt: singleUseLinks.revokedAt })
    .from(singleUseLinks)
    .where(and(eq(singleUseLinks.token, token), eq(singleUseLinks.eventTypeId, eventTypeId)))
    .limit(1);
  if (!row) return null;
  return row.usedAt || row.revokedAt ? "used" : "open";
}

/** The event type a link token belongs to (the booking page opens an event type that is off through its link). */
export async function eventTypeIdOfLink(token: string): Promise<string | null> {
  if (!token || token.length > 100) return null;
  const db = await getDb();
  const [row] = await db
    .select({ eventTypeId: singleUseLinks.eventTypeId })
    .from(singleUseLinks)
    .where(eq(singleUseLinks.token, token))
    .limit(1);
  return row?.eventTypeId ?? null;
}

/**
 * Uses the link in the booking's transaction: a conditional update, so of two bookings with one
 * token the second finds it used (it waits for the first's row lock, then re-reads). The link's id,
 * or null when it is used, revoked or not this event type's.
 */
export async function consumeSingleUseLink(
  tx: Transaction,
  eventTypeId: string,
  token: string,
  now: Date,
): Promise<string | null> {
  const [row] = await tx
    .update(singleUseLinks)
    .set({ usedAt: now })
    .where(
      and(
        eq(singleUseLinks.token, token),
        eq(singleUseLinks.eventTypeId, eventTypeId),
        isNull(singleUseLinks.usedAt),
        isNull(singleUseLinks.revokedAt),
      ),
    )
    .returning({ id: singleUseLinks.id });
  return row?.id ?? null;
}

/** Records which booking used the link. */
export async function linkUsedBy(tx: Transaction, linkId: string, eventId: string): Promise<void> {
  await tx.update(singleUseLinks).set({ eventId }).where(eq(singleUseLinks.id, linkId));
}

// ---------------------------------------------------------------------------------------------
// Limits

/**
 * Upcoming live bookings `email` holds of the event type: bookings made with it (a team booking
 * counts once: its co-host rows are not) and seats of group sessions, held ones awaiting their
 * payment included.
 */
export async function guestActiveBookings(
  tx: Executor,
  eventTypeId: string,
  email: string,
  now: Date,
): Promise<number> {
  const [own] = await tx
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(events)
    .where(
      and(
        eq(events.eventTypeId, eventTypeId),
        sql`lower(${events.guestEmail}) = ${email.toLowerCase()}`,
        isNull(events.bookingId),
        live,
        sql`${events.endsAt} > ${now.toISOString()}::timestamptz`,
        // A group session's row carries its first guest: their seat is counted below.
        sql`not exists (select 1 from ${bookingSeats} where ${bookingSeats.eventId} = ${events.id})`,
      ),
    );
  const [seats] = await tx
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(bookingSeats)
    .innerJoin(events, eq(events.id, bookingSeats.eventId))
    .where(
      and(
        eq(events.eventTypeId, eventTypeId),
        sql`lower(${bookingSeats.email}) = ${email.toLowerCase()}`,
        // A seat held while its guest pays counts, as a one-to-one hold does (docs/decisions/123).
        ne(bookingSeats.status, "cancelled"),
        sql`${events.endsAt} > ${now.toISOString()}::timestamptz`,
      ),
    );
  return (own?.n ?? 0) + (seats?.n ?? 0);
}

/**
 * The starts of the event type's live bookings in [from, to) (a group session and a team booking
 * once each): what the weekly and monthly limits count (decision 039).
 */
export async function bookedStarts(db: Executor, eventTypeId: string, from: Date, to: Date): Promise<Date[]> {
  const rows = await db
    .selectDistinct({ start: events.startsAt })
    .from(events)
    .where(
      and(
        eq(events.eventTypeId, eventTypeId),
        isNull(events.bookingId),
        live,
        sql`${events.startsAt} >= ${from.toISOString()}::timestamptz`,
        sql`${events.startsAt} < ${to.toISOString()}::timestamptz`,
      ),
    );
  return rows.map((r) => r.start);
}

// ---------------------------------------------------------------------------------------------
// In the booking's transaction

export type ControlsResult = { ok: true; linkId: string | null } | { ok: false; reason: "link-used" | "guest-limit" };

/**
 * The controls of one booking, after the host's row lock: the single-use link is used (or the
 * booking refused: "link-used"), and a guest at the event type's limit per e-mail is refused
 * ("guest-limit"). The weekly and monthly limits are the slot search's (a full week has no slots).
 */
export async function applyBookingControls(
  tx: Transaction,
  input: { eventType: { id: string; limitPerGuest: number | null }; email: string; singleUseToken?: string },
  now: Date,
): Promise<ControlsResult> {
  let linkId: string | null = null;
  if (input.singleUseToken) {
    linkId = await consumeSingleUseLink(tx, input.eventType.id, input.singleUseToken, now);
    if (!linkId) return { ok: false, reason: "link-used" };
  }
  if (
    input.eventType.limitPerGuest !== null &&
    (await guestActiveBookings(tx, input.eventType.id, input.email, now)) >= input.eventType.limitPerGuest
  ) {
    return { ok: false, reason: "guest-limit" };
  }
  return { ok: true, linkId };
}

/** The booking page's path of the owner's event type ("/{username}/{slug}"), or null without a username. */
export async function bookingPagePath(ownerId: string, eventTypeId: string): Promise<string | null> {
  if (!isUuid(eventTypeId)) return null;
  const db = await getDb();
  const [row] = await db
    .select({ slug: eventTypes.slug, username: users.username })
    .from(eventTypes)
    .innerJoin(users, eq(users.id, eventTypes.userId))
    .where(and(eq(eventTypes.id, eventTypeId), eq(eventTypes.userId, ownerId)))
    .limit(1);
  return row?.username ? `/${encodeURIComponent(row.username)}/${encodeURIComponent(row.slug)}` : null;
}
