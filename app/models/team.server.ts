import crypto from "node:crypto";
import { and, asc, eq, sql } from "drizzle-orm";
import { eventTypes, teamMembers, users, type TeamMemberStatus } from "../../db/schema";
import { getDb } from "~/utils/db.server";
import { sha256 } from "~/utils/session.server";
import { isUuid, lockHost, notify, type Transaction } from "./event.server";
import { ensureDefaultSchedule } from "./schedule.server";

/**
 * Teams (decision 020): a host (the owner) invites people by e-mail; an invitee who accepts,
 * signed in with that e-mail, becomes a member who may host the owner's collective and
 * round-robin event types. Every owner function filters by the owner; every invitee function
 * by the signed-in person's id or e-mail. Writes that change the team lock the owner's users row
 * (the same per-host queue as bookings), so the member cap cannot be passed by a race.
 */

/** Most people one owner may have on their team (pending, accepted and declined together). */
export const TEAM_CAP = 50;

export interface TeamPerson {
  id: string;
  email: string;
}

export interface TeamRow {
  id: string;
  email: string;
  status: TeamMemberStatus;
  memberId: string | null;
  memberName: string | null;
  invitedAt: Date;
  respondedAt: Date | null;
}

export interface InvitationToMe {
  id: string;
  status: TeamMemberStatus;
  ownerId: string;
  ownerName: string;
  ownerEmail: string;
  invitedAt: Date;
}

function newToken(): { token: string; tokenHash: string } {
  const token = crypto.randomBytes(32).toString("base64url");
  return { token, tokenHash: sha256(token) };
}

/** The owner's team, accepted first, then pending, then declined; by e-mail. */
export async function listTeam(ownerId: string): Promise<TeamRow[]> {
  const db = await getDb();
  return db
    .select({
      id: teamMembers.id,
      email: teamMembers.email,
      status: teamMembers.status,
      memberId: teamMembers.memberId,
      memberName: users.name,
      invitedAt: teamMembers.invitedAt,
      respondedAt: teamMembers.respondedAt,
    })
    .from(teamMembers)
    .leftJoin(users, eq(users.id, teamMembers.memberId))
    .where(eq(teamMembers.ownerId, ownerId))
    .orderBy(sql`case ${teamMembers.status} when 'accepted' then 0 when 'pending' then 1 else 2 end`, asc(teamMembers.email));
}

/** One row of the owner's team, or null (another owner's id too). */
export async function getTeamRow(ownerId: string, id: string): Promise<TeamRow | null> {
  if (!isUuid(id)) return null;
  return (await listTeam(ownerId)).find((r) => r.id === id) ?? null;
}

export interface TeamHostChoice {
  id: string;
  name: string;
  email: string;
}

/** The owner's accepted members: who may host the owner's team event types. */
export async function acceptedMembers(ownerId: string, executor?: Transaction): Promise<TeamHostChoice[]> {
  const db = executor ?? (await getDb());
  return db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.memberId))
    .where(and(eq(teamMembers.ownerId, ownerId), eq(teamMembers.status, "accepted")))
    .orderBy(asc(users.name), asc(users.email));
}

export type InviteResult =
  { ok: true; id: string; email: string; token: string } | { ok: false; reason: "self" | "already-member" | "already-invited" | "cap" };

/**
 * Invites `email` to the owner's team: a new pending row with a fresh token. A declined
 * invitation is renewed (pending again, new token); a pending or accepted one is refused.
 */
export async function inviteMember(owner: TeamPerson & { name?: string }, rawEmail: string, now: Date): Promise<InviteResult> {
  const email = rawEmail.trim().toLowerCase();
  if (email === owner.email.toLowerCase()) return { ok: false, reason: "self" };
  const db = await getDb();
  return db.transaction(async (tx): Promise<InviteResult> => {
    await lockHost(tx, owner.id);
    const [existing] = await tx
      .select({ id: teamMembers.id, status: teamMembers.status })
      .from(teamMembers)
      .where(and(eq(teamMembers.ownerId, owner.id), sql`lower(${teamMembers.email}) = ${email}`));
    const { token, tokenHash } = newToken();
    // Someone who already has an account also sees it on their bell (the Team page lists it).
    const [account] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
    if (account && (!existing || existing.status === "declined")) {
      await notify(tx, account.id, `${owner.name || owner.email} invited you to their team: answer on your Team page.`);
    }
    if (existing) {
      if (existing.status === "accepted") return { ok: false, reason: "already-member" };
      if (existing.status === "pending") return { ok: false, reason: "already-invited" };
      await tx.update(teamMembers).set({ status: "pending", tokenHash, invitedAt: now, respondedAt: null }).where(eq(teamMembers.id, existing.id));
      return { ok: true, id: existing.id, email, token };
    }
    const [{ n }] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(teamMembers)
      .where(eq(teamMembers.ownerId, owner.id));
    if (n >= TEAM_CAP) return { ok: false, reason: "cap" };
    const [row] = await tx.insert(teamMembers).values({ ownerId: owner.id, email, tokenHash, invitedAt: now }).returning({ id: teamMembers.id });
    return { ok: true, id: row.id, email, token };
  });
}

/** A new token for a pending or declined invitation (the old link stops working); null when not the owner's or already accepted. */
export async function renewInvitation(ownerId: string, id: string, now: Date): Promise<{ email: string; token: string } | null> {
  if (!isUuid(id)) return null;
  const db = await getDb();
  const { token, tokenHash } = newToken();
  const [row] = await db
    .update(teamMembers)
    .set({ status: "pending", tokenHash, invitedAt: now, respondedAt: null })
    .where(and(eq(teamMembers.id, id), eq(teamMembers.ownerId, ownerId), sql`${teamMembers.status} <> 'accepted'`))
    .returning({ email: teamMembers.email });
  return row ? { email: row.email, token } : null;
}

