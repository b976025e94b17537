import { index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { id } from "./columns";
import { events } from "./events";
import { users } from "./users";

/** One host round robin weighed for a booking, as it stood then (decision 058). */
export interface AssignmentCandidate {
  userId: string;
  name: string;
  /** Free at the booking's time (and not away). */
  free: boolean;
  /** Bookings of this event type in the fairness window. */
  bookings: number;
  weight: number;
  priority: string;
}

/**
 * Why a round-robin booking has its host (decision 058): one row when it is booked, one per
 * reassignment, shown on the booking's timeline.
 */
export const bookingAssignments = pgTable(
  "booking_assignments",
  {
    id: id(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    /** `assigned` (by round robin, when booked) or `reassigned` (by a person). */
    kind: text("kind").$type<"assigned" | "reassigned">().notNull(),
    hostId: uuid("host_id").references(() => users.id, { onDelete: "set null" }),
    previousHostId: uuid("previous_host_id").references(() => users.id, { onDelete: "set null" }),
    /** Who reassigned it (null: round robin itself). */
    actorId: uuid("actor_id").references(() => users.id, { onDelete: "set null" }),
    /** One sentence: why this host. */
    reason: text("reason").notNull(),
    candidates: jsonb("candidates").$type<AssignmentCandidate[]>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("booking_assignments_event_idx").on(t.eventId, t.createdAt)],
);

export type BookingAssignmentRow = typeof bookingAssignments.$inferSelect;
