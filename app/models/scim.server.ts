import { transaction } from "~/server/transaction.server";
import crypto from "node:crypto";
import { and, asc, count, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import { scimTokens, teamMemberships, teams, users } from "../../db/schema";
import type { ScimGroupRow, ScimUserRow } from "~/schemas/scim";
import { getDb } from "~/server/db.server";
import { invalidatePublicPages, publicPageTag } from "~/server/page-cache.server";
import { sha256 } from "~/server/session.server";
import { isUuid } from "./event.server";
import { isUniqueViolation } from "./user.server";

/**
 * SCIM's rows (decision 069): the one bearer token (only its hash), users as SCIM sees them (a
 * SCIM DELETE hides the account from SCIM but keeps it), and teams as Groups.
 */

// ---------------------------------------------------------------------------------------------
// The token

/** A new token replaces the old one in the same transaction; the token itself is returned once. */
export async function mintScimToken(adminId: string): Promise<string> {
  const token = `scim_${crypto.randomBytes(32).toString("base64url")}`;
  const db = await getDb();
  await transaction(db, async (tx) => {
    await tx.delete(scimTokens);
    await tx.insert(scimTokens).values({ tokenHash: sha256(token), createdBy: adminId });
  });
  return token;
}

/** The live token's row (who made it), or null; notes when it was last used (at most once a minute). */
export async function scimTokenHolder(token: string, now = new Date()): Promise<{ createdBy: string | null } | null> {
  if (!token || token.length > 200) return null;
  const db = await getDb();
  const [row] = await db
    .select({ id: scimTokens.id, createdBy: scimTokens.createdBy, lastUsedAt: scimTokens.lastUsedAt })
    .from(scimTokens)
    .where(eq(scimTokens.tokenHash, sha256(token)))
    .limit(1);
  if (!row) return null;
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > 60_000) {
    await db.update(scimTokens).set({ lastUsedAt: now }).where(eq(scimTokens.id, row.id));
  }
  return { createdBy: row.createdBy };
}

/** When the current token was made and last used (the Provisioning page), or null. */
export async function scimTokenInfo(): Promise<{ createdAt: Date; lastUsedAt: Date | null } | null> {
  const db = await getDb();
  const [row] = await db
    .select({ createdAt: scimTokens.createdAt, lastUsedAt: scimTokens.lastUsedAt })
    .from(scimTokens)
    .limit(1);
  return row ?? null;
}

// ---------------------------------------------------------------------------------------------
// Users

const USER_COLUMNS = {
  id: users.id,
  email: users.email,
  name: users.name,
  externalId: users.scimExternalId,
  active: sql<boolean>`(${users.deactivatedAt} is null)`,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
};

const visibleUser = isNull(users.scimDeletedAt);

export async function getScimUser(id: string): Promise<ScimUserRow | null> {
  if (!isUuid(id)) return null;
  const db = await getDb();
  const [row] = await db
    .select(USER_COLUMNS)
    .from(users)
    .where(and(eq(users.id, id), visibleUser))
    .limit(1);
  return row ?? null;
}

