import { transaction } from "~/server/transaction.server";
import { and, asc, eq, inArray, lt, or, sql, type SQL } from "drizzle-orm";
import { bookingEventDeliveries, bookingEvents, type BookingEventKind, type BookingEventRecord } from "../../db/schema";
import type { Transaction } from "./event.server";
import { queryRows } from "../../db/client";
import { getDb } from "~/server/db.server";
import { invalidatePublicPages, publicPageTag } from "~/server/page-cache.server";
import { collectMail, queueMails, queueMailsWhere } from "~/server/mail-transport.server";

/**
 * The durable outbox of booking changes (docs/decisions/030). A change writes its record with
 * recordBookingEvent in its own transaction, with one delivery row per consumer. Each consumer
 * (CONSUMERS) claims its due rows with FOR UPDATE SKIP LOCKED, works out its effects from the
 * record's snapshot, and in one transaction per record writes them and marks its row delivered:
 * a record's effects happen once, whichever app server and however many tries it takes. Records
 * whose effects write nothing (a host without webhook subscriptions or calendars) are marked
 * delivered together, one statement per batch.
 */

/** A consumer: `effects` composes (reads allowed, no writes); `apply` writes them in the marking transaction. */
export interface BookingEventConsumer<T = unknown> {
  name: string;
  /** `attempts`: this try's number (1 for the first), so a consumer may give up on its own terms. */
  effects(record: BookingEventRecord, context: { attempts: number }): Promise<T>;
  /**
   * The other consumers wait for this one's delivery of the same record (or until it runs out of
   * tries): the conferencing consumer makes the meeting whose link the mails and webhooks carry.
   */
  holdsOthers?: boolean;
  apply(tx: Transaction, effects: T): Promise<void>;
  /** After the marking transaction committed (a nudge to whoever acts on what `apply` wrote); must not throw. */
  afterCommit?(effects: T): void;
  /**
   * Effects that write nothing (`apply` would do nothing with them): such records are marked
   * delivered together, one statement for the batch, instead of one transaction each.
   */
  isEmpty?(effects: T): boolean;
  /**
   * The ids of a batch's records whose effects are surely empty, found in one statement for the
   * whole batch (most hosts subscribe to nothing and have no calendar): they are marked with the
   * batch's other empty ones without `effects` being asked. A record not in the set goes through
   * `effects` as usual, so answering fewer is always safe.
   */
  surelyEmpty?(records: BookingEventRecord[]): Promise<Set<string>>;
  /**
   * `apply` as one statement that writes only where `when` holds: the record is then marked
   * delivered and its effects written in that one statement, not in a transaction of several
   * (`when` is true exactly when this server's mark took, the record being still undelivered).
   */
  applyWhere?(effects: T, when: SQL): SQL;
}

const consumers: BookingEventConsumer[] = [];

/** Registers a consumer; records written afterwards get a delivery row for it. */
export function addBookingEventConsumer<T>(consumer: BookingEventConsumer<T>): void {
  if (!consumers.some((c) => c.name === consumer.name)) consumers.push(consumer as BookingEventConsumer);
}

/** The consumers registered in this process, whose deliveries the job makes. */
export function bookingEventConsumerNames(): string[] {
  return consumers.map((c) => c.name);
}

/** Dates survive jsonb as `{ "$date": iso }`. */
export function toSnapshot(value: unknown): Record<string, unknown> {
  return JSON.parse(snapshotJson(value));
}

/** The snapshot as JSON text, as stored (no parse and stringify again on the way to the database). */
function snapshotJson(value: unknown): string {
  return JSON.stringify(value, function (this: Record<string, unknown>, key: string, v: unknown) {
    const raw = this[key];
    return raw instanceof Date ? { $date: raw.toISOString() } : v;
  });
}

export function fromSnapshot<T>(snapshot: unknown): T {
  return JSON.parse(JSON.stringify(snapshot), (_key, v: unknown) =>
    v &&
    typeof v === "object" &&
    !Array.isArray(v) &&
    typeof (v as { $date?: unknown }).$date === "string" &&
    Object.keys(v).length === 1
      ? new Date((v as { $date: string }).$date)
      : v,
  );
}

