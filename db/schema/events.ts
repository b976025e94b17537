import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { id, timestamps } from "./columns";
import { eventTypes, type BookingAnswers } from "./event-types";
import { users } from "./users";

/** A recurring series as booked (decision 106): `count` meetings every `intervalWeeks` weeks from `firstStart`, wall clock in `zone`. */
export type SeriesRule = { intervalWeeks: number; count: number; zone: string; firstStart: string };

/** Wording kept verbatim: these strings are what clients see. */
export const eventTypeOption = pgEnum("event_location", ["In Person Meeting", "Phone Call", "Google Meet"]);
export const eventWith = pgEnum("event_with", ["One-to-One", "Group"]);
/**
 * `pending`: a booking waiting for its host's approval (decision 040). It holds its slot like a
 * confirmed one (the no-overlap constraint covers every status but cancelled); a declined or
 * expired request is `cancelled` with `declined_at` set, so it frees the slot the same way.
 */
/**
 * `awaiting_payment`: a paid booking whose guest has not paid yet (docs/decisions/107); it holds its
 * slot the same way until its hold runs out (15 minutes) and only Stripe's webhook confirms it.
 */
export const eventStatus = pgEnum("event_status", ["confirmed", "cancelled", "pending", "awaiting_payment"]);

/** Where a booking's reconfirmation stands (decision 086). */
export type ReconfirmState = "scheduled" | "asked" | "confirmed";

