import crypto from "node:crypto";
import { and, asc, eq, sql } from "drizzle-orm";
import { eventInvitees, events, type Event } from "../../db/schema";
import { seriesStarts, type Recurrence } from "~/scheduling/recurrence";
import { getDb } from "~/server/db.server";
import { transaction } from "~/server/transaction.server";
import { applyBookingControls, linkUsedBy } from "./booking-controls.server";
import { recordRoutingConversion } from "./routing-forms.server";
import {
  guestBookingValues,
  hashBookingToken,
  meetingValues,
  slotsOfDay,
  when,
  type BookingFailure,
  type BookingHost,
  type BookingRequest,
} from "./booking-request.server";
import { isOverlapViolation, lockHost, notify, type HostEvent, type Transaction } from "./event.server";
import type { IdempotencyHooks, StoredAnswer } from "./idempotency.server";

/**
 * Recurring series (docs/decisions/106): the occurrences of a one-to-one event type booked at
 * once, each an events row of its own (so each is held by events_no_overlap, moved and cancelled
 * like any booking), linked by series_id. The whole series is written in one transaction under
 * the host's lock, every occurrence checked by the same slot search as a single booking: all of
 * it or nothing.
 */

/** One occurrence's guest token: the series' token for the first, with ".n" for the nth (tokens are unique per row). */
export function occurrenceToken(seriesToken: string, index: number): string {
  return index <= 1 ? seriesToken : `${seriesToken}.${index}`;
}

/** The series' token from any of its occurrences' tokens. */
export function seriesTokenOf(token: string): string {
  return token.replace(/\.\d+$/, "");
}

export type SeriesSuccess = {
  ok: true;
  seriesId: string;
  occurrences: HostEvent[];
  /** The series' token: occurrence n's is occurrenceToken(token, n). */
  token: string;
  host: BookingHost;
  newInvitees: string[];
};

export type SeriesResult =
  | SeriesSuccess
  | { ok: false; reason: Exclude<BookingFailure, "slot-unavailable" | "slot-full"> }
  /** The nth meeting (1-based) is not free: nothing was booked. */
  | { ok: false; reason: "occurrence-unavailable"; index: number; start: Date | null };

class SeriesRefused extends Error {
  constructor(readonly result: Extract<SeriesResult, { ok: false }>) {
    super(result.reason);
    this.name = "SeriesRefused";
  }
}

export interface SeriesIdempotency {
  hooks: IdempotencyHooks;
  answer(result: SeriesSuccess): StoredAnswer;
}

/**
 * Books `recurrence.count` meetings from `request.start`, every `recurrence.intervalWeeks` weeks
 * at the same wall-clock time in `zone` (the event type's schedule's). `within` adds the caller's
 * writes (the booking events) to the same transaction.
 */
export async function createSeries(
  request: BookingRequest,
  recurrence: Recurrence,
  zone: string,
  now: Date,
  idempotency: SeriesIdempotency | undefined,
  within: (tx: Transaction, result: SeriesSuccess) => Promise<void>,
): Promise<SeriesResult> {
  const { found, name, email, timeZone } = request;
  const { eventType, ownerId } = found;
  const starts = seriesStarts(request.start, zone, recurrence);
  const token = crypto.randomBytes(32).toString("base64url");
  const seriesId = crypto.randomUUID();
  const db = await getDb();
  try {
    return await transaction(db, async (tx): Promise<SeriesResult> => {
      await idempotency?.hooks.claim(tx, now);
      const host = await lockHost(tx, ownerId);
      const controls = await applyBookingControls(
        tx,
        { eventType, email, singleUseToken: request.singleUseToken },
        now,
      );
      if (!controls.ok) throw new SeriesRefused({ ok: false, reason: controls.reason });
      // Every occurrence is a free slot now, read under the host's lock, before anything is written.
      for (const [i, start] of starts.entries()) {
        const free =
          start !== null &&
          (await slotsOfDay(tx, found, start, timeZone, now)).some((s) => s.start === start.getTime());
        if (!free) throw new SeriesRefused({ ok: false, reason: "occurrence-unavailable", index: i + 1, start });
      }
      const rows: Event[] = [];
      for (const [i, start] of (starts as Date[]).entries()) {
        const index = i + 1;
        try {
          const [created] = await tx
            .insert(events)
            .values({
              hostId: ownerId,
              ...meetingValues(request, start),
              ...guestBookingValues(request, now, hashBookingToken(occurrenceToken(token, index))),
              // The routing form's response led to the series: its first meeting is the booking.
              routingResponseId: index === 1 ? (found.routingResponseId ?? null) : null,
              seriesId,
              seriesIndex: index,
              seriesRule: {
                intervalWeeks: recurrence.intervalWeeks,
                count: recurrence.count,
                zone,
                firstStart: request.start.toISOString(),
              },
            })
            .returning();
          rows.push(created);
        } catch (error) {
          // The database's own guarantee (events_no_overlap) names the occurrence too.
          if (isOverlapViolation(error))
            throw new SeriesRefused({ ok: false, reason: "occurrence-unavailable", index, start });
          throw error;
        }
      }
      await tx.insert(eventInvitees).values(rows.map((row) => ({ eventId: row.id, position: 1, email })));
      if (found.routingResponseId) await recordRoutingConversion(tx, found.routingResponseId, rows[0].id, now);
      if (controls.linkId) await linkUsedBy(tx, controls.linkId, rows[0].id);
      await notify(
        tx,
        ownerId,
        `New recurring booking: ${eventType.title} with ${name}, ${rows.length} meetings from ${when(rows[0].startsAt, host.timeZone)}`,
        { eventId: rows[0].id },
      );
      const result: SeriesSuccess = {
        ok: true,
        seriesId,
        occurrences: rows.map((row) => ({ ...row, invitees: [email] })),
        token,
        host,
        newInvitees: [email],
      };
      await within(tx, result);
      if (idempotency) await idempotency.hooks.record(tx, idempotency.answer(result));
      return result;
    });
  } catch (error) {
    if (error instanceof SeriesRefused) return error.result;
    throw error;
  }
}

/** A series' occurrences, in order: what its pages, its calendar file and its mails list. */
export async function occurrencesOf(seriesId: string, executor?: Transaction): Promise<Event[]> {
  const db = executor ?? (await getDb());
  return db
    .select()
    .from(events)
    .where(and(eq(events.seriesId, seriesId), sql`${events.guestEmail} is not null`))
    .orderBy(asc(events.seriesIndex));
}

/**
 * Runs `work` in one transaction with the series' meetings as they are in it: a recurring series'
 * "Cancel all" cancels each of its meetings in it (a savepoint each), so their records commit
 * together and one of them can tell the whole series (decision 121). `work` must read and write
 * through `tx` only (the embedded database has one connection).
 */
export async function inSeriesTransaction<T>(
  seriesId: string,
  work: (tx: Transaction, occurrences: Event[]) => Promise<T>,
): Promise<T> {
  const db = await getDb();
  return transaction(db, async (tx) => work(tx, await occurrencesOf(seriesId, tx)));
}

/** The series a booking belongs to, when it is one's occurrence (the caller checked the actor first). */
export async function seriesIdOf(id: string): Promise<string | null> {
  const db = await getDb();
  const [row] = await db.select({ seriesId: events.seriesId }).from(events).where(eq(events.id, id)).limit(1);
  return row?.seriesId ?? null;
}
