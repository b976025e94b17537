import { transaction } from "~/server/transaction.server";
import { bookingMeetings } from "../../db/schema";
import crypto from "node:crypto";
import { and, arrayContains, asc, desc, eq, inArray, isNotNull, isNull, lte, or, sql, type SQL } from "drizzle-orm";
import {
  bookingEventDeliveries,
  bookingEvents,
  eventTypes,
  events,
  mailOutbox,
  smsOutbox,
  reminderDeliveries,
  workflowActions,
  workflowDeliveries,
  workflows,
  teamMemberships,
  teams,
  users,
  webhookAttempts,
  webhookDeliveries,
  webhookSubscriptions,
  type WebhookAttempt,
  type WebhookDelivery,
  type EventTypeLocation,
  type WebhookSubscription,
} from "../../db/schema";
import type { MailMessage } from "~/schemas/mail-message";
import { failingTooLong } from "~/schemas/webhook";
import { getDb } from "~/server/db.server";
import { queueMail } from "~/server/mail-transport.server";
import { languageOf, type Language } from "~/messages/languages";
import { isUuid, type Transaction } from "./event.server";
import { actsAsHost } from "./booking-access.server";

/**
 * Webhook subscriptions, their deliveries and attempts (docs/decisions/037). Every read and
 * write of a subscription filters by its owner: another host's id is "not found". The owner is
 * a person (their personal subscriptions) or a team (decision 062: `team_id` set; `user_id` is
 * who made it). The caller checks that the reader may manage the team's.
 */

/** Whose subscriptions: a person's own, or a team's. */
export type WebhookScope = { userId: string } | { teamId: string };

function scopeWhere(scope: WebhookScope): SQL {
  return "teamId" in scope
    ? eq(webhookSubscriptions.teamId, scope.teamId)
    : (and(eq(webhookSubscriptions.userId, scope.userId), isNull(webhookSubscriptions.teamId)) as SQL);
}

/** A Standard Webhooks secret: `whsec_` and 32 random bytes in base64. */
export function newWebhookSecret(): string {
  return `whsec_${crypto.randomBytes(32).toString("base64")}`;
}

/** A message id (the `webhook-id` header): `msg_` and 16 random bytes, base64url. */
export function newMessageId(): string {
  return `msg_${crypto.randomBytes(16).toString("base64url")}`;
}

export async function listSubscriptions(scope: WebhookScope): Promise<WebhookSubscription[]> {
  const db = await getDb();
  return db.select().from(webhookSubscriptions).where(scopeWhere(scope)).orderBy(asc(webhookSubscriptions.createdAt));
}

export async function getSubscription(scope: WebhookScope, id: string): Promise<WebhookSubscription | null> {
  if (!isUuid(id)) return null;
  const db = await getDb();
  const [row] = await db
    .select()
    .from(webhookSubscriptions)
    .where(and(eq(webhookSubscriptions.id, id), scopeWhere(scope)));
  return row ?? null;
}

/** A host (and a team) may keep this many subscriptions. */
export const MAX_SUBSCRIPTIONS = 20;

/** A new subscription of the scope's owner, made by `creatorId` (the person themselves, or a team's manager). */
export async function createSubscription(
  scope: WebhookScope,
  creatorId: string,
  input: { url: string; events: string[]; active?: boolean },
): Promise<{ ok: true; subscription: WebhookSubscription } | { ok: false; reason: "too-many" }> {
  const db = await getDb();
  return transaction(db, async (tx) => {
    // The owner's row lock (the person's, or the team's) makes the count and the insert one step.
    if ("teamId" in scope)
      await tx.select({ id: teams.id }).from(teams).where(eq(teams.id, scope.teamId)).for("update");
    else await tx.select({ id: users.id }).from(users).where(eq(users.id, scope.userId)).for("update");
    const [{ n }] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(webhookSubscriptions)
      .where(scopeWhere(scope));
    if (n >= MAX_SUBSCRIPTIONS) return { ok: false, reason: "too-many" } as const;
    const [subscription] = await tx
      .insert(webhookSubscriptions)
      .values({
        userId: creatorId,
        teamId: "teamId" in scope ? scope.teamId : null,
        url: input.url,
        events: input.events,
        active: input.active ?? true,
        secret: newWebhookSecret(),
      })
      .returning();
    return { ok: true, subscription } as const;
  });
}