export const events = pgTable(
  "events",
  {
    id: id(),
    hostId: uuid("host_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    eventName: text("event_name").notNull(),
    eventType: eventTypeOption("event_type").notNull(),
    eventWith: eventWith("event_with").notNull(),
    description: text("description").notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    status: eventStatus("status").notNull().default("confirmed"),
    guestName: text("guest_name"),
    guestTimeZone: text("guest_time_zone"),
    /** The language the guest booked in (docs/decisions/088): their pages and mails speak it. Null = English. */
    guestLanguage: text("guest_language"),
    notes: text("notes"),
    /** A booking's answers to its event type's questions (decision 039); null for a host's own event. */
    answers: jsonb("answers").$type<BookingAnswers>(),
    /** The booking link this event was booked through (decision 018); null for a host's own event. */
    eventTypeId: uuid("event_type_id").references(() => eventTypes.id, { onDelete: "set null" }),
    guestEmail: text("guest_email"),
    /** The guest's mobile number in E.164 (docs/decisions/090); null when none was given. */
    guestPhone: text("guest_phone"),
    /** When the guest agreed to get texts about this booking; texts go only with it. */
    smsConsentAt: timestamp("sms_consent_at", { withTimezone: true }),
    /** SHA-256 (hex) of the guest's cancel/reschedule token; the token itself is never stored. */
    bookingTokenHash: text("booking_token_hash"),
    /** The video room's name: random and unguessable, one per event (Join Meeting). */
    roomId: text("room_id")
      .notNull()
      .default(sql`replace(gen_random_uuid()::text, '-', '')`),
    /** iCalendar SEQUENCE: bumped on every change the invitees are told about. */
    sequence: integer("sequence").notNull().default(0),
    /**
     * When the event got its current start (a trigger sets it on insert and whenever starts_at
     * changes, whoever writes): a reminder whose time was already past then is never sent late
     * (docs/decisions/022).
     */
    startSetAt: timestamp("start_set_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * A collective booking's co-host row (decision 020): the owner's booking it belongs to. It
     * blocks the co-host's time and shows on their schedule; the booking moves and cancels it.
     */
    bookingId: uuid("booking_id").references((): AnyPgColumn => events.id, { onDelete: "cascade" }),
    /** A pending booking's deadline: unanswered by then, the job runner declines it (decision 040). */
    holdUntil: timestamp("hold_until", { withTimezone: true }),
    /** SHA-256 (hex) of the host's approve/decline link token (decision 040); the token itself is never stored. */
    approvalTokenHash: text("approval_token_hash"),
    /** When the host declined the request or its hold ran out (then status is `cancelled`). */
    declinedAt: timestamp("declined_at", { withTimezone: true }),
    /** The host marked the guest(s) as not having come (set after the start, undoable). */
    guestNoShow: boolean("guest_no_show").notNull().default(false),
    /** A team booking's assigned host did not come, as marked by a team owner or admin. */
    hostNoShow: boolean("host_no_show").notNull().default(false),
    /** How often its guest moved the booking: its event type's maxReschedules limits it (decision 077). */
    rescheduleCount: integer("reschedule_count").notNull().default(0),
    /** The `utm_*` and `ref` parameters of the booking link the guest came through; null for none. */
    utm: jsonb("utm").$type<Record<string, string>>(),
    /** The routing form response that led to this booking (decision 074); no foreign key, as responses point here. */
    routingResponseId: uuid("routing_response_id"),
    /**
     * Reconfirmation (decision 086): `scheduled` (the guest is asked at reconfirm_due_at), `asked`
     * (cancelled at reconfirm_due_at unless confirmed), `confirmed`; null when its event type does
     * not ask, or the booking was made after the time to ask.
     */
    reconfirmState: text("reconfirm_state").$type<ReconfirmState>(),
    /** When the job runner next acts on the reconfirmation: asks the guest, or cancels; null when nothing is due. */
    reconfirmDueAt: timestamp("reconfirm_due_at", { withTimezone: true }),
    /** SHA-256 (hex) of the mailed confirm link's token; the token itself is never stored. */
    reconfirmTokenHash: text("reconfirm_token_hash"),
    /**
     * When the workflow job next looks at this event for its timed actions (docs/decisions/103);
     * null when nothing can become due without a change. Triggers set it to the epoch (look at the
     * next poll) when the event or what its actions depend on changes; the job sets the rest.
     */
    workflowCheckAt: timestamp("workflow_check_at", { withTimezone: true }),
    /** A recurring series' id (decision 106), shared by its occurrences; null for a single booking. */
    seriesId: uuid("series_id"),
    /** The occurrence's place in its series, 1-based (its token and the calendar's RRULE count from it). */
    seriesIndex: integer("series_index"),
    /** The series as booked (the same on every occurrence): what its calendar file's RRULE says. */
    seriesRule: jsonb("series_rule").$type<SeriesRule>(),
    ...timestamps,
  },
  (t) => [
    index("events_host_starts_idx").on(t.hostId, t.startsAt),
    uniqueIndex("events_room_id_key").on(t.roomId),
    uniqueIndex("events_booking_token_hash_key").on(t.bookingTokenHash),
    index("events_event_type_starts_idx").on(t.eventTypeId, t.startsAt),
    // The job runner's reminder scan: confirmed events by start (docs/decisions/022).
    index("events_confirmed_starts_idx")
      .on(t.startsAt)
      .where(sql`${t.status} = 'confirmed'`),
    index("events_booking_id_idx").on(t.bookingId),
    index("events_series_idx")
      .on(t.seriesId, t.seriesIndex)
      .where(sql`${t.seriesId} is not null`),
    // The workflow job's poll: only events with something to look at (docs/decisions/103).
    index("events_workflow_check_idx")
      .on(t.workflowCheckAt, t.id)
      .where(sql`${t.workflowCheckAt} is not null`),
    // The job runner's expiry scan of pending bookings (decision 040).
    index("events_hold_until_idx")
      .on(t.holdUntil)
      .where(sql`${t.holdUntil} is not null`),
    uniqueIndex("events_approval_token_hash_key").on(t.approvalTokenHash),
    // The job runner's reconfirmation scan (decision 086).
    index("events_reconfirm_due_idx")
      .on(t.reconfirmDueAt)
      .where(sql`${t.reconfirmDueAt} is not null`),
    uniqueIndex("events_reconfirm_token_hash_key").on(t.reconfirmTokenHash),
    // Insights and the bookings export read a host's bookings by when they were made, in keyset order (decision 079).
    index("events_host_created_idx").on(t.hostId, t.createdAt, t.id),
    // The admin lists (Manage All Event, Scheduled Events) read pages of ids from these without
    // touching the table, in both orders, and count from them (docs/decisions/102).
    index("events_starts_id_idx").on(t.startsAt, t.id, t.endsAt, t.status),
    index("events_status_starts_id_idx").on(t.status, t.startsAt, t.id, t.endsAt),
    // The events under way at an instant, whatever their host: where "upcoming" starts (decision 102).
    index("events_during_idx").using("gist", sql`tstzrange(${t.startsAt}, ${t.endsAt}, '[)')`),
    check("events_ends_after_starts", sql`${t.endsAt} > ${t.startsAt}`),
    check("events_reconfirm_state", sql`${t.reconfirmState} in ('scheduled', 'asked', 'confirmed')`),
  ],
);

/** targetedEmail: one row for One-to-One, up to four (email1..email4) for Group. */
export const eventInvitees = pgTable(
  "event_invitees",
  {
    id: id(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    position: smallint("position").notNull(),
    email: text("email").notNull(),
  },
  (t) => [
    uniqueIndex("event_invitees_event_position_key").on(t.eventId, t.position),
    check("event_invitees_position_range", sql`${t.position} between 1 and 4`),
  ],
);

export type Event = typeof events.$inferSelect;
export type NewEvent = typeof events.$inferInsert;
export type EventInvitee = typeof eventInvitees.$inferSelect;
