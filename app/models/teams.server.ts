import { transaction } from "~/server/transaction.server";
import crypto from "node:crypto";
import { and, asc, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { queryRows } from "../../db/client";
import {
  eventTypeHosts,
  eventTypes,
  teamInvitations,
  teamLogos,
  teamMemberships,
  teams,
  users,
  type TeamInvitationStatus,
} from "../../db/schema";
import { canChangeMember, canGrant, canManage, leavesNoOwner, TEAM_SIZE_CAP, type TeamRoleName } from "~/schemas/teams";
import { getDb } from "~/server/db.server";
import { invalidatePublicPages, publicPageTag } from "~/server/page-cache.server";
import { sha256 } from "~/server/session.server";
import { isUuid, lockHost, notify, type Transaction } from "./event.server";
import { ensureDefaultSchedule } from "./schedule.server";
import { isUniqueViolation } from "./user.server";

/**
 * Named teams (decision 057). Every write locks the team's row first, then checks the actor's
 * role under that lock, so two role changes (or a removal and a demotion) cannot together leave
 * a team without an owner. Decision 020's list (team_members) is derived here in the same
 * transaction: an owner's accepted members are everyone who shares a team with them in which they
 * are an owner. Someone who leaves a team stops hosting its event types (event_type_hosts,
 * decision 058) in the same transaction.
 */

export interface TeamSummary {
  id: string;
  name: string;
  slug: string;
  role: TeamRoleName;
  /** The team's booking pages' colour (decision 108), or null for the site's. */
  brandColor: string | null;
  /** The hash of the team's logo (decision 112), or null without one. */
  logoHash: string | null;
}

export interface TeamMemberRow {
  userId: string;
  email: string;
  name: string;
  username: string | null;
  role: TeamRoleName;
}

export interface TeamInvitationRow {
  id: string;
  email: string;
  role: TeamRoleName;
  status: TeamInvitationStatus;
  invitedAt: Date;
}

export type Refusal = "not-found" | "forbidden" | "owners-only" | "last-owner";

function newToken(): { token: string; tokenHash: string } {
  const token = crypto.randomBytes(32).toString("base64url");
  return { token, tokenHash: sha256(token) };
}

export type CreateTeamResult = { ok: true; team: TeamSummary } | { ok: false; reason: "slug-taken" };

/** A new team with its creator as owner; the handles key (migration 0020) refuses a slug in use. */
export async function createTeam(ownerId: string, input: { name: string; slug: string }): Promise<CreateTeamResult> {
  return insertOwnedTeam({ name: input.name, slug: input.slug.toLowerCase() }, ownerId);
}

/**
 * Inserts a team and its owner's membership, in one transaction: the owner's summary, or
 * "slug-taken" when the slug is any team's or person's handle already.
 */
async function insertOwnedTeam(values: typeof teams.$inferInsert, ownerId: string): Promise<CreateTeamResult> {
  const db = await getDb();
  try {
    return await transaction(db, async (tx) => {
      const [team] = await tx.insert(teams).values(values).returning();
      await tx.insert(teamMemberships).values({ teamId: team.id, userId: ownerId, role: "owner" });
      const summary: TeamSummary = {
        id: team.id,
        name: team.name,
        slug: team.slug,
        role: "owner",
        brandColor: team.brandColor,
        logoHash: null,
      };
      return { ok: true as const, team: summary };
    });
  } catch (error) {
    if (isUniqueViolation(error, "teams_slug_key") || isUniqueViolation(error, "handles_pkey")) {
      return { ok: false, reason: "slug-taken" };
    }
    throw error;
  }
}

/** The teams I am in, with my role, by name. */
export async function listMyTeams(userId: string): Promise<TeamSummary[]> {
  const db = await getDb();
  return db
    .select({
      id: teams.id,
      name: teams.name,
      slug: teams.slug,
      role: teamMemberships.role,
      brandColor: teams.brandColor,
      logoHash: teamLogos.hash,
    })
    .from(teamMemberships)
    .innerJoin(teams, eq(teams.id, teamMemberships.teamId))
    .leftJoin(teamLogos, eq(teamLogos.teamId, teams.id))
    .where(eq(teamMemberships.userId, userId))
    .orderBy(asc(teams.name), asc(teams.slug));
}

/** The team with my role in it, or null when it does not exist or I am not in it (no hint which). */
export async function getMyTeam(userId: string, teamId: string): Promise<TeamSummary | null> {
  if (!isUuid(teamId)) return null;
  return (await listMyTeams(userId)).find((t) => t.id === teamId) ?? null;
}

/** The team's booking-page colour (checked `#rrggbb`, or null); its cached pages go. The caller checks the role. */
export async function updateTeamBrandColor(teamId: string, brandColor: string | null): Promise<void> {
  const db = await getDb();
  await db.update(teams).set({ brandColor }).where(eq(teams.id, teamId));
  invalidatePublicPages([publicPageTag.team(teamId)]);
}

/** A member as pages and JSON show them (TeamMemberRow). */
const MEMBER_COLUMNS = {
  userId: users.id,
  email: users.email,
  name: users.name,
  username: users.username,
  role: teamMemberships.role,
};

export async function listMembers(teamId: string): Promise<TeamMemberRow[]> {
  const db = await getDb();
  return db
    .select(MEMBER_COLUMNS)
    .from(teamMemberships)
    .innerJoin(users, eq(users.id, teamMemberships.userId))
    .where(eq(teamMemberships.teamId, teamId))
    .orderBy(
      sql`case ${teamMemberships.role} when 'owner' then 0 when 'admin' then 1 else 2 end`,
      asc(users.name),
      asc(users.email),
    );
}

export async function listTeamInvitations(teamId: string): Promise<TeamInvitationRow[]> {
  const db = await getDb();
  return db
    .select({
      id: teamInvitations.id,
      email: teamInvitations.email,
      role: teamInvitations.role,
      status: teamInvitations.status,
      invitedAt: teamInvitations.invitedAt,
    })
    .from(teamInvitations)
    .where(and(eq(teamInvitations.teamId, teamId), sql`${teamInvitations.status} <> 'accepted'`))
    .orderBy(desc(teamInvitations.status), asc(teamInvitations.email));
}

export interface PublicTeam {
  id: string;
  name: string;
  slug: string;
  /** The team's colour (decision 108) and logo (decision 112) on its page. */
  brandColor: string | null;
  logoHash: string | null;
  members: Array<{ name: string; username: string | null }>;
  eventTypes: Array<{
    id: string;
    title: string;
    description: string;
    duration: number;
    kind: string;
    username: string;
    slug: string;
  }>;
}

/** A team by id (no membership check: for what its event types show), or null. */
export async function getTeamById(id: string): Promise<{ id: string; name: string; slug: string } | null> {
  if (!isUuid(id)) return null;
  const db = await getDb();
  const [team] = await db
    .select({ id: teams.id, name: teams.name, slug: teams.slug })
    .from(teams)
    .where(eq(teams.id, id));
  return team ?? null;
}

/** A team by its slug (lower-case), for its booking pages: null for an unknown slug. */
export async function getTeamHandle(slug: string): Promise<{
  id: string;
  name: string;
  slug: string;
  brandColor: string | null;
  logoHash: string | null;
  /** Its owners: whose paid plan leaves "Powered by" out of its pages (decision 112). */
  ownerIds: string[];
} | null> {
  const db = await getDb();
  const [team] = await db
    .select({
      id: teams.id,
      name: teams.name,
      slug: teams.slug,
      brandColor: teams.brandColor,
      logoHash: teamLogos.hash,
      ownerIds: sql<string[]>`coalesce((select array_agg(m.user_id::text) from team_memberships m
        where m.team_id = ${teams.id} and m.role = 'owner'), '{}')`,
    })
    .from(teams)
    .leftJoin(teamLogos, eq(teamLogos.teamId, teams.id))
    .where(sql`lower(${teams.slug}) = ${slug.toLowerCase()}`)
    .limit(1);
  return team ?? null;
}

/** What /team/{slug} shows: null for an unknown slug. Its active event types book at /team/{slug}/{their slug} (decision 059). */
export async function getPublicTeam(slug: string): Promise<PublicTeam | null> {
  const db = await getDb();
  const [team] = await db
    .select({
      id: teams.id,
      name: teams.name,
      slug: teams.slug,
      brandColor: teams.brandColor,
      logoHash: teamLogos.hash,
    })
    .from(teams)
    .leftJoin(teamLogos, eq(teamLogos.teamId, teams.id))
    .where(sql`lower(${teams.slug}) = ${slug.toLowerCase()}`)
    .limit(1);
  if (!team) return null;
  const [members, types] = await Promise.all([
    listMembers(team.id),
    db
      .select({
        id: eventTypes.id,
        title: eventTypes.title,
        description: eventTypes.description,
        duration: eventTypes.duration,
        kind: eventTypes.kind,
        username: users.username,
        slug: eventTypes.slug,
      })
      .from(eventTypes)
      .innerJoin(users, eq(users.id, eventTypes.userId))
      // A managed template is not booked itself: each member's copy is, on their page (decision 059);
      // a hidden one books by its link only (decision 087).
      .where(
        and(
          eq(eventTypes.teamId, team.id),
          eq(eventTypes.active, true),
          eq(eventTypes.hidden, false),
          sql`${eventTypes.kind} <> 'managed'`,
        ),
      )
      .orderBy(asc(eventTypes.title)),
  ]);
  return {
    id: team.id,
    name: team.name,
    slug: team.slug,
    brandColor: team.brandColor,
    logoHash: team.logoHash,
    members: members.map((m) => ({ name: m.name || m.email.split("@")[0], username: m.username })),
    eventTypes: types.map((t) => ({ ...t, username: t.username ?? "" })),
  };
}

/** Locks the team and answers the actor's role in it (null: not a member, or no such team). */
export async function lockTeam(
  tx: Transaction,
  teamId: string,
  actorId: string,
): Promise<{ name: string; role: TeamRoleName | null } | null> {
  const [team] = await tx
    .select({ id: teams.id, name: teams.name })
    .from(teams)
    .where(eq(teams.id, teamId))
    .for("update");
  if (!team) return null;
  const [me] = await tx
    .select({ role: teamMemberships.role })
    .from(teamMemberships)
    .where(and(eq(teamMemberships.teamId, teamId), eq(teamMemberships.userId, actorId)));
  return { name: team.name, role: me?.role ?? null };
}

async function ownerCount(tx: Transaction, teamId: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(teamMemberships)
    .where(and(eq(teamMemberships.teamId, teamId), eq(teamMemberships.role, "owner")));
  return row?.n ?? 0;
}

/**
 * Rewrites decision 020's list (team_members) of each user: their accepted members are the
 * people who share a team with them in which they are an owner. Hosts are no longer read from it
 * (decision 058: event_type_hosts). The users' rows are locked in id order, the same order the
 * booking code takes them (no deadlock).
 */
async function syncHostLists(tx: Transaction, userIds: string[]) {
  for (const ownerId of [...new Set(userIds)].sort()) {
    await lockHost(tx, ownerId);
    const wanted = sql`(select distinct m2.user_id from team_memberships m1 join team_memberships m2 on m2.team_id = m1.team_id
      where m1.user_id = ${ownerId} and m1.role = 'owner' and m2.user_id <> ${ownerId})`;
    await tx.execute(
      sql`delete from team_members where owner_id = ${ownerId} and (member_id is null or member_id not in ${wanted})`,
    );
    await tx.execute(sql`insert into team_members (owner_id, email, member_id, status, token_hash, responded_at)
      select ${ownerId}, u.email, u.id, 'accepted', 'host-list:' || gen_random_uuid()::text, now() from users u
      where u.id in ${wanted} and not exists (select 1 from team_members t where t.owner_id = ${ownerId} and t.member_id = u.id)
      on conflict do nothing`);
  }
}

async function memberIds(tx: Transaction, teamId: string): Promise<string[]> {
  const rows = await tx
    .select({ id: teamMemberships.userId })
    .from(teamMemberships)
    .where(eq(teamMemberships.teamId, teamId));
  return rows.map((r) => r.id);
}

export type InviteResult =
  | { ok: true; id: string; email: string; role: TeamRoleName; token: string; teamName: string }
  | { ok: false; reason: Refusal | "already-member" | "already-invited" | "cap" };

/**
 * Invites `email` with `role`: a new pending invitation with a fresh token. An answered one
 * (declined, or accepted by someone who left since) is renewed (pending, new token, the new
 * role); a pending one or a member's address is refused.
 */
export async function inviteToTeam(
  actor: { id: string; name: string; email: string },
  teamId: string,
  rawEmail: string,
  role: TeamRoleName,
  now: Date,
): Promise<InviteResult> {
  if (!isUuid(teamId)) return { ok: false, reason: "not-found" };
  const email = rawEmail.trim().toLowerCase();
  const db = await getDb();
  return transaction(db, async (tx): Promise<InviteResult> => {
    const team = await lockTeam(tx, teamId, actor.id);
    if (!team || !team.role) return { ok: false, reason: "not-found" };
    if (!canManage(team.role)) return { ok: false, reason: "forbidden" };
    if (!canGrant(team.role, role)) return { ok: false, reason: "owners-only" };
    const [member] = await tx
      .select({ id: users.id })
      .from(teamMemberships)
      .innerJoin(users, eq(users.id, teamMemberships.userId))
      .where(and(eq(teamMemberships.teamId, teamId), eq(users.email, email)));
    if (member) return { ok: false, reason: "already-member" };
    const [existing] = await tx
      .select({ id: teamInvitations.id, status: teamInvitations.status })
      .from(teamInvitations)
      .where(and(eq(teamInvitations.teamId, teamId), sql`lower(${teamInvitations.email}) = ${email}`));
    if (existing?.status === "pending") return { ok: false, reason: "already-invited" };
    const [{ n }] = await queryRows<{ n: number }>(
      tx,
      sql`select (select count(*) from team_memberships where team_id = ${teamId}) + (select count(*) from team_invitations where team_id = ${teamId} and status = 'pending') as n`,
    );
    if (Number(n) >= TEAM_SIZE_CAP) return { ok: false, reason: "cap" };
    const { token, tokenHash } = newToken();
    // Someone who already has an account also sees it on their bell (only once it is made).
    const tellAccount = async () => {
      const [account] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
      if (account)
        await notify(
          tx,
          account.id,
          `${actor.name || actor.email} invited you to the team ${team.name}: answer on your Teams page.`,
          { link: "/dashboard/teams" },
        );
    };
    if (existing) {
      await tx
        .update(teamInvitations)
        .set({ status: "pending", role, tokenHash, invitedBy: actor.id, invitedAt: now, respondedAt: null })
        .where(eq(teamInvitations.id, existing.id));
      await tellAccount();
      return { ok: true, id: existing.id, email, role, token, teamName: team.name };
    }
    const [row] = await tx
      .insert(teamInvitations)
      .values({ teamId, email, role, tokenHash, invitedBy: actor.id, invitedAt: now })
      .returning({ id: teamInvitations.id });
    await tellAccount();
    return { ok: true, id: row.id, email, role, token, teamName: team.name };
  });
}

export type RenewResult =
  { ok: true; email: string; role: TeamRoleName; token: string; teamName: string } | { ok: false; reason: Refusal };

/** A new token for an invitation (pending again; the old link stops working). */
export async function renewTeamInvitation(
  actorId: string,
  teamId: string,
  invitationId: string,
  now: Date,
): Promise<RenewResult> {
  if (!isUuid(teamId) || !isUuid(invitationId)) return { ok: false, reason: "not-found" };
  const db = await getDb();
  return transaction(db, async (tx): Promise<RenewResult> => {
    const team = await lockTeam(tx, teamId, actorId);
    if (!team || !team.role) return { ok: false, reason: "not-found" };
    if (!canManage(team.role)) return { ok: false, reason: "forbidden" };
    const { token, tokenHash } = newToken();
    const [row] = await tx
      .update(teamInvitations)
      .set({ status: "pending", tokenHash, invitedAt: now, respondedAt: null })
      .where(
        and(
          eq(teamInvitations.id, invitationId),
          eq(teamInvitations.teamId, teamId),
          sql`${teamInvitations.status} <> 'accepted'`,
        ),
      )
      .returning({ email: teamInvitations.email, role: teamInvitations.role });
    if (!row) return { ok: false, reason: "not-found" };
    if (!canGrant(team.role, row.role)) throw new OwnersOnly();
    return { ok: true, email: row.email, role: row.role, token, teamName: team.name };
  }).catch((error: unknown) => {
    if (error instanceof OwnersOnly) return { ok: false as const, reason: "owners-only" as const };
    throw error;
  });
}

/** Thrown to roll back a write an admin may not make after all (an invitation granting owner). */
class OwnersOnly extends Error {}

/** Withdraws an invitation: its link stops working. */
export async function revokeTeamInvitation(
  actorId: string,
  teamId: string,
  invitationId: string,
): Promise<{ ok: true; email: string } | { ok: false; reason: Refusal }> {
  if (!isUuid(teamId) || !isUuid(invitationId)) return { ok: false, reason: "not-found" };
  const db = await getDb();
  return transaction(db, async (tx) => {
    const team = await lockTeam(tx, teamId, actorId);
    if (!team || !team.role) return { ok: false as const, reason: "not-found" as const };
    if (!canManage(team.role)) return { ok: false as const, reason: "forbidden" as const };
    const [gone] = await tx
      .delete(teamInvitations)
      .where(
        and(
          eq(teamInvitations.id, invitationId),
          eq(teamInvitations.teamId, teamId),
          sql`${teamInvitations.status} <> 'accepted'`,
        ),
      )
      .returning({ email: teamInvitations.email });
    return gone ? { ok: true as const, email: gone.email } : { ok: false as const, reason: "not-found" as const };
  });
}

export interface InvitationToMe {
  id: string;
  teamId: string;
  teamName: string;
  teamSlug: string;
  email: string;
  role: TeamRoleName;
  status: TeamInvitationStatus;
}

const TO_ME = {
  id: teamInvitations.id,
  teamId: teamInvitations.teamId,
  teamName: teams.name,
  teamSlug: teams.slug,
  email: teamInvitations.email,
  role: teamInvitations.role,
  status: teamInvitations.status,
};

/** Pending invitations to my e-mail. */
export async function listInvitationsToMe(email: string): Promise<InvitationToMe[]> {
  const db = await getDb();
  return db
    .select(TO_ME)
    .from(teamInvitations)
    .innerJoin(teams, eq(teams.id, teamInvitations.teamId))
    .where(and(eq(teamInvitations.status, "pending"), sql`lower(${teamInvitations.email}) = ${email.toLowerCase()}`))
    .orderBy(asc(teams.name));
}

/** The invitation a mailed token opens, or null (every miss alike). */
export async function findTeamInvitationByToken(token: string): Promise<InvitationToMe | null> {
  if (!token || token.length > 200) return null;
  const db = await getDb();
  const [row] = await db
    .select(TO_ME)
    .from(teamInvitations)
    .innerJoin(teams, eq(teams.id, teamInvitations.teamId))
    .where(eq(teamInvitations.tokenHash, sha256(token)))
    .limit(1);
  return row ?? null;
}

export type RespondResult =
  | { ok: true; teamId: string; teamName: string; teamSlug: string; role: TeamRoleName }
  | { ok: false; reason: "not-found" | "wrong-person" | "not-pending" };

/**
 * Accepts or declines an invitation found by token (the mailed link, JSON) or by id (my Teams
 * page). Only the person signed in with the invited e-mail may answer: anyone else gets
 * `wrong-person` with the token (they hold the link) and `not-found` by id (no hint). Accepting
 * marks the invitation accepted (its link then says so) and adds the membership with its role.
 */
export async function respondToTeamInvitation(
  me: { id: string; email: string; timeZone: string },
  by: { token: string } | { id: string },
  answer: "accept" | "decline",
  now: Date,
): Promise<RespondResult> {
  const db = await getDb();
  let found: InvitationToMe | null = null;
  if ("token" in by) found = await findTeamInvitationByToken(by.token);
  else if (isUuid(by.id))
    [found] = await db
      .select(TO_ME)
      .from(teamInvitations)
      .innerJoin(teams, eq(teams.id, teamInvitations.teamId))
      .where(eq(teamInvitations.id, by.id));
  if (!found) return { ok: false, reason: "not-found" };
  if (found.email.toLowerCase() !== me.email.toLowerCase())
    return { ok: false, reason: "token" in by ? "wrong-person" : "not-found" };
  const invitation = found;
  const result = await transaction(db, async (tx): Promise<RespondResult> => {
    await lockTeam(tx, invitation.teamId, me.id);
    const [row] = await tx
      .select({ status: teamInvitations.status, role: teamInvitations.role })
      .from(teamInvitations)
      .where(eq(teamInvitations.id, invitation.id));
    if (!row || row.status !== "pending") return { ok: false, reason: "not-pending" };
    if (answer === "decline") {
      await tx
        .update(teamInvitations)
        .set({ status: "declined", respondedAt: now })
        .where(eq(teamInvitations.id, invitation.id));
      return {
        ok: true,
        teamId: invitation.teamId,
        teamName: invitation.teamName,
        teamSlug: invitation.teamSlug,
        role: row.role,
      };
    }
    await tx
      .update(teamInvitations)
      .set({ status: "accepted", respondedAt: now })
      .where(eq(teamInvitations.id, invitation.id));
    const [already] = await tx
      .select({ id: teamMemberships.id })
      .from(teamMemberships)
      .where(and(eq(teamMemberships.teamId, invitation.teamId), eq(teamMemberships.userId, me.id)));
    if (!already) await tx.insert(teamMemberships).values({ teamId: invitation.teamId, userId: me.id, role: row.role });
    await syncHostLists(tx, await memberIds(tx, invitation.teamId));
    // The team's pages (its hosts) and the new member's (an absence's link to a teammate) change.
    invalidatePublicPages([publicPageTag.team(invitation.teamId), publicPageTag.host(me.id)]);
    return {
      ok: true,
      teamId: invitation.teamId,
      teamName: invitation.teamName,
      teamSlug: invitation.teamSlug,
      role: row.role,
    };
  });
  // A member's availability is their default schedule: make it now if they have none yet.
  if (result.ok && answer === "accept") await ensureDefaultSchedule(me.id, me.timeZone);
  return result;
}

export type MemberChangeResult = { ok: true; member: TeamMemberRow; teamName: string } | { ok: false; reason: Refusal };

/** Gives a member another role; the last owner cannot be demoted (409). */
export async function changeMemberRole(
  actorId: string,
  teamId: string,
  userId: string,
  role: TeamRoleName,
): Promise<MemberChangeResult> {
  return changeMember(actorId, teamId, userId, role);
}

/** Removes a member; removing oneself is leaving. The last owner cannot leave (409). */
export async function removeTeamMember(actorId: string, teamId: string, userId: string): Promise<MemberChangeResult> {
  return changeMember(actorId, teamId, userId, null);
}

async function changeMember(
  actorId: string,
  teamId: string,
  userId: string,
  next: TeamRoleName | null,
): Promise<MemberChangeResult> {
  if (!isUuid(teamId)) return { ok: false, reason: "not-found" };
  const db = await getDb();
  return transaction(db, async (tx): Promise<MemberChangeResult> => {
    const team = await lockTeam(tx, teamId, actorId);
    if (!team || !team.role) return { ok: false, reason: "not-found" };
    const self = userId === actorId;
    // Changing one's own role is not leaving: it needs the rights a change of anyone else needs.
    if (!self || next !== null) {
      if (!canManage(team.role)) return { ok: false, reason: "forbidden" };
    }
    if (!isUuid(userId)) return { ok: false, reason: "not-found" };
    const [target] = await tx
      .select(MEMBER_COLUMNS)
      .from(teamMemberships)
      .innerJoin(users, eq(users.id, teamMemberships.userId))
      .where(and(eq(teamMemberships.teamId, teamId), eq(teamMemberships.userId, userId)));
    if (!target) return { ok: false, reason: "not-found" };
    if (!canChangeMember(team.role, target.role, self && next === null)) return { ok: false, reason: "owners-only" };
    if (next !== null && !canGrant(team.role, next)) return { ok: false, reason: "owners-only" };
    if (leavesNoOwner(await ownerCount(tx, teamId), target.role, next)) return { ok: false, reason: "last-owner" };
    const before = await memberIds(tx, teamId);
    if (next === null) {
      await tx
        .delete(teamMemberships)
        .where(and(eq(teamMemberships.teamId, teamId), eq(teamMemberships.userId, userId)));
      // Someone who leaves stops hosting the team's event types (decision 058).
      await tx
        .delete(eventTypeHosts)
        .where(
          and(
            eq(eventTypeHosts.userId, userId),
            sql`${eventTypeHosts.eventTypeId} in (select id from ${eventTypes} where team_id = ${teamId})`,
          ),
        );
    } else {
      await tx
        .update(teamMemberships)
        .set({ role: next })
        .where(and(eq(teamMemberships.teamId, teamId), eq(teamMemberships.userId, userId)));
    }
    await syncHostLists(tx, before);
    invalidatePublicPages([publicPageTag.team(teamId), publicPageTag.host(userId)]);
    return { ok: true, member: { ...target, role: next ?? target.role }, teamName: team.name };
  });
}

/** Members of several teams at once (the dashboard list's counts). */
export async function memberCounts(teamIds: string[]): Promise<Map<string, number>> {
  if (teamIds.length === 0) return new Map();
  const db = await getDb();
  const rows = await db
    .select({ teamId: teamMemberships.teamId, n: sql<number>`count(*)::int` })
    .from(teamMemberships)
    .where(inArray(teamMemberships.teamId, teamIds))
    .groupBy(teamMemberships.teamId);
  return new Map(rows.map((r) => [r.teamId, r.n]));
}

// ---------------------------------------------------------------------------------------------
// Provisioning (SCIM Groups, decision 069): the identity provider, not a member, changes the team.

/** A team made from a SCIM Group: `ownerId` (the admin who made the SCIM token) is its owner. */
export async function createProvisionedTeam(input: {
  name: string;
  slug: string;
  externalId: string | null;
  ownerId: string;
}): Promise<CreateTeamResult> {
  return insertOwnedTeam(
    { name: input.name, slug: input.slug.toLowerCase(), scimExternalId: input.externalId },
    input.ownerId,
  );
}

export type ProvisionedMembers = "ok" | "not-found" | "cap";

/**
 * Adds and removes members as the identity provider says: new members join as `member`; a
 * removed one leaves the team and stops hosting its event types, except the last owner, who
 * stays (a team always has an owner). The team's row is locked first, as every team write does.
 */
export async function changeProvisionedMembers(
  teamId: string,
  change: { add?: string[]; remove?: string[]; replace?: string[] },
): Promise<ProvisionedMembers> {
  if (!isUuid(teamId)) return "not-found";
  const db = await getDb();
  const added: string[] = [];
  const result = await transaction(db, async (tx): Promise<ProvisionedMembers> => {
    const [team] = await tx.select({ id: teams.id }).from(teams).where(eq(teams.id, teamId)).for("update");
    if (!team) return "not-found";
    const before = await memberIds(tx, teamId);
    const wanted = change.replace ? new Set(change.replace) : null;
    const add = (wanted ? [...wanted] : (change.add ?? [])).filter((id) => isUuid(id) && !before.includes(id));
    const remove = wanted
      ? before.filter((id) => !wanted.has(id))
      : (change.remove ?? []).filter((id) => before.includes(id));
    if (before.length - remove.length + add.length > TEAM_SIZE_CAP) return "cap";
    for (const userId of remove) {
      const [row] = await tx
        .select({ role: teamMemberships.role })
        .from(teamMemberships)
        .where(and(eq(teamMemberships.teamId, teamId), eq(teamMemberships.userId, userId)));
      if (row?.role === "owner" && (await ownerCount(tx, teamId)) <= 1) continue;
      await tx
        .delete(teamMemberships)
        .where(and(eq(teamMemberships.teamId, teamId), eq(teamMemberships.userId, userId)));
      await tx
        .delete(eventTypeHosts)
        .where(
          and(
            eq(eventTypeHosts.userId, userId),
            sql`${eventTypeHosts.eventTypeId} in (select id from ${eventTypes} where team_id = ${teamId})`,
          ),
        );
    }
    if (add.length) {
      const known = await tx.select({ id: users.id }).from(users).where(inArray(users.id, add));
      for (const { id } of known) {
        await tx.insert(teamMemberships).values({ teamId, userId: id, role: "member" }).onConflictDoNothing();
        added.push(id);
      }
    }
    await syncHostLists(tx, [...before, ...added]);
    return "ok";
  });
  // A new member hosts with their working hours (as accepting an invitation does).
  if (result === "ok" && added.length) {
    const people = await db
      .select({ id: users.id, timeZone: users.timeZone })
      .from(users)
      .where(inArray(users.id, added));
    for (const p of people) await ensureDefaultSchedule(p.id, p.timeZone);
  }
  return result;
}

/** Renames a provisioned team (SCIM PUT/PATCH displayName, externalId). */
export async function renameProvisionedTeam(
  teamId: string,
  input: { name?: string; externalId?: string | null },
): Promise<boolean> {
  if (!isUuid(teamId)) return false;
  const db = await getDb();
  const set: { name?: string; scimExternalId?: string | null } = {};
  if (input.name !== undefined) set.name = input.name;
  if (input.externalId !== undefined) set.scimExternalId = input.externalId;
  if (Object.keys(set).length === 0) return Boolean(await getTeamById(teamId));
  const changed = await db.update(teams).set(set).where(eq(teams.id, teamId)).returning({ id: teams.id });
  return changed.length > 0;
}

/**
 * SCIM DELETE of a Group: nothing is deleted (bookings and event types keep their team); every
 * member but the owners leaves, and the team is no longer a Group to the SCIM client (404).
 */
export async function detachProvisionedTeam(teamId: string): Promise<boolean> {
  if (!isUuid(teamId)) return false;
  const db = await getDb();
  const [team] = await db
    .update(teams)
    .set({ scimDeletedAt: new Date(), scimExternalId: null })
    .where(and(eq(teams.id, teamId), isNull(teams.scimDeletedAt)))
    .returning({ id: teams.id });
  if (!team) return false;
  const owners = await db
    .select({ id: teamMemberships.userId })
    .from(teamMemberships)
    .where(and(eq(teamMemberships.teamId, teamId), eq(teamMemberships.role, "owner")));
  await changeProvisionedMembers(teamId, { replace: owners.map((o) => o.id) });
  return true;
}