/** Pending deliveries of a subscription switched off end as failed: nothing is sent to it any more. */
async function failPending(tx: Transaction, subscriptionId: string, why: string): Promise<void> {
  await tx
    .update(webhookDeliveries)
    .set({ status: "failed", lastError: why, nextAttemptAt: null })
    .where(and(eq(webhookDeliveries.subscriptionId, subscriptionId), eq(webhookDeliveries.status, "pending")));
}

export async function updateSubscription(
  scope: WebhookScope,
  id: string,
  patch: { url?: string; events?: string[]; active?: boolean },
): Promise<WebhookSubscription | null> {
  if (!isUuid(id)) return null;
  const db = await getDb();
  return transaction(db, async (tx) => {
    const set: Partial<typeof webhookSubscriptions.$inferInsert> = {};
    if (patch.url !== undefined) set.url = patch.url;
    if (patch.events !== undefined) set.events = patch.events;
    if (patch.active !== undefined) {
      set.active = patch.active;
      // Switched on by the host: a fresh start; off: the app's reason no longer applies.
      set.disabledReason = null;
      if (patch.active) set.failingSince = null;
    }
    const [row] = await tx
      .update(webhookSubscriptions)
      .set({ ...set, updatedAt: new Date() })
      .where(and(eq(webhookSubscriptions.id, id), scopeWhere(scope)))
      .returning();
    if (row && patch.active === false) await failPending(tx, row.id, "The subscription was switched off.");
    return row ?? null;
  });
}

export async function deleteSubscription(scope: WebhookScope, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const db = await getDb();
  const deleted = await db
    .delete(webhookSubscriptions)
    .where(and(eq(webhookSubscriptions.id, id), scopeWhere(scope)))
    .returning({ id: webhookSubscriptions.id });
  return deleted.length > 0;
}

/**
 * Whom a booking's record is told to: its hosts' personal subscriptions (the booking's host, and
 * after a hand-over the one it left), and its event type's team's.
 */
export interface WebhookTarget {
  hostIds: string[];
  eventTypeId: string;
}

/**
 * The active subscriptions that asked for `type` (the fan-out's read): the host's personal ones
 * and those of the team the booking's event type belongs to (decision 062). Each once, even when
 * the team's subscription was made by the host.
 */
export async function subscriptionsFor(
  target: WebhookTarget,
  type: string,
): Promise<Pick<WebhookSubscription, "id">[]> {
  const db = await getDb();
  return db
    .select({ id: webhookSubscriptions.id })
    .from(webhookSubscriptions)
    .where(
      and(
        or(
          and(inArray(webhookSubscriptions.userId, target.hostIds), isNull(webhookSubscriptions.teamId)),
          sql`${webhookSubscriptions.teamId} = (select team_type.team_id from event_types team_type where team_type.id = ${target.eventTypeId})`,
        ),
        eq(webhookSubscriptions.active, true),
        arrayContains(webhookSubscriptions.events, [type]),
      ),
    );
}

/**
 * The types the active subscriptions ask for, in one read per kind: by host (their personal
 * ones) and by event type (its team's). Hosts and event types without any are absent.
 */
