import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { id, timestamps } from "./columns";
import { schedules } from "./schedules";
import { teams } from "./teams";
import { users } from "./users";

export type EventTypeKind = "one-to-one" | "group" | "collective" | "round-robin" | "managed";
/** How a round-robin event type offers slots and picks its host (decision 058). */
export type RefundPolicyType = "full" | "none" | "until";
export type RoundRobinMode = "fairness" | "availability";
export const HOST_PRIORITIES = ["low", "medium", "high", "highest"] as const;
export type HostPriority = (typeof HOST_PRIORITIES)[number];
export type EventTypeRecurring = { maxOccurrences: number; intervalWeeks: number[] };

export type EventTypeLocation = {
  type: "in-person" | "phone" | "google-meet" | "video" | "zoom" | "microsoft-teams";
  value?: string;
};

/** What a booking question asks for (decision 039). */
export type BookingQuestionType =
  "short_text" | "long_text" | "phone" | "number" | "single_choice" | "multiple_choice" | "checkbox";

/** A question guests answer when they book: `id` is made by the server and stays across edits. */
export interface BookingQuestion {
  id: string;
  label: string;
  type: BookingQuestionType;
  required: boolean;
  /** The choices of single_choice and multiple_choice. */
  options?: string[];
}

/** A booking's answers by question id: text, a number, a checkbox's true/false, or the choices picked. */
export type BookingAnswers = Record<string, string | number | boolean | string[]>;

/**
 * A booking link. Durations, buffers and notice are minutes. `slot_interval` null means
 * "the duration". The schedule may not be deleted while an event type uses it (NO ACTION:
 * checked at the end of the statement, so deleting the owner still cascades to both).
 */
