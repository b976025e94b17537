import { sql } from "drizzle-orm";
import { boolean, check, integer, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { id, timestamps } from "./columns";
import { schedules } from "./schedules";
import { teams } from "./teams";
import { users } from "./users";

export type EventTypeKind = "one-to-one" | "group" | "collective" | "round-robin";
export type EventTypeLocation = { type: "in-person" | "phone" | "google-meet" | "video"; value?: string };

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
    /** Who hosts it (collective / round robin); for now only the owner (decision 016). */
    /** Bookings wait for the host's approval, holding the slot for `approval_hold_hours` (decision 040). */
    requiresApproval: boolean("requires_approval").notNull().default(false),
    approvalHoldHours: integer("approval_hold_hours").notNull().default(24),
    hostIds: uuid("host_ids")
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    /** The named team it belongs to (decision 057); its booking URL stays under the owner's username. */
    teamId: uuid("team_id").references(() => teams.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("event_types_user_slug_key").on(t.userId, sql`lower(${t.slug})`),
    check("event_types_kind", sql`${t.kind} in ('one-to-one', 'group', 'collective', 'round-robin')`),
    check("event_types_duration_range", sql`${t.duration} between 5 and 720`),
    check("event_types_approval_hold_hours", sql`${t.approvalHoldHours} between 1 and 168`),
    check("event_types_seats", sql`(${t.kind} = 'group') = (${t.seats} is not null)`),
  ],
);

export type EventTypeRow = typeof eventTypes.$inferSelect;
