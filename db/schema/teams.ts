import { sql } from "drizzle-orm";
import { check, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { id, timestamps } from "./columns";
import { users } from "./users";

export const TEAM_ROLES = ["owner", "admin", "member"] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

export const TEAM_INVITATION_STATUSES = ["pending", "accepted", "declined"] as const;
export type TeamInvitationStatus = (typeof TEAM_INVITATION_STATUSES)[number];

/** A named team (decision 057): its page is /team/{slug}. */
export const teams = pgTable(
  "teams",
  {
    id: id(),
    name: text("name").notNull(),
    /** Lower-cased; shares one namespace with usernames through `handles`. */
    slug: text("slug").notNull(),
    /** The identity provider's id when SCIM made the team from a Group (decision 069). */
    scimExternalId: text("scim_external_id"),
    /** SCIM DELETE of its Group: the team stays, but is no Group to the SCIM client any more (decision 069). */
    scimDeletedAt: timestamp("scim_deleted_at", { withTimezone: true }),
    /** The team's booking pages' colour, `#rrggbb` lower-case (decision 108); null is the site's own. */
    brandColor: text("brand_color"),
    ...timestamps,
  },
  (t) => [uniqueIndex("teams_slug_key").on(sql`lower(${t.slug})`)],
);

/**
 * Every username and team slug, lower-cased, once (decision 057). Triggers on users and teams
 * (migration 0020) keep it in step, so the primary key decides a race between a new username
 * and a new team slug.
 */
export const handles = pgTable(
  "handles",
  {
    handle: text("handle").primaryKey(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    teamId: uuid("team_id").references(() => teams.id, { onDelete: "cascade" }),
  },
  (t) => [
    uniqueIndex("handles_user_key").on(t.userId),
    uniqueIndex("handles_team_key").on(t.teamId),
    check("handles_one_owner", sql`(${t.userId} is null) <> (${t.teamId} is null)`),
  ],
);

/** Who is in a team, with which role. */
export const teamMemberships = pgTable(
  "team_memberships",
  {
    id: id(),
    teamId: uuid("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role", { enum: TEAM_ROLES }).notNull().default("member"),
    /** What routing forms pick members by (decision 074): region, language, segment... set by owners and admins. */
    attributes: jsonb("attributes")
      .$type<Record<string, string>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("team_memberships_team_user_key").on(t.teamId, t.userId),
    index("team_memberships_user_idx").on(t.userId),
    check("team_memberships_role_known", sql`${t.role} in ('owner', 'admin', 'member')`),
  ],
);

/** An invitation by e-mail to a team, granting `role`; only the SHA-256 of the token is kept. */
export const teamInvitations = pgTable(
  "team_invitations",
  {
    id: id(),
    teamId: uuid("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    /** Stored trimmed and lower-cased, like users.email. */
    email: text("email").notNull(),
    role: text("role", { enum: TEAM_ROLES }).notNull().default("member"),
    status: text("status", { enum: TEAM_INVITATION_STATUSES }).notNull().default("pending"),
    tokenHash: text("token_hash").notNull(),
    invitedBy: uuid("invited_by").references(() => users.id, { onDelete: "set null" }),
    invitedAt: timestamp("invited_at", { withTimezone: true }).notNull().defaultNow(),
    respondedAt: timestamp("responded_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("team_invitations_team_email_key").on(t.teamId, sql`lower(${t.email})`),
    uniqueIndex("team_invitations_token_hash_key").on(t.tokenHash),
    index("team_invitations_email_idx").on(sql`lower(${t.email})`),
    check("team_invitations_role_known", sql`${t.role} in ('owner', 'admin', 'member')`),
    check("team_invitations_status_known", sql`${t.status} in ('pending', 'accepted', 'declined')`),
  ],
);

export type Team = typeof teams.$inferSelect;
export type TeamMembership = typeof teamMemberships.$inferSelect;
export type TeamInvitation = typeof teamInvitations.$inferSelect;