export const eventTypes = pgTable(
  "event_types",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    slug: text("slug").notNull(),
    description: text("description").notNull().default(""),
    duration: integer("duration").notNull(),
    /**
     * Every length a guest may pick (decision 087), `duration` (the default) first. Read it through
     * durationsOf (app/schemas/scheduling-api.ts), which puts `duration` first whatever is stored.
     */
    durations: integer("durations")
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    kind: text("kind").$type<EventTypeKind>().notNull().default("one-to-one"),
    location: jsonb("location").$type<EventTypeLocation>().notNull(),
    seats: integer("seats"),
    bufferBefore: integer("buffer_before").notNull().default(0),
    bufferAfter: integer("buffer_after").notNull().default(0),
    minimumNotice: integer("minimum_notice").notNull().default(120),
    bookingWindowDays: integer("booking_window_days").notNull().default(60),
    slotInterval: integer("slot_interval"),
    dailyLimit: integer("daily_limit"),
    scheduleId: uuid("schedule_id")
      .notNull()
      .references(() => schedules.id, { onDelete: "no action" }),
    active: boolean("active").notNull().default(true),
    /** Questions guests answer when they book, in order (decision 039). */
    questions: jsonb("questions")
      .$type<BookingQuestion[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** Active (upcoming, not cancelled) bookings one guest e-mail may hold; null = no limit. */
    limitPerGuest: integer("limit_per_guest"),
    /** Bookings per week (Monday first) / calendar month of the host's schedule zone; null = no limit. */
    weeklyLimit: integer("weekly_limit"),
    monthlyLimit: integer("monthly_limit"),
    /** Bookings wait for the host's approval, holding the slot for `approval_hold_hours` (decision 040). */
    requiresApproval: boolean("requires_approval").notNull().default(false),
    approvalHoldHours: integer("approval_hold_hours").notNull().default(24),
    /**
     * What a guest may still change, and until when (decision 077): minutes before the start after
     * which the guest's cancel / reschedule is refused (0 = until the start), reschedules per
     * booking (null = no limit), and whether a guest's cancel needs a reason. Hosts and team
     * admins are never refused.
     */
    cancelNoticeMinutes: integer("cancel_notice_minutes").notNull().default(0),
    rescheduleNoticeMinutes: integer("reschedule_notice_minutes").notNull().default(0),
    maxReschedules: integer("max_reschedules"),
    requireCancelReason: boolean("require_cancel_reason").notNull().default(false),
    /**
     * The language of the booking page and the guest's mails when neither ?lang= nor the guest's
     * Accept-Language names one of ours (docs/decisions/088): en, es, de, fr or pt-BR.
     */
    defaultLanguage: text("default_language").notNull().default("en"),
    /**
     * Reconfirmation (decision 086): this many hours before the start the guest is asked to confirm,
     * and a booking not confirmed by half of it before the start is cancelled. Null: off.
     */
    reconfirmHours: integer("reconfirm_hours"),
    /**
     * Recurring series (decision 106): the guest may book the same time every N weeks (N one of
     * `intervalWeeks`), up to `maxOccurrences` meetings. Null: single bookings only.
     */
    recurring: jsonb("recurring").$type<EventTypeRecurring>(),
    /**
     * Paid bookings (docs/decisions/107): the price in the currency's minor units (cents) and its
     * ISO 4217 code, lower case as Stripe writes it; both null for a free event type.
     */
    priceAmount: integer("price_amount"),
    priceCurrency: text("price_currency"),
    /** What a cancel refunds: `full`, `none`, or `until` (in full up to refund_hours before the start). */
    refundPolicy: text("refund_policy").$type<RefundPolicyType>().notNull().default("full"),
    refundHours: integer("refund_hours"),
    /** No longer read or written (decision 058): hosts are event_type_hosts rows. To be dropped. */
    hostIds: uuid("host_ids")
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    /** The named team it belongs to (decisions 057, 058): its booking URL is /team/{team slug}/{slug}. */
    teamId: uuid("team_id").references(() => teams.id, { onDelete: "set null" }),
    /** Round robin only (decision 058). */
    roundRobinMode: text("round_robin_mode").$type<RoundRobinMode>().notNull().default("fairness"),
    /** Managed templates only: the fields a member's copy may not change (decision 058). */
    lockedFields: text("locked_fields")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** A member's copy of a managed template (decision 058); the copy goes with its template. */
    parentId: uuid("parent_id").references((): AnyPgColumn => eventTypes.id, { onDelete: "cascade" }),
    /** The booking form's phone is required (docs/decisions/109). */
    requirePhone: boolean("require_phone").notNull().default(false),
    /** Bookable by its link but listed nowhere public (decision 087). */
    hidden: boolean("hidden").notNull().default(false),
    /** Where a guest goes after booking instead of the confirmation page (decision 087); null = the confirmation. */
    redirectUrl: text("redirect_url"),
    /** Whether that redirect carries the booking's details as query parameters. */
    redirectPassDetails: boolean("redirect_pass_details").notNull().default(false),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("event_types_user_slug_key")
      .on(t.userId, sql`lower(${t.slug})`)
      .where(sql`${t.teamId} is null`),
    uniqueIndex("event_types_team_slug_key")
      .on(t.teamId, sql`lower(${t.slug})`)
      .where(sql`${t.teamId} is not null`),
    uniqueIndex("event_types_parent_user_key")
      .on(t.parentId, t.userId)
      .where(sql`${t.parentId} is not null`),
    check("event_types_kind", sql`${t.kind} in ('one-to-one', 'group', 'collective', 'round-robin', 'managed')`),
    check("event_types_round_robin_mode", sql`${t.roundRobinMode} in ('fairness', 'availability')`),
    check("event_types_duration_range", sql`${t.duration} between 5 and 720`),
    check("event_types_durations_count", sql`cardinality(${t.durations}) <= 6`),
    check("event_types_approval_hold_hours", sql`${t.approvalHoldHours} between 1 and 168`),
    check("event_types_seats", sql`(${t.kind} = 'group') = (${t.seats} is not null)`),
    check("event_types_cancel_notice_range", sql`${t.cancelNoticeMinutes} between 0 and 43200`),
    check("event_types_reschedule_notice_range", sql`${t.rescheduleNoticeMinutes} between 0 and 43200`),
    check("event_types_max_reschedules_range", sql`${t.maxReschedules} between 0 and 100`),
    check("event_types_price_pair", sql`(${t.priceAmount} is null) = (${t.priceCurrency} is null)`),
    check("event_types_price_range", sql`${t.priceAmount} between 1 and 99999999`),
    check("event_types_refund_policy", sql`${t.refundPolicy} in ('full', 'none', 'until')`),
    check("event_types_refund_hours", sql`(${t.refundPolicy} = 'until') = (${t.refundHours} is not null)`),
    check("event_types_refund_hours_range", sql`${t.refundHours} between 1 and 8760`),
    check("event_types_reconfirm_hours_range", sql`${t.reconfirmHours} between 1 and 168`),
  ],
);

export type EventTypeRow = typeof eventTypes.$inferSelect;

/**
 * Who hosts a team event type (decision 058): a collective needs every one of them free, a
 * round robin gives each booking to one. A managed template's rows are the members who get a
 * copy. Weight (0-100) and priority steer round robin's pick.
 */
export const eventTypeHosts = pgTable(
  "event_type_hosts",
  {
    eventTypeId: uuid("event_type_id")
      .notNull()
      .references(() => eventTypes.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    weight: integer("weight").notNull().default(100),
    priority: text("priority").$type<HostPriority>().notNull().default("medium"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.eventTypeId, t.userId] }),
    index("event_type_hosts_user_idx").on(t.userId),
    check("event_type_hosts_weight_range", sql`${t.weight} between 0 and 100`),
    check("event_type_hosts_priority_known", sql`${t.priority} in ('low', 'medium', 'high', 'highest')`),
  ],
);

export type EventTypeHostRow = typeof eventTypeHosts.$inferSelect;