export interface BookingEventInput {
  kind: BookingEventKind;
  eventId: string;
  seatId?: string | null;
  actor: string;
  oldStartsAt?: Date | null;
  oldEndsAt?: Date | null;
  newStartsAt?: Date | null;
  newEndsAt?: Date | null;
  reason?: string | null;
  payload: unknown;
}

/**
 * Writes a record and its delivery rows inside the change's transaction, in one statement (one
 * round trip). The same statement names the booking's hosts and team: their public pages (the
 * slots it took or freed) go from the page cache once the transaction commits (docs/decisions/105).
 */
export async function recordBookingEvent(tx: Transaction, input: BookingEventInput): Promise<void> {
  const at = (d: Date | null | undefined) => (d ? d.toISOString() : null);
  const record = sql`insert into ${bookingEvents} (kind, event_id, seat_id, actor, old_starts_at, old_ends_at, new_starts_at, new_ends_at, reason, payload)
    values (${input.kind}::booking_event_kind, ${input.eventId}::uuid, ${input.seatId ?? null}::uuid, ${input.actor}::text,
      ${at(input.oldStartsAt)}::timestamptz, ${at(input.oldEndsAt)}::timestamptz, ${at(input.newStartsAt)}::timestamptz, ${at(input.newEndsAt)}::timestamptz,
      ${input.reason ?? null}::text, ${snapshotJson(input.payload)}::jsonb)
    returning id`;
  // A collective booking is one events row per host, the others pointing at it (booking_id).
  const pages = sql`select distinct e.host_id::text as "hostId", t.team_id::text as "teamId"
    from events e left join event_types t on t.id = e.event_type_id
    where e.id = ${input.eventId}::uuid or e.booking_id = ${input.eventId}::uuid`;
  let shown: Array<{ hostId: string; teamId: string | null }>;
  if (consumers.length === 0) {
    shown = await queryRows(tx, sql`with record as (${record}) ${pages}`);
  } else {
    const names = sql.join(
      consumers.map((c) => sql`(${c.name}::text)`),
      sql`, `,
    );
    shown = await queryRows(
      tx,
      sql`with record as (${record}), deliveries as (insert into ${bookingEventDeliveries} (booking_event_id, consumer) select record.id, c.name from record, (values ${names}) as c(name)) ${pages}`,
    );
  }
  invalidatePublicPages([
    ...new Set(
      shown.flatMap((r) => [publicPageTag.host(r.hostId), ...(r.teamId ? [publicPageTag.team(r.teamId)] : [])]),
    ),
  ]);
}

/** Tries per record and consumer; then it stays undelivered, with its last error, for an admin. */
export const MAX_BOOKING_EVENT_ATTEMPTS = 8;
/** A claim's lease: a crashed server's claim runs out after it. */
const CLAIM_MS = 60_000;

/** The pause after the `attempts`-th failure: 10 s, doubled each time, at most an hour. */
export function bookingEventRetryMs(attempts: number): number {
  return Math.min(3_600_000, 10_000 * 2 ** Math.max(0, attempts - 1));
}

/**
 * The pause after a failure whose error may carry `retryAfterMs` (a third party's Retry-After,
 * already bounded by its client): the backoff's, or longer when the party asked for longer.
 */
export function bookingEventRetryAfterError(attempts: number, error: unknown): number {
  const asked =
    error && typeof error === "object" && "retryAfterMs" in error && typeof error.retryAfterMs === "number"
      ? error.retryAfterMs
      : 0;
  return Math.max(bookingEventRetryMs(attempts), asked);
}

/**
 * A delivery row still to make at `now`, whatever the order of its booking's records (also the
 * job's due check, decision 135).
 */
export const deliveryDue = (now: Date) =>
  and(
    sql`${bookingEventDeliveries.deliveredAt} is null`,
    lt(bookingEventDeliveries.attempts, MAX_BOOKING_EVENT_ATTEMPTS),
    or(
      sql`${bookingEventDeliveries.nextAttemptAt} is null`,
      sql`${bookingEventDeliveries.nextAttemptAt} <= ${now.toISOString()}::timestamptz`,
    ),
  );