export async function subscribedTypesOf(
  hostIds: string[],
  eventTypeIds: string[] = [],
): Promise<{ byHost: Map<string, Set<string>>; byEventType: Map<string, Set<string>> }> {
  const byHost = new Map<string, Set<string>>();
  const byEventType = new Map<string, Set<string>>();
  const add = (map: Map<string, Set<string>>, key: string, events: string[]) => {
    const set = map.get(key) ?? new Set<string>();
    for (const type of events) set.add(type);
    map.set(key, set);
  };
  const db = await getDb();
  const [personal, team] = await Promise.all([
    hostIds.length === 0
      ? []
      : db
          .select({ userId: webhookSubscriptions.userId, events: webhookSubscriptions.events })
          .from(webhookSubscriptions)
          .where(
            and(
              inArray(webhookSubscriptions.userId, hostIds),
              isNull(webhookSubscriptions.teamId),
              eq(webhookSubscriptions.active, true),
            ),
          ),
    eventTypeIds.length === 0
      ? []
      : db
          .select({ eventTypeId: eventTypes.id, events: webhookSubscriptions.events })
          .from(webhookSubscriptions)
          .innerJoin(eventTypes, eq(eventTypes.teamId, webhookSubscriptions.teamId))
          .where(
            and(
              inArray(eventTypes.id, eventTypeIds),
              isNotNull(webhookSubscriptions.teamId),
              eq(webhookSubscriptions.active, true),
            ),
          ),
  ]);
  for (const row of personal) add(byHost, row.userId, row.events);
  for (const row of team) add(byEventType, row.eventTypeId, row.events);
  return { byHost, byEventType };
}

export interface NewDelivery {
  subscriptionId: string;
  bookingEventId: string | null;
  eventId: string | null;
  type: string;
  body: string;
}

/**
 * The fan-out's write, in the consumer's marking transaction: one delivery per subscription and
 * record; a second try of the same record adds none (the unique key), so ids stay stable.
 */
export async function insertDeliveries(tx: Transaction, rows: NewDelivery[]): Promise<void> {
  if (rows.length === 0) return;
  await tx
    .insert(webhookDeliveries)
    .values(rows.map((r) => ({ ...r, messageId: newMessageId() })))
    .onConflictDoNothing();
}

/** The test button's delivery: one message to one subscription, due now. */
/**
 * The test button's delivery, due only at `heldUntil` (the request's own lease): the job runner
 * does not claim it before the request does, and sends it then if the request died first.
 */
export async function insertTestDelivery(
  subscriptionId: string,
  body: string,
  heldUntil: Date,
): Promise<WebhookDelivery> {
  const db = await getDb();
  const [row] = await db
    .insert(webhookDeliveries)
    .values({
      subscriptionId,
      bookingEventId: null,
      eventId: null,
      type: "webhook.test",
      body,
      messageId: newMessageId(),
      nextAttemptAt: heldUntil,
    })
    .returning();
  return row;
}

export interface ClaimedDelivery {
  delivery: WebhookDelivery;
  url: string;
  secret: string;
  /** This claim's attempt number: the finishing update only counts when it still matches. */
  attempt: number;
  /** Whether the subscription was failing when claimed (a success then clears the streak). */
  failing: boolean;
}

/** A pending delivery whose time has come, of any subscription (also the job's due check, decision 135). */
export const webhookDeliveryDue = (now: Date) =>
  and(eq(webhookDeliveries.status, "pending"), lte(webhookDeliveries.nextAttemptAt, now));

/**
 * Due deliveries of active subscriptions, claimed with FOR UPDATE SKIP LOCKED: the attempt is
 * counted and next_attempt_at moved past the lease in the claiming transaction, so no other
 * runner sends the same attempt while this one has it.
 */
