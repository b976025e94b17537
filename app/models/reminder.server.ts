import { transaction } from "~/server/transaction.server";
import { and, asc, eq, isNotNull, sql } from "drizzle-orm";
import {
  bookingSeats,
  eventInvitees,
  type events,
  reminderSettings,
  workflowActions,
  workflows,
} from "../../db/schema";
import { DEFAULT_REMINDER_SETTINGS, type ReminderRule, type ReminderSettings } from "~/scheduling/reminders";
import { getDb } from "~/server/db.server";
import type { Transaction } from "./event.server";

/**
 * Reminders and follow-ups (docs/decisions/022) as the host's default workflows (decision 085):
 * each of decision 022's four rules is a workflow with a `preset`, made for every account
 * (migration 0035 and a trigger on users). The settings form reads and writes those workflows;
 * the workflow job (app/models/workflow.server.ts) sends them.
 */

type PresetRow = { preset: string | null; active: boolean; offsetMinutes: number; body: string | null };

function fromPresets(rows: PresetRow[]): ReminderSettings {
  const D = DEFAULT_REMINDER_SETTINGS;
  const of = (rule: ReminderRule) => rows.find((r) => r.preset === rule);
  const pick = (rule: ReminderRule, d: { on: boolean; minutes: number }) => {
    const r = of(rule);
    return r ? { on: r.active, minutes: r.offsetMinutes } : { ...d };
  };
  return {
    guestEmail: pick("guest-email", D.guestEmail),
    secondGuestEmail: pick("guest-email-2", D.secondGuestEmail),
    hostInApp: pick("host-in-app", D.hostInApp),
    followUp: { ...pick("follow-up", D.followUp), message: of("follow-up")?.body ?? D.followUp.message },
  };
}

async function presetRows(tx: Pick<Transaction, "select">, userId: string): Promise<PresetRow[]> {
  return tx
    .select({
      preset: workflows.preset,
      active: workflows.active,
      offsetMinutes: workflows.offsetMinutes,
      body: workflowActions.body,
    })
    .from(workflows)
    .leftJoin(workflowActions, and(eq(workflowActions.workflowId, workflows.id), eq(workflowActions.position, 0)))
    .where(and(eq(workflows.userId, userId), isNotNull(workflows.preset)));
}

export async function getReminderSettings(userId: string): Promise<ReminderSettings> {
  const db = await getDb();
  return fromPresets(await presetRows(db, userId));
}

/**
 * Applies to deliveries from now on; what was sent stays sent. A default workflow the host
 * deleted comes back (the form edits all four); the settings row is kept for the record.
 */
export async function saveReminderSettings(userId: string, s: ReminderSettings): Promise<void> {
  const db = await getDb();
  const values = {
    guestEmailOn: s.guestEmail.on,
    guestEmailMinutes: s.guestEmail.minutes,
    secondGuestEmailOn: s.secondGuestEmail.on,
    secondGuestEmailMinutes: s.secondGuestEmail.minutes,
    hostInAppOn: s.hostInApp.on,
    hostInAppMinutes: s.hostInApp.minutes,
    followUpOn: s.followUp.on,
    followUpMinutes: s.followUp.minutes,
    followUpMessage: s.followUp.message,
  };
  await transaction(db, async (tx: Transaction) => {
    await tx
      .insert(reminderSettings)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: reminderSettings.userId, set: { ...values, updatedAt: new Date() } });
    await tx.execute(sql`select workflows_create_defaults(${userId}::uuid)`);
    const set = async (rule: ReminderRule, x: { on: boolean; minutes: number }) =>
      tx
        .update(workflows)
        .set({ active: x.on, offsetMinutes: x.minutes })
        .where(and(eq(workflows.userId, userId), eq(workflows.preset, rule)));
    await set("guest-email", s.guestEmail);
    await set("guest-email-2", s.secondGuestEmail);
    await set("host-in-app", s.hostInApp);
    await set("follow-up", s.followUp);
    await tx
      .update(workflowActions)
      .set({ body: s.followUp.message })
      .where(
        sql`${workflowActions.workflowId} in (select id from ${workflows} where ${workflows.userId} = ${userId} and ${workflows.preset} = 'follow-up')`,
      );
  });
}

/** A confirmed seat of a group session, as its guest's messages need it. */
export interface ConfirmedSeat {
  email: string;
  guests: string[];
  name: string;
  timeZone: string;
  phone: string | null;
  smsConsentAt: Date | null;
}

/**
 * Who a guest reminder or follow-up of event `e` goes to, each once, with their own zone when
 * known (else null: the host's). A group session with seats (decision 021) reaches every
 * confirmed seat's guest and the extra guests each brought (its `event_invitees` are only the
 * first four people); any other event its booking guest and its invitees (decision 029). The
 * session's confirmed seats come along, oldest first, read in the same query.
 */
export async function recipientsOf(
  tx: Transaction,
  e: typeof events.$inferSelect,
): Promise<{ recipients: Map<string, string | null>; seats: ConfirmedSeat[] }> {
  const to = new Map<string, string | null>();
  const add = (email: string, zone: string | null) => {
    const key = email.trim().toLowerCase();
    if (key && !to.has(key)) to.set(key, zone);
  };
  const all = await tx
    .select({
      email: bookingSeats.email,
      timeZone: bookingSeats.timeZone,
      guests: bookingSeats.guests,
      status: bookingSeats.status,
      name: bookingSeats.name,
      phone: bookingSeats.phone,
      smsConsentAt: bookingSeats.smsConsentAt,
    })
    .from(bookingSeats)
    .where(eq(bookingSeats.eventId, e.id))
    .orderBy(asc(bookingSeats.createdAt), asc(bookingSeats.id));
  if (all.length > 0) {
    const seats = all.filter((s) => s.status === "confirmed");
    for (const seat of seats) {
      add(seat.email, seat.timeZone);
      for (const guest of seat.guests) add(guest, null);
    }
    return { recipients: to, seats };
  }
  if (e.guestEmail) add(e.guestEmail, e.guestTimeZone);
  const invitees = await tx
    .select({ email: eventInvitees.email })
    .from(eventInvitees)
    .where(eq(eventInvitees.eventId, e.id))
    .orderBy(asc(eventInvitees.position));
  for (const i of invitees) add(i.email, null);
  return { recipients: to, seats: [] };
}
