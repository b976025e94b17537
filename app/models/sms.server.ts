import { eq } from "drizzle-orm";
import { smsOptOuts } from "../../db/schema";
import { getDb } from "~/server/db.server";

/** A number's texts off (STOP) or back on (START), docs/decisions/090. */
export async function setSmsOptOut(phone: string, optedOut: boolean): Promise<void> {
  const db = await getDb();
  if (optedOut) await db.insert(smsOptOuts).values({ phone }).onConflictDoNothing();
  else await db.delete(smsOptOuts).where(eq(smsOptOuts.phone, phone));
}