export async function claimDueDeliveries(
  now: Date,
  options: { batch: number; leaseMs: number; onlyId?: string },
): Promise<ClaimedDelivery[]> {
  // The test button's own delivery goes even to a subscription that is switched off.
  const db = await getDb();
  return transaction(db, async (tx) => {
    const due = await tx
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .innerJoin(webhookSubscriptions, eq(webhookSubscriptions.id, webhookDeliveries.subscriptionId))
      .where(
        and(
          webhookDeliveryDue(now),
          options.onlyId ? eq(webhookDeliveries.id, options.onlyId) : eq(webhookSubscriptions.active, true),
        ),
      )
      .orderBy(asc(webhookDeliveries.nextAttemptAt))
      .limit(options.batch)
      .for("update", { of: webhookDeliveries, skipLocked: true });
    if (due.length === 0) return [];
    const leased = await tx
      .update(webhookDeliveries)
      .set({
        attempts: sql`${webhookDeliveries.attempts} + 1`,
        nextAttemptAt: new Date(now.getTime() + options.leaseMs),
      })
      .where(
        inArray(
          webhookDeliveries.id,
          due.map((d) => d.id),
        ),
      )
      .returning();
    const subs = await tx
      .select({
        id: webhookSubscriptions.id,
        url: webhookSubscriptions.url,
        secret: webhookSubscriptions.secret,
        failingSince: webhookSubscriptions.failingSince,
      })
      .from(webhookSubscriptions)
      .where(
        inArray(
          webhookSubscriptions.id,
          leased.map((d) => d.subscriptionId),
        ),
      );
    const byId = new Map(subs.map((s) => [s.id, s]));
    return leased.map((delivery) => {
      const subscription = byId.get(delivery.subscriptionId)!;
      return {
        delivery,
        url: subscription.url,
        secret: subscription.secret,
        attempt: delivery.attempts,
        failing: subscription.failingSince !== null,
      };
    });
  });
}

export interface AttemptResult {
  startedAt: Date;
  durationMs: number;
  statusCode: number | null;
  error: string | null;
  response: string | null;
  /** delivered, or pending with its next time, or failed. */
  outcome: { status: "delivered" } | { status: "pending"; nextAttemptAt: Date } | { status: "failed" };
}

/**
 * Records an attempt and its outcome in one transaction, only if the claim is still this one's
 * (a lease that ran out and was claimed again counts the other's attempt instead). A failure
 * marks the subscription failing (since its first failure); failing for three days switches it
 * off, fails its pending deliveries and queues `mail` to the owner, once.
 */
export async function finishAttempt(
  claimed: ClaimedDelivery,
  result: AttemptResult,
  now: Date,
  disabledMail: (
    owner: { email: string; name: string; language: Language },
    subscription: WebhookSubscription,
  ) => MailMessage,
): Promise<{ recorded: boolean; disabled: boolean }> {
  const db = await getDb();
  return transaction(db, async (tx) => {
    const { delivery, attempt } = claimed;
    const [row] = await tx
      .update(webhookDeliveries)
      .set({
        status: result.outcome.status,
        nextAttemptAt: result.outcome.status === "pending" ? result.outcome.nextAttemptAt : null,
        lastStatusCode: result.statusCode,
        lastError: result.error,
        deliveredAt: result.outcome.status === "delivered" ? now : null,
      })
      .where(
        and(
          eq(webhookDeliveries.id, delivery.id),
          eq(webhookDeliveries.attempts, attempt),
          eq(webhookDeliveries.status, "pending"),
        ),
      )
      .returning({ id: webhookDeliveries.id });
    if (!row) return { recorded: false, disabled: false };
    await tx
      .insert(webhookAttempts)
      .values({
        deliveryId: delivery.id,
        attempt,
        startedAt: result.startedAt,
        durationMs: result.durationMs,
        statusCode: result.statusCode,
        error: result.error,
        response: result.response,
      })
      .onConflictDoNothing();
    if (delivery.type === "webhook.test") return { recorded: true, disabled: false };
    if (result.outcome.status === "delivered") {
      // Most deliveries go to a healthy subscription: nothing to clear, one statement less.
      if (claimed.failing)
        await tx
          .update(webhookSubscriptions)
          .set({ failingSince: null })
          .where(eq(webhookSubscriptions.id, delivery.subscriptionId));
      return { recorded: true, disabled: false };
    }
    const [sub] = await tx
      .update(webhookSubscriptions)
      .set({ failingSince: sql`coalesce(${webhookSubscriptions.failingSince}, ${now.toISOString()}::timestamptz)` })
      .where(eq(webhookSubscriptions.id, delivery.subscriptionId))
      .returning();
    if (!sub || !sub.active || !failingTooLong(sub.failingSince, now)) return { recorded: true, disabled: false };
    const reason = `Every delivery failed for 3 days (last: ${result.error ?? `HTTP ${result.statusCode}`}).`;
    const [off] = await tx
      .update(webhookSubscriptions)
      .set({ active: false, disabledReason: reason.slice(0, 500) })
      .where(and(eq(webhookSubscriptions.id, sub.id), eq(webhookSubscriptions.active, true)))
      .returning();
    if (!off) return { recorded: true, disabled: false };
    await failPending(tx, off.id, "The subscription was switched off after 3 days of failures.");
    const [owner] = await tx
      .select({ email: users.email, name: users.name, mailLanguage: users.mailLanguage })
      .from(users)
      .where(eq(users.id, off.userId));
    // In the language of the owner's mails (docs/decisions/118).
    if (owner)
      await queueMail(
        tx,
        disabledMail({ email: owner.email, name: owner.name, language: languageOf(owner.mailLanguage) ?? "en" }, off),
      );
    return { recorded: true, disabled: true };
  });
}