/** Users by `userName` (the e-mail, compared lower-case), `externalId` or `id`, a page at a time. */
export async function listScimUsers(input: {
  filter: { attribute: "username" | "externalid" | "id"; value: string } | null;
  startIndex: number;
  count: number;
}): Promise<{ rows: ScimUserRow[]; total: number }> {
  const db = await getDb();
  let where: SQL | undefined = visibleUser;
  const f = input.filter;
  if (f?.attribute === "username") where = and(where, eq(users.email, f.value.trim().toLowerCase()));
  if (f?.attribute === "externalid") where = and(where, eq(users.scimExternalId, f.value));
  if (f?.attribute === "id") where = isUuid(f.value) ? and(where, eq(users.id, f.value)) : sql`false`;
  const [rows, [{ total }]] = await Promise.all([
    input.count === 0
      ? Promise.resolve([] as ScimUserRow[])
      : db
          .select(USER_COLUMNS)
          .from(users)
          .where(where)
          .orderBy(asc(users.createdAt), asc(users.id))
          .limit(input.count)
          .offset(input.startIndex - 1),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return { rows, total };
}

export type ScimUserWrite = { ok: true; user: ScimUserRow; revived: boolean } | { ok: false; reason: "taken" };

/**
 * A new account without a password (they sign in with SSO, or set one through "forgot
 * password"). An account the SCIM client deleted before comes back with the same e-mail; any
 * other existing e-mail is refused (409 uniqueness), decided by the unique index.
 */
export async function insertScimUser(input: {
  email: string;
  name: string;
  externalId: string | null;
}): Promise<ScimUserWrite> {
  const db = await getDb();
  const [revived] = await db
    .update(users)
    .set({ scimDeletedAt: null, name: input.name, scimExternalId: input.externalId })
    .where(and(eq(users.email, input.email), sql`${users.scimDeletedAt} is not null`))
    .returning(USER_COLUMNS);
  if (revived) return { ok: true, user: revived, revived: true };
  const [created] = await db
    .insert(users)
    .values({ email: input.email, name: input.name, scimExternalId: input.externalId })
    .onConflictDoNothing({ target: users.email })
    .returning(USER_COLUMNS);
  return created ? { ok: true, user: created, revived: false } : { ok: false, reason: "taken" };
}

/** Changes the e-mail, name or externalId; null: no such (visible) user; "taken": the e-mail is someone else's. */
export async function updateScimUser(
  id: string,
  input: { email?: string; name?: string; externalId?: string | null },
): Promise<ScimUserRow | null | "taken"> {
  if (!isUuid(id)) return null;
  const set: { email?: string; name?: string; scimExternalId?: string | null; updatedAt: Date } = {
    updatedAt: new Date(),
  };
  if (input.email !== undefined) set.email = input.email;
  if (input.name !== undefined) set.name = input.name;
  if (input.externalId !== undefined) set.scimExternalId = input.externalId;
  const db = await getDb();
  try {
    const [row] = await db
      .update(users)
      .set(set)
      .where(and(eq(users.id, id), visibleUser))
      .returning(USER_COLUMNS);
    if (row && input.name !== undefined) invalidatePublicPages([publicPageTag.host(id)]);
    return row ?? null;
  } catch (error) {
    if (isUniqueViolation(error, "users_email_key")) return "taken";
    throw error;
  }
}

/** SCIM DELETE: the (already deactivated) account is hidden from SCIM; nothing is deleted. */
export async function hideScimUser(id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const db = await getDb();
  const rows = await db
    .update(users)
    .set({ scimDeletedAt: new Date() })
    .where(and(eq(users.id, id), visibleUser))
    .returning({ id: users.id });
  return rows.length > 0;
}

// ---------------------------------------------------------------------------------------------
// Groups (teams)

const visibleTeam = isNull(teams.scimDeletedAt);

async function withMembers(rows: Array<Omit<ScimGroupRow, "members">>): Promise<ScimGroupRow[]> {
  if (rows.length === 0) return [];
  const db = await getDb();
  const members = await db
    .select({ teamId: teamMemberships.teamId, id: users.id, email: users.email })
    .from(teamMemberships)
    .innerJoin(users, eq(users.id, teamMemberships.userId))
    .where(
      inArray(
        teamMemberships.teamId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(teamMemberships.createdAt), asc(users.id));
  return rows.map((r) => ({
    ...r,
    members: members.filter((m) => m.teamId === r.id).map((m) => ({ id: m.id, email: m.email })),
  }));
}

const GROUP_COLUMNS = {
  id: teams.id,
  name: teams.name,
  externalId: teams.scimExternalId,
  createdAt: teams.createdAt,
  updatedAt: teams.updatedAt,
};

export async function getScimGroup(id: string): Promise<ScimGroupRow | null> {
  if (!isUuid(id)) return null;
  const db = await getDb();
  const rows = await db
    .select(GROUP_COLUMNS)
    .from(teams)
    .where(and(eq(teams.id, id), visibleTeam))
    .limit(1);
  return (await withMembers(rows))[0] ?? null;
}

export async function listScimGroups(input: {
  filter: { attribute: "displayname" | "externalid" | "id"; value: string } | null;
  startIndex: number;
  count: number;
}): Promise<{ rows: ScimGroupRow[]; total: number }> {
  const db = await getDb();
  let where: SQL | undefined = visibleTeam;
  const f = input.filter;
  if (f?.attribute === "displayname") where = and(where, sql`lower(${teams.name}) = ${f.value.toLowerCase()}`);
  if (f?.attribute === "externalid") where = and(where, eq(teams.scimExternalId, f.value));
  if (f?.attribute === "id") where = isUuid(f.value) ? and(where, eq(teams.id, f.value)) : sql`false`;
  const [rows, [{ total }]] = await Promise.all([
    input.count === 0
      ? Promise.resolve([])
      : db
          .select(GROUP_COLUMNS)
          .from(teams)
          .where(where)
          .orderBy(asc(teams.createdAt), asc(teams.id))
          .limit(input.count)
          .offset(input.startIndex - 1),
    db.select({ total: count() }).from(teams).where(where),
  ]);
  return { rows: await withMembers(rows), total };
}

/** The first active admin (owner of SCIM-made teams when the token's maker is gone). */
export async function anyActiveAdmin(): Promise<string | null> {
  const db = await getDb();
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, "admin"), isNull(users.deactivatedAt)))
    .orderBy(asc(users.createdAt))
    .limit(1);
  return row?.id ?? null;
}
