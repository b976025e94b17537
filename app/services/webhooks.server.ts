import { meetingOf } from "~/models/conferencing.server";
import { locationJson, meetingPlace } from "~/schemas/meeting";
import dns from "node:dns/promises";
import { Webhook } from "standardwebhooks";
import type { BookingEventRecord, BookingSeat, WebhookSubscription } from "../../db/schema";
import { webhookDisabledMail } from "~/mail/webhook";
import type { Language } from "~/messages/languages";
import { fromSnapshot } from "~/models/booking-events.server";
import type { HostEvent } from "~/models/event.server";
import type { BookingHost, SeatBooking } from "~/models/booking-request.server";
import {
  claimDueDeliveries,
  createSubscription,
  eventTypeBrief,
  finishAttempt,
  getDelivery,
  getSubscription,
  insertDeliveries,
  insertTestDelivery,
  resendDelivery,
  subscriptionsFor,
  subscribedTypesOf,
  updateSubscription,
  type AttemptResult,
  type ClaimedDelivery,
  type NewDelivery,
  type WebhookScope,
  type WebhookTarget,
} from "~/models/webhook.server";
import {
  attemptVerdict,
  isPrivateAddress,
  nextAttemptAt,
  PRIVATE_ADDRESS_MESSAGE,
  UNRESOLVED_ADDRESS_MESSAGE,
  WEBHOOK_TEST_TYPE,
  WEBHOOK_TIMEOUT_MS,
  WEBHOOK_TYPE_OF_KIND,
  webhookUrlProblem,
  type WebhookBooking,
  type WebhookCreateInput,
  type WebhookPatchInput,
} from "~/schemas/webhook";
import { teamWebhookPage } from "~/schemas/team-bookings";
import { calendarFetch, CalendarFetchError } from "~/server/calendar-fetch.server";
import { env } from "~/server/env.server";
import { linkBase } from "~/utils/request.server";
import type { Told } from "./bookings.server";
import { recordAudit } from "./audit.server";

/**
 * Webhooks (docs/decisions/037): one more consumer of the booking events outbox. The consumer
 * only fans out: per record, one delivery row per matching active subscription of the host and
 * of the team the booking's event type belongs to (decision 062),
 * written in the consumer's marking transaction (unique per subscription and record, so a
 * retried apply adds nothing). The job runner's `webhooks` job then sends due deliveries,
 * signed by the Standard Webhooks scheme, and retries them on its schedule.
 */

// ---------------------------------------------------------------------------------------------
// Addresses

function guardOptions() {
  const e = env();
  return { production: e.NODE_ENV === "production", allowPrivate: e.ALLOW_PRIVATE_WEBHOOK_URLS === "true" };
}

const DNS_TIMEOUT_MS = 3_000;

/**
 * The URL's problem, or null: its form, then (unless private addresses are allowed) every
 * address its host resolves to. Checked when saved and again before each attempt (DNS can change).
 */
export async function webhookUrlRefusal(raw: string): Promise<string | null> {
  const options = guardOptions();
  const problem = webhookUrlProblem(raw, options);
  if (problem || options.allowPrivate) return problem;
  const host = new URL(raw).hostname.replace(/^\[|\]$/g, "");
  let addresses: { address: string }[];
  let timer: NodeJS.Timeout | undefined;
  try {
    // A resolver that does not answer costs a request 3 s at most.
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error("DNS timeout")), DNS_TIMEOUT_MS);
    });
    addresses = await Promise.race([dns.lookup(host, { all: true, verbatim: true }), timeout]);
  } catch {
    return UNRESOLVED_ADDRESS_MESSAGE;
  } finally {
    clearTimeout(timer);
  }
  if (addresses.length === 0) return UNRESOLVED_ADDRESS_MESSAGE;
  return addresses.some((a) => isPrivateAddress(a.address)) ? PRIVATE_ADDRESS_MESSAGE : null;
}

// ---------------------------------------------------------------------------------------------
// Subscriptions