/** The last deliveries of one of the owner's subscriptions, newest first, with their attempts. */
export async function listDeliveries(
  scope: WebhookScope,
  subscriptionId: string,
  limit = 50,
): Promise<{ deliveries: WebhookDelivery[]; attempts: WebhookAttempt[] } | null> {
  const subscription = await getSubscription(scope, subscriptionId);
  if (!subscription) return null;
  const db = await getDb();
  const deliveries = await db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.subscriptionId, subscription.id))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(limit);
  const attempts =
    deliveries.length === 0
      ? []
      : await db
          .select()
          .from(webhookAttempts)
          .where(
            inArray(
              webhookAttempts.deliveryId,
              deliveries.map((d) => d.id),
            ),
          );
  return { deliveries, attempts };
}

/** One delivery of the owner's, with its attempts. */
export async function getDelivery(
  scope: WebhookScope,
  deliveryId: string,
): Promise<{ delivery: WebhookDelivery; attempts: WebhookAttempt[] } | null> {
  if (!isUuid(deliveryId)) return null;
  const db = await getDb();
  const [row] = await db
    .select({ delivery: webhookDeliveries })
    .from(webhookDeliveries)
    .innerJoin(webhookSubscriptions, eq(webhookSubscriptions.id, webhookDeliveries.subscriptionId))
    .where(and(eq(webhookDeliveries.id, deliveryId), scopeWhere(scope)));
  if (!row) return null;
  const attempts = await db.select().from(webhookAttempts).where(eq(webhookAttempts.deliveryId, deliveryId));
  return { delivery: row.delivery, attempts };
}

/**
 * Resend: the same message (same webhook-id and body) is due again now: one more attempt, and
 * the schedule's retries after it while the delivery has tries left (attempts keep counting, so
 * the log keeps every one). Answers the delivery, or null when it is not the owner's.
 */
export async function resendDelivery(
  scope: WebhookScope,
  subscriptionId: string,
  deliveryId: string,
  now: Date,
): Promise<WebhookDelivery | null> {
  if (!isUuid(deliveryId) || !isUuid(subscriptionId)) return null;
  const db = await getDb();
  const [row] = await db
    .update(webhookDeliveries)
    .set({ status: "pending", nextAttemptAt: now, deliveredAt: null })
    .where(
      and(
        eq(webhookDeliveries.id, deliveryId),
        eq(webhookDeliveries.subscriptionId, subscriptionId),
        sql`exists (select 1 from ${webhookSubscriptions} where ${webhookSubscriptions.id} = ${webhookDeliveries.subscriptionId} and ${scopeWhere(scope)})`,
      ),
    )
    .returning();
  return row ?? null;
}

// ---------------------------------------------------------------------------------------------
// A booking's timeline

export interface TimelineEntry {
  at: Date;
  what: "change" | "consumer" | "meeting" | "mail" | "text" | "reminder" | "webhook";
  title: string;
  detail: string;
  status: string;
}

/**
 * What the outbox did for one of the host's bookings, oldest first: its changes, each
 * consumer's delivery of them (mail, a calendar writer, webhooks: by name), the mails with
 * their status, reminders sent and webhook deliveries. Null when the reader does not act on the
 * event as its host (its host, or a manager of its event type's team: decision 062). A
 * webhook's URL is shown only to whom manages it; others read "the host's" or "the team's".
 */
