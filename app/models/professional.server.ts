import { transaction } from "~/server/transaction.server";
import { and, asc, eq } from "drizzle-orm";
import { professionals, teamMemberships, users } from "../../db/schema";
import { addCalendarMonths } from "~/scheduling/months";
import { getDb } from "~/server/db.server";
import { invalidatePublicPages, publicPageTag } from "~/server/page-cache.server";
import { effectiveRole } from "~/utils/role.server";

/**
 * Professional status: every verified payment adds one month after the later of the payment
 * and the current end (paying again extends). Once `professional_until` has passed the person
 * is an ordinary user again (the cap applies), without any job having to run: every read of
 * the role goes through `effectiveRole`.
 */

export const PROFESSIONAL_MONTHS = 1;

/** `months` (one payment's) after `from`, by the calendar (Jan 31 + 1 month = Feb 28/29). */
export function addMonths(from: Date, months = PROFESSIONAL_MONTHS): Date {
  return addCalendarMonths(from, months);
}

/** The end of professional status after these payments (in any order), or null for none. */
export function professionalEnd(issued: Date[]): Date | null {
  let end: Date | null = null;
  for (const at of [...issued].sort((a, b) => a.getTime() - b.getTime())) {
    const start = end && end.getTime() > at.getTime() ? end : at;
    end = addMonths(start);
  }
  return end;
}

/**
 * A paid host (decision 108): a professional whose package has not ended, or one granted without
 * an end. Their pages leave out the "Powered by" line.
 */
export async function isPaidHost(userId: string): Promise<boolean> {
  const db = await getDb();
  const [row] = await db.select({ role: effectiveRole }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.role === "professional";
}

/**
 * A team's pages leave out "Powered by" as a paid host's do (decision 112): when an owner of the
 * team is paid (a team has at least one owner; several may share it).
 */
export async function isPaidTeam(teamId: string): Promise<boolean> {
  const db = await getDb();
  const rows = await db
    .select({ role: effectiveRole })
    .from(teamMemberships)
    .innerJoin(users, eq(users.id, teamMemberships.userId))
    .where(and(eq(teamMemberships.teamId, teamId), eq(teamMemberships.role, "owner")));
  return rows.some((r) => r.role === "professional");
}

type Database = Awaited<ReturnType<typeof getDb>>;
type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/**
 * Recomputes a user's role and end date from their remaining payment records, e.g. after an
 * admin removed one. Admins stay admins. Call inside the transaction that changed the records.
 */
export async function recomputeProfessionalStatus(tx: Tx | Database, userId: string): Promise<void> {
  const [user] = await tx.select({ role: users.role }).from(users).where(eq(users.id, userId)).for("update");
  if (!user || user.role === "admin") return;
  const rows = await tx
    .select({ issuedAt: professionals.issuedAt })
    .from(professionals)
    .where(eq(professionals.userId, userId))
    .orderBy(asc(professionals.issuedAt));
  const end = professionalEnd(rows.map((r) => r.issuedAt));
  await tx
    .update(users)
    .set(end ? { role: "professional", professionalUntil: end } : { role: "user", professionalUntil: null })
    .where(eq(users.id, userId));
  // Paid or not decides the "Powered by" line on their pages (decision 108).
  invalidatePublicPages([publicPageTag.host(userId)]);
}

/**
 * PUT /users/professional/{email}: the role follows the verified payment records, so "make
 * this account professional" means recompute it from them. An open-ended grant (role
 * professional without an end, given by an operator) has no records to recompute from and is
 * left alone. `changed` is whether the stored role changed; `professional` is the role as it
 * holds now (a lapsed package reads false). Null when there is no such account.
 */
export async function refreshProfessionalStatus(
  userId: string,
): Promise<{ changed: boolean; professional: boolean } | null> {
  const db = await getDb();
  return transaction(db, async (tx) => {
    const [before] = await tx
      .select({ role: users.role, until: users.professionalUntil })
      .from(users)
      .where(eq(users.id, userId))
      .for("update");
    if (!before) return null;
    if (!(before.role === "professional" && before.until === null)) await recomputeProfessionalStatus(tx, userId);
    const [after] = await tx
      .select({ stored: users.role, role: effectiveRole })
      .from(users)
      .where(eq(users.id, userId));
    return { changed: after.stored !== before.role, professional: after.role === "professional" };
  });
}