export type SubscriptionWrite =
  { ok: true; subscription: WebhookSubscription } | { ok: false; field: "url" | "form"; message: string };

/** A subscription of `scope` (a person's own, or a team's) made by `creatorId`. */
export async function createWebhook(
  scope: WebhookScope,
  creatorId: string,
  input: WebhookCreateInput,
): Promise<SubscriptionWrite> {
  const refusal = await webhookUrlRefusal(input.url);
  if (refusal) return { ok: false, field: "url", message: refusal };
  const created = await createSubscription(scope, creatorId, input);
  if (!created.ok)
    return {
      ok: false,
      field: "form",
      message:
        "teamId" in scope
          ? "This team has 20 webhooks already: delete one first."
          : "You have 20 webhooks already: delete one first.",
    };
  return created;
}

export async function updateWebhook(
  scope: WebhookScope,
  id: string,
  patch: WebhookPatchInput,
): Promise<SubscriptionWrite | null> {
  if (patch.url !== undefined) {
    const refusal = await webhookUrlRefusal(patch.url);
    if (refusal) return (await getSubscription(scope, id)) ? { ok: false, field: "url", message: refusal } : null;
  }
  const subscription = await updateSubscription(scope, id, patch);
  return subscription ? { ok: true, subscription } : null;
}

// ---------------------------------------------------------------------------------------------
// Payloads

const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);
const isoOf = (d: Date | string) => new Date(d).toISOString();

interface Subject {
  /** The booking or the session (the record's event). */
  event: HostEvent;
  /** A group session's seat the change was about. */
  seat?: SeatBooking;
  /** A whole session's seats (the host moved or cancelled the session). */
  seats?: BookingSeat[];
  host?: BookingHost;
  links?: { cancelUrl: string | null; rescheduleUrl: string | null };
  /** A booking handed to another host (decision 060): the host it left. */
  previousHost?: BookingHost & { id: string };
  /** A no-show marked or undone (decision 078). */
  noShow?: { who: "guest" | "host"; noShow: boolean };
}

/** What the record is about, from its snapshot; null for a host's own event (not a booking). */
function subjectOf(told: Told): Subject | null {
  switch (told.tell) {
    case "booking":
      return "session" in told.booking
        ? {
            event: (told.booking as SeatBooking).session,
            seat: told.booking as SeatBooking,
            host: told.host,
            links: told.links,
          }
        : { event: told.booking, host: told.host, links: told.links };
    case "session":
      return { event: told.booking, seats: told.seats, host: told.host };
    case "seat-moved":
      return { event: told.booking.session, seat: told.booking, host: told.host, links: told.links };
    case "cancelled": {
      const o = told.outcome;
      if (o.kind === "seat") return { event: o.seat.session, seat: o.seat, host: o.host };
      if (o.kind === "own") return null;
      return { event: o.event, seats: o.seats, host: o.host };
    }
    case "requested":
    case "request-moved":
      return { event: told.booking, host: told.host, links: told.links };
    case "declined":
      return { event: told.booking, host: told.host };
    case "invitees":
      return null;
    case "reassigned":
      return { event: told.booking, host: told.host, links: told.links, previousHost: told.previousHost };
    case "no-show":
      return { event: told.booking, host: told.host, noShow: { who: told.who, noShow: told.noShow } };
  }
}

function seatJson(seat: {
  id: string;
  name: string | null;
  email: string | null;
  timeZone: string | null;
  status: string;
  guests: string[];
}) {
  return {
    id: seat.id,
    name: seat.name,
    email: seat.email,
    timeZone: seat.timeZone,
    status: seat.status,
    guests: seat.guests,
  };
}

/**
 * Whose subscriptions a record's webhook goes to (from its snapshot), null when it makes none (a
 * host's own event): the booking's host's, for a hand-over also the host it left (decision 060),
 * and its event type's team's (decision 062).
 */
