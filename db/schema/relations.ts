import { relations } from "drizzle-orm";
import { apiTokens } from "./api-tokens";
import { bookingSeats } from "./booking-seats";
import { eventInvitees, events } from "./events";
import { notifications } from "./notifications";
import { professionals } from "./professionals";
import { reviews } from "./reviews";
import { sessions } from "./sessions";
import { users } from "./users";

export const usersRelations = relations(users, ({ many }) => ({
  events: many(events),
  sessions: many(sessions),
  apiTokens: many(apiTokens),
  notifications: many(notifications),
  reviews: many(reviews),
  professionals: many(professionals),
}));

export const eventsRelations = relations(events, ({ one, many }) => ({
  host: one(users, { fields: [events.hostId], references: [users.id] }),
  invitees: many(eventInvitees),
  seats: many(bookingSeats),
}));

export const bookingSeatsRelations = relations(bookingSeats, ({ one }) => ({
  event: one(events, { fields: [bookingSeats.eventId], references: [events.id] }),
}));

export const eventInviteesRelations = relations(eventInvitees, ({ one }) => ({
  event: one(events, { fields: [eventInvitees.eventId], references: [events.id] }),
}));

export const sessionsRelations = relations(sessions, ({ one }) => ({
  user: one(users, { fields: [sessions.userId], references: [users.id] }),
}));

export const apiTokensRelations = relations(apiTokens, ({ one }) => ({
  user: one(users, { fields: [apiTokens.userId], references: [users.id] }),
}));

export const notificationsRelations = relations(notifications, ({ one }) => ({
  user: one(users, { fields: [notifications.userId], references: [users.id] }),
}));

export const reviewsRelations = relations(reviews, ({ one }) => ({
  user: one(users, { fields: [reviews.userId], references: [users.id] }),
}));

export const professionalsRelations = relations(professionals, ({ one }) => ({
  user: one(users, { fields: [professionals.userId], references: [users.id] }),
}));
