import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { id, timestamps } from "./columns";
import { bookingSeats } from "./booking-seats";
import { eventTypes } from "./event-types";
import { events } from "./events";
import { teams } from "./teams";
import { users } from "./users";

/**
 * A host's workflows (docs/decisions/085): a trigger with an offset, the event types it
 * applies to (or all of them) and ordered actions. `preset` names the reminder rule of
 * decision 022 a workflow was made from (migration 0035 and every new account): its actions
 * with an empty body send that rule's built-in texts.
 */
export const workflows = pgTable(
  "workflows",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    trigger: text("trigger").notNull(),
    offsetMinutes: integer("offset_minutes").notNull().default(0),
    active: boolean("active").notNull().default(true),
    /**
     * A team's workflow (docs/decisions/109): it applies to the team's event types, whoever hosts
     * the booking; `user_id` is the owner or admin who made it. Null: the host's own.
     */
    teamId: uuid("team_id").references(() => teams.id, { onDelete: "cascade" }),
    /** Every event of the host's (of the team's event types, for a team's), whatever its event type. */
    allEventTypes: boolean("all_event_types").notNull().default(false),
    preset: text("preset"),
    ...timestamps,
  },
  (t) => [
    index("workflows_user_id_idx").on(t.userId),
    index("workflows_team_id_idx")
      .on(t.teamId)
      .where(sql`${t.teamId} is not null`),
    uniqueIndex("workflows_user_preset")
      .on(t.userId, t.preset)
      .where(sql`${t.preset} is not null`),
    check(
      "workflows_trigger",
      sql`${t.trigger} in ('booked', 'before_start', 'after_end', 'cancelled', 'rescheduled', 'no_show')`,
    ),
    check("workflows_offset", sql`${t.offsetMinutes} between 0 and 43200`),
  ],
);

export const workflowEventTypes = pgTable(
  "workflow_event_types",
  {
    workflowId: uuid("workflow_id")
      .notNull()
      .references(() => workflows.id, { onDelete: "cascade" }),
    eventTypeId: uuid("event_type_id")
      .notNull()
      .references(() => eventTypes.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.workflowId, t.eventTypeId] }),
    index("workflow_event_types_type_idx").on(t.eventTypeId),
  ],
);

export const workflowActions = pgTable(
  "workflow_actions",
  {
    id: id(),
    workflowId: uuid("workflow_id")
      .notNull()
      .references(() => workflows.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    type: text("type").notNull(),
    subject: text("subject").notNull().default(""),
    body: text("body").notNull().default(""),
  },
  (t) => [
    uniqueIndex("workflow_actions_position").on(t.workflowId, t.position),
    check("workflow_actions_type", sql`${t.type} in ('email_guest', 'email_host', 'sms_guest', 'sms_host', 'bell')`),
  ],
);

/**
 * One row per action sent for a booking and start: the key is what makes each message go out
 * exactly once across servers and restarts, inserted in the transaction that writes its effects.
 */
export const workflowDeliveries = pgTable(
  "workflow_deliveries",
  {
    id: id(),
    actionId: uuid("action_id")
      .notNull()
      .references(() => workflowActions.id, { onDelete: "cascade" }),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    /**
     * A group session's seat whose own booking fired the action (docs/decisions/109): each seat's
     * "booked" goes out once for that seat. Null: the action for the booking as a whole.
     */
    seatId: uuid("seat_id").references(() => bookingSeats.id, { onDelete: "cascade" }),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("workflow_deliveries_key")
      .on(t.actionId, t.eventId, t.startsAt)
      .where(sql`${t.seatId} is null`),
    uniqueIndex("workflow_deliveries_seat_key")
      .on(t.actionId, t.eventId, t.startsAt, t.seatId)
      .where(sql`${t.seatId} is not null`),
    index("workflow_deliveries_event_idx").on(t.eventId),
  ],
);

export type WorkflowRow = typeof workflows.$inferSelect;
export type WorkflowActionRow = typeof workflowActions.$inferSelect;
