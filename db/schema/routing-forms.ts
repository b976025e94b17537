import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { id, timestamps } from "./columns";
import { eventTypes, type BookingAnswers, type BookingQuestionType } from "./event-types";
import { events } from "./events";
import { teams } from "./teams";
import { users } from "./users";

/** A routing form's question (decision 074): a booking question whose `id` the owner names, so rules can refer to it. */
export interface RoutingField {
  id: string;
  label: string;
  type: BookingQuestionType;
  required: boolean;
  options?: string[];
}

export type RoutingOperator = "equals" | "not_equals" | "contains" | "in" | "between" | "gte" | "lte";

export interface RoutingCondition {
  field: string;
  op: RoutingOperator;
  value: string | number | boolean | Array<string | number>;
}

export type RoutingConditions = { all: RoutingCondition[] } | { any: RoutingCondition[] };

/** Where a response goes (decision 074). */
export type RoutingAction =
  | { type: "event-type"; eventTypeId: string; memberAttributes?: Record<string, string> }
  | { type: "url"; url: string }
  | { type: "message"; message: string };

export interface RoutingRoute {
  conditions: RoutingConditions;
  action: RoutingAction;
}

/**
 * A routing form (decision 074): a host's own (`team_id` null) or a team's (`user_id` is who made
 * it). Its rules are tried in order, the first match wins, `fallback` when none does.
 */
export const routingForms = pgTable(
  "routing_forms",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    teamId: uuid("team_id").references(() => teams.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    fields: jsonb("fields").$type<RoutingField[]>().notNull(),
    routes: jsonb("routes").$type<RoutingRoute[]>().notNull(),
    fallback: jsonb("fallback").$type<RoutingAction>().notNull(),
    ...timestamps,
  },
  (t) => [index("routing_forms_user_idx").on(t.userId), index("routing_forms_team_idx").on(t.teamId)],
);

/**
 * One submission of a routing form, booked or not. `route_index` is the rule that matched (null:
 * the fallback); `host_ids` the team members a member-attribute rule narrowed round robin to;
 * `booking_id` the booking made through it (the conversion).
 */
export const routingResponses = pgTable(
  "routing_responses",
  {
    id: id(),
    formId: uuid("form_id")
      .notNull()
      .references(() => routingForms.id, { onDelete: "cascade" }),
    answers: jsonb("answers").$type<BookingAnswers>().notNull(),
    routeIndex: integer("route_index"),
    action: jsonb("action").$type<RoutingAction>().notNull(),
    eventTypeId: uuid("event_type_id").references(() => eventTypes.id, { onDelete: "set null" }),
    hostIds: uuid("host_ids").array(),
    bookingId: uuid("booking_id").references(() => events.id, { onDelete: "set null" }),
    bookedAt: timestamp("booked_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("routing_responses_form_idx").on(t.formId, t.createdAt),
    uniqueIndex("routing_responses_booking_key").on(t.bookingId),
    check("routing_responses_route_index", sql`${t.routeIndex} is null or ${t.routeIndex} >= 0`),
  ],
);

export type RoutingForm = typeof routingForms.$inferSelect;
export type RoutingResponse = typeof routingResponses.$inferSelect;