/** The delivery rows `consumer` claims at `now`: due, in their booking's order, not held by another consumer. */
export function claimableDeliveries(consumer: string, now: Date): SQL | undefined {
  const holders = consumers.filter((c) => c.holdsOthers && c.name !== consumer).map((c) => c.name);
  // Not before the consumers that hold the others have delivered this record (decision 065).
  const held =
    holders.length === 0
      ? sql`true`
      : sql`not exists (
            select 1 from booking_event_deliveries h
            where h.booking_event_id = ${bookingEventDeliveries.bookingEventId}
              and h.consumer in (${sql.join(
                holders.map((h) => sql`${h}`),
                sql`, `,
              )})
              and h.delivered_at is null and h.attempts < ${MAX_BOOKING_EVENT_ATTEMPTS})`;
  return and(
    eq(bookingEventDeliveries.consumer, consumer),
    deliveryDue(now),
    // One booking's records in order, per consumer: not while an earlier one of the same
    // booking is still to do (or in another server's hands). A guest never gets "changed"
    // before "confirmed", a calendar never sees a move before the write it moves.
    sql`not exists (
      select 1 from booking_events cur
      join booking_events prev on prev.event_id = cur.event_id and prev.created_at < cur.created_at
      join booking_event_deliveries prev_d on prev_d.booking_event_id = prev.id and prev_d.consumer = ${consumer}
      where cur.id = ${bookingEventDeliveries.bookingEventId}
        and prev_d.delivered_at is null and prev_d.attempts < ${MAX_BOOKING_EVENT_ATTEMPTS})`,
    held,
  );
}

/** One consumer's due records, claimed (attempts + 1, leased) with SKIP LOCKED. */
async function claim(consumer: string, now: Date, batch: number) {
  const db = await getDb();
  return transaction(db, async (tx) => {
    const due = await tx
      .select({ id: bookingEventDeliveries.bookingEventId })
      .from(bookingEventDeliveries)
      .where(claimableDeliveries(consumer, now))
      .orderBy(asc(bookingEventDeliveries.createdAt))
      .limit(batch)
      .for("update", { skipLocked: true });
    if (due.length === 0) return [];
    // One statement takes the lease of the whole batch, one reads its records.
    const leased = await tx
      .update(bookingEventDeliveries)
      .set({ attempts: sql`${bookingEventDeliveries.attempts} + 1`, nextAttemptAt: new Date(now.getTime() + CLAIM_MS) })
      .where(
        and(
          eq(bookingEventDeliveries.consumer, consumer),
          inArray(
            bookingEventDeliveries.bookingEventId,
            due.map((d) => d.id),
          ),
        ),
      )
      .returning({ id: bookingEventDeliveries.bookingEventId, attempts: bookingEventDeliveries.attempts });
    const attemptsOf = new Map(leased.map((l) => [l.id, l.attempts]));
    const records = await tx
      .select()
      .from(bookingEvents)
      .where(inArray(bookingEvents.id, [...attemptsOf.keys()]))
      .orderBy(asc(bookingEvents.createdAt));
    return records.map((record) => ({ record, attempts: attemptsOf.get(record.id) ?? 1 }));
  });
}

/**
 * The job: every consumer delivers its due records (at most `batch` each). A record whose
 * effects fail stays undelivered with its error and is tried again after a growing pause.
 * Answers how many records were delivered.
 */
