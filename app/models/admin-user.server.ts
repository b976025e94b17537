import { transaction } from "~/server/transaction.server";
import { and, asc, count, eq, ilike, or, sql } from "drizzle-orm";
import { users } from "../../db/schema";
import { getDb } from "~/server/db.server";
import { effectiveRole } from "~/utils/role.server";
import type { AdminUserRow } from "~/schemas/admin-api";

/** Manage User: every account, a page at a time, and the admin role given or taken. */

/** `%`, `_` and `\` typed in the search box are literal characters, not patterns. */
function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Accounts in sign-up order (oldest first, so numbers stay put as people join), filtered by name or e-mail. */
export async function listUsersForAdmin({ q, limit, offset }: { q: string; limit: number; offset: number }) {
  const db = await getDb();
  const where = q ? or(ilike(users.name, likePattern(q)), ilike(users.email, likePattern(q))) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ id: users.id, name: users.name, email: users.email, role: effectiveRole })
      .from(users)
      .where(where)
      .orderBy(asc(users.createdAt), asc(users.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return { users: rows as AdminUserRow[], total };
}

export type RoleChange = "changed" | "unchanged" | "not-found" | "last-admin";

/** Makes the account an admin (a paid professional_until is kept for when they are demoted). */
export async function promoteToAdmin(userId: string): Promise<RoleChange> {
  const db = await getDb();
  const [row] = await db.select({ role: users.role }).from(users).where(eq(users.id, userId)).limit(1);
  if (!row) return "not-found";
  if (row.role === "admin") return "unchanged";
  const changed = await db
    .update(users)
    .set({ role: "admin" })
    .where(and(eq(users.id, userId), sql`${users.role} <> 'admin'`))
    .returning({ id: users.id });
  return changed.length ? "changed" : "unchanged";
}

/**
 * Takes the admin role away: the account becomes 'professional' while a paid month is still
 * running, else 'user'. There is always at least one admin: every admin row is locked first,
 * so two admins demoting each other at the same moment cannot both succeed.
 */
export async function demoteAdmin(userId: string): Promise<RoleChange> {
  const db = await getDb();
  return transaction(db, async (tx) => {
    const admins = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.role, "admin"))
      .orderBy(asc(users.id))
      .for("update");
    if (!admins.some((a) => a.id === userId)) {
      const [exists] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
      return exists ? "unchanged" : "not-found";
    }
    if (admins.length <= 1) return "last-admin";
    await tx
      .update(users)
      .set({
        role: sql`case when ${users.professionalUntil} > now() then 'professional'::user_role else 'user'::user_role end`,
      })
      .where(eq(users.id, userId));
    return "changed";
  });
}
