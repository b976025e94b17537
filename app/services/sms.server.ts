import { recordSmsDelivery, setSmsOptOut } from "~/models/sms.server";
import { isDeliveryStatus, replyKeyword } from "~/scheduling/sms";
import { toE164 } from "~/schemas/phone";
import { env } from "~/server/env.server";

/**
 * A reply to one of our texts (POST /api/sms/inbound, docs/decisions/090): STOP and its
 * synonyms turn texts off for the sender's number, START and UNSTOP back on; anything else is
 * ignored. Answers what it did.
 */
export async function receiveSms(input: { from: string; body: string }): Promise<"stopped" | "started" | "ignored"> {
  const phone = toE164(input.from, env().SMS_DEFAULT_COUNTRY);
  const keyword = replyKeyword(input.body);
  if (!phone || !keyword) return "ignored";
  await setSmsOptOut(phone, keyword === "stop");
  return keyword === "stop" ? "stopped" : "started";
}

/**
 * A delivery status callback (POST /webhooks/sms/status, docs/decisions/109): the provider's
 * MessageStatus for MessageSid, recorded on the text. Answers whether the text is ours.
 */
export function receiveSmsStatus(input: {
  textId: string | null;
  sid: string;
  status: string;
  errorCode: string;
}): Promise<boolean> {
  const status = input.status.trim().toLowerCase();
  if (!input.sid || !isDeliveryStatus(status)) return Promise.resolve(false);
  return recordSmsDelivery({
    textId: input.textId,
    sid: input.sid,
    status,
    errorCode: input.errorCode.trim().slice(0, 20) || null,
    now: new Date(),
  });
}