export async function deliverBookingEvents(now: Date, batch = 20): Promise<number> {
  const db = await getDb();
  let delivered = 0;
  for (const consumer of consumers) {
    const nothingToWrite: { id: string; effects?: unknown }[] = [];
    // A consumer with applyWhere: the batch's records marked and their effects written together.
    const together: Array<{ record: BookingEventRecord; attempts: number; effects: unknown }> = [];
    const claimed = await claim(consumer.name, now, batch);
    const empty =
      claimed.length > 0 && consumer.surelyEmpty ? await surelyEmptyOf(consumer, claimed) : new Set<string>();
    for (const { record, attempts } of claimed) {
      const where = and(
        eq(bookingEventDeliveries.bookingEventId, record.id),
        eq(bookingEventDeliveries.consumer, consumer.name),
      );
      if (empty.has(record.id)) {
        nothingToWrite.push({ id: record.id });
        continue;
      }
      try {
        const effects = await consumer.effects(record, { attempts });
        if (consumer.isEmpty?.(effects)) {
          nothingToWrite.push({ id: record.id, effects });
          continue;
        }
        if (consumer.applyWhere) {
          together.push({ record, attempts, effects });
          continue;
        }
        const done = await transaction(db, async (tx) => {
          // Still ours and still undelivered: a lease that ran out may have let another server do it.
          const [row] = await tx
            .select({ deliveredAt: bookingEventDeliveries.deliveredAt })
            .from(bookingEventDeliveries)
            .where(where)
            .for("update");
          if (!row || row.deliveredAt) return false;
          await consumer.apply(tx, effects);
          await tx
            .update(bookingEventDeliveries)
            .set({ deliveredAt: new Date(), lastError: null, nextAttemptAt: null })
            .where(where);
          return true;
        });
        if (done) {
          delivered += 1;
          consumer.afterCommit?.(effects);
        }
      } catch (error) {
        await failed(consumer, record, attempts, error);
      }
    }
    if (together.length > 0) delivered += await applyTogether(consumer, together);
    if (nothingToWrite.length > 0) delivered += await markDelivered(consumer, nothingToWrite);
  }
  return delivered;
}

/** A record whose effects failed: its error kept, tried again after a growing pause. */
async function failed(consumer: BookingEventConsumer, record: BookingEventRecord, attempts: number, error: unknown) {
  const message = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
  console.error(`booking events: ${consumer.name} of ${record.kind} ${record.id} failed (try ${attempts}): ${message}`);
  const db = await getDb();
  await db
    .update(bookingEventDeliveries)
    .set({
      lastError: message,
      nextAttemptAt: new Date(Date.now() + bookingEventRetryAfterError(attempts, error)),
    })
    .where(
      and(eq(bookingEventDeliveries.bookingEventId, record.id), eq(bookingEventDeliveries.consumer, consumer.name)),
    );
}

/**
 * Marks a batch's records delivered and writes their effects (applyWhere) in one statement
 * (decision 138); answers how many it marked. If that statement fails, each record goes on its
 * own (markAndApply), so one record's fault fails only that record.
 */
