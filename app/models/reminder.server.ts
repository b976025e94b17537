import { MAIL_WORDS, placeNameIn } from "~/messages/guest-words/mail";
import { languageOf } from "~/messages/languages";
import { and, asc, eq, gt, lte, or, sql } from "drizzle-orm";
import {
  bookingSeats,
  eventInvitees,
  bookingMeetings,
  eventTypes,
  events,
  reminderDeliveries,
  reminderSettings,
  users,
  type ReminderSettingsRow,
} from "../../db/schema";
import {
  DEFAULT_REMINDER_SETTINGS,
  dueReminders,
  FOLLOW_UP_GRACE_MINUTES,
  REMINDER_BOUNDS,
  type ReminderRule,
  type ReminderSettings,
} from "~/scheduling/reminders";
import { getDb } from "~/server/db.server";
import { env } from "~/server/env.server";
import { queueMail } from "~/server/mail-transport.server";
import { meetingPlace, placeLine } from "~/schemas/meeting";
import type { RemindedMeeting, ReminderTexts } from "~/schemas/reminder-mail";
import { isTimeZone } from "~/scheduling/time-zone";
import { notify, type Transaction } from "./event.server";

/**
 * Reminders and follow-ups (docs/decisions/022): the host's settings (the Workflows page) and
 * the job that sends what is due. Each (event, rule, start) is sent exactly once: its
 * reminder_deliveries row is inserted in the same transaction as its mails (outbox rows) and
 * notification, under a row lock on the event that other app servers skip.
 */

function fromRow(row: Omit<ReminderSettingsRow, "userId" | "updatedAt"> | null): ReminderSettings {
  if (!row) return DEFAULT_REMINDER_SETTINGS;
  return {
    guestEmail: { on: row.guestEmailOn, minutes: row.guestEmailMinutes },
    secondGuestEmail: { on: row.secondGuestEmailOn, minutes: row.secondGuestEmailMinutes },
    hostInApp: { on: row.hostInAppOn, minutes: row.hostInAppMinutes },
    followUp: { on: row.followUpOn, minutes: row.followUpMinutes, message: row.followUpMessage },
  };
}

export async function getReminderSettings(userId: string): Promise<ReminderSettings> {
  const db = await getDb();
  const [row] = await db.select().from(reminderSettings).where(eq(reminderSettings.userId, userId));
  return fromRow(row ?? null);
}

/** Applies to deliveries from now on; what was sent stays sent. */
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
  await db
    .insert(reminderSettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: reminderSettings.userId, set: { ...values, updatedAt: new Date() } });
}

const D = DEFAULT_REMINDER_SETTINGS;
const S = reminderSettings;

/** The largest "before" offset that is on for the event's host (no settings row: the defaults). */
const lookAhead = sql`greatest(
  case when coalesce(${S.guestEmailOn}, ${D.guestEmail.on}) then coalesce(${S.guestEmailMinutes}, ${D.guestEmail.minutes}) else 0 end,
  case when coalesce(${S.secondGuestEmailOn}, ${D.secondGuestEmail.on}) then coalesce(${S.secondGuestEmailMinutes}, ${D.secondGuestEmail.minutes}) else 0 end,
  case when coalesce(${S.hostInAppOn}, ${D.hostInApp.on}) then coalesce(${S.hostInAppMinutes}, ${D.hostInApp.minutes}) else 0 end
)`;

const MINUTE_MS = 60_000;
const MAX_BEFORE_MS =
  Math.max(REMINDER_BOUNDS.guestEmail.max, REMINDER_BOUNDS.secondGuestEmail.max, REMINDER_BOUNDS.hostInApp.max) *
  MINUTE_MS;
/** The latest follow-up, plus its grace, plus a day: events last at most 12 hours (pages and API). */
const MAX_AFTER_MS = (REMINDER_BOUNDS.followUp.max + FOLLOW_UP_GRACE_MINUTES + 24 * 60) * MINUTE_MS;

/**
 * Events that may have something due: confirmed, starting within their host's largest
 * offset, or ended within the follow-up's time plus its grace. The rules decide the rest.
 */