/** The member stops hosting the owner's event types (existing bookings stay). */
async function dropHost(tx: Transaction, ownerId: string, memberId: string | null) {
  if (!memberId) return;
  await tx
    .update(eventTypes)
    .set({ hostIds: sql`array_remove(${eventTypes.hostIds}, ${memberId}::uuid)` })
    .where(and(eq(eventTypes.userId, ownerId), sql`${memberId}::uuid = any(${eventTypes.hostIds})`));
}

/** The owner removes someone (invitation withdrawn or member removed); false when not theirs. */
export async function removeMember(ownerId: string, id: string): Promise<TeamRow | null> {
  const row = await getTeamRow(ownerId, id);
  if (!row) return null;
  const db = await getDb();
  return db.transaction(async (tx) => {
    await lockHost(tx, ownerId);
    const [gone] = await tx
      .delete(teamMembers)
      .where(and(eq(teamMembers.id, id), eq(teamMembers.ownerId, ownerId)))
      .returning({ memberId: teamMembers.memberId });
    if (!gone) return null;
    await dropHost(tx, ownerId, gone.memberId);
    return row;
  });
}

const TO_ME = {
  id: teamMembers.id,
  status: teamMembers.status,
  ownerId: teamMembers.ownerId,
  ownerName: users.name,
  ownerEmail: users.email,
  invitedAt: teamMembers.invitedAt,
};

/** Invitations to the signed-in person: pending ones to their e-mail and the teams they are in. */
export async function listInvitationsTo(me: TeamPerson): Promise<InvitationToMe[]> {
  const db = await getDb();
  return db
    .select(TO_ME)
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.ownerId))
    .where(
      sql`(${teamMembers.status} = 'pending' and lower(${teamMembers.email}) = ${me.email.toLowerCase()}) or (${teamMembers.status} = 'accepted' and ${teamMembers.memberId} = ${me.id})`,
    )
    .orderBy(asc(teamMembers.status), asc(users.name));
}

export interface InvitationByToken extends InvitationToMe {
  email: string;
}

/** The invitation a mailed token opens, or null (every miss alike). */
export async function findInvitationByToken(token: string): Promise<InvitationByToken | null> {
  if (!token || token.length > 200) return null;
  const db = await getDb();
  const [row] = await db
    .select({ ...TO_ME, email: teamMembers.email })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.ownerId))
    .where(eq(teamMembers.tokenHash, sha256(token)))
    .limit(1);
  return row ?? null;
}

export type RespondResult = { ok: true; ownerName: string; ownerId: string } | { ok: false; reason: "not-found" | "wrong-person" | "not-pending" };

/**
 * Accepts or declines a pending invitation found by its id (the Team page) or its token (the
 * mailed link). Only the person signed in with the invited e-mail may answer; for anyone else
 * it is `wrong-person` with the token (they hold the link) and `not-found` by id (no hint).
 */
export async function respondToInvitation(
  me: TeamPerson & { timeZone: string },
  by: { id: string } | { token: string },
  answer: "accept" | "decline",
  now: Date,
): Promise<RespondResult> {
  const found = "token" in by ? await findInvitationByToken(by.token) : isUuid(by.id) ? await invitationById(by.id) : null;
  if (!found) return { ok: false, reason: "not-found" };
  if (found.email.toLowerCase() !== me.email.toLowerCase()) return { ok: false, reason: "token" in by ? "wrong-person" : "not-found" };
  if (found.ownerId === me.id) return { ok: false, reason: "wrong-person" };
  const db = await getDb();
  const result = await db.transaction(async (tx): Promise<RespondResult> => {
    await lockHost(tx, found.ownerId);
    const [updated] = await tx
      .update(teamMembers)
      .set(answer === "accept" ? { status: "accepted", memberId: me.id, respondedAt: now } : { status: "declined", respondedAt: now })
      .where(and(eq(teamMembers.id, found.id), eq(teamMembers.status, "pending")))
      .returning({ id: teamMembers.id });
    if (!updated) return { ok: false, reason: "not-pending" };
    return { ok: true, ownerName: found.ownerName || found.ownerEmail, ownerId: found.ownerId };
  });
  // A member's availability is their default schedule: make it now if they have none yet.
  if (result.ok && answer === "accept") await ensureDefaultSchedule(me.id, me.timeZone);
  return result;
}

async function invitationById(id: string): Promise<InvitationByToken | null> {
  const db = await getDb();
  const [row] = await db
    .select({ ...TO_ME, email: teamMembers.email })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.ownerId))
    .where(eq(teamMembers.id, id))
    .limit(1);
  return row ?? null;
}

/** The signed-in member leaves a team they are in; the owner's name, or null when they are not in it. */
export async function leaveTeam(me: TeamPerson, id: string): Promise<{ ownerName: string } | null> {
  if (!isUuid(id)) return null;
  const found = await invitationById(id);
  if (!found || found.status !== "accepted") return null;
  const db = await getDb();
  return db.transaction(async (tx) => {
    await lockHost(tx, found.ownerId);
    const [gone] = await tx
      .delete(teamMembers)
      .where(and(eq(teamMembers.id, id), eq(teamMembers.memberId, me.id)))
      .returning({ ownerId: teamMembers.ownerId });
    if (!gone) return null;
    await dropHost(tx, gone.ownerId, me.id);
    return { ownerName: found.ownerName || found.ownerEmail };
  });
}