async function applyTogether(
  consumer: BookingEventConsumer,
  items: Array<{ record: BookingEventRecord; attempts: number; effects: unknown }>,
): Promise<number> {
  const applyWhere = consumer.applyWhere!.bind(consumer);
  const after = (marked: Set<string>) => {
    for (const item of items) if (marked.has(item.record.id)) consumer.afterCommit?.(item.effects);
    return marked.size;
  };
  if (items.length > 1) {
    try {
      const marked = await markAndApplyMany(
        consumer.name,
        items.map((item) => ({ id: item.record.id, statement: (when: SQL) => applyWhere(item.effects, when) })),
      );
      return after(marked);
    } catch (error) {
      console.error(
        `booking events: ${consumer.name} could not write ${items.length} records together; one by one: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
  const marked = new Set<string>();
  for (const item of items) {
    try {
      if (await markAndApply(item.record.id, consumer.name, (when) => applyWhere(item.effects, when)))
        marked.add(item.record.id);
    } catch (error) {
      await failed(consumer, item.record, item.attempts, error);
    }
  }
  return after(marked);
}

/**
 * markAndApply for several records in one statement: each record's effects are written only
 * where its own mark took. Answers the ids it marked.
 */
async function markAndApplyMany(
  consumer: string,
  items: Array<{ id: string; statement: (when: SQL) => SQL }>,
): Promise<Set<string>> {
  const db = await getDb();
  const effects = items.map(
    (item, i) =>
      sql`${sql.identifier(`effect${i}`)} as (${item.statement(sql`exists (select 1 from mark where mark.id = ${item.id}::uuid)`)})`,
  );
  const rows = await queryRows<{ id: string }>(
    db,
    sql`with mark as (
      update ${bookingEventDeliveries} set delivered_at = now(), last_error = null, next_attempt_at = null
      where consumer = ${consumer}::text and delivered_at is null
        and booking_event_id in (${sql.join(
          items.map((item) => sql`${item.id}::uuid`),
          sql`, `,
        )})
      returning booking_event_id as id),
    ${sql.join(effects, sql`, `)}
    select id::text as id from mark`,
  );
  return new Set(rows.map((r) => r.id));
}

/** The consumer's surely empty records of a batch; none when asking fails (each record is then asked on its own). */
async function surelyEmptyOf(
  consumer: BookingEventConsumer,
  claimed: { record: BookingEventRecord }[],
): Promise<Set<string>> {
  try {
    return (await consumer.surelyEmpty?.(claimed.map((c) => c.record))) ?? new Set();
  } catch (error) {
    console.error(
      `booking events: ${consumer.name} could not sort out its empty records: ${error instanceof Error ? error.message : String(error)}`,
    );
    return new Set();
  }
}

/**
 * Marks one record delivered (only if still undelivered: a lease that ran out may have let
 * another server do it) and writes its effects, in one statement; answers whether it marked.
 */
async function markAndApply(id: string, consumer: string, statement: (when: SQL) => SQL): Promise<boolean> {
  const db = await getDb();
  const rows = await queryRows<{ marked: number }>(
    db,
    sql`with mark as (
      update ${bookingEventDeliveries} set delivered_at = now(), last_error = null, next_attempt_at = null
      where booking_event_id = ${id}::uuid and consumer = ${consumer}::text and delivered_at is null
      returning 1),
    effect as (${statement(sql`exists (select 1 from mark)`)})
    select count(*)::int as marked from mark`,
  );
  return rows[0]?.marked === 1;
}

/**
 * Marks records whose effects write nothing as delivered, in one statement. Only rows still
 * undelivered: a lease that ran out may have let another server do one (as the per-record
 * transaction checks). If it fails, the leases run out and the records are tried again.
 */
async function markDelivered(
  consumer: BookingEventConsumer,
  records: { id: string; effects?: unknown }[],
): Promise<number> {
  try {
    const db = await getDb();
    const marked = await db
      .update(bookingEventDeliveries)
      .set({ deliveredAt: new Date(), lastError: null, nextAttemptAt: null })
      .where(
        and(
          eq(bookingEventDeliveries.consumer, consumer.name),
          inArray(
            bookingEventDeliveries.bookingEventId,
            records.map((r) => r.id),
          ),
          sql`${bookingEventDeliveries.deliveredAt} is null`,
        ),
      )
      .returning({ id: bookingEventDeliveries.bookingEventId });
    const ids = new Set(marked.map((m) => m.id));
    // Surely empty records were never given effects: nothing follows them.
    for (const r of records) if (ids.has(r.id) && "effects" in r) consumer.afterCommit?.(r.effects);
    return ids.size;
  } catch (error) {
    console.error(
      `booking events: ${consumer.name} could not mark ${records.length} records delivered: ${error instanceof Error ? error.message : String(error)}`,
    );
    return 0;
  }
}

/** The mail consumer's effects: the messages, composed by the existing senders (collected, not sent). */
export function mailConsumer(
  tell: (kind: BookingEventKind, payload: Record<string, unknown>) => Promise<void>,
): BookingEventConsumer<{ eventId: string; messages: Awaited<ReturnType<typeof collectMail>> }> {
  return {
    name: "mail",
    effects: async (record) => ({
      eventId: record.eventId,
      messages: await collectMail(() => tell(record.kind, record.payload)),
    }),
    async apply(tx, { eventId, messages }) {
      // Tied to the booking, for its timeline (the host's page of what the outbox did).
      await queueMails(tx, messages, { eventId });
    },
    applyWhere: ({ eventId, messages }, when) => queueMailsWhere(messages, { eventId }, when),
    isEmpty: ({ messages }) => messages.length === 0,
  };
}