async function candidates(now: Date) {
  const db = await getDb();
  const at = sql`${now.toISOString()}::timestamptz`;
  const rows = await db
    .select({
      id: events.id,
      status: events.status,
      startsAt: events.startsAt,
      endsAt: events.endsAt,
      startSetAt: events.startSetAt,
      settings: {
        guestEmailOn: S.guestEmailOn,
        guestEmailMinutes: S.guestEmailMinutes,
        secondGuestEmailOn: S.secondGuestEmailOn,
        secondGuestEmailMinutes: S.secondGuestEmailMinutes,
        hostInAppOn: S.hostInAppOn,
        hostInAppMinutes: S.hostInAppMinutes,
        followUpOn: S.followUpOn,
        followUpMinutes: S.followUpMinutes,
        followUpMessage: S.followUpMessage,
      },
      hasGuests: sql<boolean>`(${events.guestEmail} is not null or exists (select 1 from ${eventInvitees} where ${eventInvitees.eventId} = ${events.id}))`,
      delivered: sql<
        string[]
      >`coalesce((select array_agg(${reminderDeliveries.rule}) from ${reminderDeliveries} where ${reminderDeliveries.eventId} = ${events.id} and ${reminderDeliveries.startsAt} = ${events.startsAt}), '{}'::text[])`,
    })
    .from(events)
    .leftJoin(S, eq(S.userId, events.hostId))
    .where(
      and(
        eq(events.status, "confirmed"),
        // Each branch is also a constant range of starts_at, so the index on it bounds the scan.
        or(
          and(
            gt(events.startsAt, now),
            lte(events.startsAt, new Date(now.getTime() + MAX_BEFORE_MS)),
            sql`${events.startsAt} <= ${at} + make_interval(mins => ${lookAhead})`,
          ),
          and(
            gt(events.startsAt, new Date(now.getTime() - MAX_AFTER_MS)),
            lte(events.startsAt, now),
            sql`coalesce(${S.followUpOn}, ${D.followUp.on})`,
            lte(events.endsAt, now),
            sql`${events.endsAt} > ${at} - make_interval(mins => coalesce(${S.followUpMinutes}, ${D.followUp.minutes}) + ${FOLLOW_UP_GRACE_MINUTES})`,
          ),
        ),
      ),
    )
    .orderBy(asc(events.startsAt));
  return rows.map((r) => ({
    id: r.id,
    due: dueReminders({
      event: { ...r, startsAt: new Date(r.startsAt), endsAt: new Date(r.endsAt), startSetAt: new Date(r.startSetAt) },
      settings: fromRow(
        r.settings?.guestEmailOn == null ? null : (r.settings as Omit<ReminderSettingsRow, "userId" | "updatedAt">),
      ),
      delivered: new Set(r.delivered ?? []),
      now,
    }),
  }));
}

const zoneOr = (zone: string | null | undefined, fallback: string) => (zone && isTimeZone(zone) ? zone : fallback);

/**
 * Who a guest reminder or follow-up of event `e` goes to, each once, with their own zone when
 * known (else null: the host's). A group session with seats (decision 021) reaches every
 * confirmed seat's guest and the extra guests each brought (its `event_invitees` are only the
 * first four people); any other event its booking guest and its invitees (decision 029).
 */
async function recipientsOf(tx: Transaction, e: typeof events.$inferSelect): Promise<Map<string, string | null>> {
  const to = new Map<string, string | null>();
  const add = (email: string, zone: string | null) => {
    const key = email.trim().toLowerCase();
    if (key && !to.has(key)) to.set(key, zone);
  };
  const seats = await tx
    .select({
      email: bookingSeats.email,
      timeZone: bookingSeats.timeZone,
      guests: bookingSeats.guests,
      status: bookingSeats.status,
    })
    .from(bookingSeats)
    .where(eq(bookingSeats.eventId, e.id))
    .orderBy(asc(bookingSeats.createdAt), asc(bookingSeats.id));
  if (seats.length > 0) {
    for (const seat of seats.filter((s) => s.status === "confirmed")) {
      add(seat.email, seat.timeZone);
      for (const guest of seat.guests) add(guest, null);
    }
    return to;
  }
  if (e.guestEmail) add(e.guestEmail, e.guestTimeZone);
  const invitees = await tx
    .select({ email: eventInvitees.email })
    .from(eventInvitees)
    .where(eq(eventInvitees.eventId, e.id))
    .orderBy(asc(eventInvitees.position));
  for (const i of invitees) add(i.email, null);
  return to;
}

