import { transaction } from "~/server/transaction.server";
import { count, desc, eq } from "drizzle-orm";
import { professionals } from "../../db/schema";
import { getDb } from "~/server/db.server";
import { recomputeProfessionalStatus } from "./professional.server";
import type { ProfessionalRecordRow } from "~/schemas/admin-api";

/** Professional Collections: the payment records, newest first, and their removal. */

/** The columns of a professional record as the admin page and GET /professional show it. */
export const recordColumns = {
  id: professionals.id,
  name: professionals.name,
  email: professionals.email,
  pack: professionals.pack,
  issuedAt: professionals.issuedAt,
  transactionId: professionals.transactionId,
};

export async function listProfessionalRecords({ limit, offset }: { limit: number; offset: number }) {
  const db = await getDb();
  const [records, [{ total }]] = await Promise.all([
    db
      .select(recordColumns)
      .from(professionals)
      .orderBy(desc(professionals.issuedAt), desc(professionals.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(professionals),
  ]);
  return { records: records as ProfessionalRecordRow[], total };
}

export async function getProfessionalRecord(id: string): Promise<ProfessionalRecordRow | null> {
  const db = await getDb();
  const [row] = await db.select(recordColumns).from(professionals).where(eq(professionals.id, id)).limit(1);
  return row ?? null;
}

/**
 * Removes a record and, in the same transaction, recomputes the buyer's role and end date
 * from the records that remain (none left: an ordinary user again). Null when it was not there.
 */
export async function removeProfessionalRecord(id: string): Promise<{ name: string } | null> {
  const db = await getDb();
  return transaction(db, async (tx) => {
    const [removed] = await tx
      .delete(professionals)
      .where(eq(professionals.id, id))
      .returning({ name: professionals.name, userId: professionals.userId });
    if (!removed) return null;
    if (removed.userId) await recomputeProfessionalStatus(tx, removed.userId);
    return { name: removed.name };
  });
}
