import { sql } from "drizzle-orm";
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { id, timestamps } from "./columns";
import { users } from "./users";

export const TEAM_MEMBER_STATUSES = ["pending", "accepted", "declined"] as const;
export type TeamMemberStatus = (typeof TEAM_MEMBER_STATUSES)[number];

/**
 * A host's team (decision 020): one row per person the owner invited by e-mail. `member_id` is
 * set when the invitee accepts (signed in with that e-mail); only accepted members can host the
 * owner's collective and round-robin event types. Only the SHA-256 of the accept token is kept.
 * Leaving or being removed deletes the row.
 */
export const teamMembers = pgTable(
  "team_members",
  {
    id: id(),
    ownerId: uuid("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Stored trimmed and lower-cased, like users.email. */
    email: text("email").notNull(),
    memberId: uuid("member_id").references(() => users.id, { onDelete: "cascade" }),
    status: text("status", { enum: TEAM_MEMBER_STATUSES }).notNull().default("pending"),
    tokenHash: text("token_hash").notNull(),
    invitedAt: timestamp("invited_at", { withTimezone: true }).notNull().defaultNow(),
    respondedAt: timestamp("responded_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("team_members_owner_email_key").on(t.ownerId, sql`lower(${t.email})`),
    uniqueIndex("team_members_token_hash_key").on(t.tokenHash),
    index("team_members_member_idx").on(t.memberId),
    index("team_members_email_idx").on(sql`lower(${t.email})`),
    check("team_members_status_known", sql`${t.status} in ('pending', 'accepted', 'declined')`),
    check("team_members_not_self", sql`${t.memberId} is null or ${t.memberId} <> ${t.ownerId}`),
    check("team_members_accepted_has_member", sql`(${t.status} = 'accepted') = (${t.memberId} is not null)`),
  ],
);

export type TeamMember = typeof teamMembers.$inferSelect;
