import { pgEnum, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { id, timestamps } from "./columns";

export const userRole = pgEnum("user_role", ["user", "professional", "admin"]);

export const users = pgTable(
  "users",
  {
    id: id(),
    /** Always stored trimmed and lower-cased. */
    email: text("email").notNull(),
    name: text("name").notNull().default(""),
    /** Public booking-page handle; null until the host picks one. */
    username: text("username"),
    /** Null for accounts that only sign in with Google. */
    passwordHash: text("password_hash"),
    googleId: text("google_id"),
    role: userRole("role").notNull().default("user"),
    timeZone: text("time_zone").notNull().default("UTC"),
    /** The host's mobile number in E.164, for the workflows' texts to the host (docs/decisions/090). */
    phone: text("phone"),
    /** The language of the host's own booking mails (docs/decisions/110); null is English. */
    mailLanguage: text("mail_language"),
    passwordChangedAt: timestamp("password_changed_at", { withTimezone: true }),
    /**
     * When a paid professional status ends (one month per verified payment, stacking). Null
     * with role 'professional' means granted without an end (by an operator).
     */
    professionalUntil: timestamp("professional_until", { withTimezone: true }),
    /** Notifications created after this instant count as unread on the bell. */
    notificationsSeenAt: timestamp("notifications_seen_at", { withTimezone: true }),
    /**
     * Set by an admin or SCIM (decision 068): no sign-in, no sessions or tokens, no bookings.
     * Nothing of theirs is deleted; null again on reactivation.
     */
    deactivatedAt: timestamp("deactivated_at", { withTimezone: true }),
    /** The identity provider's id for this person (SCIM `externalId`, decision 069). */
    scimExternalId: text("scim_external_id"),
    /**
     * SCIM DELETE (decision 069): the account is deactivated and, to the SCIM client, gone (404);
     * a later SCIM create with the same userName brings it back.
     */
    scimDeletedAt: timestamp("scim_deleted_at", { withTimezone: true }),
    /** The OpenID Connect subject (`iss` + `sub`) that signs in as this person (decision 069). */
    oidcSubject: text("oidc_subject"),
    /** The booking page's colour, `#rrggbb` lower-case (decision 108); null is the site's own. */
    brandColor: text("brand_color"),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("users_email_key").on(t.email),
    uniqueIndex("users_username_key").on(t.username),
    uniqueIndex("users_google_id_key").on(t.googleId),
    uniqueIndex("users_oidc_subject_key").on(t.oidcSubject),
  ],
);

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type Role = (typeof userRole.enumValues)[number];