function webhookTargetOf(record: BookingEventRecord): WebhookTarget | null {
  const subject = subjectOf(fromSnapshot<Told>(record.payload));
  if (!subject?.event.eventTypeId) return null;
  const hostIds = [...new Set([subject.event.hostId, ...(subject.previousHost ? [subject.previousHost.id] : [])])];
  return { hostIds, eventTypeId: subject.event.eventTypeId };
}

/** The webhook's JSON body for a record (the same for every subscription). */
export async function webhookPayload(
  record: BookingEventRecord,
  type: string,
): Promise<{ hostId: string; eventId: string; body: string } | null> {
  const subject = subjectOf(fromSnapshot<Told>(record.payload));
  if (!subject || !subject.event.eventTypeId) return null;
  const { event, seat, seats } = subject;
  const eventType = await eventTypeBrief(event.eventTypeId);
  const lead = seat ?? event;
  const guestEmail = lead.guestEmail ?? null;
  // The guest who booked first, then the people they brought.
  const guests: WebhookBooking["guests"] = seat
    ? [
        { name: seat.guestName, email: seat.guestEmail ?? "", timeZone: seat.guestTimeZone },
        ...seat.invitees.filter((e) => e !== seat.guestEmail).map((email) => ({ name: null, email, timeZone: null })),
      ]
    : seats && seats.length > 0
      ? seats.flatMap((s) => [
          { name: s.name, email: s.email, timeZone: s.timeZone },
          ...s.guests.map((email) => ({ name: null, email, timeZone: null })),
        ])
      : [
          ...(guestEmail ? [{ name: event.guestName, email: guestEmail, timeZone: event.guestTimeZone }] : []),
          ...event.invitees.filter((e) => e !== guestEmail).map((email) => ({ name: null, email, timeZone: null })),
        ];
  const data: WebhookBooking = {
    id: event.id,
    eventType: eventType ? { id: eventType.id, slug: eventType.slug, title: eventType.title } : null,
    start: isoOf(lead.startsAt),
    end: isoOf(lead.endsAt),
    timeZone: lead.guestTimeZone ?? null,
    // A paid booking is recorded only once confirmed (docs/decisions/107): never awaiting payment here.
    status:
      record.kind === "cancelled"
        ? "cancelled"
        : record.kind === "declined"
          ? "declined"
          : lead.status === "awaiting_payment"
            ? "confirmed"
            : lead.status,
    host: { name: subject.host?.name ?? "", email: subject.host?.email ?? "" },
    guests,
    answers: { ...(("answers" in lead && lead.answers) || {}), notes: lead.notes ?? null },
    // Snapshots taken before events.utm existed have none.
    utm: event.utm ?? null,
    location: eventType?.location
      ? locationJson(
          eventType.location,
          meetingPlace({
            setting: eventType.location,
            eventType: event.eventType,
            baseUrl: env().MEETING_BASE_URL,
            roomId: event.roomId,
            meeting: await meetingOf(event.id),
          }),
        )
      : null,
  };
  if (subject.links?.cancelUrl) data.cancelUrl = subject.links.cancelUrl;
  if (subject.links?.rescheduleUrl) data.rescheduleUrl = subject.links.rescheduleUrl;
  if (record.kind === "rescheduled") {
    data.previousStart = iso(record.oldStartsAt);
    data.previousEnd = iso(record.oldEndsAt);
  }
  if (record.kind === "reassigned" && subject.previousHost) {
    data.previousHost = { name: subject.previousHost.name, email: subject.previousHost.email };
    data.reassignedBy = record.actor === "guest" ? "guest" : "host";
    if (iso(record.oldStartsAt) !== iso(record.newStartsAt)) {
      data.previousStart = iso(record.oldStartsAt);
      data.previousEnd = iso(record.oldEndsAt);
    }
  }
  if (record.kind === "cancelled") {
    data.cancelledBy = record.actor as NonNullable<WebhookBooking["cancelledBy"]>;
    data.reason = record.reason ?? null;
  }
  if (record.kind === "no_show" && subject.noShow) data.noShow = subject.noShow;
  // booking.declined: the host's reason, or "expired" when the hold ran out unanswered.
  if (record.kind === "declined") data.reason = record.reason ?? null;
  if (seat) {
    data.seat = seatJson({
      id: seat.id,
      name: seat.guestName,
      email: seat.guestEmail,
      timeZone: seat.guestTimeZone,
      status: record.kind === "cancelled" ? "cancelled" : seat.status,
      guests: seat.invitees.filter((e) => e !== seat.guestEmail),
    });
  }
  if (seat || seats) {
    const session = seat ? seat.session : event;
    data.session = {
      id: session.id,
      start: iso(session.startsAt),
      end: iso(session.endsAt),
      status: session.status,
      seats: eventType?.seats ?? null,
      attendees: session.invitees.length,
    };
  }
  return {
    hostId: event.hostId,
    eventId: event.id,
    body: JSON.stringify({ type, timestamp: iso(record.createdAt), data }),
  };
}

