import { and, eq, isNull, or } from "drizzle-orm";
import { events, smsOptOuts, smsOutbox } from "../../db/schema";
import { getDb } from "~/server/db.server";
import { transaction } from "~/server/transaction.server";
import { deliveryAdvances, deliveryFailed } from "~/scheduling/sms";
import { isUuid, notify, type Transaction } from "./event.server";

/** A number's texts off (STOP) or back on (START), docs/decisions/090. */
export async function setSmsOptOut(phone: string, optedOut: boolean): Promise<void> {
  const db = await getDb();
  if (optedOut) await db.insert(smsOptOuts).values({ phone }).onConflictDoNothing();
  else await db.delete(smsOptOuts).where(eq(smsOptOuts.phone, phone));
}

/**
 * The provider's delivery status for one of our texts (docs/decisions/109): kept when it
 * advances the recorded one; a text that failed to reach the phone tells the booking's host in
 * their bell, once. Answers whether the text is ours. The text is found by our id from the
 * StatusCallback (`textId`): its message id is not written yet when the report beats the send's
 * answer, and is written here then; a report without it is matched by the message id
 * (docs/decisions/130).
 */
export async function recordSmsDelivery(input: {
  textId: string | null;
  sid: string;
  status: string;
  errorCode: string | null;
  now: Date;
}): Promise<boolean> {
  const db = await getDb();
  return transaction(db, async (tx: Transaction) => {
    const ourId = input.textId !== null && isUuid(input.textId) ? input.textId : null;
    const [text] = await tx
      .select()
      .from(smsOutbox)
      .where(
        ourId
          ? and(eq(smsOutbox.id, ourId), or(isNull(smsOutbox.providerSid), eq(smsOutbox.providerSid, input.sid)))
          : eq(smsOutbox.providerSid, input.sid),
      )
      .for("update");
    if (!text) return false;
    if (!deliveryAdvances(text.deliveryStatus, input.status)) return true;
    await tx
      .update(smsOutbox)
      .set({
        deliveryStatus: input.status,
        deliveryError: input.errorCode,
        deliveryAt: input.now,
        ...(text.providerSid === null ? { providerSid: input.sid } : {}),
      })
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