/**
 * Sends what is due for one event, in one transaction. The event row is locked (NO KEY
 * UPDATE: guests may still be added meanwhile) or skipped when another server holds it; the
 * rules are checked again on what this transaction reads; each delivery key is inserted
 * before its effects, and a key that already exists means it was sent: nothing is done.
 */
async function deliverForEvent(eventId: string, now: Date, texts: ReminderTexts): Promise<ReminderRule[]> {
  const db = await getDb();
  return db.transaction(async (tx: Transaction) => {
    const [e] = await tx.select().from(events).where(eq(events.id, eventId)).for("no key update", { skipLocked: true });
    if (!e) return [];
    const [host] = await tx
      .select({ name: users.name, email: users.email, timeZone: users.timeZone })
      .from(users)
      .where(eq(users.id, e.hostId));
    const [settingsRow] = await tx.select().from(reminderSettings).where(eq(reminderSettings.userId, e.hostId));
    const settings = fromRow(settingsRow ?? null);
    const recipientZones = await recipientsOf(tx, e);
    const recipients = [...recipientZones.keys()];
    const delivered = await tx
      .select({ rule: reminderDeliveries.rule })
      .from(reminderDeliveries)
      .where(and(eq(reminderDeliveries.eventId, e.id), eq(reminderDeliveries.startsAt, e.startsAt)));
    const due = dueReminders({
      event: {
        status: e.status,
        startsAt: e.startsAt,
        endsAt: e.endsAt,
        startSetAt: e.startSetAt,
        hasGuests: recipients.length > 0,
      },
      settings,
      delivered: new Set(delivered.map((d) => d.rule)),
      now,
    });
    if (!host || due.length === 0) return [];

    const hostZone = zoneOr(host.timeZone, "UTC");
    const hostName = host.name || host.email;
    // The event type's real place (docs/decisions/028): a video link only for a video meeting.
    const [type] = e.eventTypeId
      ? await tx.select({ location: eventTypes.location }).from(eventTypes).where(eq(eventTypes.id, e.eventTypeId))
      : [];
    // The booking's meeting in a conferencing app (decision 065); a co-host row reads its booking's.
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
    const meeting: RemindedMeeting = {
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
    };
    const sent: ReminderRule[] = [];
    for (const rule of due) {
      const key = await tx
        .insert(reminderDeliveries)
        .values({ eventId: e.id, rule, startsAt: e.startsAt })
        .onConflictDoNothing()
        .returning({ id: reminderDeliveries.id });
      if (key.length === 0) continue;
      sent.push(rule);
      if (rule === "host-in-app") {
        await notify(
          tx,
          e.hostId,
          texts.hostReminderNotification(
            meeting,
            e.guestName ?? (recipients.length === 1 ? recipients[0] : null),
            hostZone,
            now,
          ),
          { eventId: e.id },
        );
        continue;
      }
      for (const to of recipients) {
        // A guest's own zone when known (the booking's guest, each seat's guest); everyone else reads the host's.
        const zone = zoneOr(recipientZones.get(to), hostZone);
        const mail =
          rule === "follow-up"
            ? texts.guestFollowUpMail(meeting, zone, settings.followUp.message)
            : texts.guestReminderMail(meeting, zone, now);
        await queueMail(tx, { to, replyTo: host.email, ...mail }, { eventId: e.id });
      }
    }
    return sent;
  });
}

/** The job runner's reminder job, with the texts it sends (app/mail/reminder-mail.ts): answers how many deliveries this server made. */
export async function sendDueReminders(now: Date, texts: ReminderTexts): Promise<number> {
  let sent = 0;
  for (const c of await candidates(now)) {
    if (c.due.length === 0) continue;
    sent += (await deliverForEvent(c.id, now, texts)).length;
  }
  return sent;
}