/** The fan-out: one delivery per subscription (the host's, the event type's team's) that asked for the record's type. */
export const webhookConsumer = {
  name: "webhooks",
  async effects(record: BookingEventRecord): Promise<NewDelivery[]> {
    const type = WEBHOOK_TYPE_OF_KIND[record.kind];
    if (!type) return [];
    // Who would be told comes from the snapshot: most hosts subscribe to nothing, and then the
    // payload (its event type read) is not made at all.
    const target = webhookTargetOf(record);
    if (!target) return [];
    const subscriptions = await subscriptionsFor(target, type);
    if (subscriptions.length === 0) return [];
    const payload = await webhookPayload(record, type);
    if (!payload) return [];
    return subscriptions.map((s) => ({
      subscriptionId: s.id,
      bookingEventId: record.id,
      eventId: payload.eventId,
      type,
      body: payload.body,
    }));
  },
  async apply(tx: Parameters<typeof insertDeliveries>[0], rows: NewDelivery[]) {
    await insertDeliveries(tx, rows);
  },
  // Sent at once, not at the runner's next poll.
  afterCommit(rows: NewDelivery[]) {
    if (rows.length > 0) nudgeWebhooks();
  },
  // A host without a subscription for the type: marked with the batch's other such records.
  isEmpty: (rows: NewDelivery[]) => rows.length === 0,
  // The batch's hosts' and teams' subscriptions in one read each: records no active subscription asks for.
  async surelyEmpty(records: BookingEventRecord[]): Promise<Set<string>> {
    const asked = records.map((record) => ({
      record,
      type: WEBHOOK_TYPE_OF_KIND[record.kind],
      target: webhookTargetOf(record),
    }));
    const targets = asked.flatMap((a) => (a.target ? [a.target] : []));
    const { byHost, byEventType } = await subscribedTypesOf(
      [...new Set(targets.flatMap((t) => t.hostIds))],
      [...new Set(targets.map((t) => t.eventTypeId))],
    );
    return new Set(
      asked
        .filter(
          (a) =>
            !a.type ||
            !a.target ||
            !(
              a.target.hostIds.some((id) => byHost.get(id)?.has(a.type as string)) ||
              byEventType.get(a.target.eventTypeId)?.has(a.type)
            ),
        )
        .map((a) => a.record.id),
    );
  },
};

// ---------------------------------------------------------------------------------------------
// Sending

/** A claimed attempt's lease: longer than the timeout and the recording after it. */
const LEASE_MS = 60_000;
const RESPONSE_SNIPPET = 500;

/** Signs `body` for `messageId` at `at` (seconds), as the Standard Webhooks headers. */
export function signedHeaders(secret: string, messageId: string, at: Date, body: string): Record<string, string> {
  const timestamp = new Date(Math.floor(at.getTime() / 1000) * 1000);
  return {
    "content-type": "application/json",
    "user-agent": "Scheduler-Webhooks/1.0",
    "webhook-id": messageId,
    "webhook-timestamp": String(timestamp.getTime() / 1000),
    "webhook-signature": new Webhook(secret).sign(messageId, timestamp, body),
  };
}