export async function bookingTimeline(
  userId: string,
  eventId: string,
): Promise<
  | ({
      event: { id: string; eventName: string; startsAt: Date; status: string; utm: Record<string, string> | null };
    } & { entries: TimelineEntry[] })
  | null
> {
  if (!isUuid(eventId)) return null;
  const db = await getDb();
  const [event] = await db
    .select({
      id: events.id,
      eventName: events.eventName,
      startsAt: events.startsAt,
      status: events.status,
      utm: events.utm,
    })
    .from(events)
    .where(and(eq(events.id, eventId), actsAsHost(userId)));
  if (!event) return null;
  const [records, mails, reminders, hooks, managed, workflowSent, texts] = await Promise.all([
    db.select().from(bookingEvents).where(eq(bookingEvents.eventId, eventId)).orderBy(asc(bookingEvents.createdAt)),
    db
      .select({
        to: mailOutbox.to,
        subject: mailOutbox.subject,
        status: mailOutbox.status,
        error: mailOutbox.error,
        createdAt: mailOutbox.createdAt,
        sentAt: mailOutbox.sentAt,
      })
      .from(mailOutbox)
      .where(eq(mailOutbox.eventId, eventId)),
    db.select().from(reminderDeliveries).where(eq(reminderDeliveries.eventId, eventId)),
    db
      .select({
        delivery: webhookDeliveries,
        url: webhookSubscriptions.url,
        userId: webhookSubscriptions.userId,
        teamId: webhookSubscriptions.teamId,
      })
      .from(webhookDeliveries)
      .innerJoin(webhookSubscriptions, eq(webhookSubscriptions.id, webhookDeliveries.subscriptionId))
      .where(eq(webhookDeliveries.eventId, eventId)),
    db
      .select({ teamId: teamMemberships.teamId })
      .from(teamMemberships)
      .where(and(eq(teamMemberships.userId, userId), inArray(teamMemberships.role, ["owner", "admin"]))),
    // The host's own workflows' messages (decision 085); the default ones show as reminders above.
    db
      .select({
        sentAt: workflowDeliveries.sentAt,
        startsAt: workflowDeliveries.startsAt,
        name: workflows.name,
        type: workflowActions.type,
      })
      .from(workflowDeliveries)
      .innerJoin(workflowActions, eq(workflowActions.id, workflowDeliveries.actionId))
      .innerJoin(workflows, eq(workflows.id, workflowActions.workflowId))
      .where(and(eq(workflowDeliveries.eventId, eventId), isNull(workflows.preset))),
    // Texts (decision 090): sent, failed, or skipped for a number that replied STOP.
    db
      .select({
        to: smsOutbox.to,
        status: smsOutbox.status,
        error: smsOutbox.error,
        attempts: smsOutbox.attempts,
        createdAt: smsOutbox.createdAt,
        sentAt: smsOutbox.sentAt,
        deliveryStatus: smsOutbox.deliveryStatus,
        deliveryError: smsOutbox.deliveryError,
      })
      .from(smsOutbox)
      .where(eq(smsOutbox.eventId, eventId)),
  ]);
  const manages = new Set(managed.map((m) => m.teamId));
  const consumerRows =
    records.length === 0
      ? []
      : await db
          .select()
          .from(bookingEventDeliveries)
          .where(
            inArray(
              bookingEventDeliveries.bookingEventId,
              records.map((r) => r.id),
            ),
          );
  const entries: TimelineEntry[] = [];
  for (const r of records) {
    entries.push({
      at: r.createdAt,
      what: "change",
      title: `Booking ${r.kind}`,
      detail: `by the ${r.actor}${r.reason ? `: "${r.reason}"` : ""}`,
      status: "recorded",
    });
  }
  for (const d of consumerRows) {
    const record = records.find((r) => r.id === d.bookingEventId);
    const status = d.deliveredAt ? "done" : d.lastError ? `failed (try ${d.attempts}): ${d.lastError}` : "waiting";
    entries.push({
      at: d.deliveredAt ?? d.createdAt,
      what: "consumer",
      title: `Outbox: ${d.consumer}`,
      detail: `the "${record?.kind ?? "change"}" change, ${d.attempts} ${d.attempts === 1 ? "try" : "tries"}`,
      status,
    });
  }
  // The booking's meeting in a conferencing app (decision 065): made, moved, deleted or failed.
  const [meeting] = await db.select().from(bookingMeetings).where(eq(bookingMeetings.eventId, eventId));
  if (meeting) {
    const app = { zoom: "Zoom", "google-meet": "Google Meet", "microsoft-teams": "Microsoft Teams" }[meeting.app];
    const tries =
      meeting.failedTries > 0
        ? ` after ${meeting.failedTries} failed ${meeting.failedTries === 1 ? "try" : "tries"}`
        : "";
    entries.push({
      at: meeting.updatedAt,
      what: "meeting",
      title: `${app} meeting`,
      detail:
        meeting.status === "failed"
          ? `could not be made${tries}: the built-in room stands in, and the host was told`
          : `${meeting.status}${tries}${meeting.joinUrl ? `: ${meeting.joinUrl}` : ""}`,
      status: meeting.lastError ? `${meeting.status} (${meeting.lastError})` : meeting.status,
    });
  }
  for (const m of mails) {
    entries.push({
      at: m.sentAt ?? m.createdAt,
      what: "mail",
      title: m.subject,
      detail: `to ${m.to || "nobody"}`,
      status: m.error ? `${m.status}: ${m.error}` : m.status,
    });
  }
  for (const t of texts) {
    entries.push({
      at: t.sentAt ?? t.createdAt,
      what: "text",
      title: `Text to ${t.to}`,
      detail: `${t.attempts} ${t.attempts === 1 ? "try" : "tries"}`,
      // The provider's delivery report (docs/decisions/109), once it has one.
      status: [
        t.error ? `${t.status}: ${t.error}` : t.status,
        t.deliveryStatus ? `, ${t.deliveryStatus}${t.deliveryError ? ` (error ${t.deliveryError})` : ""}` : "",
      ].join(""),
    });
  }
  for (const r of reminders) {
    entries.push({
      at: r.sentAt,
      what: "reminder",
      title: `Reminder ${r.rule}`,
      detail: `for the start ${r.startsAt.toISOString()}`,
      status: "sent",
    });
  }
  for (const w of workflowSent) {
    entries.push({
      at: w.sentAt,
      what: "reminder",
      title: `Workflow "${w.name}": ${w.type}`,
      detail: `for the start ${w.startsAt.toISOString()}`,
      status: "sent",
    });
  }
  for (const { delivery: d, url, userId: owner, teamId } of hooks) {
    const code = d.lastStatusCode === null ? (d.lastError ?? "") : `HTTP ${d.lastStatusCode}`;
    const shown = teamId ? manages.has(teamId) : owner === userId;
    entries.push({
      at: d.deliveredAt ?? d.createdAt,
      what: "webhook",
      title: `${d.type} to ${shown ? url : teamId ? "the team's webhook" : "the host's webhook"}`,
      detail: `${d.attempts} ${d.attempts === 1 ? "attempt" : "attempts"}${code ? `, ${code}` : ""}`,
      status: d.status,
    });
  }
  entries.sort((a, b) => a.at.getTime() - b.at.getTime());
  return { event, entries };
}

/** What a webhook says about the booking's event type (read when the message is composed). */
export async function eventTypeBrief(
  id: string | null,
): Promise<{ id: string; slug: string; title: string; location: EventTypeLocation; seats: number | null } | null> {
  if (!id) return null;
  const db = await getDb();
  const [row] = await db
    .select({
      id: eventTypes.id,
      slug: eventTypes.slug,
      title: eventTypes.title,
      location: eventTypes.location,
      seats: eventTypes.seats,
    })
    .from(eventTypes)
    .where(eq(eventTypes.id, id));
  return row ?? null;
}
