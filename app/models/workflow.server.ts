import { transaction } from "~/server/transaction.server";
import { and, asc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import {
  bookingMeetings,
  bookingSeats,
  eventTypes,
  events,
  reminderDeliveries,
  teamMemberships,
  users,
  workflowActions,
  workflowDeliveries,
  workflowEventTypes,
  workflows,
  type BookingEventRecord,
  type BookingSeat,
} from "../../db/schema";
import { readerTime } from "~/scheduling/reader-time";
import { isTimeZone } from "~/scheduling/time-zone";
import {
  dueWorkflowActions,
  isSmsAction,
  isTimedTrigger,
  nextWorkflowCheck,
  type TimedAction,
  type WorkflowActionType,
  type WorkflowTrigger,
} from "~/scheduling/workflows";
import { queryRows, type Database } from "../../db/client";
import { getDb } from "~/server/db.server";
import { invalidatePublicPages, publicPageTag } from "~/server/page-cache.server";
import { env, linkBase } from "~/server/env.server";
import { guestMailLogo } from "./user-logo.server";
import { queueMail } from "~/server/mail-transport.server";
import { queueSms, smsAvailable } from "~/server/sms.server";
import { meetingPlace, placeLine } from "~/schemas/meeting";
import { MAIL_WORDS, placeNameIn } from "~/messages/guest-words/mail";
import { languageOf } from "~/messages/languages";
import type { RemindedMeeting } from "~/schemas/reminder-mail";
import type { TemplateValues, WorkflowTexts } from "~/schemas/workflow-mail";
import type { WorkflowInput, WorkflowRecord } from "~/schemas/workflow";
import { isUuid, notify, type Transaction } from "./event.server";
import { claimTurn } from "./housekeeping.server";
import { recipientsOf, type ConfirmedSeat } from "./reminder.server";

/**
 * Workflows (docs/decisions/085): the job that sends timed actions ("before the start", "after
 * the end") and the effects of the booking event stream's triggers (booked, cancelled,
 * rescheduled, no-show). Each (action, booking, start) goes out exactly once: its
 * workflow_deliveries key is inserted in the transaction that writes its effects (outbox mail,
 * bell), under a row lock on the booking that other app servers skip (decision 022's pattern).
 */

type EventRow = typeof events.$inferSelect;

export interface ApplyingAction {
  id: string;
  workflowId: string;
  trigger: WorkflowTrigger;
  offsetMinutes: number;
  type: WorkflowActionType;
  subject: string;
  body: string;
  preset: string | null;
}

/** The events row as the workflows' rule reads it (applyingActionsOf). */
const ev = alias(events, "ev");

/**
 * Whose workflows apply to an event (docs/decisions/109): its host's own, and those of the team
 * its event type belongs to, on the booking's own row only (a collective's co-host rows point at
 * it with booking_id), so a team's message goes out once per booking; and of those, the ones for
 * all event types or for its own.
 */
const workflowsApplying = and(
  or(
    and(isNull(workflows.teamId), eq(workflows.userId, ev.hostId)),
    sql`(${ev.bookingId} is null and ${workflows.teamId} = (select team_type.team_id from ${eventTypes} team_type where team_type.id = ${ev.eventTypeId}))`,
  ),
  or(
    eq(workflows.allEventTypes, true),
    sql`exists (select 1 from ${workflowEventTypes} where ${workflowEventTypes.workflowId} = ${workflows.id} and ${workflowEventTypes.eventTypeId} = ${ev.eventTypeId})`,
  ),
);

/** The active workflows' actions on `triggers` that apply to each of these events, by event id (one statement). */
async function applyingActionsOf(
  db: Database | Transaction,
  eventIds: string[],
  triggers: readonly WorkflowTrigger[],
): Promise<Map<string, ApplyingAction[]>> {
  const byEvent = new Map<string, ApplyingAction[]>();
  if (eventIds.length === 0) return byEvent;
  const rows = await db
    .select({
      eventId: ev.id,
      id: workflowActions.id,
      workflowId: workflows.id,
      trigger: workflows.trigger,
      offsetMinutes: workflows.offsetMinutes,
      type: workflowActions.type,
      subject: workflowActions.subject,
      body: workflowActions.body,
      preset: workflows.preset,
    })
    .from(ev)
    .innerJoin(workflows, and(workflowsApplying, eq(workflows.active, true), inArray(workflows.trigger, [...triggers])))
    .innerJoin(workflowActions, eq(workflowActions.workflowId, workflows.id))
    .where(inArray(ev.id, eventIds))
    .orderBy(asc(workflows.createdAt), asc(workflows.id), asc(workflowActions.position));
  for (const { eventId, ...r } of rows) {
    const list = byEvent.get(eventId) ?? [];
    list.push({ ...r, trigger: r.trigger as WorkflowTrigger, type: r.type as WorkflowActionType });
    byEvent.set(eventId, list);
  }
  return byEvent;
}

/** The active workflows' actions (the host's and the team's) that apply to an event (its event type, or all). */
async function applyingActions(
  tx: Transaction,
  e: Pick<EventRow, "id">,
  triggers: readonly WorkflowTrigger[],
): Promise<ApplyingAction[]> {
  return (await applyingActionsOf(tx, [e.id], triggers)).get(e.id) ?? [];
}

const zoneOr = (zone: string | null | undefined, fallback: string) => (zone && isTimeZone(zone) ? zone : fallback);

interface Context {
  e: EventRow;
  host: { name: string; email: string; zone: string; phone: string | null };
  meeting: RemindedMeeting;
  recipients: Map<string, string | null>;
  /** A group session's seats that may be texted, each at its own number (docs/decisions/109). */
  seatPhones: Array<{ phone: string; name: string; zone: string }>;
  /** A group session's readers by address: the name of the seat they came with ({guest_name}). */
  seatNames: Map<string, string>;
  links: { cancelUrl: string | null; rescheduleUrl: string | null } | null;
}

/**
 * A session's readers beyond their addresses: the seats with a number and consent, and the name
 * each reader's mail greets (a seat's guest and the people they brought: the seat's name).
 */
function seatReaders(seats: ConfirmedSeat[]): Pick<Context, "seatPhones" | "seatNames"> {
  const seatNames = new Map<string, string>();
  for (const seat of seats) {
    for (const email of [seat.email, ...seat.guests]) {
      const key = email.trim().toLowerCase();
      if (key && !seatNames.has(key)) seatNames.set(key, seat.name);
    }
  }
  return {
    seatPhones: seats
      .filter((s) => s.phone !== null && s.smsConsentAt !== null)
      .map((s) => ({ phone: s.phone!, name: s.name, zone: s.timeZone })),
    seatNames,
  };
}

async function contextOf(tx: Transaction, e: EventRow, links: Context["links"]): Promise<Context | null> {
  const [host] = await tx
    .select({ name: users.name, email: users.email, timeZone: users.timeZone, phone: users.phone })
    .from(users)
    .where(eq(users.id, e.hostId));
  if (!host) return null;
  const hostZone = zoneOr(host.timeZone, "UTC");
  const hostName = host.name || host.email;
  const { recipients, seats } = await recipientsOf(tx, e);
  // The event type's real place (decision 028) and the booking's meeting (decision 065).
  const [type] = e.eventTypeId
    ? await tx.select({ location: eventTypes.location }).from(eventTypes).where(eq(eventTypes.id, e.eventTypeId))
    : [];
  const [made] = await tx
    .select()
    .from(bookingMeetings)
    .where(eq(bookingMeetings.eventId, e.bookingId ?? e.id));
  const place = meetingPlace({
    setting: type?.location ?? null,
    eventType: e.eventType,
    baseUrl: env().MEETING_BASE_URL,
    roomId: e.roomId,
    meeting: made
      ? { app: made.app, status: made.status, joinUrl: made.joinUrl, dialIn: made.dialIn, passcode: made.passcode }
      : null,
  });
  return {
    e,
    host: { name: hostName, email: host.email, zone: hostZone, phone: host.phone },
    meeting: {
      eventName: e.eventName,
      eventType: e.eventType,
      startsAt: e.startsAt,
      endsAt: e.endsAt,
      joinUrl: place.joinUrl,
      // The place's name in the language the guest booked in (docs/decisions/088).
      place: [
        placeLine({ ...place, name: placeNameIn(MAIL_WORDS[languageOf(e.guestLanguage) ?? "en"], place.name) }),
        ...(place.extra ?? []),
      ].join("\n"),
      hostZone,
      hostName,
      isBooking: Boolean(e.guestEmail && e.bookingTokenHash),
      language: e.guestLanguage,
    },
    recipients,
    ...seatReaders(seats),
    links,
  };
}

/** A later message cannot carry the guest's links (only their hash is stored, decision 018). */
const NO_LINK = "the link in your booking confirmation e-mail";

/** The template's values for one reader (decision 085's variables), in the reader's zone. */
export function templateValues(c: Context, zone: string): TemplateValues {
  const values: TemplateValues = {
    guest_name: c.e.guestName ?? "",
    event_title: c.e.eventName,
    start_time: readerTime(c.e.startsAt, zone, c.host.zone).full,
    location: c.meeting.place ?? c.meeting.eventType,
    join_url: c.meeting.joinUrl ?? "",
    cancel_url: c.links?.cancelUrl ?? (c.meeting.isBooking ? NO_LINK : ""),
    reschedule_url: c.links?.rescheduleUrl ?? (c.meeting.isBooking ? NO_LINK : ""),
    host_name: c.host.name,
  };
  for (const [id, answer] of Object.entries(c.e.answers ?? {})) {
    values[`answer_${id}`] = Array.isArray(answer) ? answer.join(", ") : String(answer);
  }
  return values;
}

/**
 * One action's effects, written in the caller's transaction after its key. A preset action
 * (decision 022's rules as default workflows) with an empty body sends decision 022's texts.
 */
async function writeAction(
  tx: Transaction,
  c: Context,
  action: ApplyingAction,
  now: Date,
  texts: WorkflowTexts,
): Promise<void> {
  const { e, host } = c;
  const recipients = [...c.recipients.keys()];
  if (action.type === "bell") {
    const text =
      action.preset && !action.body.trim()
        ? texts.hostReminderNotification(
            c.meeting,
            e.guestName ?? (recipients.length === 1 ? recipients[0]! : null),
            host.zone,
            now,
          )
        : texts.workflowText(action.body, templateValues(c, host.zone));
    await notify(tx, e.hostId, text, { eventId: e.id });
    return;
  }
  if (action.type === "email_host") {
    const mail = texts.workflowMail(action, templateValues(c, host.zone));
    await queueMail(tx, { to: host.email, ...mail }, { eventId: e.id });
    return;
  }
  if (action.type === "email_guest") {
    // The host's or team's logo on top, as in the guests' invitations (decision 117); read once per
    // action, only for the guests' mails.
    const logo =
      recipients.length > 0
        ? await guestMailLogo(e.hostId, e.eventTypeId, env().APP_URL ? linkBase() : null, tx)
        : null;
    const meeting = logo ? { ...c.meeting, logo } : c.meeting;
    for (const to of recipients) {
      const zone = zoneOr(c.recipients.get(to), host.zone);
      const mail =
        action.preset === "follow-up"
          ? texts.guestFollowUpMail(meeting, zone, action.body)
          : action.preset && !action.body.trim()
            ? texts.guestReminderMail(meeting, zone, now)
            : texts.workflowMail(
                action,
                { ...templateValues(c, zone), ...seatGreeting(c, to) },
                logo ? { logo, language: e.guestLanguage } : undefined,
              );
      await queueMail(tx, { to, replyTo: host.email, ...mail }, { eventId: e.id });
    }
  }
  // Texts (docs/decisions/090): only to a number that may be texted (textable), in the reader's zone.
  if (action.type === "sms_guest" && e.guestPhone && e.smsConsentAt) {
    const zone = zoneOr(e.guestTimeZone, host.zone);
    await queueSms(
      tx,
      { to: e.guestPhone, body: texts.workflowSms(action.body, templateValues(c, zone)) },
      { eventId: e.id },
    );
  }
  // A group session: each seat's guest at their own number, with their own name (docs/decisions/109).
  if (action.type === "sms_guest") {
    const texted = new Set(e.guestPhone && e.smsConsentAt ? [e.guestPhone] : []);
    for (const seat of c.seatPhones) {
      if (texted.has(seat.phone)) continue;
      texted.add(seat.phone);
      const values = { ...templateValues(c, zoneOr(seat.zone, host.zone)), guest_name: seat.name };
      await queueSms(tx, { to: seat.phone, body: texts.workflowSms(action.body, values) }, { eventId: e.id });
    }
  }
  if (action.type === "sms_host" && host.phone) {
    await queueSms(
      tx,
      { to: host.phone, body: texts.workflowSms(action.body, templateValues(c, host.zone)) },
      { eventId: e.id },
    );
  }
}

/** A session's reader is greeted with the name of the seat they came with, not the session's first guest's. */
function seatGreeting(c: Context, to: string): { guest_name?: string } {
  const name = c.seatNames.get(to.trim().toLowerCase());
  return name === undefined ? {} : { guest_name: name };
}

/** Whether an action can reach its reader now: a guest text needs a number (the guest's or a seat's), consent and a transport. */
function textable(c: Pick<Context, "e" | "host" | "seatPhones">): { guest: boolean; host: boolean } {
  const on = smsAvailable();
  return {
    guest: on && Boolean((c.e.guestPhone && c.e.smsConsentAt) || c.seatPhones.length > 0),
    host: on && Boolean(c.host.phone),
  };
}

/** Inserts the key (a seat's own with `seatId`); true when it is new (the action is this caller's to send). */
async function claim(
  tx: Transaction,
  action: ApplyingAction,
  e: EventRow,
  seatId: string | null = null,
): Promise<boolean> {
  const key = await tx
    .insert(workflowDeliveries)
    .values({ actionId: action.id, eventId: e.id, startsAt: e.startsAt, seatId })
    .onConflictDoNothing()
    .returning({ id: workflowDeliveries.id });
  if (key.length === 0) return false;
  // Decision 022's key too, for a preset: a server still on the code before workflows sends nothing twice.
  if (action.preset) {
    await tx
      .insert(reminderDeliveries)
      .values({ eventId: e.id, rule: action.preset, startsAt: e.startsAt })
      .onConflictDoNothing();
  }
  return true;
}

/** The workflow job's lease in job_leases (the mechanism of housekeeping, docs/decisions/026). */
export const WORKFLOWS_JOB = "workflows";
/**
 * The lease lasts this share of the poll interval: one server (whichever claims it) reads what
 * is due each poll, and a server polling alone (the runner's jitter is ±10 %) always gets its turn.
 */
const TURN_SHARE = 0.8;
/** Events read per statement, and statements per poll: the rest waits for the next poll. */
const POLL_BATCH = 200;
const POLL_BATCHES = 25;
/**
 * How long one poll takes new events for: each is a transaction of its own, so a burst of new
 * bookings (every one is looked at once) would otherwise hold up the jobs after this one in the
 * runner's order (reconfirmations, the outbox, texts) and the next poll's webhooks for seconds.
 * What is left waits for the next poll.
 */
const POLL_WORK_MS = 1_000;
/** A text this server cannot send (no SMS transport here) is looked at again this soon. */
const SMS_RETRY_MS = 60_000;

/** An event whose workflow check time has come (also the job's due check, decision 135). */
export const workflowCheckDue = (now: Date) => sql`${events.workflowCheckAt} <= ${now.toISOString()}::timestamptz`;

/**
 * The poll's query (docs/decisions/103): the events whose check time has come, through the
 * partial index on workflow_check_at, in keyset order after `after`.
 */
export function workflowPollQuery(db: Database, now: Date, after?: { checkAt: Date; id: string }) {
  return db
    .select({ id: events.id, checkAt: events.workflowCheckAt })
    .from(events)
    .where(
      and(
        workflowCheckDue(now),
        after
          ? sql`(${events.workflowCheckAt}, ${events.id}) > (${after.checkAt.toISOString()}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(asc(events.workflowCheckAt), asc(events.id))
    .limit(POLL_BATCH);
}

/**
 * Sets when the job next looks at the event. Its updated_at stays exactly as it is (nothing a
 * person changed): assigned from itself, as a Date read back would lose its microseconds.
 */
async function setCheck(tx: Transaction, e: EventRow, at: Date | null): Promise<void> {
  await tx
    .update(events)
    .set({ workflowCheckAt: at, updatedAt: sql`${events.updatedAt}` })
    .where(eq(events.id, e.id));
}

/**
 * Sends what is due for one event, in one transaction: the event row locked (NO KEY UPDATE) or
 * skipped when another server holds it (it keeps its check time), the rules checked on what this
 * transaction reads, each key inserted before its effects; then the event's next check time.
 */
async function deliverForEvent(eventId: string, now: Date, texts: WorkflowTexts): Promise<number> {
  const db = await getDb();
  return transaction(db, async (tx: Transaction) => {
    const [e] = await tx.select().from(events).where(eq(events.id, eventId)).for("no key update", { skipLocked: true });
    if (!e) return 0;
    const actions = (await applyingActions(tx, e, ["before_start", "after_end"])).filter(
      (a): a is ApplyingAction & TimedAction => isTimedTrigger(a.trigger),
    );
    const rows =
      actions.length === 0
        ? []
        : await tx
            .select({ actionId: workflowDeliveries.actionId })
            .from(workflowDeliveries)
            .where(and(eq(workflowDeliveries.eventId, e.id), eq(workflowDeliveries.startsAt, e.startsAt)));
    const delivered = new Set(rows.map((d) => d.actionId));
    const timing = { status: e.status, startsAt: e.startsAt, endsAt: e.endsAt, startSetAt: e.startSetAt };
    let sent = 0;
    let retry: { at: Date; actionIds: Set<string> } | undefined;
    // Who can be reached is read only when some action's time has come.
    const dueByTime = dueWorkflowActions({
      event: { ...timing, hasGuests: true, guestTextable: true, hostTextable: true },
      actions,
      delivered,
      now,
    });
    const c = dueByTime.length > 0 ? await contextOf(tx, e, null) : null;
    if (c) {
      const reach = textable(c);
      const due = new Set(
        dueWorkflowActions({
          event: { ...timing, hasGuests: c.recipients.size > 0, guestTextable: reach.guest, hostTextable: reach.host },
          actions,
          delivered,
          now,
        }),
      );
      for (const action of actions.filter((a) => due.has(a.id))) {
        delivered.add(action.id);
        if (!(await claim(tx, action, e))) continue;
        await writeAction(tx, c, action, now, texts);
        sent++;
      }
      if (!smsAvailable()) {
        retry = {
          at: new Date(now.getTime() + SMS_RETRY_MS),
          actionIds: new Set(actions.filter((a) => isSmsAction(a.type)).map((a) => a.id)),
        };
      }
    }
    await setCheck(tx, e, nextWorkflowCheck({ event: timing, actions, delivered, now, retry }));
    return sent;
  });
}

/**
 * The poll's first pass over a batch of due events (decision 138), in four statements whatever
 * the batch's size: their rows, their timed actions and what was sent, then one UPDATE giving
 * each event with nothing to send now its next check time, as deliverForEvent would. That UPDATE
 * writes a row only if it has not changed since it was read (its xmin, which every UPDATE of the
 * row renews): a change meanwhile (a move, a workflow edited, another server's send) keeps the
 * row due for the next poll, and the mark it made is not lost. Answers the events with an action
 * due now (and those it could not read), for deliverForEvent.
 */
export async function planWorkflowChecks(
  db: Database,
  ids: string[],
  now: Date,
  /** Tests: runs between the reads and the write (what another server may do meanwhile). */
  afterRead?: () => Promise<void>,
): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      id: events.id,
      status: events.status,
      startsAt: events.startsAt,
      endsAt: events.endsAt,
      startSetAt: events.startSetAt,
      version: sql<string>`${events}.xmin::text`,
    })
    .from(events)
    .where(inArray(events.id, ids));
  const actionsOf = await applyingActionsOf(
    db,
    rows.map((r) => r.id),
    ["before_start", "after_end"],
  );
  const withActions = [...actionsOf.keys()];
  const sentRows =
    withActions.length === 0
      ? []
      : await db
          .select({
            eventId: workflowDeliveries.eventId,
            actionId: workflowDeliveries.actionId,
            startsAt: workflowDeliveries.startsAt,
          })
          .from(workflowDeliveries)
          .where(inArray(workflowDeliveries.eventId, withActions));
  // What was sent for each event's current start, by event and start.
  const sentFor = new Map<string, Set<string>>();
  for (const d of sentRows) {
    const key = `${d.eventId} ${d.startsAt.getTime()}`;
    sentFor.set(key, (sentFor.get(key) ?? new Set()).add(d.actionId));
  }
  const toSend = new Set(ids);
  const checks: Array<{ id: string; at: Date | null; version: string }> = [];
  for (const e of rows) {
    const actions = (actionsOf.get(e.id) ?? []).filter((a): a is ApplyingAction & TimedAction =>
      isTimedTrigger(a.trigger),
    );
    const delivered = sentFor.get(`${e.id} ${e.startsAt.getTime()}`) ?? new Set<string>();
    const timing = { status: e.status, startsAt: e.startsAt, endsAt: e.endsAt, startSetAt: e.startSetAt };
    const due = dueWorkflowActions({
      event: { ...timing, hasGuests: true, guestTextable: true, hostTextable: true },
      actions,
      delivered,
      now,
    });
    if (due.length > 0) continue;
    checks.push({ id: e.id, at: nextWorkflowCheck({ event: timing, actions, delivered, now }), version: e.version });
    toSend.delete(e.id);
  }
  await afterRead?.();
  if (checks.length > 0) {
    const values = sql.join(
      checks.map((c) => sql`(${c.id}::uuid, ${c.at?.toISOString() ?? null}::timestamptz, ${c.version}::text)`),
      sql`, `,
    );
    // Rows another transaction holds are skipped, not waited for (no lock order to deadlock on):
    // they stay due, for the next poll.
    await queryRows(
      db,
      sql`with c(id, at, version) as (values ${values}),
        mine as (
          select e.id, c.at from ${events} e join c on c.id = e.id
          where e.xmin::text = c.version
          for no key update of e skip locked)
        update ${events} set workflow_check_at = mine.at, updated_at = ${events}.updated_at
        from mine where ${events}.id = mine.id`,
    );
  }
  return ids.filter((id) => toSend.has(id));
}

/**
 * The job runner's workflow job: answers how many actions this server sent. With `pollMs`, only
 * the server that claims this poll's lease reads what is due; the others return at once.
 */
export async function sendDueWorkflows(now: Date, texts: WorkflowTexts, pollMs?: number): Promise<number> {
  const db = await getDb();
  if (pollMs && !(await claimTurn(db, WORKFLOWS_JOB, now, Math.round(pollMs * TURN_SHARE)))) return 0;
  let sent = 0;
  let after: { checkAt: Date; id: string } | undefined;
  const stopAt = Date.now() + POLL_WORK_MS;
  for (let batch = 0; batch < POLL_BATCHES; batch++) {
    const rows = await workflowPollQuery(db, now, after);
    // Those with nothing to send now (a new booking's first look, mostly) get their next check
    // time together; the others one by one, under their row lock.
    const toSend = await planWorkflowChecks(
      db,
      rows.map((r) => r.id),
      now,
    );
    for (const id of toSend) {
      if (Date.now() > stopAt) return sent;
      sent += await deliverForEvent(id, now, texts);
    }
    const last = rows.at(-1);
    if (rows.length < POLL_BATCH || !last?.checkAt) break;
    after = { checkAt: last.checkAt, id: last.id };
  }
  return sent;
}

/** Which trigger a booking event record fires, if any. */
export function triggerOf(record: Pick<BookingEventRecord, "kind" | "payload">): WorkflowTrigger | null {
  switch (record.kind) {
    case "created":
    case "approved":
      return (record.payload as { tell?: string }).tell === "requested" ? null : "booked";
    case "cancelled":
      return "cancelled";
    case "rescheduled":
      return "rescheduled";
    case "no_show":
      return (record.payload as { noShow?: boolean }).noShow ? "no_show" : null;
    default:
      return null;
  }
}

export interface WorkflowEffects {
  eventId: string;
  /** The group session's seat the record is about (its own booking), if any. */
  seatId?: string | null;
  trigger: WorkflowTrigger | null;
  links: Context["links"];
  now: Date;
}

/**
 * The effects of one booking event record for the workflows consumer: written in the consumer's
 * marking transaction, each action's key first (a record delivered twice sends nothing twice).
 * A cancellation reaches the guests it cancelled; the others need a confirmed booking. A group
 * session's seat is its own booking (docs/decisions/109, 111): a record about a seat (booked, or
 * its guest's cancel or move) fires for that seat only, under a key of the seat's, with the same
 * rule on the seat's own status; the session's status decides only for the record of a whole session.
 */
export async function applyWorkflowEffects(tx: Transaction, eff: WorkflowEffects, texts: WorkflowTexts): Promise<void> {
  if (!eff.trigger) return;
  const [e] = await tx.select().from(events).where(eq(events.id, eff.eventId));
  if (!e) return;
  const seatId = eff.seatId ?? null;
  const wanted = eff.trigger === "cancelled" ? "cancelled" : "confirmed";
  // A seat's guest cancelling leaves the session confirmed (or cancels it with its last seat).
  if (!seatId && e.status !== wanted) return;
  if (seatId && eff.trigger !== "cancelled" && e.status !== "confirmed") return;
  const actions = await applyingActions(tx, e, [eff.trigger]);
  if (actions.length === 0) return;
  const whole = await contextOf(tx, e, eff.links);
  if (!whole) return;
  // The host's change of a whole group session (its cancel or move): each seat in it is told as
  // its own booking, by its own name, under its own key; the host once, of them all.
  const seats = seatId ? [] : await seatsOfSessionChange(tx, e);
  if (seats.length > 0) {
    const forHost = { ...whole, e: { ...whole.e, guestName: seats.map((seat) => seat.name).join(", ") } };
    for (const action of actions) {
      if (action.type === "email_guest" || action.type === "sms_guest") {
        for (const seat of seats) await deliver(tx, narrowToSeat(whole, seat), action, eff.now, texts, seat.id);
      } else await deliver(tx, forHost, action, eff.now, texts, null);
    }
    return;
  }
  const c = seatId ? await forSeat(tx, whole, seatId, wanted) : whole;
  if (!c) return;
  for (const action of actions) await deliver(tx, c, action, eff.now, texts, seatId);
}

/** One action for one context (a booking, or one seat of a session): its key first, then its message. */
async function deliver(
  tx: Transaction,
  c: Context,
  action: ApplyingAction,
  now: Date,
  texts: WorkflowTexts,
  seatId: string | null,
): Promise<void> {
  const reach = textable(c);
  if (action.type === "email_guest" && c.recipients.size === 0) return;
  if ((action.type === "sms_guest" && !reach.guest) || (action.type === "sms_host" && !reach.host)) return;
  if (!(await claim(tx, action, c.e, seatId))) return;
  await writeAction(tx, c, action, now, texts);
}

/**
 * The seats a change of a whole session concerns: those confirmed in it; for its cancel, those
 * cancelled with it (in the same moment as the session, not earlier by their own guests).
 */
async function seatsOfSessionChange(tx: Transaction, e: EventRow): Promise<BookingSeat[]> {
  return tx
    .select()
    .from(bookingSeats)
    .where(
      and(
        eq(bookingSeats.eventId, e.id),
        e.status === "cancelled"
          ? and(eq(bookingSeats.status, "cancelled"), eq(bookingSeats.cancelledAt, e.updatedAt))
          : eq(bookingSeats.status, "confirmed"),
      ),
    )
    .orderBy(asc(bookingSeats.createdAt), asc(bookingSeats.id));
}

/**
 * The context narrowed to one seat of the session, still in it and in `status` (confirmed, or
 * cancelled for its cancel): its guest, their guests, their number. A seat that has moved on
 * since (to another session) is not this record's to tell: the record of its later move is.
 */
async function forSeat(
  tx: Transaction,
  c: Context,
  seatId: string,
  status: "confirmed" | "cancelled",
): Promise<Context | null> {
  if (!isUuid(seatId)) return null;
  const [seat] = await tx
    .select()
    .from(bookingSeats)
    .where(and(eq(bookingSeats.id, seatId), eq(bookingSeats.eventId, c.e.id), eq(bookingSeats.status, status)));
  return seat ? narrowToSeat(c, seat) : null;
}

/** The context of a session narrowed to one of its seats: its guest, their guests, their number. */
function narrowToSeat(c: Context, seat: BookingSeat): Context {
  const recipients = new Map<string, string | null>();
  for (const email of [seat.email, ...seat.guests]) {
    const key = email.trim().toLowerCase();
    if (key && !recipients.has(key)) recipients.set(key, email === seat.email ? seat.timeZone : null);
  }
  return {
    ...c,
    // The seat's guest is the booking's guest for {guest_name} and their answers.
    e: {
      ...c.e,
      guestName: seat.name,
      guestTimeZone: seat.timeZone,
      answers: seat.answers,
      guestPhone: null,
      smsConsentAt: null,
    },
    recipients,
    seatPhones: seat.phone && seat.smsConsentAt ? [{ phone: seat.phone, name: seat.name, zone: seat.timeZone }] : [],
    // Everyone it reaches came with this seat: {guest_name} is the seat's (e.guestName above).
    seatNames: new Map(),
  };
}

/** The records that surely fire nothing: no trigger, or a host with no active workflow on one. */
export async function recordsWithoutWorkflows(records: BookingEventRecord[]): Promise<Set<string>> {
  const empty = new Set(records.filter((r) => !triggerOf(r)).map((r) => r.id));
  const rest = records.filter((r) => !empty.has(r.id));
  if (rest.length === 0) return empty;
  const db = await getDb();
  const withWork = await db
    .select({ id: events.id })
    .from(events)
    .where(
      and(
        inArray(
          events.id,
          rest.map((r) => r.eventId),
        ),
        sql`exists (select 1 from ${workflows} w where w.active and w.trigger in ('booked', 'cancelled', 'rescheduled', 'no_show')
          and ((w.team_id is null and w.user_id = ${events.hostId})
            or (${events.bookingId} is null and w.team_id = (select t.team_id from ${eventTypes} t where t.id = ${events.eventTypeId}))))`,
      ),
    );
  const busy = new Set(withWork.map((w) => w.id));
  for (const r of rest) if (!busy.has(r.eventId)) empty.add(r.id);
  return empty;
}

// ---------------------------------------------------------------------------------------------
// The host's workflows (the Workflows page and /api/workflows): always filtered by who may see
// them, their maker for their own, an owner or admin of the team for a team's (docs/decisions/109).

/** The workflows `userId` may read and change. */
function reachable(userId: string) {
  return sql`((${workflows.teamId} is null and ${workflows.userId} = ${userId}) or ${workflows.teamId} in (
    select manager.team_id from ${teamMemberships} manager where manager.user_id = ${userId} and manager.role in ('owner', 'admin')))`;
}

async function recordsOf(db: Pick<Transaction, "select">, userId: string, id?: string): Promise<WorkflowRecord[]> {
  const rows = await db
    .select()
    .from(workflows)
    .where(id ? and(reachable(userId), eq(workflows.id, id)) : reachable(userId))
    .orderBy(asc(workflows.createdAt), asc(workflows.name), asc(workflows.id));
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [types, actions] = await Promise.all([
    db.select().from(workflowEventTypes).where(inArray(workflowEventTypes.workflowId, ids)),
    db
      .select()
      .from(workflowActions)
      .where(inArray(workflowActions.workflowId, ids))
      .orderBy(asc(workflowActions.position)),
  ]);
  return rows.map((r) => ({
    ...r,
    teamId: r.teamId,
    eventTypeIds: types.filter((t) => t.workflowId === r.id).map((t) => t.eventTypeId),
    actions: actions
      .filter((a) => a.workflowId === r.id)
      .map((a) => ({ type: a.type, subject: a.subject, body: a.body })),
  }));
}

export async function listWorkflows(userId: string): Promise<WorkflowRecord[]> {
  return recordsOf(await getDb(), userId);
}

/** One of the owner's workflows; null for anyone else's or a malformed id. */
export async function getWorkflow(userId: string, id: string): Promise<WorkflowRecord | null> {
  if (!isUuid(id)) return null;
  const [w] = await recordsOf(await getDb(), userId, id);
  return w ?? null;
}

/** Of `ids`, those that are not event types of the user's own (of the team's, with `teamId`). */
export async function foreignEventTypeIds(
  userId: string,
  ids: readonly string[],
  teamId: string | null = null,
): Promise<string[]> {
  if (ids.length === 0) return [];
  const db = await getDb();
  const mine = await db
    .select({ id: eventTypes.id })
    .from(eventTypes)
    .where(
      and(teamId ? eq(eventTypes.teamId, teamId) : eq(eventTypes.userId, userId), inArray(eventTypes.id, [...ids])),
    );
  const own = new Set(mine.map((m) => m.id));
  return ids.filter((id) => !own.has(id));
}

/**
 * Whether the booking page asks the guest for a phone (docs/decisions/090): one of the host's
 * active workflows, or of the event type's team (docs/decisions/109), texts guests and applies
 * to this event type.
 */
export async function textsGuests(hostId: string, eventTypeId: string): Promise<boolean> {
  if (!smsAvailable()) return false;
  const db = await getDb();
  const rows = await db
    .select({ id: workflowActions.id })
    .from(workflowActions)
    .innerJoin(workflows, eq(workflows.id, workflowActions.workflowId))
    .where(
      and(
        or(
          and(sql`${workflows.teamId} is null`, eq(workflows.userId, hostId)),
          sql`${workflows.teamId} = (select team_type.team_id from ${eventTypes} team_type where team_type.id = ${eventTypeId})`,
        ),
        eq(workflows.active, true),
        eq(workflowActions.type, "sms_guest"),
        or(
          eq(workflows.allEventTypes, true),
          sql`exists (select 1 from ${workflowEventTypes} where ${workflowEventTypes.workflowId} = ${workflows.id} and ${workflowEventTypes.eventTypeId} = ${eventTypeId})`,
        ),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** The host's mobile number for texts to them (docs/decisions/090), or null. */
export async function hostPhone(userId: string): Promise<string | null> {
  const db = await getDb();
  const [row] = await db.select({ phone: users.phone }).from(users).where(eq(users.id, userId));
  return row?.phone ?? null;
}

/** The owner's event types, for the page's choice. */
export async function ownEventTypes(userId: string): Promise<Array<{ id: string; title: string }>> {
  const db = await getDb();
  return db
    .select({ id: eventTypes.id, title: eventTypes.title })
    .from(eventTypes)
    .where(eq(eventTypes.userId, userId))
    .orderBy(asc(eventTypes.title));
}

/** A team's event types, for a team workflow's choice. */
export async function teamEventTypes(teamId: string): Promise<Array<{ id: string; title: string }>> {
  const db = await getDb();
  return db
    .select({ id: eventTypes.id, title: eventTypes.title })
    .from(eventTypes)
    .where(eq(eventTypes.teamId, teamId))
    .orderBy(asc(eventTypes.title));
}

/** The booking pages a workflow's change may alter (whether they ask for a phone). */
const pagesOf = (userId: string, teamId: string | null) =>
  teamId ? [publicPageTag.team(teamId), publicPageTag.host(userId)] : [publicPageTag.host(userId)];

/** Writes a workflow's event types and actions (replacing any), in the caller's transaction. */
async function writeParts(tx: Transaction, workflowId: string, input: WorkflowInput): Promise<void> {
  await tx.delete(workflowEventTypes).where(eq(workflowEventTypes.workflowId, workflowId));
  const typeIds = [...new Set(input.eventTypeIds)];
  if (typeIds.length) {
    await tx.insert(workflowEventTypes).values(typeIds.map((eventTypeId) => ({ workflowId, eventTypeId })));
  }
  // Actions are replaced: their delivery keys go with them (a changed message is a new message).
  await tx.delete(workflowActions).where(eq(workflowActions.workflowId, workflowId));
  await tx.insert(workflowActions).values(
    input.actions.map((a, position) => ({
      workflowId,
      position,
      type: a.type,
      subject: a.subject ?? "",
      body: a.body,
    })),
  );
}

/** A new workflow (a team's with `input.teamId`) with its event types and actions, in one transaction. */
export async function insertWorkflow(userId: string, input: WorkflowInput): Promise<string> {
  const db = await getDb();
  return transaction(db, async (tx: Transaction) => {
    const id = await insertIn(tx, userId, input);
    // Whether a booking page asks for the guest's phone follows the workflows (docs/decisions/090).
    invalidatePublicPages(pagesOf(userId, input.teamId ?? null));
    return id;
  });
}

async function insertIn(tx: Transaction, userId: string, input: WorkflowInput): Promise<string> {
  const [row] = await tx
    .insert(workflows)
    .values({
      userId,
      teamId: input.teamId ?? null,
      name: input.name,
      trigger: input.trigger,
      offsetMinutes: isTimedTrigger(input.trigger) ? (input.offsetMinutes ?? 0) : 0,
      active: input.active ?? true,
      allEventTypes: input.allEventTypes ?? false,
    })
    .returning({ id: workflows.id });
  await writeParts(tx, row!.id, input);
  return row!.id;
}

/**
 * Replaces one of the owner's workflows; false when it is not theirs. The actions are kept
 * (with their delivery keys) when they did not change, so editing the name or the event types
 * sends nothing again.
 */
export async function replaceWorkflow(userId: string, id: string, input: WorkflowInput): Promise<boolean> {
  if (!isUuid(id)) return false;
  const db = await getDb();
  return transaction(db, async (tx: Transaction) => {
    const replaced = await replaceIn(tx, userId, id, input);
    if (replaced) invalidatePublicPages(pagesOf(replaced.userId, replaced.teamId));
    return Boolean(replaced);
  });
}

async function replaceIn(
  tx: Transaction,
  userId: string,
  id: string,
  input: WorkflowInput,
): Promise<{ userId: string; teamId: string | null } | null> {
  // The row locked first: two edits of one workflow write one after the other.
  const [locked] = await tx
    .select({ id: workflows.id, userId: workflows.userId, teamId: workflows.teamId })
    .from(workflows)
    .where(and(reachable(userId), eq(workflows.id, id)))
    .for("update");
  if (!locked) return null;
  const [current] = await recordsOf(tx, userId, id);
  if (!current) return null;
  await tx
    .update(workflows)
    .set({
      name: input.name,
      trigger: input.trigger,
      offsetMinutes: isTimedTrigger(input.trigger) ? (input.offsetMinutes ?? 0) : 0,
      active: input.active ?? true,
      allEventTypes: input.allEventTypes ?? current.allEventTypes,
    })
    .where(eq(workflows.id, id));
  const sameActions =
    current.actions.length === input.actions.length &&
    current.actions.every(
      (a, i) =>
        a.type === input.actions[i]!.type &&
        a.subject === (input.actions[i]!.subject ?? "") &&
        a.body === input.actions[i]!.body,
    );
  if (sameActions) {
    await tx.delete(workflowEventTypes).where(eq(workflowEventTypes.workflowId, id));
    const typeIds = [...new Set(input.eventTypeIds)];
    if (typeIds.length)
      await tx.insert(workflowEventTypes).values(typeIds.map((eventTypeId) => ({ workflowId: id, eventTypeId })));
  } else {
    await writeParts(tx, id, input);
  }
  return { userId: locked.userId, teamId: locked.teamId };
}

export async function removeWorkflow(userId: string, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const db = await getDb();
  const gone = await db
    .delete(workflows)
    .where(and(reachable(userId), eq(workflows.id, id)))
    .returning({ userId: workflows.userId, teamId: workflows.teamId });
  if (gone[0]) invalidatePublicPages(pagesOf(gone[0].userId, gone[0].teamId));
  return gone.length > 0;
}