function errorText(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } } | null)?.cause;
  if (
    (error instanceof CalendarFetchError && error.problem === "timeout") ||
    (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError"))
  )
    return `Timed out after ${WEBHOOK_TIMEOUT_MS / 1000} s`;
  const text = cause?.code
    ? `${cause.code}: ${cause.message ?? ""}`
    : error instanceof Error
      ? error.message
      : String(error);
  return text.slice(0, 500) || "Network error";
}

/** The start of an answer's body for the log: reads a few KB at most, then lets the rest go. */
async function snippetOf(response: Response): Promise<string | null> {
  const reader = response.body?.getReader();
  if (!reader) return null;
  const decoder = new TextDecoder();
  let text = "";
  try {
    while (text.length < RESPONSE_SNIPPET) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
    return text.slice(0, RESPONSE_SNIPPET);
  } catch {
    return text ? text.slice(0, RESPONSE_SNIPPET) : null;
  } finally {
    reader.cancel().catch(() => {});
  }
}

/** One HTTP attempt: never throws; the outcome follows the retry rules. */
async function attempt(claimed: ClaimedDelivery, scale: number, retry: boolean): Promise<AttemptResult> {
  const startedAt = new Date();
  const began = performance.now();
  const finish = (
    statusCode: number | null,
    error: string | null,
    response: string | null,
    verdictOverride?: "give-up",
  ): AttemptResult => {
    const now = new Date();
    const verdict = verdictOverride ?? attemptVerdict(statusCode);
    const next = retry ? nextAttemptAt(claimed.attempt, verdict, now, scale) : null;
    return {
      startedAt,
      durationMs: Math.round(performance.now() - began),
      statusCode,
      error,
      response,
      outcome:
        verdict === "delivered"
          ? { status: "delivered" }
          : next
            ? { status: "pending", nextAttemptAt: next }
            : { status: "failed" },
    };
  };
  const refusal = guardOptions().allowPrivate ? null : await webhookUrlRefusal(claimed.url);
  if (refusal)
    return finish(null, `Not sent: ${refusal}`, null, refusal === PRIVATE_ADDRESS_MESSAGE ? "give-up" : undefined);
  try {
    const { delivery } = claimed;
    // Through the guarded fetch (decision 063): the connection goes to an address checked at connect time.
    const send = calendarFetch({
      allowPrivate: guardOptions().allowPrivate,
      timeoutMs: WEBHOOK_TIMEOUT_MS,
      maxBytes: RESPONSE_SNIPPET * 4,
      truncate: true,
    });
    const response = await send(claimed.url, {
      method: "POST",
      headers: signedHeaders(claimed.secret, delivery.messageId, new Date(), delivery.body),
      body: delivery.body,
      // A redirect is the receiver's answer (3xx: not retried), never followed to another host.
      redirect: "manual",
    });
    const text = await snippetOf(response);
    const ok = response.status >= 200 && response.status < 300;
    return finish(response.status, ok ? null : `HTTP ${response.status}`, text);
  } catch (error) {
    return finish(null, errorText(error), null);
  }
}

function disabledMail(owner: { name: string; email: string; language: Language }, subscription: WebhookSubscription) {
  const base = linkBase().replace(/\/$/, "");
  // A team's subscription is mailed to who made it, with the link to the team's page of it.
  const page = subscription.teamId
    ? teamWebhookPage(subscription.teamId, subscription.id)
    : `/dashboard/webhooks/${subscription.id}`;
  return webhookDisabledMail(owner, subscription, `${base}${page}`);
}

