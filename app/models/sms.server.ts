import { eq } from "drizzle-orm";
import { events, smsOptOuts, smsOutbox } from "../../db/schema";
import { getDb } from "~/server/db.server";
import { transaction } from "~/server/transaction.server";
import { deliveryAdvances, deliveryFailed } from "~/scheduling/sms";
import { notify, type Transaction } from "./event.server";

/** A number's texts off (STOP) or back on (START), docs/decisions/090. */
export async function setSmsOptOut(phone: string, optedOut: boolean): Promise<void> {
  const db = await getDb();
  if (optedOut) await db.insert(smsOptOuts).values({ phone }).onConflictDoNothing();
  else await db.delete(smsOptOuts).where(eq(smsOptOuts.phone, phone));
}

/**
 * The provider's delivery status for one of our texts (docs/decisions/109), by its message id:
 * kept when it advances the recorded one; a text that failed to reach the phone tells the
 * booking's host in their bell, once. Answers whether the text is ours.
 */
export async function recordSmsDelivery(input: {
  sid: string;
  status: string;
  errorCode: string | null;
  now: Date;
}): Promise<boolean> {
  const db = await getDb();
  return transaction(db, async (tx: Transaction) => {
    const [text] = await tx.select().from(smsOutbox).where(eq(smsOutbox.providerSid, input.sid)).for("update");
    if (!text) return false;
    if (!deliveryAdvances(text.deliveryStatus, input.status)) return true;
    await tx
      .update(smsOutbox)
      .set({ deliveryStatus: input.status, deliveryError: input.errorCode, deliveryAt: input.now })
      .where(eq(smsOutbox.id, text.id));
    if (deliveryFailed(input.status) && !deliveryFailed(text.deliveryStatus) && text.eventId) {
      const [e] = await tx
        .select({ hostId: events.hostId, eventName: events.eventName })
        .from(events)
        .where(eq(events.id, text.eventId));
      if (e) {
        const code = input.errorCode ? ` (error ${input.errorCode})` : "";
        await notify(tx, e.hostId, `A text to ${text.to} about ${e.eventName} was not delivered${code}.`, {
          eventId: text.eventId,
        });
      }
    }
    return true;
  });
}