async function sendClaimed(claimed: ClaimedDelivery, retry = true): Promise<void> {
  const result = await attempt(
    claimed,
    env().WEBHOOK_RETRY_SCALE,
    retry && claimed.delivery.type !== WEBHOOK_TEST_TYPE,
  );
  try {
    const { disabled } = await finishAttempt(claimed, result, new Date(), disabledMail);
    if (disabled)
      console.warn(`webhooks: subscription ${claimed.delivery.subscriptionId} switched off after 3 days of failures`);
  } catch (error) {
    // Not recorded (the database failed): the lease runs out and the message goes again, same webhook-id.
    console.error(`webhooks: recording attempt ${claimed.attempt} of ${claimed.delivery.id} failed:`, error);
  }
}

/** Runs `work` over `items`, at most `limit` at a time. */
async function pool<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next++];
      await work(item);
    }
  });
  await Promise.all(lanes);
}

/**
 * The job: sends due deliveries, `concurrency` at a time, claiming batches while full ones come
 * back, for at most `budgetMs` (then the runner's other jobs get their turn; the next poll goes
 * on). Answers how many attempts it made.
 */
export async function sendDueWebhooks(
  now: Date,
  options: { batch?: number; concurrency?: number; budgetMs?: number } = {},
): Promise<number> {
  const { batch = 64, concurrency = 16, budgetMs = 10_000 } = options;
  const began = Date.now();
  let sent = 0;
  for (let first = true; ; first = false) {
    const claimed = await claimDueDeliveries(first ? now : new Date(), { batch, leaseMs: LEASE_MS });
    await pool(claimed, concurrency, (c) => sendClaimed(c));
    sent += claimed.length;
    if (claimed.length < batch || Date.now() - began >= budgetMs) return sent;
  }
}

let sending: Promise<void> | null = null;
let sendAgain = false;

/** Sends due deliveries in the background right away (after a fan-out, a resend); the job runner's poll does the same. */
export function nudgeWebhooks(): void {
  if (env().JOBS === "off") return;
  if (sending) {
    sendAgain = true;
    return;
  }
  sending = (async () => {
    do {
      sendAgain = false;
      await sendDueWebhooks(new Date());
    } while (sendAgain);
  })()
    .catch((error) => console.error("webhooks: the nudge failed (the job runner retries):", error))
    .finally(() => {
      sending = null;
    });
}

/** The test button: a `webhook.test` message sent now (once, not retried); the delivery with its attempt. */
export async function sendTestWebhook(scope: WebhookScope, id: string) {
  const subscription = await getSubscription(scope, id);
  if (!subscription) return null;
  const body = JSON.stringify({
    type: WEBHOOK_TEST_TYPE,
    timestamp: new Date().toISOString(),
    data: {
      subscriptionId: subscription.id,
      message: "A test from Scheduler: your endpoint receives signed webhooks.",
    },
  });
  // Held for this request (the runner would otherwise claim it first and the answer be pending).
  const heldUntil = new Date(Date.now() + LEASE_MS);
  const delivery = await insertTestDelivery(subscription.id, body, heldUntil);
  const [claimed] = await claimDueDeliveries(heldUntil, { batch: 1, leaseMs: LEASE_MS, onlyId: delivery.id });
  if (claimed) await sendClaimed(claimed, false);
  return getDelivery(scope, delivery.id);
}

/** Resend: the same message again (same webhook-id), due now. */
export async function resendWebhook(scope: WebhookScope, subscriptionId: string, deliveryId: string) {
  const delivery = await resendDelivery(scope, subscriptionId, deliveryId, new Date());
  if (delivery) nudgeWebhooks();
  return delivery;
}

/** Audits a change of a subscription (decision 070): what it points at, never its secret. */
export function auditWebhook(
  actorId: string,
  action: "webhook.created" | "webhook.updated" | "webhook.deleted",
  scope: WebhookScope,
  id: string,
  subscription: { url: string; events: string[]; active: boolean } | null,
  request: Request | null,
): Promise<void> {
  return recordAudit({
    actorId,
    action,
    targetType: "webhook",
    targetId: id,
    after: {
      ...("teamId" in scope ? { teamId: scope.teamId } : {}),
      ...(subscription ? { url: subscription.url, events: subscription.events, active: subscription.active } : {}),
    },
    request,
  });
}
